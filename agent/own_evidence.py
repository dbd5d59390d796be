"""Verifying a run with no procedure behind it: the task's own values are the evidence. A value the task names
(quoted, or a value the agent typed, chose or clicked that the task's words hold) must have reached the site in a
request the page sent, or show on the page the run ended on (a line that was not there when it started). Without
any such value, or with one the agent never used, nothing shows the task was done, and the run says why."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.sent import Sent, same_value
from procedures.wording.vocabulary import QUOTED_TEXT
from recorder.models import RecordedStep, Recording

USED_ACTIONS = ("fill", "select", "check", "click")


@dataclass
class OwnVerdict:
    """The outcome the task's values give (`verified`, `unverified` or `failed`), why, and each value's evidence."""

    outcome: str
    reason: str
    found: dict[str, str] = field(default_factory=dict)  # value -> where it was found: "request" or "page"
    unused: list[str] = field(default_factory=list)  # values the task named that the agent never used
    kind: str = "none"  # the strongest evidence every value had: request, page or none


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _words_hold(task: str, value: str) -> bool:
    """Whether the task's words hold `value` as words of their own (not inside a longer word)."""
    text, wanted = _plain(task), _plain(value)
    return bool(wanted) and re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", text) is not None


def quoted_values(task: str) -> list[str]:
    """The values the task quotes, in order, each once."""
    found = [next(g for g in m.groups() if g is not None) for m in QUOTED_TEXT.finditer(task)]
    return list(dict.fromkeys(v.strip() for v in found if v.strip()))


def _used(step: RecordedStep) -> tuple[str, list[str]] | None:
    """What a step put in or chose, with the forms a site receives it in: a fill's text, an option's or a box's
    label (and value attribute), a link's or button's label; None for a secret or another action."""
    if step.secret or step.action not in USED_ACTIONS:
        return None
    text = (step.value or "") if step.action in ("fill", "select") else step.label
    return text, [form for form in (text, step.option_value or "") if form.strip()]


def task_values(task: str, steps: list[RecordedStep]) -> tuple[dict[str, list[str]], list[str]]:
    """The values the task names that the agent used (each with the forms a site receives it in), and those the
    task quotes that the agent never used. A typed or chosen value is named when the task's words hold it; a
    clicked or ticked label only when the task quotes it (else "Log in" would be a value of "log in as bob")."""
    quoted = quoted_values(task)
    named: dict[str, list[str]] = {}
    for step in steps:
        used = _used(step)
        if used is None or not used[0].strip():
            continue
        text, forms = used
        typed = step.action in ("fill", "select")
        if any(same_value(text, q) for q in quoted) or typed and _words_hold(task, text):
            named.setdefault(text, forms)
    unused = [q for q in quoted if not any(same_value(text, q) for text in named)]
    return named, unused


def _in_requests(forms: list[str], sent: list[tuple[Sent, int | None]]) -> int | None:
    """The status of the answer to the last request that carried the value in one of its `forms` (0: not known);
    None: none carried it."""
    carried = [status or 0 for request, status in sent if any(same_value(v, f) for _, v in request.fields for f in forms)]
    return carried[-1] if carried else None


def _on_page(value: str, lines: list[str]) -> bool:
    return any(_words_hold(line, value) for line in lines)


def judge_own(task: str, recording: Recording, sent: list[tuple[Sent, int | None]]) -> OwnVerdict:
    """The verdict of a run with no procedure: see the module docstring. `recording` is the run's trace."""
    named, unused = task_values(task, recording.steps)
    if unused:
        shown = ", ".join(f'"{v}"' for v in unused)
        return OwnVerdict("unverified", f"the task named {shown}, which the agent never used", unused=unused)
    if not named:
        return OwnVerdict("unverified", "the task names no value that the run used, so nothing shows the task was done")
    lines = recording.outcome.lines if recording.outcome else []
    found: dict[str, str] = {}
    for value, forms in named.items():
        status = _in_requests(forms, sent)
        if status is not None and status >= 400:
            return OwnVerdict("failed", f'the site answered {status} to what the page sent with "{value}"')
        if status is not None:
            found[value] = "request"
        elif _on_page(value, lines):
            found[value] = "page"
    missing = [v for v in named if v not in found]
    if missing:
        shown = ", ".join(f'"{v}"' for v in missing)
        return OwnVerdict(
            "unverified", f"no evidence of {shown}: neither a request the page sent nor the page it ended on has it", found
        )
    kind = "request" if all(where == "request" for where in found.values()) else "page"
    said = "; ".join(
        f'"{v}" {"reached the site" if where == "request" else "shows on the last page"}' for v, where in found.items()
    )
    return OwnVerdict("verified", said, found, kind=kind)
