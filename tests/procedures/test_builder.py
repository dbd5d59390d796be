import pytest

from core.words import snake_case
from procedures import build_procedure
from procedures.building.heuristic import build_heuristic
from procedures.models import Procedure, ProcedureStep
from procedures.runtime.placeholders import option_values
from recorder.models import PageOutcome, RecordedStep, Recording
from tests.helpers import log_in, record


def test_login_recording_becomes_a_parameterized_procedure(context, site: str) -> None:  # type: ignore[no-untyped-def]
    recording = record(
        context,
        f"{site}/login.html",
        log_in("emile", "hunter2"),
        title="Log in as emile",
        description='Enter the username "emile" and the password and press login',
    )
    procedure = build_procedure(recording)
    abstract = procedure.abstract
    assert abstract.goal == "Log in as emile"
    assert [(p.name, p.example, p.secret) for p in abstract.parameters] == [
        ("username", "emile", False),
        ("password", None, True),
    ]
    assert abstract.flow == ["Open the login page on 127.0.0.1", "Enter the username", "Enter the password", 'Click "Log in"']
    assert abstract.domains == ["127.0.0.1"]
    assert "login" in abstract.tags and "emile" not in abstract.tags
    assert [(s.action, s.value) for s in procedure.steps] == [
        ("navigate", f"{site}/login.html"),
        ("fill", "{username}"),
        ("fill", "{password}"),
        ("click", None),
    ]
    assert procedure.steps[2].secret
    assert procedure.steps[3].navigates_to == f"{site}/welcome.html?username={{username}}&password=&otp_code="
    assert "emile" not in procedure.model_dump_json(exclude={"title", "description", "abstract"})
    assert procedure.recording_id == recording.id


def test_form_values_become_parameters_and_clicked_text_from_the_title(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def actions(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#title").press_sequentially("Broken {login}")
        page.locator("#body").press_sequentially("Steps")
        page.locator("#assignee").focus()
        page.keyboard.press("ArrowDown")
        page.get_by_label("High").check()
        page.get_by_test_id("create").click()
        page.wait_for_url("**/done.html*")

    recording = record(context, f"{site}/form.html", actions, title="File an issue with priority High")
    procedure = build_heuristic(recording)
    params = {p.name: p.example for p in procedure.abstract.parameters}
    assert params == {"title": "Broken {login}", "description": "Steps", "assignee": "Ada Lovelace", "priority": "High"}
    check = procedure.steps[4]
    assert check.action == "check" and check.selector == 'internal:role=radio[name="{priority}"s]'
    assert procedure.steps[1].value == "{title}"
    assert procedure.steps[3].value == "{assignee}" and procedure.steps[3].option_value is None
    assert procedure.abstract.flow == [
        "Open the form page on 127.0.0.1",
        "Enter the title",
        "Enter the description",
        "Choose the assignee",
        'Choose "{priority}"',
        'Click "Create issue"',
    ]


def test_secret_and_repeated_steps_and_braces() -> None:
    steps = [
        RecordedStep(action="navigate", value="http://shop.example.com/", url="http://shop.example.com/"),
        RecordedStep(action="click", selector='internal:text="Next"s', selectors=['internal:text="Next"s'], label="Next"),
        RecordedStep(action="click", selector='internal:text="Next"s', selectors=['internal:text="Next"s'], label="Next"),
        RecordedStep(action="fill", selector="#cvv", selectors=["#cvv"], secret=True, field="CVV"),
        RecordedStep(action="fill", selector="#cvv", selectors=["#cvv"], secret=True, field="CVV"),
        RecordedStep(action="fill", selector='[data-x="{a}"]', selectors=['[data-x="{a}"]'], value="x", field="Nick name"),
    ]
    procedure = build_heuristic(Recording(title="", steps=steps))
    assert procedure.abstract.goal == "Repeat the demonstrated steps on shop.example.com"
    assert procedure.abstract.flow == ["Open shop.example.com", 'Click "Next" (2 times)', "Enter the cvv", "Enter the nick name"]
    assert [p.name for p in procedure.abstract.parameters] == ["cvv", "cvv_2", "nick_name"]
    assert procedure.steps[5].selector == '[data-x="{{a}}"]'  # literal braces escaped, not a placeholder


def test_snake_case() -> None:
    assert snake_case("E-mail address") == "e_mail_address"
    assert snake_case("firstName") == "first_name"
    assert snake_case("2nd line") == "value_2nd_line"
    assert snake_case("") == "value"


def test_a_step_referring_to_an_unknown_parameter_is_rejected() -> None:
    procedure = build_heuristic(Recording(title="t", steps=[RecordedStep(action="navigate", value="http://a.b/")]))
    with pytest.raises(ValueError, match="unknown parameter"):
        Procedure.model_validate(
            procedure.model_dump()
            | {"steps": [ProcedureStep(action="fill", selector="#x", selectors=["#x"], value="{who}").model_dump()]}
        )


def test_a_query_value_that_is_an_options_value_is_tied_to_its_parameter() -> None:
    books = "http://lib.example.com/books/"
    steps = [
        RecordedStep(action="navigate", value=books, url=books),
        RecordedStep(
            action="select",
            selector="#genre",
            selectors=["#genre"],
            value="Science",
            option_value="science",
            field="Genre",
            url=books,
            options=["Science", "Fiction"],
            option_values=["science", "fiction"],
        ),
        RecordedStep(
            action="click", selector="#go", selectors=["#go"], label="Filter", url=books, navigates_to=f"{books}?genre=science"
        ),
    ]
    outcome = PageOutcome(url=f"{books}?genre=science&o=2")
    procedure = build_heuristic(Recording(title="List the Science books", steps=steps, outcome=outcome))
    assert procedure.steps[2].navigates_to == f"{books}?genre={{genre__value}}"
    assert [c.expected for c in procedure.checks] == [f"{books}?genre={{genre__value}}"]
    assert procedure.uncovered_parameters() == []  # the option's value covers its parameter
    dumped = [s.model_dump() for s in procedure.steps]
    assert (
        option_values(dumped, {"genre": "fiction"}) == option_values(dumped, {"genre": "FICTION"}) == {"genre__value": "fiction"}
    )
    assert option_values(dumped, {"genre": "Poetry"}) == {}  # no such option: the select step says so when it plays
