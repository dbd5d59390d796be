"""Dates and times a task gives for a procedure's date and time fields, read before the browser is touched.

A date field takes a whole date. A task that writes one without its year ("December 5", "on 5 Dec") is
read as the next such date from today when the field takes dates to come: its demonstrated date was not
before the day of the demonstration (a booking, a pickup, a renewal). A field whose demonstration gave a
past date (a birth date, the day of an expense) may want either, so the task must write the year; so must
a task whose value reads as no date or time at all. Each is said before the page is touched, instead of a
field that stays empty and a replay that stops in it. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime

from procedures.models import Procedure
from procedures.runtime.formats import next_date, read_date, well_formed, yearless_date

TYPED = {"date": "a date", "time": "a time"}
HOW = {"date": 'as {iso} or "{words}"', "time": 'as 14:30 or "2:30 PM"'}


@dataclass
class DateReading:
    """The values with each date written without its year made whole, what was read so, and what cannot run."""

    values: dict[str, str]
    read: dict[str, str] = field(default_factory=dict)  # by parameter: how its value was read, in words
    problems: list[str] = field(default_factory=list)


def typed_fields(procedure: Procedure) -> dict[str, tuple[str, str]]:
    """The parameters a step puts whole into a date or time field (or picks in a calendar): by name, the kind
    of field ("date", "time") and the field's label."""
    out: dict[str, tuple[str, str]] = {}
    for step in procedure.steps:
        whole = re.fullmatch(r"\{([a-z][a-z0-9_]*)\}", step.value or "")
        kind = "date" if step.calendar else step.input_type if step.action == "fill" else None
        if whole and kind in TYPED:
            out.setdefault(whole.group(1), (kind, step.field or step.label or whole.group(1)))
    return out


def read_dates(procedure: Procedure, values: dict[str, str], today: date | None = None) -> DateReading:
    """The run's values with its dates read for the procedure's date and time fields (see the module docstring)."""
    today = today or date.today()
    reading = DateReading(dict(values))
    for name, (kind, label) in typed_fields(procedure).items():
        value = values.get(name)
        if not value or well_formed(kind, value):
            continue
        example = f"{today.year}-12-05"
        how = HOW[kind].format(iso=example, words=f"December 5, {today.year}")
        yearless = yearless_date(value) if kind == "date" else None
        if yearless is None:
            reading.problems.append(f'the {label} field takes {TYPED[kind]}, and "{value}" is none: write it {how}')
            continue
        if not _to_come(procedure, name):
            reading.problems.append(
                f'the task gives the {label} "{value}" without its year, and that field took a past date when it was '
                f"demonstrated, so which year is meant is not clear: write it {how}"
            )
            continue
        day = next_date(*yearless, today)
        reading.values[name] = day.isoformat()
        reading.read[name] = f'the task says "{value}": read as {day.isoformat()}, the next such date (it gave no year)'
    return reading


def _to_come(procedure: Procedure, name: str) -> bool:
    """Whether the parameter's demonstrated date was not before the day it was demonstrated."""
    param = next((p for p in procedure.abstract.parameters if p.name == name), None)
    shown = read_date(param.example or "") if param else None
    recorded = min((step.timestamp for step in procedure.steps), default=procedure.created_at)
    return shown is not None and shown >= datetime.fromtimestamp(recorded).date()
