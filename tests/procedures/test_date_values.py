"""Dates a task writes without its year, or not as dates, for a procedure's date and time fields."""

from datetime import date, datetime

from procedures.binding.date_values import read_dates
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.runtime.formats import next_date, yearless_date

TODAY = date(2026, 11, 25)
RECORDED = datetime(2026, 11, 20, 10).timestamp()


def _form(demonstrated: str) -> Procedure:
    """A form with a date field and a time field, demonstrated on RECORDED with the date `demonstrated`."""
    params = [Parameter(name="day", example=demonstrated), Parameter(name="at", example="10:30"), Parameter(name="who")]
    steps = [
        ProcedureStep(action="fill", value="{day}", field="Date", input_type="date", timestamp=RECORDED),
        ProcedureStep(action="fill", value="{at}", field="Time", input_type="time", timestamp=RECORDED),
        ProcedureStep(action="fill", value="{who}", field="Name", input_type="text", timestamp=RECORDED),
    ]
    return Procedure(title="Book", abstract=Abstract(goal="Book", parameters=params), steps=steps)


def test_dates_written_without_a_year_are_read_as_written() -> None:
    read = {text: yearless_date(text) for text in ("December 5", "on 5 Dec", "the 5th of December", "Dec. 5", "Feb 29")}
    assert read == {
        "December 5": (12, 5),
        "on 5 Dec": (12, 5),
        "the 5th of December": (12, 5),
        "Dec. 5": (12, 5),
        "Feb 29": (2, 29),
    }
    assert [yearless_date(t) for t in ("5 December 2026", "12/05", "April 31", "junk 5", "next Friday")] == [None] * 5
    assert [next_date(12, 5, TODAY), next_date(11, 25, TODAY), next_date(11, 24, TODAY), next_date(2, 29, TODAY)] == [
        date(2026, 12, 5),
        date(2026, 11, 25),  # today counts
        date(2027, 11, 24),
        date(2028, 2, 29),
    ]


def test_a_field_for_dates_to_come_takes_the_next_one_and_says_so() -> None:
    reading = read_dates(_form("2026-12-03"), {"day": "on 5 Dec", "at": "2:30 PM", "who": "May 3"}, TODAY)
    assert reading.values == {"day": "2026-12-05", "at": "2:30 PM", "who": "May 3"}  # a name field is no date field
    assert reading.read == {"day": 'the task says "on 5 Dec": read as 2026-12-05, the next such date (it gave no year)'}
    assert reading.problems == []
    whole = read_dates(_form("2026-12-03"), {"day": "December 5, 2027", "at": "14:30"}, TODAY)
    assert (whole.values, whole.read, whole.problems) == ({"day": "December 5, 2027", "at": "14:30"}, {}, [])


def test_a_field_demonstrated_with_a_past_date_or_a_value_that_is_no_date_is_refused_with_how_to_write_it() -> None:
    reading = read_dates(_form("1990-04-01"), {"day": "December 5", "at": "soon"}, TODAY)  # a birth date: which year?
    assert reading.values["day"] == "December 5" and reading.read == {}
    assert reading.problems == [
        'the task gives the Date "December 5" without its year, and that field took a past date when it was '
        'demonstrated, so which year is meant is not clear: write it as 2026-12-05 or "December 5, 2026"',
        'the Time field takes a time, and "soon" is none: write it as 14:30 or "2:30 PM"',
    ]
    assert read_dates(_form("2026-12-03"), {"day": "next Friday"}, TODAY).problems == [
        'the Date field takes a date, and "next Friday" is none: write it as 2026-12-05 or "December 5, 2026"'
    ]
