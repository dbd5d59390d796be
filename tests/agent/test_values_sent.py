"""Replays judged by what a newcomer's help desk and clinic received (their forms, copied): a section the
select lacks, bare values that run past their end, a demonstrated free text that belongs to its own case,
and a task in the title's words with other values."""

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from agent import run_task
from procedures import Procedure, build_procedure
from procedures.store import ProcedureStore
from tests.conftest import ServedSite
from tests.helpers import record

SEARCH = 'Search the knowledge base for "vpn" in the "Network" section'
STATUS = 'Look up the status of ticket "T-20931"'
TICKET = 'Open a "High" priority "Printer" ticket from "ana@acme.test" about "Paper jam on floor 3"'
BOOK = 'Book "Maria Silva" with "Dr. Lindqvist" on 2026-12-03 at "10:30" for "a rash on my arm"'


def _pick(page, label: str, downs: int) -> None:  # type: ignore[no-untyped-def]
    """An option chosen with the keyboard, as a person picks in a list."""
    page.get_by_label(label).click()
    for key in ["ArrowDown"] * downs + ["Enter"]:
        page.keyboard.press(key)


def _type(page, label: str, text: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label(label).click()
    page.keyboard.type(text)


def _search(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Search the knowledge base", "vpn")
    _pick(page, "Section", 2)
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/results.html*")
    page.get_by_text("Results for vpn").wait_for()


def _status(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Ticket number", "T-20931")
    page.keyboard.press("Enter")
    page.wait_for_url("**/ticket.status.html*")
    page.get_by_text("is open").wait_for()


def _ticket(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Your email", "ana@acme.test")
    _pick(page, "Category", 3)
    page.get_by_text("High").click()
    _type(page, "Subject", "Paper jam on floor 3")
    _type(page, "Details", "The printer near room 301 jams on every page")
    page.get_by_text("Email me about updates").click()  # unticked
    page.get_by_role("button", name="Submit ticket").click()
    page.wait_for_url("**/received.html*")
    page.get_by_text("subject Paper jam on floor 3").wait_for()


def _book(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Patient name", "Maria Silva")
    _pick(page, "Doctor", 2)
    date = page.get_by_label("Date")
    box = date.bounding_box()
    page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)  # on its month
    page.keyboard.type("12032026")
    page.get_by_text("10:30").click()
    _type(page, "Reason for visit", "a rash on my arm")
    page.get_by_text("This is my first visit").click()
    page.get_by_role("button", name="Book appointment").click()
    page.wait_for_url("**/received.html*")
    page.get_by_text("patient Maria Silva").wait_for()


@pytest.fixture(scope="module")
def served_here() -> Iterator[ServedSite]:
    """The fixture sites on a server of this module's own, which keeps what it received."""
    server = ServedSite()
    yield server
    server.close()


@pytest.fixture(scope="module")
def learnt(browser, served_here) -> dict[str, Procedure]:  # type: ignore[no-untyped-def]
    """Each form demonstrated once, in a real recording."""
    context = browser.new_context()
    url = served_here.url
    built = {
        "search": build_procedure(record(context, f"{url}/helpdesk/index.html", _search, title=SEARCH)),
        "status": build_procedure(record(context, f"{url}/helpdesk/status.html", _status, title=STATUS)),
        "ticket": build_procedure(record(context, f"{url}/helpdesk/ticket.html", _ticket, title=TICKET)),
        "book": build_procedure(record(context, f"{url}/clinic/book.html", _book, title=BOOK)),
    }
    context.close()
    return built


def _stored(procedure: Procedure) -> tuple[Procedure, ProcedureStore]:
    store = ProcedureStore()
    return store.get(store.add(procedure.model_copy(deep=True))), store


def _sent(served, path: str) -> list[dict[str, list[str]]]:  # type: ignore[no-untyped-def]
    """What each request to `path` sent, in order."""
    return [parse_qs(urlsplit(p).query, keep_blank_values=True) for p in served.received if p.startswith(f"/{path}?")]


def _run(context, served, store, start: str, task: str, **params: str):  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(f"{served.url}/{start}")
    result = run_task(task, page=page, store=store, mode="replay", params=params or None)
    page.close()
    return result


def test_a_section_the_select_lacks_is_refused_though_the_task_says_section(context, served_here, learnt) -> None:  # type: ignore[no-untyped-def]
    _, store = _stored(learnt["search"])
    searched = len(_sent(served_here, "helpdesk/results.html"))
    for task in (
        'Search the knowledge base for "vpn" in the "Marketing" section',  # "section" is a word of "All sections"
        "Search the knowledge base for vpn in the HR section",
    ):
        result = _run(context, served_here, store, "helpdesk/index.html", task)
        assert result.outcome == "task_fault", (task, result.outcome, result.error)
    assert len(_sent(served_here, "helpdesk/results.html")) == searched  # nothing searched in another section
    result = _run(
        context, served_here, store, "helpdesk/index.html", 'Search the knowledge base for "printer" in the "Billing" section'
    )
    assert result.outcome == "verified", result.error
    assert _sent(served_here, "helpdesk/results.html")[-1] == {"q": ["printer"], "section": ["billing"]}


def test_a_bare_identifier_ends_with_its_token_and_a_question_looks_it_up(context, served_here, learnt) -> None:  # type: ignore[no-untyped-def]
    _, store = _stored(learnt["status"])
    for task, ticket in (("how is ticket T-12345 doing", "T-12345"), ("what's the status of ticket T-55555?", "T-55555")):
        result = _run(context, served_here, store, "helpdesk/status.html", task)
        assert result.outcome == "verified", (task, result.error)
        assert _sent(served_here, "helpdesk/ticket.status.html")[-1] == {"ticket": [ticket]}, task


def test_a_demonstrated_free_text_is_not_sent_with_another_ticket(context, served_here, learnt) -> None:  # type: ignore[no-untyped-def]
    procedure, store = _stored(learnt["ticket"])
    task = 'open a ticket for a broken keyboard (hardware), priority normal, from li@acme.test, subject "Keyboard missing keys"'
    result = _run(context, served_here, store, "helpdesk/ticket.html", task)
    assert result.outcome == "verified", result.error
    assert _sent(served_here, "received.html")[-1] == {
        "email": ["li@acme.test"],
        "category": ["Hardware"],
        "priority": ["normal"],
        "subject": ["Keyboard missing keys"],
        "details": [""],  # not the printer's jam
    }  # no "notify": left unticked as the demonstration did, and the run says so
    assert "left unticked 'Email me about updates'" in result.binding["email_about_updates"]
    assert result.binding["details"].startswith("left empty")
    procedure = store.get(procedure.id)  # as the runs left it
    details = next(p for p in procedure.abstract.parameters if p.name == "details")
    details.setting = True  # marked as the same from case to case: the demonstrated text is sent again
    store.update(procedure)
    result = _run(context, served_here, store, "helpdesk/ticket.html", task)
    assert result.outcome == "verified", result.error
    assert _sent(served_here, "received.html")[-1]["details"] == ["The printer near room 301 jams on every page"]


def test_a_task_in_the_titles_words_gets_its_category(context, served_here, learnt) -> None:  # type: ignore[no-untyped-def]
    _, store = _stored(learnt["ticket"])
    task = 'Open an "Urgent" priority "Network outage" ticket from "raj@acme.test" about "VPN down in Lyon"'
    result = _run(context, served_here, store, "helpdesk/ticket.html", task)
    assert result.outcome == "verified", result.error
    sent = _sent(served_here, "received.html")[-1]
    assert (sent["category"], sent["priority"], sent["email"], sent["subject"]) == (
        ["Network outage"],
        ["urgent"],
        ["raj@acme.test"],
        ["VPN down in Lyon"],
    )
    created = len(_sent(served_here, "received.html"))
    task = 'open a normal priority ticket in the "Software" category from "li@acme.test" about "Excel crashes"'
    result = _run(context, served_here, store, "helpdesk/ticket.html", task)
    assert result.outcome == "task_fault" and 'category cannot be "Software"' in (result.error or ""), result.error
    assert len(_sent(served_here, "received.html")) == created  # no ticket in another category


def test_a_bare_name_takes_no_word_after_it(context, served_here, learnt) -> None:  # type: ignore[no-untyped-def]
    procedure, store = _stored(learnt["book"])
    reason = next(p.name for p in procedure.abstract.parameters if p.label == "Reason for visit")
    task = "please book Leo Park in with Dr Tanaka on 2026-12-04 at 09:00, reason: fever and cough. It is not his first visit"
    result = _run(context, served_here, store, "clinic/book.html", task, **{reason: "fever and cough"})
    assert result.outcome == "verified", result.error
    assert _sent(served_here, "received.html")[-1] == {
        "patient": ["Leo Park"],
        "doctor": ["tanaka"],
        "date": ["2026-12-04"],
        "slot": ["09:00"],
        "reason": ["fever and cough"],
    }
