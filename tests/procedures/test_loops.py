"""Loops without a browser: rows found in a recording, lists read from tasks and from given values, bad lists
refused, loops merged, shown and stored."""

import json

import pytest

from app.cli.procedures import describe_procedure
from app.formatting import parse_assignments
from procedures import build_procedure
from procedures.binding.list_values import given_lists
from procedures.binding.values import bind, invalid_values
from procedures.building.merging import merge_demonstration
from procedures.models import Procedure, ProcedureStep
from recorder.models import PageOutcome, RecordedStep, Recording
from retrieval.render import step_words
from tests.bench.list_wordings import EXPENSES, EXPENSES_TITLE, GUESTS, GUESTS_TITLE

URL = "http://127.0.0.1:8000/lists/expenses.html"
ADD = RecordedStep(
    action="click",
    selector='internal:role=button[name="Add expense"s]',
    selectors=['internal:role=button[name="Add expense"s]', "html > body > form > button"],
    label="Add expense",
    url=URL,
)


def _field(name: str, row: int, column: int, value: str, rows_css: str = "html > body > form > div > div") -> RecordedStep:
    named = f'internal:role=textbox[name="{name}"s]'
    path = f"{rows_css}:nth-of-type({row}) > input:nth-of-type({column})"
    selectors = [named, path] if row == 1 else [path]
    return RecordedStep(
        action="fill",
        selector=selectors[0],
        selectors=selectors,
        value=value,
        label=name,
        field=name,
        tag="input",
        input_type="text",
        url=URL,
    )


def _recording(
    items: list[tuple[str, str]], title: str, add: str = "each", names: tuple[str, str] = ("Description", "Amount")
) -> Recording:
    """A recording of rows filled one after another: `add` "each" clicks the add button before each row, "after"
    before each row but the first (the page showed one), "none" never (the page showed them all)."""
    steps = [RecordedStep(action="navigate", value=URL, url=URL)]
    for row, (a, b) in enumerate(items, 1):
        if add == "each" or (add == "after" and row > 1):
            steps.append(ADD)
        steps += [_field(names[0], row, 1, a), _field(names[1], row, 2, b)]
    steps.append(
        RecordedStep(
            action="click",
            selector='internal:role=button[name="Send"s]',
            selectors=['internal:role=button[name="Send"s]'],
            label="Send",
            url=URL,
        )
    )
    return Recording(title=title, steps=steps, outcome=PageOutcome(url=URL, start_lines=["Add up to 6 expenses."]))


def _expenses(items: list[tuple[str, str]] | None = None, add: str = "each") -> Procedure:
    return build_procedure(_recording(items or [("Taxi", "12.50"), ("Hotel", "80.00")], EXPENSES_TITLE, add))


@pytest.mark.parametrize("add", ["each", "after", "none"])
def test_rows_filled_alike_become_one_loop(add: str) -> None:
    procedure = _expenses(add=add)
    assert [s.action for s in procedure.steps] == ["navigate", "loop", "click"]
    loop = procedure.steps[1].loop
    assert (
        loop is not None and loop.over == ("items" if add == "none" else "expenses") and loop.fields == ["description", "amount"]
    )
    assert (len(loop.add), loop.shown, loop.maximum) == ((0, 2, 6) if add == "none" else (1, 1 if add == "after" else 0, 6))
    [param] = procedure.abstract.parameters
    assert (
        param.name == loop.over
        and param.kind == "list"
        and json.loads(param.example or "")
        == [
            {"description": "Taxi", "amount": "12.50"},
            {"description": "Hotel", "amount": "80.00"},
        ]
    )
    assert procedure.abstract.flow[1] == f"For each {loop.over[:-1]}: enter the description, enter the amount"
    assert Procedure.model_validate_json(procedure.model_dump_json()) == procedure


def test_fields_of_one_row_and_lone_rows_are_no_loop() -> None:
    one = _expenses([("Taxi", "12.50")])
    assert [s.action for s in one.steps] == ["navigate", "click", "fill", "fill", "click"]
    recording = _recording([("Taxi", "12.50"), ("Hotel", "80.00")], EXPENSES_TITLE)
    recording.steps[5] = recording.steps[5].model_copy(update={"label": "Note", "field": "Note"})  # another field in row 2
    assert "loop" not in [s.action for s in build_procedure(recording).steps]
    with pytest.raises(ValueError, match="holds a loop"):
        ProcedureStep(action="loop")


def test_lists_read_from_the_wordings() -> None:
    for title, cases, names in ((EXPENSES_TITLE, EXPENSES, ("Description", "Amount")), (GUESTS_TITLE, GUESTS, ("Name", "Email"))):
        demo = (
            [("Taxi", "12.50"), ("Hotel", "80.00")]
            if cases is EXPENSES
            else [("Ann Lee", "ann@example.org"), ("Bo Chen", "bo@example.org")]
        )
        procedure = build_procedure(_recording(demo, title, "none", names))
        name = procedure.abstract.parameters[0].name
        for task, want in cases:
            value = bind(procedure, task).values.get(name)
            assert value is not None, task
            assert [tuple(item.values()) for item in json.loads(value)] == want, task


