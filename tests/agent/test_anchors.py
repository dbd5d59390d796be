"""Selectors never hold on to what changes from visit to visit: a text that holds a demonstrated value
among other words (an instruction sentence), or an id that a widget library numbers."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_a_field_under_an_instruction_holding_the_value_is_found_on_the_next_visit(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def enter(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("input").press_sequentially("8:22 AM")
        page.get_by_role("button", name="Submit").click()

    recording = record(context, f"{site}/instruction.html", enter, title="Enter 8:22 AM as the time")
    assert any("Enter 8:22 AM as the time" in s for s in recording.steps[1].selectors)  # the page offered it ...
    procedure = build_procedure(recording)
    fill = procedure.steps[1]
    assert fill.value is not None and fill.value.startswith("{")
    assert not any("8:22" in s or "ui-id" in s for s in fill.selectors), fill.selectors  # ... the procedure does not keep it
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/instruction.html?time=9:15 PM")
    result = run_task("Enter 9:15 PM as the time", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "entered 9:15 PM"


def test_an_option_whose_text_stands_twice_is_found_by_its_text_in_its_list(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def choose(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("button", name="Open").click()
        page.locator(".items li", has_text="5ft 9in").click()
        page.get_by_role("button", name="Submit").click()

    procedure = build_procedure(
        record(context, f"{site}/fancy.html", choose, title="Choose 5ft 9in from the dropdown and submit")
    )
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/fancy.html")
    result = run_task("Choose 6ft 1in from the dropdown and submit", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "chose 6ft 1in"


def test_a_value_no_item_shows_is_not_clicked_where_the_page_writes_the_task(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """A chosen item found by its text as part of a longer one is an item of the kind clicked, never the
    page's own sentence that holds the task's value."""

    def pick(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#items li", has_text="Geneva").click()

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{site}/menu.html", pick, title="Select Geneva")))
    page = context.new_page()
    page.goto(f"{site}/menu.html")
    page.evaluate("localStorage.setItem('query', 'Select Jinny>Lynett')")
    page.reload()
    result = run_task("Select Jinny>Lynett", page=page, store=store, mode="replay")
    assert result.outcome == "failed", result.outcome
    assert page.locator("#status").inner_text() == ""
    result = run_task("Select lynett", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "picked Lynett"
