"""Checks that assert only what the task decides.

A check built from the demonstration's pages holds the values the person gave as `{placeholders}`; the rest of its
text is the page's. Some of that text is no part of what the task decides, and a run that did exactly its task
sees other text there: the record's former state in a history line (`status: chatting -> {status}`: "chatting"
was the demonstrated record's old status), another value a choice offers (the old priority: any option of a
parameter written out, not as its placeholder), and the data of the record the person picked in a list (the
demonstrated book's author in the changed list's row: the texts of the row a step was taken in). Such text
becomes a `*` wildcard. A URL keeps of its query only what is a parameter's (its placeholder, or its option
value's). A check whose text is then one placeholder alone (or nothing) between wildcards, or that holds literal
braces (the page showed a template's remains), is left out: it proves nothing. Checks the person wrote are kept as written.
Pure: no browser, no network.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit

from procedures.models import Check, Parameter
from procedures.runtime.placeholders import PLACEHOLDER
from recorder.models import RecordedStep

# a change written as a transition to a value given: "status: chatting -> {status}", "from low to {priority}"
TRANSITION = re.compile(r"(?P<before>[^{}*]*?)\s*(?P<arrow>->|→|=>|⇒|»|\bto\b)\s*(?=\{[a-z])", re.IGNORECASE)
LABEL_END = re.compile(r".*(?:[:(\[,;]|\bfrom\b)\s*", re.IGNORECASE | re.DOTALL)
PICKING = frozenset({"click", "dblclick", "check"})  # steps that pick an item of a list: its row's texts are its data
SEGMENT = re.compile(r"(\{\{|\}\}|\{[a-z][a-z0-9_]*\})")  # a check's text: placeholders and literal braces apart


def others_data(steps: Iterable[RecordedStep], parameters: Iterable[Parameter]) -> list[str]:
    """Texts a page may show that the task does not decide: every option a choice offers (its own value shows
    as its placeholder) and the other texts of the rows the person picked something in, longest first."""
    texts = {t for p in parameters if p.kind != "toggle" for t in p.allowed}
    texts |= {t for step in steps if step.row and step.action in PICKING for t in step.row_texts}
    return sorted((t.strip() for t in texts if len(t.strip()) >= 2 and re.search(r"[^\W\d_]", t)), key=len, reverse=True)


def _wildcards(text: str, others: list[str]) -> str:
    """`text` with the `others` written in its literal parts, and former values before a transition, as `*`."""
    if others:
        other = re.compile("|".join(rf"(?<!\w){re.escape(o)}(?!\w)" for o in others), re.IGNORECASE)
        text = "".join(part if i % 2 else other.sub("*", part) for i, part in enumerate(SEGMENT.split(text)))
    return re.sub(r"\*(?:\s*\*)+", "*", _former(text)).strip()


def _former(text: str) -> str:
    """The former value before a transition to a placeholder as `*`: the words after the line's label (its
    colon, or "from"), else the one word before the arrow. "to" is a transition only after "from"."""
    out, at = [], 0
    for m in TRANSITION.finditer(text):
        before, arrow = m["before"], m["arrow"]
        label = LABEL_END.match(before)
        if arrow.lower() == "to" and not (label and label.group(0).rstrip().lower().endswith("from")):
            continue
        head = label.group(0) if label else before.rsplit(" ", 1)[0] + " " if " " in before.strip() else ""
        if not before[len(head) :].strip():
            continue
        out.append(text[at : m.start()] + f"{head}* {arrow} ")
        at = m.end()
    return "".join(out) + text[at:]


def _proves_nothing(text: str) -> bool:
    """One placeholder (or none) with nothing but wildcards and punctuation beside it, which shows wherever the page
    shows the value; or literal braces, the remains of a page's template. Values side by side (a row) prove their
    order."""
    if "{{" in text or "}}" in text:
        return True
    return len(PLACEHOLDER.findall(text)) < 2 and not re.sub(r"[\W_]+", "", PLACEHOLDER.sub("", text).replace("*", ""))


def _url(expected: str) -> str:
    """A URL check's query with only the values that are placeholders; a glob is kept as it is."""
    parts = urlsplit(expected)
    if "*" in expected or not parts.query:
        return expected
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if PLACEHOLDER.fullmatch(v)]
    query = re.sub(r"%7B([a-z][a-z0-9_]*)%7D", r"{\1}", urlencode(kept))
    return parts._replace(query=query).geturl()


def decided(checks: list[Check], others: list[str], toggles: frozenset[str] = frozenset()) -> list[Check]:
    """The demonstration's `checks` as they assert only what the task decides (see the module docstring);
    `others`: the texts no task decides (see `others_data`); a check of a checkbox's state (`toggles`) stays whole:
    what the page shows of it is all that says the site kept it."""
    out = []
    for check in checks:
        toggled = {name.split("__")[0] for name in check.referenced_parameters()} & toggles
        if check.source != "demonstration" or check.kind not in ("text", "url") or toggled:
            out.append(check)
            continue
        expected = _url(check.expected) if check.kind == "url" else _wildcards(check.expected, others)
        if check.kind == "url" or not _proves_nothing(expected):
            out.append(check.model_copy(update={"expected": expected}))
    return out
