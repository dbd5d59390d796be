"""Dates and times as people write them and as date and time fields hold them.

A date field's value is "2016-01-09" and a time field's "14:37", while a task says "01/09/2016" or
"2:37 PM". Binding finds a demonstrated field value in the title in any of the ways people write it;
replay puts the task's value into the field in the field's own format. Pure.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from datetime import time as clock_time  # not `time`: exported scripts inline this module beside `import time`

MONTHS = "january february march april may june july august september october november december".split()
ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
ISO_TIME = re.compile(r"(\d{2}):(\d{2})(?::(\d{2}))?")


def renderings(value: str) -> list[str]:
    """How people write a date field's or a time field's value ("2016-01-09" -> "01/09/2016", "1/9/2016",
    "January 9, 2016" ...; "14:37" -> "2:37 PM" ...); [] for any other value."""
    if m := ISO_DATE.fullmatch(value):
        try:
            day = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return []
        month = MONTHS[day.month - 1].capitalize()
        return [
            f"{day.month:02d}/{day.day:02d}/{day.year}",
            f"{day.month}/{day.day}/{day.year}",
            f"{day.day:02d}/{day.month:02d}/{day.year}",
            f"{month} {day.day}, {day.year}",
            f"{month[:3]} {day.day}, {day.year}",
            f"{day.day} {month} {day.year}",
        ]
    if m := ISO_TIME.fullmatch(value):
        hour, minute = int(m[1]), int(m[2])
        twelve, half = (hour % 12 or 12), ("AM" if hour < 12 else "PM")
        return [
            f"{twelve}:{minute:02d} {half}",
            f"{twelve:02d}:{minute:02d} {half}",
            f"{twelve}:{minute:02d}{half}",
            f"{twelve}:{minute:02d} {half.lower()}",
        ]
    return []


DATE_IN_TEXT = re.compile(
    r"\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}|(?:" + "|".join(m.capitalize() for m in MONTHS) + r")\.?\s+\d{1,2},?\s+\d{4}",
    re.IGNORECASE,
)
MONTH_YEAR = re.compile(r"(" + "|".join(MONTHS) + r")\s+(\d{4})", re.IGNORECASE)


def dates_in(text: str) -> list[tuple[str, date, tuple[int, int]]]:
    """The dates a text writes, as written, read, and where."""
    out = []
    for m in DATE_IN_TEXT.finditer(text):
        day = read_date(m.group(0))
        if day is not None:
            out.append((m.group(0), day, m.span()))
    return out


def month_shown(text: str) -> tuple[int, int] | None:
    """The (year, month) a calendar's text shows first ("December 2016")."""
    m = MONTH_YEAR.search(text)
    return (int(m[2]), MONTHS.index(m[1].lower()) + 1) if m else None


def read_date(text: str) -> date | None:
    try:
        return _date(text)
    except ValueError:
        return None


def _date(text: str) -> date | None:
    text = text.strip().rstrip(".")
    if m := ISO_DATE.fullmatch(text):
        return date(int(m[1]), int(m[2]), int(m[3]))
    if m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", text):
        first, second, year = int(m[1]), int(m[2]), int(m[3])
        month, day = (second, first) if first > 12 else (first, second)  # month first, unless it cannot be
        return date(year, month, day)
    for pattern in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y", "%b. %d, %Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


YEARLESS = re.compile(
    r"(?:on\s+)?(?:(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>[a-z]{3,})\.?"
    r"|(?P<month2>[a-z]{3,})\.?\s+(?:the\s+)?(?P<day2>\d{1,2})(?:st|nd|rd|th)?)",
    re.IGNORECASE,
)


def yearless_date(text: str) -> tuple[int, int] | None:
    """The (month, day) of a date written without its year ("December 5", "on 5 Dec", "the 5th of December")."""
    m = YEARLESS.fullmatch(text.strip().rstrip(".,"))
    if m is None:
        return None
    name, day = (m["month"], m["day"]) if m["month"] else (m["month2"], m["day2"])
    month = next((k for k, full in enumerate(MONTHS, 1) if full.startswith(name.lower())), None)
    if month is None or not 1 <= int(day) <= (29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31):
        return None
    return month, int(day)


def next_date(month: int, day: int, today: date) -> date:
    """The first date from `today` on (today included) that falls on this month and day (a 29 February: leap years)."""
    year = today.year
    while True:
        try:
            found = date(year, month, day)
        except ValueError:  # 29 February of a year that has none
            found = None
        if found is not None and found >= today:
            return found
        year += 1


def well_formed(input_type: str, value: str) -> bool:
    """Whether a field of `input_type` (date, time) can take `value` as written or once put in its own format."""
    if input_type == "date":
        return read_date(value) is not None
    try:
        return _time(value) is not None if input_type == "time" else True
    except ValueError:  # "25:00"
        return False


def _time(text: str) -> clock_time | None:
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp]\.?[Mm]\.?)?", text.strip())
    if m is None:
        return None
    hour, minute = int(m[1]), int(m[2])
    if m[4]:
        hour = hour % 12 + (12 if m[4][0] in "Pp" else 0)
    return clock_time(hour, minute, int(m[3] or 0))


def for_input(input_type: str, value: str) -> str:
    """`value` as a field of `input_type` (date, time, datetime-local, month) holds it; unchanged when it
    is already so or cannot be read."""
    try:
        if input_type == "date" and (day := _date(value)):
            return day.isoformat()
        if input_type == "time" and (moment := _time(value)):
            return moment.strftime("%H:%M" if not moment.second else "%H:%M:%S")
        if input_type == "month" and (day := _date(value)):
            return f"{day.year}-{day.month:02d}"
        if input_type == "datetime-local" and (m := re.fullmatch(r"(.*\S)\s+(\d{1,2}:\d{2}.*)", value.strip())):
            day, moment = _date(m[1]), _time(m[2])
            if day and moment:
                return f"{day.isoformat()}T{moment.strftime('%H:%M')}"
    except ValueError:
        return value
    return value


ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
ORDINAL = re.compile(r"(?<!\w)(?:(\d{1,4})(?:st|nd|rd|th)|(" + "|".join(ORDINAL_WORDS) + r"))(?!\w)", re.IGNORECASE)


def ordinal_number(text: str) -> int | None:
    """The place an ordinal names: "2nd" and "second" are 2; None when the text is no ordinal."""
    m = ORDINAL.fullmatch(text.strip())
    if m is None:
        return None
    return int(m.group(1)) if m.group(1) else ORDINAL_WORDS.index(m.group(2).lower()) + 1
