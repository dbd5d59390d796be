"""Widget idiom: an element the title names by its kind, not its label ('Click on a "checkbox" widget')."""

from __future__ import annotations

import re

from procedures.building.containers import on_container
from procedures.building.making import Made, Making, WidgetIdiom
from procedures.building.titles import mentions, role
from procedures.models import ProcedureStep
from procedures.runtime.widgets import element_kind, kind_named
from recorder.models import RecordedStep, Recording

KIND_SAID = re.compile(
    r"[\"“']([^\"”']{2,30})[\"”']|\b(?:a|an|the|any)\s+([a-z][a-z -]{1,25}?)\s+(?:widget|element|control)\b", re.IGNORECASE
)


def _holder(path: str) -> str:
    """The element that holds the repeated item (the last `:nth-of-type` part) of a CSS path from the root."""
    parts = path.split(" > ")
    if "internal:" in path or ">>" in path or len(parts) < 2:
        return "body"
    last = max((i for i, part in enumerate(parts) if ":nth-of-type(" in part), default=0)
    return " > ".join(parts[:last]) if last > 0 else "body"


def kind_clicks(recording: Recording) -> dict[int, tuple[str, str]]:
    """Clicks on an element that the title names by its kind, not by its label ('Click on a "checkbox"
    widget'): by step index, (the CSS path of the element that holds such elements, the kind as the
    title writes it). Replay clicks the first element of the task's kind there."""
    said = [w for m in KIND_SAID.finditer(recording.title) if kind_named(w := m.group(1) or m.group(2))]
    out = {}
    for index, step in enumerate(recording.steps):
        if step.action not in ("click", "dblclick", "check") or not step.selectors or not said:
            continue
        if step.label and mentions(recording.title, step.label):
            continue
        kind = element_kind(step.tag, step.input_type, role(step))
        written = next((w for w in said if kind_named(w) == kind), None)
        if written is not None:
            out[index] = (_holder(step.selectors[-1]), written)
    return out


def kind_click(step: RecordedStep, holder: str, name: str) -> ProcedureStep:
    return on_container(
        step, holder, name, action="click", by_kind=True, description=f"Click the first {{{name}}} in the element"
    )


def _make(making: Making, found: dict[int, tuple[str, str]], index: int, step: RecordedStep) -> Made | None:
    if index not in found:
        return None
    holder, written = found[index]
    return kind_click(step, holder, making.named(written, "kind", "target")), index + 1


IDIOM = WidgetIdiom(kind_clicks, _make)
