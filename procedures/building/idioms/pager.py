"""Widget idiom: a pager's "next" clicked until the page shows the task's item."""

from __future__ import annotations

from procedures.building.titles import lines_at, mentions
from recorder.models import Recording


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
