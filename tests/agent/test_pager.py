"""The item a task names may be on a later page: replay follows the pager the demonstration used until the
page shows it (not at all when it shows already), then clicks the value in the row the task names by the
word beside it ("their email" for the row "Email:")."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def _find_cy(page) -> None:  # type: ignore[no-untyped-def]
    for _ in range(2):
        page.locator("#next").click()
        page.get_by_role("heading", name="Ann").or_(page.get_by_role("heading", name="Bo")).or_(
            page.get_by_role("heading", name="Cy")
        ).wait_for()
    page.locator(".property").filter(has_text="Phone").locator("a").click()


def _run(context, site: str, store: ProcedureStore, people: str, task: str) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    """Replay `task` on the contacts `people` (a|b|c): the outcome, the error and what was clicked."""
    page = context.new_page()
    page.goto(f"{site}/pager.html")
    page.evaluate("(people) => sessionStorage.setItem('people', people)", people)
    page.reload()
    result = run_task(task, page=page, store=store, mode="replay")
    return result.outcome, result.error or "", page.locator("#status").inner_text()


def test_the_pager_is_followed_until_the_named_item_shows(context, site: str) -> None:  # type: ignore[no-untyped-def]
    title = "Find Cy in the contact book and click on their phone number."
    procedure = build_procedure(record(context, f"{site}/pager.html", _find_cy, title=title))
    clicks = [s for s in procedure.steps if s.action == "click"]
    assert len(clicks) == 2 and clicks[0].until == "{item}"
    assert {p.example for p in procedure.abstract.parameters} == {"Cy", "Phone"}
    store = ProcedureStore()
    store.add(procedure)
    outcome, error, clicked = _run(
        context, site, store, "Ed|Fay|Hal|Ivy", "Find Hal in the contact book and click on their email."
    )
    assert outcome in ("verified", "unverified") and clicked == "Email: Hal", error
    outcome, error, clicked = _run(
        context, site, store, "Ed|Fay|Gus", "Find Ed in the contact book and click on their phone number."
    )
    assert outcome in ("verified", "unverified") and clicked == "Phone: Ed", error
    outcome, error, clicked = _run(context, site, store, "Ed|Fay", "Find Zed in the contact book and click on their email.")
    assert outcome == "task_fault" and 'never showed "Zed"' in error and clicked == ""
