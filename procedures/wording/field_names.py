"""Where a task names a procedure's fields, and what it says next to each name: the value after the
name ("notes: call first", `customer name "Bob Stone"`) or before it (`"bl@mit.edu" as the email`,
"Express delivery"), and whether a checkbox is asked for or turned off ("no gift wrap", "gift wrap:
no", "don't send updates"). Pure: no browser, no network."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.words import STOP_WORDS
from procedures.models import NO, YES, Parameter

QUOTE = r"\"(?P<q>[^\"]*)\"|“(?P<c>[^”]*)”|(?<!\w)'(?P<s>[^']*)'(?!\w)"
CLAUSE_END = re.compile(r"\s*(?:[,;()]|\.(?:\s|$)|$)")
CLAUSE_START = re.compile(r"(?:^|[,;()]|\.\s|:\s|\b(?:and|but|then|or|plus)\b)", re.IGNORECASE)
SEPARATOR = re.compile(r"\s*(?P<sep>[:=]|\bis\b|\bto\b|\bof\b|\bare\b)?\s*", re.IGNORECASE)
CONNECTORS = r"(?:with|and|then|but|or|plus)"
NEGATION = re.compile(
    r"\b(?:no|not|without|don'?t|do\s+not|never|none|uncheck|untick|disable|skip|turn\s+off|leave\s+out|out\s+of)\b",  # "out of stock"
    re.IGNORECASE,
)
YES_WORDS, NO_WORDS = ("yes", "on", "true", "y", "please"), ("no", "off", "false", "n", "none")
SUFFIXES = r"(?:s|es|ing|ed|ped|ping|d)?"
GENERIC = frozenset("name address number field text".split())  # last words of a label that its first ones mean too


@dataclass(frozen=True)
class Mention:
    """A place where the task names a parameter's field."""

    param: str
    start: int
    end: int
    words: str  # as the task wrote them


@dataclass(frozen=True)
class Read:
    """A value the task gives next to a field's name."""

    value: str
    span: tuple[int, int]
    quoted: bool
    words: str  # the name it was next to


def names_of(param: Parameter) -> list[str]:
    """What a task may call the field: its label, its name, the label's words without stop words, and for
    a checkbox labelled as a sentence ("Send me updates") its last word of weight."""
    label = " ".join(re.findall(r"[A-Za-z0-9]+", param.label.lower()))
    names = [label, param.name.replace("_", " ")]
    content = [w for w in label.split() if w not in STOP_WORDS]
    names.append(" ".join(content))
    if len(content) > 1 and content[-1] in GENERIC:  # "Customer name" is the customer's
        names.append(" ".join(content[:-1]))
    if param.kind == "toggle" and len(content) > 1 and len(content[-1]) >= 5:
        names.append(content[-1])
    return [n for n in dict.fromkeys(names) if n and n not in STOP_WORDS]


def _pattern(phrase: str) -> str:
    words = []
    for word in phrase.split():
        stem = word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word
        words.append(re.escape(stem) + SUFFIXES)
    return r"(?<!\w)" + r"[\s_-]+".join(words) + r"(?!\w)"


def mentions(params: list[Parameter], task: str) -> list[Mention]:
    """Every place the task names a field, longest names first, none inside another or inside quotes; a
    phrase that names two fields names neither."""
    owners: dict[str, set[str]] = {}
    for param in params:
        for phrase in names_of(param):
            owners.setdefault(phrase, set()).add(param.name)
    quoted = [m.span() for m in re.finditer(QUOTE, task)]
    found: list[Mention] = []
    taken: list[tuple[int, int]] = list(quoted)
    for phrase in sorted(owners, key=len, reverse=True):
        for m in re.finditer(_pattern(phrase), task, re.IGNORECASE):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            taken.append(m.span())
            if len(owners[phrase]) == 1:
                found.append(Mention(next(iter(owners[phrase])), m.start(), m.end(), m.group(0)))
    return sorted(found, key=lambda m: m.start)


def _quoted_at(text: str, at: int) -> tuple[str, tuple[int, int]] | None:
    m = re.compile(QUOTE).match(text, at)
    if m is None:
        return None
    group = next(g for g in ("q", "c", "s") if m.group(g) is not None)
    return m.group(group), m.span(group)


