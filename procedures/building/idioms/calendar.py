"""Widget idiom: a day picked in a calendar for a date the title names."""

from __future__ import annotations

from procedures.building.containers import innermost_holder, on_container
from procedures.building.making import Made, Making, WidgetIdiom
from procedures.models import ProcedureStep
from procedures.runtime.formats import dates_in
from recorder.models import RecordedStep, Recording

MONTH_STEPS = frozenset("prev previous next < > ‹ › « » ← →".split())  # what a calendar's month arrows say


def calendar_picks(recording: Recording) -> dict[int, tuple[int, str, str]]:
    """Days clicked in a calendar for a date the title names: by the index of the first step of the pick
    (the clicks that stepped through months, then the day), (the index after it, the CSS path of the
    calendar, the date as the title writes it). Replay steps to the task's month instead."""
    dates = dates_in(recording.title)
    steps, picks = recording.steps, {}
    for index, step in enumerate(steps):
        label = step.label.strip()
        if step.action != "click" or not label.isdigit():
            continue
        written = next((text for text, day, _ in dates if day.day == int(label)), None)
        if written is None or not step.selectors:
            continue
        start = index
        while start > 0 and steps[start - 1].action == "click" and steps[start - 1].label.strip().lower() in MONTH_STEPS:
            start -= 1
        paths = [s.selectors[-1] for s in steps[start : index + 1]]
        container = innermost_holder(paths) if len(paths) > 1 else paths[0].split(" > table")[0]
        if " > " in container and container != paths[0]:
            picks[start] = (index + 1, container, written)
    return picks


def pick_day(step: RecordedStep, container: str, name: str) -> ProcedureStep:
    return on_container(step, container, name, action="click", calendar=True, description=f"Pick {{{name}}} in the calendar")


def _make(making: Making, found: dict[int, tuple[int, str, str]], index: int, step: RecordedStep) -> Made | None:
    if index not in found:
        return None
    end, container, example = found[index]
    return pick_day(step, container, making.params.add("date", example)), end


IDIOM = WidgetIdiom(calendar_picks, _make)
