"""An autocomplete: the suggestion picked is the one that shows the task's value, not the demonstration's."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_the_suggestion_that_shows_the_tasks_value(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def search(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("From").press_sequentially("Abilene")
        page.get_by_role("option", name="Abilene, TX (ABI)").click()
        page.get_by_role("button", name="Search").click()

    procedure = build_procedure(record(context, f"{site}/suggest.html", search, title="Search flights from Abilene"))
    picked = [s for s in procedure.steps if s.suggestion]
    assert [s.label for s in picked] == ["Abilene, TX (ABI)"]  # flagged where it is built, found by the typed value
    assert not [c for c in procedure.checks if c.kind == "value"]  # the field shows the suggestion, not what was typed
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/suggest.html")
    result = run_task("Search flights from Boston", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "from Boston, MA (BOS)"


def test_the_suggestion_that_also_shows_the_tasks_other_values(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def search(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("From").press_sequentially("Bo")
        page.get_by_role("option", name="Boston Heliport, MA (BNH)").click()
        page.get_by_role("button", name="Search").click()

    title = 'Search flights from the airport that starts with "Bo" and has the code "BNH"'
    procedure = build_procedure(record(context, f"{site}/suggest.html", search, title=title))
    assert [p.example for p in procedure.abstract.parameters] == ["Bo", "BNH"]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/suggest.html")
    task = 'Search flights from the airport that starts with "Ab" and has the code "ABI"'
    result = run_task(task, page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "from Abilene, TX (ABI)"  # not Aberdeen, the first that shows "Ab"
    result = run_task(task.replace("ABI", "XYZ"), page=page, store=store, mode="replay")
    assert result.outcome == "failed" and "XYZ" in (result.error or "")
