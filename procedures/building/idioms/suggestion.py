"""Widget idiom: a suggestion picked after typing (an autocomplete's)."""

from __future__ import annotations

import re

from procedures.building.making import Made, Making, WidgetIdiom, at_each_step
from procedures.building.titles import role
from procedures.models import ProcedureStep
from recorder.models import RecordedStep

SUGGESTION_AFTER = 3  # a click this many steps after typing may pick one of the suggestions the typing brought up


def typed_before(steps: list[RecordedStep], index: int, owners: dict[int, str], values: dict[str, str]) -> str | None:
    """The parameter typed just before a click on an element that shows the typed value among more text
    (an autocomplete's suggestion "Aberdeen, SD (ABR)" after typing "Aberdeen"), if any."""
    step = steps[index]
    if step.action != "click" or not step.label:
        return None
    for before in range(index - 1, max(-1, index - 1 - SUGGESTION_AFTER), -1):
        name = owners.get(before)
        typed = values.get(name or "", "")
        if steps[before].action == "fill" and typed and typed.lower() in step.label.lower() and typed != step.label:
            return name
    return None


QUOTED_IN_TITLE = re.compile(r'"([^"]+)"|“([^”]+)”')


def also_in_suggestion(title: str, label: str, typed: str) -> list[str]:
    """The title's other quoted values that the picked suggestion shows too ('starts with "Af" and ends
    with "tan"' when "Afghanistan" was picked after typing "Af"): the task's own narrow the choice."""
    quoted = [a or b for a, b in QUOTED_IN_TITLE.findall(title)]
    return [q for q in dict.fromkeys(quoted) if q.lower() not in (typed.lower(), label.lower()) and q.lower() in label.lower()]


CLASS_CSS = re.compile(r"[a-z][a-z0-9]*(?:\.-?[A-Za-z_][\w-]*)+")  # div.ui-menu-item-wrapper


def _kind_css(step: RecordedStep) -> str | None:
    """A CSS selector for elements of the kind of the step's one, not for that one only: its tag and class
    (`div.ui-menu-item-wrapper`), else the end of its CSS path without places (`ul > li > div`)."""
    classed = next((s for s in [step.row_selector, *step.selectors] if CLASS_CSS.fullmatch(s)), None)
    parts = next((s.split(" > ") for s in step.selectors if s.startswith("html > body > ")), [])
    if classed is not None or len(parts) < 5:  # not `body > div`, which holds anything
        return classed
    return " > ".join(re.sub(r":nth-of-type\(\d+\)", "", part) for part in parts[-3:])


def suggestion(built: ProcedureStep, step: RecordedStep, name: str, also: list[str]) -> ProcedureStep:
    """The first shown element of the kind clicked (by its class, when it has one) whose text holds the parameter's
    value (and the `also` ones); else the first of its role, or failing that any element showing that text."""
    narrowed = "".join(f' >> internal:has-text="{{{other}}}"i' for other in also)
    kind = _kind_css(step)
    selectors = [
        f'internal:role={role(step)}[name="{{{name}}}"i]{narrowed} >> nth=0',
        f'internal:text="{{{name}}}"i{narrowed} >> nth=0',
    ]
    if kind:  # the suggestions come a moment after the typing, while a text anywhere may show the value at once
        selectors = [f'{kind} >> internal:has-text="{{{name}}}"i{narrowed} >> visible=true >> nth=0', selectors[0]]
    return built.model_copy(update={"selectors": selectors, "selector": selectors[0], "suggestion": True})


def _make(making: Making, found: dict[int, None], index: int, step: RecordedStep) -> Made | None:
    typed = typed_before(making.recording.steps, index, making.owners, making.params.values)
    if typed is None or index in making.targets:  # the title names what was clicked: its own parameter
        return None
    # a suggestion that shows what was typed: the one that shows the task's value
    title, values = making.recording.title, making.params.values
    also = [making.named(v, "part") for v in also_in_suggestion(title, step.label, values[typed])]
    return suggestion(making.substitute.step(step, None), step, typed, also), index + 1


IDIOM = WidgetIdiom(at_each_step, _make)
