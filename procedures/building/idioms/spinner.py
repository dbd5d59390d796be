"""Widget idiom: a spinner stepped (or a slider's keys pressed) to a number the title names."""

from __future__ import annotations

import re

from procedures.building.making import Made, Making, WidgetIdiom
from procedures.building.titles import mentions
from procedures.models import ProcedureStep
from procedures.runtime.widgets import element_kind
from recorder.models import RecordedStep, Recording

SPIN_KEYS = frozenset({"ArrowUp", "ArrowDown"})
SLIDE_KEYS = frozenset({"ArrowLeft", "ArrowRight"})  # a slider's keys too, but a text field's caret moves by them
INTEGER = re.compile(r"(?<![\w.])[-+−]?\d+(?![\w.])")


def _presses_arrow(step: RecordedStep, title: str) -> bool:
    """A press of a spinner's or a slider's arrow: a click on an element that says no word (an arrow, "+";
    "Add one" is a button of its own) and that the title does not name, an up or down key, or a left or
    right key on an element that takes no text (a slider's handle)."""
    if step.action == "press":
        takes_text = element_kind(step.tag, step.input_type, "") in ("text", "textarea")
        return step.value in SPIN_KEYS or (step.value in SLIDE_KEYS and not takes_text)
    wordless = not re.search(r"[^\W\d_]", step.label)
    return step.action == "click" and bool(step.selectors) and wordless and not (step.label and mentions(title, step.label))


def spin_runs(recording: Recording) -> dict[int, tuple[int, str]]:
    """Runs of presses of one arrow (two or more clicks on one element, or an up or down key held on a field)
    that set a number the title names: the count of presses, or the title's only number. By the run's first
    step index, (the index after it, the number as the title writes it). Replay steps the spinner to the
    task's number, by whichever arrow moves it there."""
    numbers = INTEGER.findall(recording.title)
    steps, spins, index = recording.steps, {}, 0
    while numbers and index < len(steps):
        step, end, count = steps[index], index, 0
        while (
            end < len(steps)
            and _presses_arrow(steps[end], recording.title)
            and (steps[end].action, steps[end].selector, steps[end].value) == (step.action, step.selector, step.value)
        ):
            count, end = count + steps[end].repeat, end + 1
        written = next((n for n in numbers if abs(int(n.replace("−", "-"))) == count), None)
        if count >= 2 and (written or len(numbers) == 1):
            spins[index] = (end, written or numbers[0])
        index = max(end, index + 1)
    return spins


def spin_step(built: ProcedureStep, name: str) -> ProcedureStep:
    update = {"value": f"{{{name}}}", "spin": True, "repeat": 1, "changes_page": None}
    return built.model_copy(update=update | {"description": f"Step the spinner to {{{name}}}"})


def _make(making: Making, found: dict[int, tuple[int, str]], index: int, step: RecordedStep) -> Made | None:
    if index not in found:
        return None
    end, written = found[index]
    return spin_step(making.substitute.step(step, None), making.named(written, "number")), end


IDIOM = WidgetIdiom(spin_runs, _make)
