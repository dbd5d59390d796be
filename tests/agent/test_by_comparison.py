"""A row chosen by comparison: the demonstration reserved the cheapest trip of a table, so the step compares
the rows' values of the column the title's superlative names, and a task with another superlative (the
shortest, the earliest, the most expensive) reserves the row with that extreme, wherever it stands."""

import json

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record

OTHER_TRIPS = [
    ["K1", "14:20", "1 h 50 min", "8 seats", "€75.00"],
    ["K2", "07:05", "4 h 10 min", "2 seats", "€22.40"],
    ["K3", "18:45", "45 min", "16 seats", "€102.00"],
    ["K4", "10:30", "2 h 15 min", "5 seats", "€9.99"],
]


def _reserve_cheapest(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("tr.trip").filter(has_text="€19.90").get_by_role("button", name="Reserve").click()
    page.locator("#status").get_by_text("reserved T3").wait_for()


def test_the_row_with_the_extreme_value_of_the_column_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    procedure = build_procedure(record(context, f"{site}/trips.html", _reserve_cheapest, title="Reserve the cheapest coach trip"))
    step = next(s for s in procedure.steps if s.compare is not None)
    assert (step.compare, step.value, step.selector) == ("money", "{comparison}", 'tr >> internal:role=button[name="Reserve"s]')
    assert step.description == 'Choose by comparison of money: click "Reserve" in the {comparison} item'
    assert step.description in procedure.abstract.flow
    assert [(p.name, p.example, p.kind) for p in procedure.abstract.parameters] == [("comparison", "cheapest", "option")]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/trips.html")
    page.evaluate("(trips) => sessionStorage.setItem('trips', trips)", json.dumps(OTHER_TRIPS))
    for task, reserved in [
        ("Reserve the cheapest coach trip", "K4"),
        ("Reserve the shortest coach trip", "K3"),
        ("Reserve the earliest coach trip", "K2"),
        ("Reserve the most expensive coach trip", "K3"),
        ("Reserve the latest coach trip", "K3"),
    ]:
        page.reload()
        result = run_task(task, page=page, store=store, mode="replay")
        assert result.outcome in ("verified", "unverified"), (task, result.error)
        assert page.locator("#status").inner_text() == f"reserved {reserved}", task
    page.reload()
    result = run_task("Reserve the nicest coach trip", page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and page.locator("#status").inner_text() == "", result.error
