"""A set of checkboxes whose number and labels change: replay ticks exactly those the task names."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_exactly_the_checkboxes_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def tick(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Red").check()
        page.get_by_label("Green").check()
        page.get_by_role("button", name="Submit").click()

    procedure = build_procedure(record(context, f"{site}/boxes.html", tick, title="Select Red, Green and click Submit"))
    assert [(p.name, p.example) for p in procedure.abstract.parameters if p.kind != "target"] == [("choices", "Red, Green")]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/boxes.html")
    page.evaluate(
        "localStorage.setItem('labels', 'Yellow|Salt and pepper|Red|Pink|Blue'); localStorage.setItem('ticked', 'Pink')"
    )
    page.reload()
    result = run_task("Select Salt and pepper, Yellow, Blue and click Submit", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "ticked Yellow, Salt and pepper, Blue"  # and Pink no more
    page.evaluate("localStorage.setItem('labels', 'Yellow|Red')")
    page.reload()
    result = run_task("Select Purple and click Submit", page=page, store=store, mode="replay")
    assert result.outcome == "failed" and result.error is not None and "no checkbox here is labelled 'purple'" in result.error


def test_boxes_labelled_with_words_of_the_meaning_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def labels(text: str) -> None:
        page = context.new_page()
        page.goto(f"{site}/boxes.html")
        page.evaluate(f"localStorage.setItem('labels', '{text}'); localStorage.removeItem('ticked')")
        page.close()

    def tick(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Large").check()
        page.get_by_label("Cheerful").check()
        page.get_by_role("button", name="Submit").click()

    labels("Large|Water|Cheerful|Scarlet")
    procedure = build_procedure(record(context, f"{site}/boxes.html", tick, title="Select big, happy and click Submit"))
    assert [(p.name, p.example) for p in procedure.abstract.parameters if p.kind != "target"] == [("choices", "big, happy")]
    store = ProcedureStore()
    store.add(procedure)
    labels("Tiny|Huge|Joyful|Crimson|Water")
    page = context.new_page()
    page.goto(f"{site}/boxes.html")
    result = run_task("Select large, water and click Submit", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "ticked Huge, Water"
    page.reload()
    result = run_task("Select sad and click Submit", page=page, store=store, mode="replay")
    assert result.outcome == "failed" and result.error is not None
    assert "no checkbox here is labelled 'sad' or a word of its meaning" in result.error
