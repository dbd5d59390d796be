"""Widget idiom: a field the title names by its place among the shown fields of its kind ("the 2nd text box")."""

from __future__ import annotations

import re

from procedures.models import ProcedureStep
from procedures.runtime.formats import ORDINAL, ordinal_number
from procedures.runtime.placeholders import escape_braces
from recorder.models import RecordedStep, Recording

KIND_NOUNS = {  # how a title may call a field of each kind
    "radio": r"radio(?:\s+button)?|option",
    "checkbox": r"check\s*box|box",
    "select": r"drop\s*down|select|list|menu",
    "button": r"button",
}
TEXT_NOUNS = r"text\s*box|text\s*field|text\s*area|field|input|box"


def ordinals(recording: Recording) -> dict[int, tuple[str, str]]:
    """Steps on a field that the title names by its place among the shown fields of its kind ("the 2nd
    text box"), by step index: the ordinal as the title writes it, and the noun after it."""
    found: dict[int, tuple[str, str]] = {}
    taken: list[int] = []
    for index, step in enumerate(recording.steps):
        if not step.position or not step.kind or step.action not in ("click", "check", "fill", "select"):
            continue
        kind = step.input_type if step.input_type in KIND_NOUNS else step.tag if step.tag in KIND_NOUNS else ""
        nouns = KIND_NOUNS.get(kind, TEXT_NOUNS)
        for m in ORDINAL.finditer(recording.title):
            after = re.match(rf"\s+(?:[\w-]+\s+)?({nouns})s?\b", recording.title[m.end() :], re.IGNORECASE)
            if after and m.start() not in taken and ordinal_number(m.group(0)) == step.position:
                found[index] = (m.group(0), after.group(1))
                taken.append(m.start())
                break
    return found


def in_place(built: ProcedureStep, step: RecordedStep, name: str) -> ProcedureStep:
    """The step's element found as the so-manyth shown field of its kind, the place a parameter."""
    kind = escape_braces(step.kind)
    return built.model_copy(update={"selectors": [kind], "selector": kind, "ordinal": f"{{{name}}}"})
