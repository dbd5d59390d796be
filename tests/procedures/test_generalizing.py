"""Every choice of a demonstration becomes a parameter, and binding finds new values for it: the pure
builder and binding logic, on recordings made of steps as the recorder reports them."""

import pytest

from procedures.binding.contradiction import find_contradiction
from procedures.binding.values import bind, defaults, invalid_values, missing_parameters
from procedures.building.heuristic import build_heuristic
from recorder.models import RecordedStep, Recording

URL = "http://helpdesk.example.com/new"


def _step(action: str, selectors: list[str], **fields: object) -> RecordedStep:
    return RecordedStep(action=action, selector=selectors[0], selectors=selectors, url=URL, **fields)  # type: ignore[arg-type]


def _role(role: str, name: str) -> str:
    return f'internal:role={role}[name="{name}"s]'


PRIORITIES = ["Low", "Normal", "High", "Urgent"]
CATEGORIES = ["Bug", "Network", "Account", "Other"]


def ticket() -> Recording:
    steps = [
        RecordedStep(action="navigate", value=URL, url=URL),
        _step("fill", [_role("textbox", "Subject"), "#s"], value="Printer jams on page 2", label="Subject", field="Subject"),
        _step(
            "select",
            [_role("combobox", "Priority"), "#pr"],
            value="High",
            option_value="High",
            label="Priority",
            field="Priority",
            options=PRIORITIES,
            option_values=PRIORITIES,
        ),
        _step(
            "check",
            [_role("radio", "Bug"), 'internal:label="Bug"s', "#cat-bug", "form > fieldset > label:nth-of-type(1) > input"],
            label="Bug",
            input_type="radio",
            options=CATEGORIES,
            group="Category",
        ),
        _step("check", [_role("checkbox", "Email updates"), "#updates"], label="Email updates", input_type="checkbox"),
        _step("click", [_role("button", "Create ticket"), "form > button"], label="Create ticket"),
    ]
    title = 'File a ticket "Printer jams on page 2" with priority High in category Bug, with email updates.'
    return Recording(title=title, steps=steps)


def test_every_choice_is_a_parameter_with_its_allowed_values() -> None:
    procedure = build_heuristic(ticket())
    params = {p.name: (p.kind, p.example, p.required, p.allowed) for p in procedure.abstract.parameters}
    assert params == {
        "subject": ("text", "Printer jams on page 2", True, []),
        "priority": ("option", "High", True, PRIORITIES),
        "category": ("choice", "Bug", True, CATEGORIES),
        "email_updates": ("toggle", "yes", False, ["yes", "no"]),
    }
    radio, toggle = procedure.steps[3], procedure.steps[4]
    assert radio.selectors == [  # named by the parameter, any case after exact; never the demonstrated radio's id or path
        'internal:role=radio[name="{category}"s]',
        'internal:label="{category}"s',
        'internal:role=radio[name="{category}"i]',
        'internal:label="{category}"i',
    ]
    assert (
        toggle.action == "check"
        and toggle.value == "{email_updates}"
        and toggle.selectors[0] == _role("checkbox", "Email updates")
    )
    assert procedure.steps[2].value == "{priority}" and procedure.steps[2].selectors == [_role("combobox", "Priority"), "#pr"]
    assert 'Choose "{category}"' in procedure.abstract.flow


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        (
            'File a ticket "VPN drops every hour" with priority Urgent in category Network, with email updates.',
            {"subject": "VPN drops every hour", "priority": "Urgent", "category": "Network", "email_updates": "yes"},
        ),
        (
            'File a ticket "Typo on the pricing page" with priority Normal in category Bug, without email updates.',
            {"subject": "Typo on the pricing page", "priority": "Normal", "category": "Bug", "email_updates": "no"},
        ),
        (
            'File a helpdesk ticket "Wi-Fi slow in room 3", Urgent priority, category Network, email updates please',
            {"subject": "Wi-Fi slow in room 3", "priority": "Urgent", "category": "Network", "email_updates": "yes"},
        ),
        (
            'Open a ticket about "Dark mode request" in category other with priority high and no email updates',
            {"subject": "Dark mode request", "priority": "High", "category": "Other", "email_updates": "no"},
        ),
        (  # the quoted subject is not taken for another parameter; the unnamed checkbox keeps its state
            'subject "Fan noise", low priority, account',
            {"subject": "Fan noise", "priority": "Low", "category": "Account", "email_updates": "yes"},
        ),
    ],
)
def test_binding_tolerates_other_wordings(task: str, expected: dict[str, str]) -> None:
    binding = bind(build_heuristic(ticket()), task, env={}, param_env={})
    assert binding.values == expected
    assert not binding.unplaced


