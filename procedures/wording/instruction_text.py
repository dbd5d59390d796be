"""The task's own words on the page are no field's name: a page that shows its instruction just before a text
box ("Click into the text box" above it) words it otherwise on the next visit, so a field found by that text
(the recorder's selectors by the text beside a field), or named by it, holds on to nothing."""

from __future__ import annotations

import json
import re

from recorder.models import RecordedStep, Recording

QUOTED_IN_SELECTOR = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'')
FIELDS = ("input", "textarea", "select")
MIN_WORDS = 3  # a text this long that the title holds, or that holds the title, is the instruction


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def is_instruction(text: str, title: str) -> bool:
    """Whether a text of the page is the task's instruction: the title, or a long part of it, in other case
    and punctuation."""
    said, told = _plain(text), _plain(title)
    if not said or not told:
        return False
    return said == told or (len(said.split()) >= MIN_WORDS and (f" {said} " in f" {told} " or f" {told} " in f" {said} "))


def _quotes_instruction(selector: str, title: str) -> bool:
    if not selector.startswith("xpath="):  # the text beside a field: what the recorder finds a field by that way
        return False
    texts = (json.loads(f'"{a}"') if a else b for a, b in QUOTED_IN_SELECTOR.findall(selector))
    return any(is_instruction(t, title) for t in texts)


def without_instruction(recording: Recording) -> Recording:
    """The recording with no step on a field found by the instruction's text (the field's path stays when
    nothing else does) or named by it."""
    steps: list[RecordedStep] = []
    for step in recording.steps:
        if step.tag not in FIELDS:
            steps.append(step)
            continue
        kept = [s for s in step.selectors if not _quotes_instruction(s, recording.title)] or step.selectors[-1:]
        update: dict[str, object] = {"selectors": kept, "selector": kept[0] if kept else step.selector}
        for name in ("label", "field"):
            if is_instruction(getattr(step, name), recording.title):
                update[name] = ""
        steps.append(step.model_copy(update=update) if kept != step.selectors or len(update) > 2 else step)
    return recording.model_copy(update={"steps": steps})