def test_bad_lists_are_refused_before_anything_is_sent() -> None:
    procedure = _expenses()
    problems = lambda value: invalid_values(procedure, given_lists(procedure, {"expenses": value}))  # noqa: E731
    assert problems('[["Pens", "4"], ["", ""]]') == ["expenses: item 2 is empty"]
    assert problems('[{"description": "Pens", "amount": "4", "vat": "1"}]') == [
        "expenses: item 1 has a field the list does not have: vat (it has description, amount)"
    ]
    assert problems('[["Pens", "4", "x"]]') == ["expenses: item 1 has 3 values, but each item has 2: description, amount"]
    assert problems(", ".join(f"Item {n}.00" for n in range(7))) == ["expenses: the task gives 7, but the page allows at most 6"]
    assert problems("[]") == ["expenses: the task gives no expense"]
    assert bind(procedure, "Send an expense report").values == {}  # a required list: missing, named before the browser opens


def test_lists_given_as_parameters() -> None:
    procedure = _expenses()
    want = [{"description": "Tea", "amount": "2"}, {"description": "Cake", "amount": "3.50"}]
    for given in (
        parse_assignments(["expenses=Tea, 2", "expenses=Cake, 3.50"]),
        {"expenses": json.dumps(want)},
        {"expenses": '[["Tea", "2"], ["Cake", "3.50"]]'},
        {"expenses": "Tea 2 and Cake 3.50"},
    ):
        assert json.loads(given_lists(procedure, given)["expenses"]) == want, given
    assert parse_assignments(["a=1", "a=2", "a=3"]) == {"a": '["1", "2", "3"]'}


def test_demonstrations_of_other_counts_merge_into_the_loop() -> None:
    two, three = _expenses(), _expenses([("Bus", "2.00"), ("Tea", "3.10"), ("Cab", "9.90")], add="after")
    merged = merge_demonstration(two, three)
    assert [s.action for s in merged.steps] == ["navigate", "loop", "click"] and not any(s.optional for s in merged.steps)
    assert [p.name for p in merged.abstract.parameters] == ["expenses"]


def test_people_see_the_loop() -> None:
    procedure = _expenses()
    words = step_words(procedure.steps[1])
    assert words.startswith("for each item of {expenses} (description, amount) (when the page shows no row for it, first click")
    assert 'fill the textbox "Description" with {description}; fill the textbox "Amount" with {amount}' in words
    shown = describe_procedure(procedure)
    assert "2. loop over {expenses}" in shown and "a row added by Add expense for each, at most 6" in shown
    assert '     each: fill internal:role=textbox[name="Amount"s] {amount}' in shown


def test_two_lists_in_one_form_and_checkbox_rows_stay_apart() -> None:
    recording = _recording([("Taxi", "12.50"), ("Hotel", "80.00")], "Send a report with Taxi 12.50 and Hotel 80.00", "none")
    notes = [_field("Note", row, 1, text, "html > body > form > section > div") for row, text in ((1, "a x"), (2, "b y"))]
    recording.steps[-1:-1] = [RecordedStep(action="click", selector="#more", selectors=["#more"], label="More"), *notes]
    procedure = build_procedure(recording)
    assert [s.action for s in procedure.steps] == ["navigate", "loop", "click", "loop", "click"]
    assert [p.name for p in procedure.abstract.parameters] == ["items", "items_2"]
    ticks = [
        s.model_copy(update={"action": "check", "value": "yes", "input_type": "checkbox"})
        for s in _recording([("a", "b"), ("c", "d")], "Tick").steps
    ]
    assert "loop" not in [s.action for s in build_procedure(Recording(title="Tick", steps=ticks)).steps]


def _in_one_place(title: str, *steps: RecordedStep) -> Procedure:
    tags = "http://127.0.0.1:8000/lists/tags.html"
    opened = RecordedStep(action="navigate", value=tags, url=tags)
    save = RecordedStep(action="click", selector='internal:role=button[name="Save"s]', label="Save", url=tags)
    return build_procedure(Recording(title=title, steps=[opened, *steps, save]))


def _typed(value: str, box: str = "Tags") -> list[RecordedStep]:
    named = f'internal:role=textbox[name="{box}"s]'
    fill = RecordedStep(action="fill", selector=named, selectors=[named], value=value, label=box, field=box, tag="input")
    return [fill, RecordedStep(action="press", selector=named, selectors=[named], value="Enter", label=box, tag="input")]


def test_items_added_in_one_place_are_a_loop_and_other_fields_are_not() -> None:
    tagged = _in_one_place("Tag the note with urgent and finance", *_typed("urgent"), *_typed("finance"))
    assert [(p.name, p.kind) for p in tagged.abstract.parameters] == [("tags", "list")]
    assert json.loads(tagged.abstract.parameters[0].example or "") == [{"tag": "urgent"}, {"tag": "finance"}]
    values = bind(tagged, "Tag the note with tags: alpha, beta, gamma", env={}, param_env={}).values
    assert json.loads(values["tags"]) == [{"tag": "alpha"}, {"tag": "beta"}, {"tag": "gamma"}]
    two_fields = _in_one_place('Tag "urgent" and label "finance"', *_typed("urgent"), *_typed("finance", box="Label"))
    assert [s.action for s in two_fields.steps].count("loop") == 0  # two boxes, each its own value: no list
