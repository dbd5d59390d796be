"""Checks and steps as a person reads them: placeholders as the run's values, else in words, never raw."""

from agent.results import StepRecord
from app.formatting import step_sentence
from procedures.runtime.checks import describe_check
from tests.helpers import sample_procedure


def test_a_check_says_the_value_a_run_has_else_the_parameter_in_words() -> None:
    shows = {"kind": "text", "expected": "{flavour}"}
    assert describe_check(shows) == "the page shows the flavour"
    assert describe_check(shows, {"flavour": "Lemon"}) == "the page shows 'Lemon'"
    note = {"kind": "text", "expected": "Gift wrap: {gift_wrap}", "selector": "#summary"}
    assert describe_check(note) == "the page shows 'Gift wrap: <the gift wrap>' in #summary"
    url = {"kind": "url", "expected": "http://shop/placed?size={size__value}&name={name}"}
    assert describe_check(url, {"name": "Ann"}) == "the URL matches 'http://shop/placed?size=<the size>&name=Ann'"
    box = {"kind": "checked", "selector": 'internal:role=radio[name="{flavour}"s]', "expected": "yes"}
    assert describe_check(box) == 'internal:role=radio[name="<the flavour>"s] is checked'
    assert describe_check(box, {"flavour": "Lemon"}) == 'internal:role=radio[name="Lemon"s] is checked'
    toggle = {"kind": "checked", "selector": "#wrap", "expected": "{gift_wrap}"}
    assert describe_check(toggle) == "#wrap is checked or not, as the gift wrap says"
    assert describe_check(toggle, {"gift_wrap": "no"}) == "#wrap is not checked"
    braces = {"kind": "text", "expected": "a {{literal}} brace"}
    assert describe_check(braces) == "the page shows 'a {literal} brace'"


def test_a_replayed_step_reads_with_the_runs_values() -> None:
    procedure = sample_procedure()
    procedure.steps[1].description = 'Click "Next" until the page shows {username}'
    step = StepRecord(source="replay", step=2, command="click", args={"selector": "#next"})
    assert step_sentence(step, procedure) == 'Click "Next" until the page shows <the username>'
    assert step_sentence(step, procedure, {"username": "kim"}) == 'Click "Next" until the page shows kim'
    typed = StepRecord(source="replay", step=2, command="fill", args={"value": "kim"})
    procedure.steps[1].description = "Enter the username"
    assert step_sentence(typed, procedure, {"username": "kim"}) == "Enter the username: kim"
