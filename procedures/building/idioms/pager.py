"""Widget idiom: a pager's "next" clicked until the page shows the task's item."""

from __future__ import annotations

from procedures.building.idioms.calendar import calendar_picks
from procedures.building.making import Made, Making, WidgetIdiom
from procedures.building.titles import lines_at, mentions
from recorder.models import RecordedStep, Recording


def pagers(recording: Recording) -> dict[int, tuple[int, str]]:
    """Clicks on one element, two or more one after another (a pager's "next"), that the title does not
    name, after which the page first showed a line that the title names (the item the task is about): by
    the run's first step index, (the index after the run, that line). A run replays as clicks until the
    page shows the task's item."""
    steps, title, runs = recording.steps, recording.title, {}
    index = 0
    while index < len(steps):
        end = index
        while end < len(steps) and steps[end].action == "click" and steps[end].selector == steps[index].selector:
            end += 1
        named = any(mentions(title, t) for t in [steps[index].label, *steps[index].row_texts] if t)
        if end - index > 1 and end < len(steps) and steps[index].selector and not named:
            before = set(lines_at(recording, index))
            shown = [line for line in lines_at(recording, end) if line not in before and mentions(title, line)]
            if len(shown) == 1 and len(shown[0]) < len(title):
                runs[index] = (end, shown[0])
        index = max(end, index + 1)
    return runs


def _outside_calendars(recording: Recording) -> dict[int, tuple[int, str]]:
    """The pagers, but for the month arrows of a calendar pick."""
    picked = [range(start, end) for start, (end, *_) in calendar_picks(recording).items()]
    return {i: run for i, run in pagers(recording).items() if not any(i in r or run[0] - 1 in r for r in picked)}


def _make(making: Making, found: dict[int, tuple[int, str]], index: int, step: RecordedStep) -> Made | None:
    if index not in found:
        return None
    end, shown = found[index]
    name = making.named(shown, "item", "target")
    built = making.substitute.step(step, None)
    described = f'Click "{step.label or step.selector}" until the page shows {{{name}}}'
    return built.model_copy(update={"until": f"{{{name}}}", "description": described}), end


IDIOM = WidgetIdiom(_outside_calendars, _make)
