"""Outcomes fair to procedures, on a clinic's forms a newcomer wrote: a site that cannot be reached, a date
written without its year or not as a date, a reason its dropdown does not offer. None of these is the
procedure's fault: its confidence stays, no step is marked as where it breaks, and the run says why."""

from datetime import date, timedelta
from urllib.parse import parse_qs, urlsplit

from agent import run_task
from app.formatting import run_outcome
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record

CANCEL = 'Cancel booking "RC-4471" because of a "Scheduling conflict"'


def _sent(served, page_name: str) -> list[dict[str, list[str]]]:  # type: ignore[no-untyped-def]
    return [parse_qs(urlsplit(p).query) for p in served.received if urlsplit(p).path.endswith(f"/{page_name}")]


def _untouched(store: ProcedureStore, procedure_id: str, runs: tuple[int, int]) -> None:
    stored = store.get(procedure_id)
    assert (stored.success_count, stored.failure_count) == runs
    assert [s.failure_count for s in stored.steps] == [0] * len(stored.steps)  # no step is where it breaks


def test_a_date_without_its_year_is_the_next_one_and_a_date_that_is_none_is_refused(context, served) -> None:  # type: ignore[no-untyped-def]
    today = date.today()
    shown, wanted = today + timedelta(days=8), today + timedelta(days=10)

    def book(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Patient name").click()
        page.keyboard.type("Maria Silva")
        page.get_by_label("Doctor").click()
        for key in ("ArrowDown", "ArrowDown", "Enter"):  # the keyboard, as a person picks in a list
            page.keyboard.press(key)
        box = page.get_by_label("Date").bounding_box()
        page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)  # on its month
        page.keyboard.type(f"{shown:%m%d%Y}")
        page.get_by_label("10:30").check()
        page.get_by_label("Reason for visit").click()
        page.keyboard.type("a rash on my arm")  # which the title does not name: the task need not give it
        page.get_by_role("button", name="Book appointment").click()
        page.wait_for_url("**/received.html*")

    title = f'Book "Maria Silva" with "Dr. Lindqvist" on {shown.isoformat()} at "10:30"'
    store = ProcedureStore()
    procedure = build_procedure(record(context, f"{served.url}/clinic/book.html", book, title=title))
    store.add(procedure)
    reason = next(p.name for p in procedure.abstract.parameters if p.example == "a rash on my arm")
    page = context.new_page()
    words = f"{wanted:%B} {wanted.day}"  # "December 5": no year
    task = f'Book "Leo Park" with "Dr. Tanaka" on {words} at "09:00"'
    result = run_task(task, page=page, store=store, mode="replay", url=f"{served.url}/clinic/book.html")
    assert result.outcome == "verified", result.error
    assert _sent(served, "received.html")[-1]["date"] == [wanted.isoformat()]
    assert (
        result.binding["date"] == f'the task says "{words}": read as {wanted.isoformat()}, the next such date (it gave no year)'
    )
    result = run_task(task, page=page, store=store, mode="replay", params={reason: "fever"})
    assert result.outcome == "verified" and result.counted == {procedure.id: True}, result.error  # counted: raised
    assert run_outcome(result)[2] == "Confidence raised: a verified run"
    sent = _sent(served, "received.html")[-1]
    assert (sent["patient"], sent["date"], sent["slot"], sent["reason"]) == (
        ["Leo Park"],
        [wanted.isoformat()],
        ["09:00"],
        ["fever"],
    )
    booked = len(_sent(served, "received.html"))
    result = run_task(task.replace(words, "next Friday"), page=page, store=store, mode="replay", params={reason: "fever"})
    assert result.outcome == "task_fault" and not result.steps  # said before the page is touched
    assert 'the Date field takes a date, and "next Friday" is none: write it as' in (result.error or "")
    assert len(_sent(served, "received.html")) == booked
    assert run_outcome(result)[2] == (
        "Confidence unchanged: the task gave a value the procedure or the page cannot take, which is no fault of the procedure"
    )
    _untouched(store, procedure.id, (2, 0))


def test_a_reason_the_dropdown_lacks_and_an_unreachable_site_leave_the_confidence(browser, context, served, llm) -> None:  # type: ignore[no-untyped-def]
    def cancel(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Booking reference").click()
        page.keyboard.type("RC-4471")
        page.get_by_label("Why are you cancelling?").click()
        for key in ("ArrowDown", "Enter"):
            page.keyboard.press(key)
        page.get_by_role("button", name="Cancel appointment").click()
        page.wait_for_url("**/cancelled.html*")

    store = ProcedureStore()
    procedure_id = store.add(build_procedure(record(context, f"{served.url}/clinic/cancel.html", cancel, title=CANCEL)))
    page = context.new_page()
    result = run_task('Cancel booking "RC-1000" because of "moving abroad"', page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and result.failed_step == 3, result.error  # before the dropdown, not the button
    assert '"moving abroad"' in (result.error or "") and (
        'none of the options of "Why are you cancelling?" ("Feeling better", "Scheduling conflict", '
        '"Found another doctor", "Other")' in (result.error or "")
    ), result.error
    assert len(_sent(served, "cancelled.html")) == 1  # the demonstration's only
    _untouched(store, procedure_id, (0, 0))

    served.close()  # nothing listens on its port now
    fresh = browser.new_context()  # whose cache holds none of the site's pages
    result = run_task('Cancel booking "RC-1000" because of "Feeling better"', page=fresh.new_page(), store=store, mode="replay")
    assert result.outcome == "environment" and result.failed_step == 1, result.error
    assert "connection refused" in (result.error or "") and "the site could not be reached" in (result.error or "")
    assert run_outcome(result)[0].startswith("Failed (the site's fault): step 1 (")
    assert result.confidence() == "Confidence unchanged: the site or the network failed, which is no fault of the procedure"
    result = run_task(CANCEL, page=fresh.new_page(), store=store, mode="replay", url=f"{served.url}/clinic/cancel.html")
    assert result.outcome == "environment" and not result.steps, result.error
    result = run_task(CANCEL, page=fresh.new_page(), store=store, mode="auto")  # the agent cannot reach the site either
    assert result.outcome == "environment" and [r.command for r in result.steps] == ["navigate"], result.error
    assert not [r for r in llm.requests if "messages" in r]  # no model was asked
    _untouched(store, procedure_id, (0, 0))
    fresh.close()
