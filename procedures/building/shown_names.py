"""An element whose visible text is not its accessible name (an "x" named "Close", an "OK" titled "Confirm"): the
title quotes what a person sees, so that is the parameter, and replay finds the element whose visible text,
title or accessible name is the task's value."""

from __future__ import annotations

import json
import re

from procedures.models import ProcedureStep
from recorder.models import RecordedStep

# a selector that finds the element, alone, by its visible text or its title, and the text it gives
SHOWN = re.compile(r'^internal:(?:text=|attr=\[title=)("(?:[^"\\]|\\.)*")s\]?$')
QUOTED = re.compile(r'"([^"]*)"|“([^”]*)”|(?<!\w)\'([^\']*)\'(?!\w)')
ROLE = re.compile(r"^internal:role=([a-z]+)\[")


def shown_names(step: RecordedStep) -> list[str]:
    """The element's visible text and title as its recorded selectors give them."""
    return [json.loads(m.group(1)) for m in map(SHOWN.match, step.selectors) if m]


def quoted_shown_name(step: RecordedStep, title: str) -> str | None:
    """The visible text or title of the element, other than its accessible name, that the title quotes whole;
    None when the title quotes its accessible name too, or none of these."""
    quoted = {"".join(q).strip().casefold() for q in QUOTED.findall(title)}
    if step.action != "click" or not step.label or step.label.strip().casefold() in quoted:
        return None
    return next((n for n in shown_names(step) if n != step.label and n.strip().casefold() in quoted), None)


def by_any_name(built: ProcedureStep, step: RecordedStep, name: str) -> ProcedureStep:
    """The step's element found as the one whose visible text, title or accessible name (as an element of the
    recorded one's role) is the value of the parameter `name`."""
    value = f'\\"{{{name}}}\\"s'
    union = [f'internal:text="{{{name}}}"s', f'internal:or="internal:attr=[title={value}]"']
    roles = [m.group(1) for m in map(ROLE.match, step.selectors) if m]
    union += [f'internal:or="internal:role={roles[0]}[name={value}]"'] if roles else []
    selector = " >> ".join(union)
    return built.model_copy(update={"selectors": [selector], "selector": selector})
