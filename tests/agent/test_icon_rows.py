"""An icon with no text, name or id, clicked in one of many rows: found again by what kind of element it
is, inside the row that shows the value the task names."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_the_icon_in_the_row_that_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def star_carol(page) -> None:  # type: ignore[no-untyped-def]
        page.locator(".thread", has_text="Carol").locator(".star").click()

    procedure = build_procedure(record(context, f"{site}/inbox.html", star_carol, title="Star the message from Carol"))
    assert [(p.name, p.example) for p in procedure.abstract.parameters] == [("message", "Carol")]
    assert procedure.steps[-1].selectors[0].endswith(">> span.star")
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/inbox.html?order=Dan|Carol|Bob")
    result = run_task("Star the message from Bob", page=page, store=store, mode="replay")
    assert result.success or result.outcome == "unverified", result.error
    assert page.locator("#status").inner_text() == "starred Bob"
    assert page.locator(".thread", has_text="Bob").locator(".star.clicked").count() == 1


def test_a_text_of_the_row_is_clicked_in_the_row_that_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """The subject clicked is the row's own text, another in every row: found by what it is in any row."""

    def open_carol(page) -> None:  # type: ignore[no-untyped-def]
        page.locator(".thread", has_text="Carol").locator(".subject").click()

    procedure = build_procedure(record(context, f"{site}/inbox.html", open_carol, title="Open the message from Carol"))
    assert procedure.steps[-1].selectors[0].endswith(">> span.subject")
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/inbox.html?order=Dan|Carol|Bob")
    result = run_task("Open the message from Dan", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "opened Dan"