def test_binding_says_how_each_value_was_found() -> None:
    procedure = build_heuristic(ticket())
    how = bind(
        procedure, 'File a ticket "X" with priority Low in category Bug, with email updates.', env={}, param_env={}
    ).sources
    assert how["subject"] == how["priority"] == "the task has the title's shape"
    how = bind(procedure, 'New ticket: subject "X", Urgent priority, account', env={}, param_env={}).sources
    assert how == {
        "subject": "next to its name 'subject'",
        "priority": "next to its name 'priority'",
        "category": "one of its allowed values",
        "email_updates": "ticked 'Email updates' as the demonstration did (the task does not say)",  # what the run does
    }


def test_a_value_outside_the_allowed_ones_is_reported_with_them() -> None:
    procedure = build_heuristic(ticket())
    values = bind(procedure, 'File a ticket "X" with priority Critical in category Bug.', env={}, param_env={}).values
    assert values["priority"] == "Critical"
    assert invalid_values(procedure, values) == [
        'priority cannot be "Critical": it must be one of "Low", "Normal", "High", "Urgent"'
    ]
    assert invalid_values(procedure, values | {"priority": "urgent"}) == []  # any case
    assert invalid_values(procedure, values | {"category": "Hardware"}) == [
        invalid_values(procedure, values)[0]
    ]  # radios stay open


def _clicks(title: str, labels: list[str], role: str = "button") -> Recording:
    steps = [RecordedStep(action="navigate", value=URL, url=URL)]
    for index, label in enumerate(labels):
        steps.append(
            _step(
                "click", [_role(role, label), f'internal:text="{label}"s', f"div > {role}:nth-of-type({index + 1})"], label=label
            )
        )
    return Recording(title=title, steps=steps)


@pytest.mark.parametrize(
    ("title", "labels", "role", "task", "expected"),
    [
        ('Click on the "previous" button.', ["previous"], "button", 'Press the "Decline" button', {"button": "Decline"}),
        ('Click on the "previous" button.', ["previous"], "button", "click the Publish button", {"button": "Publish"}),
        ('Click on the "previous" button.', ["previous"], "button", 'Hit "Skip question"', {"button": "Skip question"}),
        ('Click on "Tab #2".', ["Tab #2"], "tab", "Open tab #3", {"tab": "Tab #3"}),
        ('Click on "Tab #2".', ["Tab #2"], "tab", 'Click on the "Reviews" tab.', {"tab": "Reviews"}),
        (
            'Open the delete dialog and press "OK".',
            ["Delete file…", "OK"],
            "button",
            "open the delete dialog, then click Move to archive",
            {"button": "Move to archive"},
        ),
        (
            "Open the message from Carol Diaz and archive it.",
            ["Carol Diaz", "Archive"],
            "button",
            "Archive the message from Ana Lima",
            {"message": "Ana Lima", "button": "Archive"},
        ),  # fmt: skip
        (
            "Select S4 and S7 and click Submit.",
            ["S4", "S7", "Submit"],
            "checkbox",
            "Tick S10 and S1, then click Submit",
            {"checkboxes": '[{"checkbox": "S10"}, {"checkbox": "S1"}]', "button": "Submit"},  # boxes ticked: a list
        ),  # fmt: skip
    ],
)
def test_clicked_elements_that_the_title_names_are_parameters(
    title: str, labels: list[str], role: str, task: str, expected: dict[str, str]
) -> None:
    recording = _clicks(title, labels, role)
    if role == "checkbox":
        for step in recording.steps[1:3]:
            step.action, step.input_type, step.options = "check", "checkbox", ["S1", "S4", "S7"]
        recording.steps[3].selectors = [_role("button", "Submit")]
        recording.steps[3].selector = recording.steps[3].selectors[0]
    procedure = build_heuristic(recording)
    assert bind(procedure, task, env={}, param_env={}).values == expected
    step = next(s for s in procedure.steps if s.referenced_parameters() == {next(iter(expected))})
    assert all("{" in s for s in step.selectors)  # the demonstrated element's position is no fallback for a new value


