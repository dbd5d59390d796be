"""Widget idiom: a set of checkboxes ticked whose labels the title names."""

from __future__ import annotations

import re

from core.thesaurus import closeness
from procedures.building.containers import innermost_holder, on_container
from procedures.building.making import Made, Making, WidgetIdiom
from procedures.building.titles import group_name
from procedures.models import ProcedureStep
from recorder.models import RecordedStep, Recording


def _lone_checkbox(step: RecordedStep) -> bool:
    """A checkbox ticked that belongs to no named group (a group's choices are parameters of their own)."""
    return step.action == "check" and step.input_type == "checkbox" and bool(step.label) and len(step.options) < 2


LIST_ITEM = r"[^\W\d_][\w'-]*"
LISTED = re.compile(rf"(?<![\w'-]){LIST_ITEM}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+){LIST_ITEM})+")  # "a, b and c"


def _label_spans(labels: list[str], title: str) -> list[tuple[int, int] | None]:
    """Where the title names each checkbox's label: the label itself, else the one word of a list in the title ("a,
    b and c") nearest to it in meaning, a word for each label (the title asks for "big" where the box says "large")."""
    spans = [m.span() if (m := re.search(rf"(?<!\w){re.escape(label.strip())}(?!\w)", title)) else None for label in labels]
    items = [
        (run.start() + m.start(), run.start() + m.end(), m.group())
        for run in LISTED.finditer(title)
        for m in re.finditer(LIST_ITEM, run.group())
        if m.group().lower() not in ("and", "or")
    ]
    for at, label in enumerate(labels):
        if spans[at] is None:
            scored = sorted(((closeness(label, word), (a, b)) for a, b, word in items if (a, b) not in spans), reverse=True)
            if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
                spans[at] = scored[0][1]
    return spans


def checkbox_sets(recording: Recording) -> dict[int, tuple[int, str, str]]:
    """Runs of checkboxes ticked one after another whose labels the title names, by themselves or by words of the
    same meaning: by the run's first step index, (its end, the CSS path of the element that holds them, the title's
    text from the first to the last of those labels: "WPy, iBU0VQ and F7"). Their number and labels change from
    task to task."""
    title, steps, sets = recording.title, recording.steps, {}
    index = 0
    while index < len(steps):
        end = index
        while end < len(steps) and _lone_checkbox(steps[end]):
            end += 1
        spans = _label_spans([s.label for s in steps[index:end]], title)
        alone = end == index + 1 and bool(steps[index].group)  # one box the form sends by its own name: a field, no set
        if end > index and all(spans) and not alone and not any(s.secret for s in steps[index:end]):
            found = [span for span in spans if span]
            container = innermost_holder([s.selectors[-1] for s in steps[index:end]])
            if container and ">" in container:
                sets[index] = (end, container, title[min(a for a, _ in found) : max(b for _, b in found)])
        index = max(end, index + 1)
    return sets


def tick_set(step: RecordedStep, container: str, name: str, labels: list[str]) -> ProcedureStep:
    return on_container(
        step,
        container,
        name,
        action="check",
        many=True,
        input_type="checkbox",
        options=labels,
        description=f"Tick exactly {{{name}}}",
    )


def _make(making: Making, found: dict[int, tuple[int, str, str]], index: int, step: RecordedStep) -> Made | None:
    if index not in found:
        return None
    end, container, example = found[index]
    name = making.params.add(group_name(step.group) or "choices", example, label=step.group)
    return tick_set(step, container, name, [s.label for s in making.recording.steps[index:end]]), end


IDIOM = WidgetIdiom(checkbox_sets, _make)
