"""A task writes dates and times as people do ("09/10/2012", "2:37 PM"); date and time fields hold
"2012-09-10" and "14:37". The demonstrated value is found in the title however it was written there,
and the task's value goes into the field in the field's own format."""

from agent import run_task
from procedures import build_procedure
from procedures.runtime.formats import for_input, renderings
from procedures.store import ProcedureStore
from tests.helpers import record


def test_formats() -> None:
    assert for_input("date", "09/10/2012") == "2012-09-10" and for_input("date", "25/12/2020") == "2020-12-25"
    assert for_input("time", "2:37 PM") == "14:37" and for_input("time", "12:05 am") == "00:05"
    assert for_input("datetime-local", "March 5, 2024 9:30 PM") == "2024-03-05T21:30"
    assert for_input("text", "2:37 PM") == "2:37 PM" and for_input("date", "soon") == "soon"
    assert "01/09/2016" in renderings("2016-01-09") and "2:37 PM" in renderings("14:37") and renderings("bob") == []


def test_a_date_and_a_time_written_as_people_write_them(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def book(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Day").focus()
        page.keyboard.type("01092016")  # Chromium's date field takes the digits in the order it shows them
        page.get_by_label("Hour").focus()
        page.keyboard.type("0237P")
        page.get_by_role("button", name="Book").click()
        page.get_by_text("booked 2016-01-09 at 14:37").wait_for()

    procedure = build_procedure(record(context, f"{site}/when.html", book, title="Book 01/09/2016 at 2:37 PM"))
    assert sorted(p.example or "" for p in procedure.abstract.parameters) == ["14:37", "2016-01-09"]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/when.html")
    result = run_task("Book 09/10/2012 at 11:05 AM", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "booked 2012-09-10 at 11:05"


def test_a_date_picked_in_a_calendar_is_the_tasks_date_in_its_own_month(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def pick(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#when").click()
        for _ in range(2):
            page.get_by_title("Prev").click()
        page.get_by_role("link", name="5", exact=True).click()
        page.get_by_role("button", name="Submit").click()
        page.get_by_text("date 10/05/2016").wait_for()

    procedure = build_procedure(record(context, f"{site}/calendar.html", pick, title="Pick 10/05/2016 as the date and submit"))
    assert "10/05/2016" in [p.example for p in procedure.abstract.parameters]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    for date in ("03/21/2017", "12/31/2016", "09/01/2016"):
        page.goto(f"{site}/calendar.html")
        result = run_task(f"Pick {date} as the date and submit", page=page, store=store, mode="replay")
        assert result.outcome in ("verified", "unverified"), result.error
        assert page.locator("#status").inner_text() == f"date {date}"


def test_a_date_the_page_shows_in_its_own_words_is_checked_whatever_its_month(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def add(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Title:").fill("Dune")
        page.get_by_label("Published:").fill("2021-03-04")
        page.get_by_role("button", name="Save").click()
        page.get_by_text("March 4, 2021").wait_for()

    procedure = build_procedure(record(context, f"{site}/dated.html", add, title='Add the book "Dune" published 2021-03-04'))
    shown = [c.expected for c in procedure.checks if c.kind == "text"]
    assert shown and not any("March" in text for text in shown), shown  # the demonstration's month is no fixed word
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/dated.html")
    result = run_task('Add the book "Salt" published 2019-11-20', page=page, store=store, mode="replay")
    assert page.locator("#saved").inner_text().split("\t") == ["Salt", "November 20, 2019"]
    assert result.outcome in ("verified", "unverified"), result.error