def test_a_verb_at_the_start_of_the_title_is_no_parameter_and_unnamed_clicks_stay_fixed() -> None:
    procedure = build_heuristic(_clicks("Log in as emile. Then open settings", ["Log in", "Settings", "Save"]))
    assert [p.name for p in procedure.abstract.parameters] == ["settings"] or [
        p.example for p in procedure.abstract.parameters
    ] == ["Settings"]
    assert procedure.steps[1].selectors[0] == _role("button", "Log in")
    assert procedure.steps[3].selectors[0] == _role("button", "Save")


def test_a_secret_typed_into_two_fields_is_one_parameter() -> None:
    steps = [
        RecordedStep(action="navigate", value=URL, url=URL),
        _step("fill", ["#pw1"], secret=True, field="New password", secret_slot="a-3"),
        _step("fill", ["#pw2"], secret=True, field="Confirm new password", secret_slot="a-3"),
        _step("fill", ["#pin"], secret=True, field="PIN", secret_slot="a-4"),
        _step("fill", ["#name"], value="Sam", field="Display name"),
        _step("fill", ["#nick"], value="Sam", field="Nickname"),
    ]
    procedure = build_heuristic(Recording(title='Change my password to "Tulip-2024"', steps=steps))
    assert [(p.name, p.secret) for p in procedure.abstract.parameters] == [
        ("new_password", True),
        ("pin", True),
        ("display_name", False),
    ]
    assert [s.value for s in procedure.steps[1:]] == [
        "{new_password}",
        "{new_password}",
        "{pin}",
        "{display_name}",
        "{display_name}",
    ]
    binding = bind(procedure, 'Set my new password to "Maple.Leaf.3"', env={"SHOWMEHOW_PARAM_PIN": "1234"}, param_env={})
    assert binding.values["new_password"] == "Maple.Leaf.3"
    assert binding.sources["pin"] == "the environment variable SHOWMEHOW_PARAM_PIN"


def test_options_by_value_dates_times_and_names_next_to_values() -> None:
    steps = [
        RecordedStep(action="navigate", value=URL, url=URL),
        _step(
            "select",
            ["#cur"],
            value="Euro",
            option_value="EUR",
            field="Currency",
            options=["Euro", "US dollar", "Swiss franc"],
            option_values=["EUR", "USD", "CHF"],
        ),
        _step("fill", ["#d"], value="2025-03-14", field="Date"),
        _step("fill", ["#t"], value="09:30", field="Start time"),
    ]
    procedure = build_heuristic(Recording(title="Pay the invoice in EUR on 2025-03-14 at 09:30.", steps=steps))
    assert procedure.abstract.parameters[0].example == "EUR"  # the title names the option by its value
    cases = {
        "Use CHF as the currency, on 2025-12-31 at 23:30": {"currency": "CHF", "date": "2025-12-31", "start_time": "23:30"},
        "pay in US dollar for 10:05 on 2025-02-28": {"currency": "US dollar", "date": "2025-02-28", "start_time": "10:05"},
    }
    for task, expected in cases.items():
        assert bind(procedure, task, env={}, param_env={}).values == expected


