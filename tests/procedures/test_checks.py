"""The pure parts of checking: URL and text matching, option choice, postconditions from a demonstration."""

import re

import pytest

from procedures.building.checks import postconditions
from procedures.models import Check, Procedure
from procedures.runtime.checks import matching_options, text_pattern, url_matches, validation_problem, value_problem
from recorder.models import PageOutcome, RecordedStep
from tests.helpers import sample_procedure


@pytest.mark.parametrize(
    ("expected", "actual", "matches"),
    [
        ("http://a.org/done.html?name=Bob", "http://a.org/done.html?x=1&name=Bob", True),
        ("http://a.org/done.html?name=Bob", "http://a.org/done.html?name=Eve", False),
        ("http://a.org/done.html", "http://b.org/done.html", False),
        ("/done.html", "https://a.org/shop/done.html?x=1", True),
        ("/done.html", "https://a.org/shop/form.html", False),
        ("http://a.org/orders/*/confirmation*", "http://a.org/orders/8812/confirmation?ok=1", True),
        ("http://a.org/orders/*/confirmation*", "http://a.org/orders/8812/cancelled", False),
    ],
)
def test_url_matches(expected: str, actual: str, matches: bool) -> None:
    assert url_matches(expected, actual) is matches


def test_text_patterns_take_wildcards_and_any_spacing() -> None:
    pattern = re.compile(text_pattern("Order * placed (today)"), re.IGNORECASE)
    assert pattern.search("Your order  #A-77\nplaced (today)!") and not pattern.search("Order cancelled")


def test_options_by_label_then_value_and_a_clear_refusal() -> None:
    options = [["Small", "s"], ["Medium", "m"], ["Extra large", "xl"]]
    assert matching_options(options, ["Medium"]) == ["m"]
    assert matching_options(options, ["xl"]) == ["xl"]
    assert matching_options(options, ["  extra   LARGE "]) == ["xl"]
    refused = matching_options(options, ["Huge"])
    assert refused == "expected one of the options, saw no option 'Huge'; the options are 'Small', 'Medium', 'Extra large'"


def test_a_fill_holds_its_value_up_to_the_sites_formatting() -> None:
    assert value_problem({"value": "06 12 34 56 78"}, "0612345678") is None
    assert value_problem({"value": "Paris, France"}, "Paris") is None
    assert value_problem({"value": "abc"}, "abcdef") == "expected the field to hold 'abcdef', saw 'abc'"
    assert (
        value_problem({"value": "x"}, "hunter2", secret=True)
        == "expected the field to hold the secret value, saw a different value"
    )


def test_validation_messages() -> None:
    before = {"alerts": ["Welcome back"], "flagged": []}
    assert validation_problem(before, {"alerts": ["Welcome back"], "flagged": [], "invalid": "Enter an email"}, True, None) == (
        "expected the page to accept the value, saw the validation message 'Enter an email'"
    )
    assert "'Email' marked invalid" in (validation_problem(before, {"alerts": [], "flagged": ["Email"]}, False, None) or "")
    assert validation_problem(before, {"alerts": ["Welcome back", "Saved"], "flagged": []}, False, None) is None  # not known
    assert (
        validation_problem(before, {"alerts": ["Welcome back", "Saved"], "flagged": []}, False, True) is None
    )  # as demonstrated
    assert validation_problem(before, {"alerts": ["Welcome back", "Server error"], "flagged": []}, False, False) == (
        "expected no message, as in the demonstration, saw the alert 'Server error'"
    )


def test_postconditions_substitute_parameters_and_leave_out_what_changes() -> None:
    steps = [RecordedStep(action="navigate", value="http://a.org/order.html", url="http://a.org/order.html")]
    outcome = PageOutcome(
        url="http://a.org/confirm.html?name=Ada&size=m&token=93jd",
        headings=["Thanks Ada, your {Medium} shirt ships on 12/03"],
        alerts=["Order number 48213"],
    )
    checks = postconditions(outcome, steps, {"name": "Ada", "size": "Medium"})
    assert [(c.kind, c.expected) for c in checks] == [
        ("url", "http://a.org/confirm.html?name={name}"),
        ("text", "Order number *"),
        ("text", "Thanks {name}, your {{{size}}} shirt ships on *"),
    ]
    assert postconditions(PageOutcome(url="http://a.org/order.html"), steps, {}) == []  # it never left the page it opened
    ids = postconditions(PageOutcome(url="http://a.org/orders/8812/done?name=Ada"), steps, {"name": "Ada"})
    assert ids[0].expected == "http://a.org/orders/*/done*"


def test_checks_are_validated_with_the_procedure() -> None:
    with pytest.raises(ValueError, match="needs a selector"):
        Check(kind="value", expected="x")
    data = sample_procedure().model_dump()
    with pytest.raises(ValueError, match="check 1 refers to unknown parameter"):
        Procedure.model_validate(data | {"checks": [{"kind": "text", "expected": "Hi {nickname}"}]})
    with pytest.raises(ValueError, match="check 1 is after step 9"):
        Procedure.model_validate(data | {"checks": [{"kind": "text", "expected": "Hi", "after_step": 9}]})
    procedure = Procedure.model_validate(data | {"checks": [{"kind": "text", "expected": "Hi {username}"}]})
    assert procedure.outcome_checks()[0].source == "person" and procedure.step_checks() == []