def _option_at(options: list[str], text: str, at: int) -> tuple[str, tuple[int, int]] | None:
    for option in sorted(options, key=len, reverse=True):
        m = re.compile(rf"{re.escape(option)}(?!\w)", re.IGNORECASE).match(text, at)
        if m:
            return option, m.span()
    return None


def value_after(param: Parameter, mention: Mention, task: str, stops: list[int]) -> Read | None:
    """The value right after the field's name: quoted, one of its options, or (typed text) the words up
    to the end of the clause or the next field's name."""
    sep = SEPARATOR.match(task, mention.end)
    at = sep.end() if sep else mention.end
    quoted = _quoted_at(task, at)
    if quoted:
        return Read(quoted[0], quoted[1], True, mention.words)
    if param.allowed:
        option = _option_at(param.allowed, task, at)
        return Read(option[0], option[1], False, mention.words) if option else None
    if param.kind != "text":
        return None
    end = CLAUSE_END.search(task, at)
    stop = min([end.start() if end else len(task), *(s for s in stops if s >= at)])
    text = re.sub(rf"(?:\s+{CONNECTORS}\b)+\s*$", "", task[at:stop], flags=re.IGNORECASE).rstrip()
    first = text.split()[0].lower() if text.split() else ""
    if not text or (not (sep and sep.group("sep")) and (first in STOP_WORDS or NEGATION.fullmatch(first))):
        return None
    return Read(text, (at, at + len(text)), False, mention.words)


def value_before(param: Parameter, mention: Mention, task: str, floor: int) -> Read | None:
    """The value right before the field's name: `"X" as the notes`, `x@y.org is the email`, `Express delivery`."""
    head = task[floor : mention.start]
    link = re.search(r"\s+(?:(?P<as>as|is|are)\s+)?(?:(?:the|my|a|an)\s+)?$", head, re.IGNORECASE)
    if link is None:
        return None
    before = head[: link.start()]
    quoted = re.search(rf"(?:{QUOTE})$", before)
    if quoted:
        group = next(g for g in ("q", "c", "s") if quoted.group(g) is not None)
        return Read(quoted.group(group), (floor + quoted.start(group), floor + quoted.end(group)), True, mention.words)
    for option in sorted(param.allowed, key=len, reverse=True):
        m = re.search(rf"(?<!\w){re.escape(option)}$", before, re.IGNORECASE)
        if m:
            return Read(option, (floor + m.start(), floor + m.end()), False, mention.words)
    if param.kind != "text" or param.allowed or not link.group("as"):
        return None
    starts = [m.end() for m in CLAUSE_START.finditer(before)]
    start = starts[-1] if starts else 0
    text = before[start:].strip()
    if not text or len(text.split()) > 8:
        return None
    at = floor + start + before[start:].index(text)
    return Read(text, (at, at + len(text)), False, mention.words)


@dataclass(frozen=True)
class Toggle:
    """What the task says of a checkbox at one place: asked for (yes) or turned off (no)."""

    state: str
    words: str  # the task's words for it, for a message
    span: tuple[int, int]


def toggle_states(mention: Mention, task: str, floor: int) -> Toggle:
    """Yes or no for a checkbox named at `mention`: "gift wrap: no", "no gift wrap", "without gift
    wrapping", "please don't send updates", else asked for. `floor`: where the words that may speak of
    it start (the end of the previous field's name)."""
    after = re.match(r"\s*[:=]?\s*(\w+)", task[mention.end :])
    if (
        after
        and task[mention.end : mention.end + after.end()].strip()[:1] in ":="
        and after.group(1).lower() in YES_WORDS + NO_WORDS
    ):
        state = NO if after.group(1).lower() in NO_WORDS else YES
        end = mention.end + after.end()
        return Toggle(state, task[mention.start : end], (mention.start, end))
    head = task[floor : mention.start]
    starts = [m.end() for m in CLAUSE_START.finditer(head)]
    window = head[starts[-1] if starts else 0 :]
    negated = NEGATION.search(window)
    start = floor + (starts[-1] if starts else 0) + (negated.start() if negated else len(window))
    return Toggle(NO if negated else YES, task[start : mention.end].strip(), (start, mention.end))