def test_a_named_value_that_no_parameter_takes_stops_replay_before_the_fixed_step() -> None:
    procedure = build_heuristic(_clicks("Delete the file", ["Delete", "OK"]))
    assert procedure.abstract.parameters == []
    task = 'Delete the file and press "Cancel"'
    binding = bind(procedure, task, env={}, param_env={})
    assert binding.unplaced == ["Cancel"]
    found = find_contradiction(procedure, binding, task)
    assert found is not None and found.step == 2
    assert '"Cancel"' in found.message and '"OK"' in found.message
    assert find_contradiction(procedure, bind(procedure, "Delete the file", env={}, param_env={}), "Delete the file") is None

    procedure = build_heuristic(_clicks('Click on the "previous" button.', ["previous"]))
    binding = bind(procedure, 'Answer "Yes" to the survey, then move to "Q4"', env={}, param_env={})
    assert binding.unplaced == ["Q4"] and binding.values == {"button": "Yes"}
    assert find_contradiction(procedure, binding, "...") is None  # the clicked button is the task's own
    binding = bind(procedure, "Answer the survey", env={}, param_env={})
    binding.unplaced = ["Yes"]
    found = find_contradiction(procedure, binding, "Answer the survey")
    assert found is not None and found.step == 1 and '"previous"' in found.message  # it kept the demonstrated one


def test_unreferenced_parameters_are_dropped_and_optional_ones_default_to_the_demonstration() -> None:
    steps = [
        RecordedStep(action="navigate", value=URL, url=URL),
        _step("click", ["#dl"], label="report"),  # no selector carries the name: nothing could place a new value
        _step("click", [_role("link", "Sign out")], label="Sign out"),
    ]
    procedure = build_heuristic(Recording(title="Download the report and sign out", steps=steps))
    assert [(p.name, p.example, p.required) for p in procedure.abstract.parameters] == [("link", "Sign out", False)]
    assert defaults(procedure) == {"link": "Sign out"}
    assert procedure.steps[1].selectors == ["#dl"]


def _contact() -> Recording:
    steps = [
        RecordedStep(action="navigate", value=URL, url=URL),
        _step("fill", [_role("textbox", "Full name")], value="Ada Lovelace", field="Full name"),
        _step("fill", [_role("textbox", "Email")], value="ada@example.org", field="Email"),
        _step("click", [_role("button", "Add contact")], label="Add contact"),
    ]
    return Recording(title='Add a contact named "Ada Lovelace" with email "ada@example.org".', steps=steps)


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("Add contact John Smith, john@smith.io", {"full_name": "John Smith", "email": "john@smith.io"}),
        ("Add a contact with name 'Jane Doe' and email jane@doe.com", {"full_name": "Jane Doe", "email": "jane@doe.com"}),
        ('Add "Margaret Hamilton" (email "mh@mit.edu") as a contact', {"full_name": "Margaret Hamilton", "email": "mh@mit.edu"}),
    ],
)
def test_typed_values_in_other_wordings(task: str, expected: dict[str, str]) -> None:
    assert bind(build_heuristic(_contact()), task, env={}, param_env={}).values == expected


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("Please click the 'Maybe later' button", "Maybe later"),
        ("I want to press No", "No"),
        ("Show the Specifications button", "Specifications"),
        ("Delete the file but press Cancel in the dialog", "Cancel"),
    ],
)
def test_a_clicked_element_named_in_other_wordings(task: str, expected: str) -> None:
    procedure = build_heuristic(_clicks('Click on the "previous" button.', ["previous"]))
    assert bind(procedure, task, env={}, param_env={}).values == {"button": expected}


def test_an_item_the_title_quotes_is_the_instance_s_own_and_no_task_gets_it_by_default() -> None:
    recording = _clicks('Change the genre of "Dune Road" to History', ["Books", "Dune Road"], role="link")
    row = recording.steps[-1].selector  # the link is an item of the list of books
    recording.steps[-1] = recording.steps[-1].model_copy(update={"row_selector": row, "row_texts": ["Dune Road", "Ada Byron"]})
    procedure = build_heuristic(recording)
    (book,) = [p for p in procedure.abstract.parameters if p.example == "Dune Road"]
    assert book.required
    assert missing_parameters(procedure, bind(procedure, "Show the Poetry books", env={}, param_env={}).values) == [book.name]
    assert bind(procedure, 'Change the genre of "Iron Meadow" to Poetry', env={}, param_env={}).values[book.name] == "Iron Meadow"
