"""The recording's form fields as a person names them, and the values a paste gave."""

from __future__ import annotations

import re

from core.words import STOP_WORDS
from procedures.wording.vocabulary import VERBS
from recorder.models import RecordedStep, Recording

# A select's placeholder option, which is no option to record ("-- choose --", "---------").
PLACEHOLDER_OPTION = re.compile(r"(?<!\S)[-=_*—–]+(?:\s*[^\W_]+(?:\s+[^\W_]+)*\s*[-=_*—–]+)?(?!\S)")


def field_name(step: RecordedStep) -> str:
    """The field's accessible name as a person reads it: without the texts of the options a label
    around a select holds, without what follows a colon in the text around the field ("Action: ... Go
    0 of 3 selected"), and without a leading verb before an article ("Choose the product" -> "product")."""
    text = step.field or step.label
    for option in sorted({o.strip() for o in step.options + step.option_values if o.strip()}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(option)}(?!\w)", " ", text, flags=re.IGNORECASE)
    text = PLACEHOLDER_OPTION.sub(" ", text)
    text = re.split(r":(?:\s|$)", text, maxsplit=1)[0]
    words = re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", text)
    if len(words) > 2 and words[0].lower() in VERBS and words[1].lower() in STOP_WORDS:
        words = words[1:]  # "Choose the product", not "Start time"
    while len(words) > 1 and words[0].lower() in STOP_WORDS:
        words.pop(0)
    return " ".join(words) or step.field or step.label


PASTE_KEYS = frozenset({"control+v", "meta+v", "controlormeta+v", "shift+insert"})


def pasted(steps: list[RecordedStep], index: int) -> bool:
    """A field's value that a paste into it just before put there: the paste gives it again on replay,
    with what was copied then, never the demonstration's copy."""
    step, before = steps[index], steps[index - 1] if index else None
    return (
        step.action == "fill"
        and before is not None
        and before.action == "press"
        and (before.value or "").lower() in PASTE_KEYS
        and before.selector == step.selector
    )


def named_fields(recording: Recording) -> Recording:
    """The recording with each form field's name as `field_name` reads it."""
    steps = [
        s.model_copy(update={"field": field_name(s)}) if s.action in ("fill", "select", "upload") and s.field else s
        for s in recording.steps
    ]
    return recording.model_copy(update={"steps": steps})
