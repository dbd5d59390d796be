"""Binding a procedure's parameters to values taken from a task's text, saying how each was found.

In order: the task has the shape of the demonstration's title (or description) with the demonstrated
values cut out; else each value sits where the title had its value, between the same words (other
wordings around them allowed); else it has the example's shape with other numbers ("Tab #3"); else
it is next to the parameter's name or label; else it is one of the parameter's allowed values; else
quoted strings go to what is left, in order. Pure: no browser, no network.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from core.settings import load_settings
from core.sites import on_site
from core.thesaurus import NEAR, closeness
from core.words import STOP_WORDS
from procedures.differences import Difference, differences
from procedures.list_values import list_problems, task_lists
from procedures.models import NO, YES, Parameter, Procedure
from procedures.runtime.formats import ISO_DATE, dates_in, renderings
from procedures.unasked import unasked
from procedures.wording.field_names import Mention, Read, mentions, names_of, toggle_states, value_after, value_before
from procedures.wording.notes import is_note
from procedures.wording.phrasing import part_said, parts, value_end
from procedures.wording.vocabulary import QUOTED_TEXT, UNSPELLED_PICTURE, VERBS
from procedures.wording.word_forms import replaced, same_word, word_pattern

ENV_PREFIX = "SHOWMEHOW_PARAM_"
TRAILING = " \t.!?;,"
# Words that lead to a clicked or chosen thing: one stands for another in a reworded task.
CHOOSING = frozenset("click press hit tap push select choose pick tick check activate".split())
# Where a bare (unquoted) value ends when only the words before it are known.
BARE_STOP = r"(?=\s*(?:[,;!?()]|\.(?:\s|$)|$|\s(?:and|with|then|using|but|so)\b|\s(?:in|on|from|at|inside|within)\s+(?:the|this|that|my|your)\b))"
CONJUNCTIONS = frozenset("and or but then with".split())
NEGATIONS = r"(?:no|not|without|don'?t|do\s+not|never|uncheck|untick|disable|turn\s+off|skip)"
USER_WORDS = re.compile(r"user|login|account|member|email|handle", re.IGNORECASE)
FILLER_WORDS = frozenset("the a an their his her its about called named titled saying".split())
FILLERS = rf"(?:(?:{'|'.join(sorted(FILLER_WORDS))})\s+){{0,2}}"
# A value in a task: quoted ("...", “...”, '...' but not an apostrophe), else bare (the pattern given).
VALUE = r"(?:\"(?P<q>[^\"]*)\"|“(?P<c>[^”]*)”|(?<!\w)'(?P<s>[^']*)'(?!\w)|(?P<b>{bare}))"
GROUPS = ("q", "c", "s", "b")
CHOSEN = frozenset({"target", "option", "choice"})  # parameters that choose one of what the page offers
GIVEN = "given as a parameter"  # the source of a value the person gave
KINDS = (r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", r"https?://[^\s\"'“”<>]+")  # e-mail and web addresses


@dataclass
class Binding:
    """The values bound for a task, where each came from, and values the task names that none took."""

    values: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # by parameter: where its value came from, in words
    unplaced: list[str] = field(default_factory=list)
    defaulted: list[str] = field(default_factory=list)  # parameters that kept their demonstrated value
    changed: list[Difference] = field(default_factory=list)  # where the task says another thing than the title, in no parameter
    ambiguous: list[str] = field(default_factory=list)  # readings the task leaves open: each names a parameter and what it read

    def put(self, name: str, value: str, source: str) -> None:
        self.values[name] = value
        self.sources[name] = source

    def with_given(self, given: Mapping[str, str], names: Collection[str]) -> Binding:
        """This binding with the values a person gave (which win over the task's); `names` are the
        procedure's parameters, whose sources then say so."""
        return replace(
            self,
            values=self.values | dict(given),
            sources=self.sources | {name: GIVEN for name in given if name in names},
        )


def _words(name: str) -> str:
    return r"[\s_-]*".join(map(re.escape, name.split("_")))


def _exact(value: str) -> str:
    """A pattern for `value` as a whole word (when it starts and ends with word characters)."""
    left = r"(?<!\w)" if value[:1].isalnum() else ""
    right = r"(?!\w)" if value[-1:].isalnum() else ""
    return left + re.escape(value) + right


def _find(pattern: str, value: str, text: str) -> re.Match[str] | None:
    """re.search(pattern, text, re.IGNORECASE) for a pattern that holds `value` as it is; without compiling the
    pattern when `value` is surely not in `text` (ASCII only: other letters fold in more ways than `lower` says)."""
    if value.isascii() and text.isascii() and value.lower() not in text.lower():
        return None
    return re.search(pattern, text, re.IGNORECASE)


def _locate(param: Parameter, text: str) -> tuple[int, int] | None:
    """Where the title shows this parameter's demonstrated value (quotes excluded)."""
    if param.kind == "toggle":
        return None
    placeholder = re.search(rf"\{{{re.escape(param.name)}\}}", text)  # where the recorder put a secret's placeholder
    if placeholder:
        return placeholder.start(), placeholder.end()
    if param.example:
        quoted = _find(rf"[\"“']({re.escape(param.example)})[\"”']", param.example, text)  # the title's quoted slot first
        if quoted:
            return quoted.start(1), quoted.end(1)
        for written in [param.example, *renderings(param.example)]:  # a date field's "2016-01-09" is "01/09/2016" in words
            m = _find(_exact(written), written, text)
            if m:
                return m.start(), m.end()
        return None
    names = [_words(param.name), *(re.escape(w) for w in [param.label] if w), re.escape(param.name.split("_")[-1])]
    for name in names:  # a secret: its value is never kept, but the title may show where it goes
        m = re.search(rf"\b{name}\b\s*(?:to|is|as|:|=)?\s*(\"[^\"]*\"|“[^”]*”|[^\s,;]+)", text, re.IGNORECASE)
        if m:
            quoted = m.group(1)[:1] in '"“'
            return (m.start(1) + quoted, m.end(1) - quoted)
    return None


# --- the title's shape --------------------------------------------------------------------------------


def _value_group(name: str, last: bool) -> str:
    """A value in a task: quoted (any text) or bare (lazy, or to the end when it is the last)."""
    bare = r"[^\"“”]+" if last else r"[^\"“”]+?"  # a bare value never swallows a quoted one
    return rf"(?:\"(?P<{name}__q>[^\"]*)\"|'(?P<{name}__s>[^']*)'|“(?P<{name}__c>[^”]*)”|(?P<{name}__b>{bare}))"


def _literal(text: str) -> str:
    words = text.strip("\"'“” ").split() if text.strip() else []
    joined = r"\s+".join(re.escape(w) for w in words)
    joined = (r"(?<!\w)" if words[0][:1].isalnum() else "") + joined if words else joined  # "on" is not in "Hampton"
    joined += r"(?!\w)" if words and words[-1][-1:].isalnum() else ""
    if not words:  # values apart in the title are apart in the task: "Order {quantity} {bouquet}"
        return r"[\s\"'“”]+" if text else r"[\s\"'“”]*"
    return rf"[\s\"'“”]*{joined}[\s\"'“”]*"


def _template(text: str, located: dict[str, tuple[int, int] | None]) -> tuple[str, list[str], set[str]] | None:
    """A pattern for tasks shaped like `text` with each demonstrated value (`located` by parameter)
    cut out, the parameters in the order of their values, and the words that such a task must hold."""
    spans = sorted((span[0], span[1], name) for name, span in located.items() if span)
    if not spans:
        return None
    pattern, at, names, literal = "", 0, [], []
    for index, (start, end, name) in enumerate(spans):
        if start < at:
            continue
        last = index == len(spans) - 1 and not text[end:].strip(TRAILING + "\"'”")
        pattern += _literal(text[at:start]) + _value_group(name, last)
        literal.append(text[at:start])
        names.append(name)
        at = end
    pattern += _literal(text[at:].rstrip(TRAILING))
    literal.append(text[at:])
    return pattern, names, set(_word_list(" ".join(literal)))


def _without_values(text: str, spans: list[tuple[int, int]]) -> str:
    """The title's own words: `text` without the values at `spans`."""
    kept, at = [], 0
    for start, end in sorted(spans):
        kept.append(text[at:start])
        at = max(at, end)
    return " ".join([*kept, text[at:]])


def _word_list(text: str) -> list[str]:
    return re.findall(r"[\w#@'-]+", text.lower())


def _from_groups(match: re.Match[str], names: list[str]) -> dict[str, tuple[str, tuple[int, int]]]:
    values = {}
    for name in names:
        for kind in ("q", "s", "c", "b"):
            value = match.group(f"{name}__{kind}")
            if value is not None:
                span = match.span(f"{name}__{kind}")
                values[name] = (value.strip() if kind == "b" else value, span)
                break
    return {k: v for k, v in values.items() if v[0]}


QUOTE_PAIRS = {'"': '"', "“": "”", "'": "'"}


def _enclosed(text: str, span: tuple[int, int]) -> bool:
    """The value at `span` stands between quotes of its own (the title's literal words took the quotes, not the value)."""
    start, end = span
    return start > 0 and end < len(text) and QUOTE_PAIRS.get(text[start - 1]) == text[end]


def _cut_at_other_names(value: str, name: str, names: list[str]) -> str:
    """A bare value runs on only until another parameter is named ("emile with password x" -> "emile")."""
    others = "|".join(_words(other) for other in names if other != name)
    if not others:
        return value
    pattern = rf"\s*(?:,|\b(?:with|and)\b)\s+(?:the\s+|my\s+)?(?:{others})\b"
    return re.split(pattern, value, maxsplit=1, flags=re.IGNORECASE)[0]


# --- one binding pass ---------------------------------------------------------------------------------


class _Binder:
    def __init__(self, procedure: Procedure, task: str) -> None:
        self.procedure = procedure
        self.params = [p for p in procedure.abstract.parameters if p.kind != "list"]  # lists: procedures.list_values
        self.task = task.strip().rstrip(TRAILING)
        self.sources = [t.strip() for t in (procedure.title, procedure.description, procedure.abstract.goal) if t.strip()]
        self.result = Binding()
        self.used: list[tuple[int, int]] = []  # spans of the task that bound values came from
        self.words = set(_word_list(self.task))
        self.spans: dict[tuple[str, str], tuple[int, int] | None] = {}  # where each value is in each source
        self.doubtful: dict[str, tuple[str, str, tuple[int, int]]] = {}  # values outside the allowed ones, by parameter
        self.mentions = mentions(self.params, self.task)  # where the task names a field
        self.parts = parts(
            {p.name: p.example for p in self.params if p.kind in ("text", "target") and p.example and not p.secret}
        )

    def free(self, span: tuple[int, int]) -> bool:
        return all(span[1] <= a or span[0] >= b for a, b in self.used)

    def take(
        self, param: Parameter, value: str, span: tuple[int, int], source: str, sure: bool = False, bare: bool = False
    ) -> bool:
        """Bind `value` unless its place is taken. A value outside the listed allowed values is kept
        aside unless the binding is `sure` of it: a later way may find one that fits, else it stands
        (and, for a closed list, the run says it is not allowed). A `bare` (unquoted) value ends where the
        demonstrated value's shape says (see `_bare_end`)."""
        if bare and not param.closed and not param.secret:
            kept = value_end(_bare_end(param, value.strip()), param.example)
            at = span[0] + max(0, value.find(kept))
            value, span = kept, (at, at + len(kept))
        value = value.strip()
        if not value or not self.free(span) or param.name in self.result.values or self.named_for_other(param, span):
            return False
        if value.lower() in names_of(param) and value.lower() != (param.example or "").lower():  # "the password": its name
            return False
        listed = param.closed or (param.kind == "choice" and param.allowed)  # a radio group's labels may change
        if not sure and listed and value.lower() not in {a.lower() for a in param.accepted}:
            self.doubtful.setdefault(param.name, (value, source, span))
            return False
        self.result.put(param.name, _canonical(param, value), source)
        self.used.append(span)
        return True

    def open(self, secrets: bool = True) -> list[Parameter]:
        """Parameters still to bind by the title's words, shapes and positions: not checkboxes, nor the
        optional typed values that the title never shows (only their names bind them); an optional note the
        title shows binds as a required value would, when the task gives one."""
        return [
            p
            for p in self.params
            if p.name not in self.result.values
            and p.name not in self.parts  # bound from the value it is a part of (by_parts)
            and p.kind != "toggle"
            and (secrets or not p.secret)
            and (p.required or p.secret or p.kind != "text" or is_note(p.label) and self.span(p, self.procedure.title))
        ]

    def named_for_other(self, param: Parameter, span: tuple[int, int]) -> bool:
        """The words around a value name another field: `customer name "Bob Stone"` is never the username,
        nor `"x@y.org" as the email` the notes."""
        kinds = {p.name: p.kind for p in self.params}
        for m in self.mentions:
            if m.param == param.name or self._title_puts_beside(param, m.words):
                continue
            link = r"[:=]" if kinds[m.param] == "target" else r"[:=]|is|to|of|are"  # "the email to Casie" is not the email
            if m.end <= span[0] and re.fullmatch(rf"\s*(?:{link})?\s*[\"“']?", self.task[m.end : span[0]], re.IGNORECASE):
                return True
            between = self.task[span[1] : m.start] if m.start >= span[1] else None
            if between is not None and re.fullmatch(r"[\"”']?\s+(?:as|is|are)\s+(?:(?:the|my|a|an)\s+)?", between, re.IGNORECASE):
                return True
        return False

    def _title_puts_beside(self, param: Parameter, words: str) -> bool:
        """The title too has this parameter's value right after or before another field's name (`"High" priority
        "Printer" ticket`): there the name is no sign that the value is that field's."""
        name = r"\s+".join(map(re.escape, words.lower().split()))
        for source in self.sources:
            span = self.span(param, source)
            if span is None:
                continue
            before = re.search(rf"(?<!\w){name}\s*[\"“']?$", source[: span[0]].lower())
            after = re.match(rf"[\"”']?\s*{name}(?!\w)", source[span[1] :].lower())
            if before or after:
                return True
        return False

    def _stops(self, at: int) -> list[int]:
        return [m.start for m in self.mentions if m.start >= at]

    def _floor(self, mention: Mention) -> int:
        """Where the words that may speak of a field's name start: after the previous field's name."""
        return max((m.end for m in self.mentions if m.end <= mention.start), default=0)

    def by_parts(self) -> None:
        """A value typed as a part of another (a search for "Okafor" to find "Tom Okafor"): the same part of the
        value the task gives for that one ("Lee" for "Ann Lee")."""
        by_name = {p.name: p for p in self.params}
        for name, (other, start, end) in self.parts.items():
            whole, example = self.result.values.get(other), by_name[other].example or ""
            said = part_said(whole, example, start, end) if whole and name not in self.result.values else None
            if said:
                self.result.put(name, said, f"the part of {other} it was in the demonstration")

    def by_field_names(self) -> None:
        """Values next to a field's name, read over the whole task: typed text runs to the end of its clause
        or the next field's name. A field named twice with two values is left open, and said so."""
        by_name = {p.name: p for p in self.params}
        reads: dict[str, list[Read]] = {}
        for mention in self.mentions:
            param = by_name[mention.param]
            if param.kind == "toggle":
                continue
            read = value_after(param, mention, self.task, self._stops(mention.end + 1)) or value_before(
                param, mention, self.task, self._floor(mention)
            )
            if read is not None:
                reads.setdefault(param.name, []).append(read)
        for name, found in reads.items():
            values = list(dict.fromkeys(r.value.strip() for r in found))
            if len({v.lower() for v in values}) > 1:
                shown = " and ".join(f'"{v}"' for v in values)
                self.result.ambiguous.append(f"{name}: the task names it more than once, with {shown}")
                self.used.extend(r.span for r in found)
                continue
            param = by_name[name]
            if param.kind == "text" and name not in self.result.values:
                read = found[0]
                words = f"next to its name '{read.words.lower()}'"
                self.take(param, read.value, read.span, words, sure=read.quoted, bare=not read.quoted)

    def trimmed(self, value: str, start: int) -> str:
        """A bare value cut before another field's name inside it ("second floor, and don't send updates" ->
        "second floor"), at the clause boundary before that name when there is one."""
        inside = [m.start - start for m in self.mentions if start <= m.start < start + len(value)]
        if not inside:
            return value
        head = value[: min(inside)]
        boundary = max(head.rfind(","), head.rfind(";"))
        head = head[:boundary] if boundary > 0 else head
        return re.sub(r"(?:\s+(?:with|and|then|but|or|no|not|without|don'?t))+\s*$", "", head, flags=re.IGNORECASE).rstrip(" ,;")

    def by_title_shape(self) -> None:
        best: dict[str, tuple[str, tuple[int, int]]] = {}
        sure: set[str] = set()  # quoted: taken as the task wrote them, even when not allowed
        for source in self.sources:
            template = _template(source, {p.name: self.span(p, source) for p in self.params})
            if template is None or not template[2] <= self.words:
                continue  # a task of this shape holds every word of the title but its values
            pattern, names = re.compile(template[0], re.IGNORECASE), template[1]
            whole = pattern.fullmatch(self.task)
            match = whole or pattern.search(self.task)
            if match is None:
                continue
            found = _from_groups(match, names)
            quoted = {n for n in found if match.group(f"{n}__b") is None or _enclosed(self.task, found[n][1])}
            if whole is None:  # part of the task has the shape: only its quoted values are sure
                found = {n: v for n, v in found.items() if n in quoted}
            if len(found) > len(best):
                best, sure = found, quoted
        names = [p.name for p in self.params]
        by_name = {p.name: p for p in self.params}
        for name, (value, span) in best.items():
            cut = _cut_at_other_names(value, name, names)
            if name not in sure and by_name[name].example and not by_name[name].secret:
                cut = _without_lead(cut, by_name[name].example or "")
            if name not in sure and not by_name[name].closed:  # a closed value is checked against its options instead
                cut = self.trimmed(cut, span[0] + max(0, self.task[span[0] : span[1]].find(cut)))
            start = span[0] + max(0, self.task[span[0] : span[1]].find(cut))
            shaped = "the task has the title's shape"
            self.take(by_name[name], cut, (start, start + len(cut)), shaped, sure=name in sure, bare=name not in sure)

    def by_roles(self) -> None:
        """Names put in other words: each name-shaped value the title gave by its role ("by X", "from X", "X
        sent" for where a thing comes from; "to X", "Send X the ..." for whom it goes to) is the task's name
        in the same role ("The mail by Barby should be forwarded to Rozina"). Once one is placed so, a last
        name left for a last value is that one. Two names in one role are left alone."""
        title = self.sources[0] if self.sources else ""
        roles: dict[str, list[Parameter]] = {}
        for param in self.open(secrets=False):
            span = self.span(param, title)
            if span and NAME.fullmatch(title[span[0] : span[1]]):
                roles.setdefault(_role(title, *span) or "", []).append(param)
        if len(roles.get("source", [])) + len(roles.get("goal", [])) < 1 or sum(map(len, roles.values())) < 2:
            return
        literal = set(_word_list(title)) - {w for p in self.params for w in _word_list(p.example or "")}
        size = max(len((p.example or "").split()) for ps in roles.values() for p in ps)
        found = [span for m in NAME.finditer(self.task) if (span := _name_in(m, literal, size)) and self.free(span)]
        placed = []
        for role in ("source", "goal"):
            said = [span for span in found if _role(self.task, *span) == role]
            if (
                len(roles.get(role, [])) == 1
                and len(said) == 1
                and self.take(roles[role][0], self.task[slice(*said[0])], said[0], f"it is the name {role_words(role)}")
            ):
                placed.append(said[0])
        left = [p for ps in roles.values() for p in ps if p.name not in self.result.values]
        rest = [span for span in found if span not in placed]
        inside = [span for span in rest if not _starts_sentence(self.task, span[0])] or rest
        if placed and len(left) == 1 and len(inside) == 1:
            self.take(left[0], self.task[slice(*inside[0])], inside[0], "the one name left for the one value left")

    def by_demonstrated_targets(self) -> None:
        """A clicked element's demonstrated name that the task says as a plain word, or its singular ("find
        books matching "x"" after clicking "Books" on the way): that element again, before quoted values are
        handed out."""
        quoted = [m.span() for m in QUOTED_TEXT.finditer(self.task)]
        for param in self.open(secrets=False):
            example = (param.example or "").strip()
            if param.kind != "target" or len(example) < 2:
                continue
            said = re.escape(example) + ("?" if example.lower().endswith("s") else "")  # "the book list": the Books link
            for m in re.finditer(rf"(?<!\w){said}(?!\w)", self.task, re.IGNORECASE):
                if not any(a <= m.start() < b for a, b in quoted) and self.take(
                    param, example, m.span(), "the task says the demonstrated name"
                ):
                    break

    def by_neighbours(self) -> None:
        """Each value where the title had it: after the same words, before the same words, or between; the values a
        task must give first, then those that have a default."""
        for param in sorted(self.open(), key=lambda p: not p.required):
            for source in self.sources:
                span = self.span(param, source)
                if span and self._near(param, source, span):
                    break

    def span(self, param: Parameter, source: str) -> tuple[int, int] | None:
        key = (param.name, source)
        if key not in self.spans:
            self.spans[key] = _locate(param, source)
        return self.spans[key]

    def _present(self, anchors: list[str]) -> bool:
        return all(
            any(same_word(w, said) for said in self.words) or (w.lower() in CHOOSING and CHOOSING & self.words) for w in anchors
        )

    def _near(self, param: Parameter, source: str, span: tuple[int, int]) -> bool:
        others = [s for p in self.params if p is not param and (s := self.span(p, source))]
        left = _context(source[: span[0]], [(a, b) for a, b in others if b <= span[0]], before=True)
        right = _context(source[span[1] :], [(a - span[1], b - span[1]) for a, b in others if a >= span[1]], before=False)
        n_words = max(1, len((param.example or "x").split()))
        value = VALUE
        lefts = [w for w in (left[-2:], left[-1:], left[-2:-1] if left[-1:] and left[-1].lower() in FILLER_WORDS else []) if w]
        lefts = [w for w in lefts if self._present(w)]
        rights = [w for w in (right[:2], right[:1]) if w and self._present(w)]
        tries = [
            (
                _anchor(lw, self.words)
                + r"[\s:,(-]*"
                + FILLERS
                + value.format(bare=r"[^\"“”,;]{1,80}?")
                + r"[\s,;:)\"”']*"
                + _anchor(rw, self.words),
                "between",
                lw + rw,
            )
            for lw in lefts
            for rw in rights
        ]
        bare = rf"[^\"“”,;!?()]{{1,80}}?{BARE_STOP}"
        tries += [(_anchor(lw, self.words) + r"[\s:,(-]*" + FILLERS + value.format(bare=bare), "after", lw) for lw in lefts]
        bare = r"[^\s\"“”,;.!?()]+" + r"(?:\s+[^\s\"“”,;.!?()]+)" * (n_words - 1)
        tries += [(value.format(bare=bare) + r"[\s,;:)\"”']*" + _anchor(rw, self.words), "before", rw) for rw in rights]
        at_end = not source[span[1] :].strip(TRAILING + "\"'”")
        title_words = set(_word_list(_without_values(source, [span, *others])))
        digits_only = bool(re.fullmatch(r"[\d\W]+", param.example or ""))
        for pattern, where, anchors in tries:
            for m in re.finditer(pattern, self.task, re.IGNORECASE):
                bare = m.group("b") is not None
                raw, span = _found(m)
                unquoted = bare and span == m.span("b")  # not a quoted value inside the words
                if bare and (len(raw.split()) > max(3, n_words + 2) or raw.lower() in STOP_WORDS):
                    continue
                if bare and digits_only and not re.search(r"\d", raw):  # a date or a count: never "available"
                    continue
                if bare and set(_word_list(raw)) <= title_words:  # "a normal priority ticket": the title's own words
                    continue
                if bare and (count := re.match(r"\d+(?=\s)", raw)) and re.fullmatch(r"\d+", param.example or ""):
                    raw, span = count.group(0), (span[0], span[0] + count.end())  # "2 Medium cakes": the count is 2
                raw, span = _whole_date(self.task, raw, span) if ISO_DATE.fullmatch(param.example or "") else (raw, span)
                if (
                    bare and raw.split()[:1] and raw.split()[0].lower() in CONJUNCTIONS
                ):  # "the username and the password": no value between
                    continue
                ends = at_end and not self.task[span[1] :].strip(TRAILING + "\"'”")
                loose = where != "between" and all(w.lower() in STOP_WORDS for w in anchors)  # "the" alone: where does it end?
                if bare and loose and not ends and not _same_case(param.example or "", raw):
                    continue
                words = " ... ".join(
                    " ".join(w) for w in ([left[-2:]] if where != "before" else []) + ([right[:2]] if where != "after" else [])
                )
                if self.take(param, raw, span, f"the task puts it where the title did ({where} '{words}')", bare=unquoted):
                    return True
        return False

    def by_names(self) -> None:
        """`subject "X"`, `priority: Urgent`, `Urgent priority`, `as bob`."""
        for param in self.open():
            for name in _names_of(param, [(source, self.span(param, source)) for source in self.sources]):
                if self._next_to(param, name):
                    break

    def _next_to(self, param: Parameter, words: str) -> bool:
        if not set(words.split()) <= self.words:
            return False
        name = r"\s+".join(map(re.escape, words.split()))
        options = sorted(param.accepted, key=len, reverse=True)
        bare = "|".join(_exact(o) for o in options) if options else r"[^\s\"“”,;()]+"
        after = rf"(?<!\w){name}\s*(?:[:=]|\bis\b|\bof\b|\bto\b)?\s*{VALUE.format(bare=bare)}"
        patterns = [after]
        if param.allowed or param.kind in ("option", "choice", "target"):
            patterns.append(rf"{VALUE.format(bare=bare)}\s+{name}(?!\w)")  # "with Urgent priority", "the Specs tab"
        for pattern in patterns:
            for m in re.finditer(pattern, self.task, re.IGNORECASE):
                value, span = _found(m)
                if m.group("b") is not None:
                    value, span = _quoted_after(self.task, value, span)
                if m.group("b") is not None and value.lower() in STOP_WORDS:
                    continue
                if self.take(param, value, span, f"next to its name '{words}'"):
                    return True
        return False

    def by_allowed_values(self) -> None:
        for param in self.open():
            found = {}
            for option in param.accepted:
                if option.lower() in STOP_WORDS or len(option) < 2:
                    continue
                for m in re.finditer(_exact(option), self.task, 0 if _is_code(option) else re.IGNORECASE):
                    if self.free(m.span()):
                        found.setdefault(option.lower(), (option, m.span()))
            distinct = _outermost(list(found.values()))
            if len(distinct) == 1:
                option, span = distinct[0]
                self.take(param, option, span, "one of its allowed values")

    def by_option_words(self) -> None:
        """An option the task names in its own words: "mark them as out of stock" for "Mark selected books as out of
        stock". Each option scores by the words of its label that set it apart from the others (a word shared by all
        of them tells nothing) and that the task says outside the values bound, or a word of the same or a near
        meaning; only a single best option binds (the only option beside a placeholder is no choice the words make).
        The field's own name is no word for an option: "in the Marketing section" names no "All sections"."""
        free = [(m.group(0).lower(), m.span()) for m in re.finditer(r"[\w'-]+", self.task) if self.free(m.span())]
        free = [(w, span) for w, span in free if w not in STOP_WORDS]
        for param in self.open(secrets=False):
            named = [(m.start, m.end) for m in self.mentions if m.param == param.name]
            own_name = {w for name in names_of(param) for w in name.split()}
            said = [(w, s) for w, s in free if w not in own_name and not any(a <= s[0] and s[1] <= b for a, b in named)]
            words = {option: set(re.findall(r"[^\W\d_]+", option.lower())) - STOP_WORDS for option in param.allowed}
            words = {option: own for option, own in words.items() if own}  # "---------" chooses nothing
            if param.kind != "option" or len(words) < 2:
                continue
            common = set.intersection(*words.values())
            scores = []
            for option, own in words.items():
                near = [(max((closeness(w, o) for o in own - common), default=0.0), span) for w, span in said if w not in common]
                near = [(score, span) for score, span in near if score >= NEAR]
                scores.append((sum(score for score, _ in near), option, [span for _, span in near]))
            scores.sort(key=lambda found: -found[0])
            (best, option, spans), runner_up = scores[0], scores[1][0]
            if best > 0 and best > runner_up and self.take(param, option, spans[0], "the task names its option in other words"):
                self.used += spans[1:]

    def by_shape(self) -> None:
        """An example with digits ("Tab #2", "09:30", "2025-03-14"): the same shape with other numbers;
        an e-mail address or a web address: another one."""
        for param in self.open(secrets=False):
            example = param.example or ""
            kind = next((k for k in KINDS if re.fullmatch(k, example)), None)
            if kind is not None:
                for m in re.finditer(rf"(?<![\w@/.-]){kind}(?![\w@/-])", self.task):
                    if self.take(param, m.group(0), m.span(), "it has the shape of the demonstrated value"):
                        break
                continue
            if not re.search(r"\d", example) or len(example.split()) > 3:
                continue
            pattern = r"\d+".join(r"\s*".join(map(re.escape, part.split())) for part in re.split(r"\d+", example))
            for m in re.finditer(rf"(?<!\w){pattern}(?!\w)", self.task, re.IGNORECASE):
                numbers = iter(re.findall(r"\d+", m.group(0)))
                value = re.sub(r"\d+", lambda _, found=numbers: next(found), example)
                if self.take(param, value, m.span(), "it has the shape of the demonstrated value"):
                    break

    def by_position(self) -> None:
        quoted = [(m.span(g), m.group(g)) for m in QUOTED_TEXT.finditer(self.task) for g in (1, 2, 3) if m.group(g) is not None]
        quoted = [(span, text) for span, text in quoted if self.free(span) and text.strip()]
        waiting = sorted(self.open(secrets=False), key=self._order)  # a secret comes from a secret source, never by position
        for param, (span, text) in zip(waiting, quoted):
            self.take(param, text, span, "the next quoted value in the task")
        # a few words in parentheses, as a value the task must give ("Anna Kowalski" (Poland)): the next one
        aside = [(m.span(1), m.group(1)) for m in re.finditer(r"\(\s*([^()\"“”]{1,40}?)\s*\)", self.task)]
        aside = [(span, text) for span, text in aside if self.free(span) and len(text.split()) <= 3]
        for param, (span, text) in zip([p for p in self.open(secrets=False) if p.required], aside):
            self.take(param, text, span, "the next value in parentheses in the task")

    def by_verb(self) -> None:
        """The one clicked element the task may name after a verb ("press Cancel in the dialog")."""
        targets = [p for p in self.open(secrets=False) if p.kind == "target"]
        if len(targets) != 1:
            return
        verbs = "|".join(sorted(CHOOSING))
        for m in re.finditer(
            rf"(?<!\w)(?:{verbs})\s+(?:on\s+)?{FILLERS}(?P<b>[^\"“”,;!?()]{{1,60}}?){BARE_STOP}", self.task, re.IGNORECASE
        ):
            value = m.group("b")
            short = len(value.split()) <= 4 and value.lower() not in STOP_WORDS | CHOOSING
            if short and self.take(targets[0], value, m.span("b"), "it follows a verb of choosing"):
                return

    def _order(self, param: Parameter) -> tuple[int, int]:
        for index, source in enumerate(self.sources):
            span = self.span(param, source)
            if span:
                return index, span[0]
        return len(self.sources), self.params.index(param)

    def toggles(self) -> None:
        """Checkboxes the task names: asked for, or turned off by a negation or a "no" after the name; named
        both ways, the box is left open and said so."""
        by_name = {p.name: p for p in self.params}
        said: dict[str, list] = {}
        for mention in self.mentions:
            param = by_name[mention.param]
            if param.kind == "toggle" and param.name not in self.result.values:
                said.setdefault(param.name, []).append(toggle_states(mention, self.task, self._floor(mention)))
        for name, states in said.items():
            label = by_name[name].label or name.replace("_", " ")
            if len({t.state for t in states}) > 1:
                shown = " and ".join(f'"{t.words}"' for t in states)
                self.result.ambiguous.append(f"{name}: the task both asks for '{label}' and turns it off ({shown})")
                continue
            off = states[0].state == NO
            self.result.put(name, NO if off else YES, f"the task {'turns off' if off else 'asks for'} '{label}'")

    def changed(self) -> list[Difference]:
        """Where the task has the title's shape but says another thing in a place no parameter holds."""
        title = self.sources[0] if self.sources else ""
        values = [span for p in self.params if (span := self.span(p, title))]
        return differences(title, self.task, values, self.used)

    def formatted(self) -> None:
        """A typed value the demonstration wrote in another case than the title ("RILEY" for "riley"):
        the task's value is written the same way, or in the case the task asks for when the title asked
        for one too ("in upper case" in the title, "in lower case" in the task)."""
        title = self.sources[0] if self.sources else ""
        asked = _case_asked(self.task)
        for param in self.params:
            value, example, span = self.result.values.get(param.name), param.example or "", self.span(param, title)
            if value is None or span is None or param.kind != "text" or param.secret or title[span[0] : span[1]] == example:
                continue
            if asked is not None and _case_asked(title) is not None and example in (example.upper(), example.lower()):
                self.result.values[param.name] = value.upper() if asked[0] == "upper" else value.lower()
                self.used.append(asked[1])
            elif example.isupper():
                self.result.values[param.name] = value.upper()
            elif example.islower():
                self.result.values[param.name] = value.lower()

    def unplaced(self) -> list[str]:
        """Quoted values in the task that no parameter took and that the title does not hold either, and a
        picture the task points at without words when no step finds what it shows (no parameter can take it,
        whatever the title said)."""
        literal = " ".join(self.sources).lower()
        by_picture = any(step.by_picture for step in self.procedure.steps)  # a step that finds what the picture shows
        out = [] if by_picture else [m.group(1) for m in UNSPELLED_PICTURE.finditer(self.task)]
        for m in QUOTED_TEXT.finditer(self.task):
            text = next(g for g in m.groups() if g is not None)
            if text.strip() and self.free(m.span()) and text.lower() not in literal:
                out.append(text)
                named = re.search(r"([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s*:?\s*$", self.task[: m.start()])
                noun = named.group(1).split()[-1].lower() if named else ""
                if noun and noun not in STOP_WORDS | CHOOSING | VERBS:  # `coupon code "X"`: a field the procedure lacks
                    self.result.ambiguous.append(
                        f'the task gives {named.group(1) if named else ""} "{text}", but no field of '
                        f"'{self.procedure.title}' takes it"
                    )
        return out


NAME = re.compile(r"(?<![\w@#.'-])[A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*){0,2}(?![\w@'-])")  # a name written as one
SOURCE_BEFORE = frozenset("by from".split())  # "the email by X", "from X"
SOURCE_AFTER = frozenset("sent wrote sends writes posted".split())  # "the message X sent you"
GOAL_BEFORE = frozenset({"to"})  # "forward it to X"
ARTICLES = frozenset("the a an this that my your".split())


def _name_in(match: re.Match[str], literal: set[str], size: int) -> tuple[int, int] | None:
    """Where the name is in a run of capitalized words, without the title's own words and small words
    around it ("Forward Rozina" -> "Rozina", for names of at most `size` words); None when a word inside
    it is one of those."""
    words = list(re.finditer(r"\S+", match.group(0)))
    kept = [w for w in words if w.group(0).lower() not in literal | STOP_WORDS | VERBS | CHOOSING]
    if len(kept) > size and kept[0] is words[0] and _starts_sentence(match.string, match.start()):
        kept = kept[1:]  # capitalized because it starts the sentence: "Forward Rozina the email"
    if not kept or words.index(kept[-1]) - words.index(kept[0]) + 1 != len(kept):
        return None
    return match.start() + kept[0].start(), match.start() + kept[-1].end()


def role_words(role: str) -> str:
    return {"source": "a thing comes from", "goal": "a thing goes to"}[role]


def _starts_sentence(text: str, at: int) -> bool:
    return not text[:at].strip() or bool(re.search(r"[.!?;:]\s*$", text[:at]))


def _role(text: str, start: int, end: int) -> str | None:
    """The role the words around a name give it: "source" (by X, from X, X sent), "goal" (to X, and the
    first object of a verb that starts a sentence, "Send X the email"), else None."""
    before = list(re.finditer(r"[\w'-]+", text[:start]))
    after = re.findall(r"[\w'-]+", text[end:])
    prev = before[-1].group(0).lower() if before else ""
    following = after[0].lower() if after else ""
    if prev in SOURCE_BEFORE or following in SOURCE_AFTER:
        return "source"
    if prev in GOAL_BEFORE:
        return "goal"
    ordered = before and (
        _starts_sentence(text, before[-1].start()) or len(before) > 1 and before[-2].group(0).lower() == "please"
    )
    return "goal" if ordered and following in ARTICLES else None


CASES = (
    ("upper", re.compile(r"\b(?:upper[\s-]?case|capital letters|capitals|all caps)\b", re.IGNORECASE)),
    ("lower", re.compile(r"\b(?:lower[\s-]?case|small letters)\b", re.IGNORECASE)),
)


def _case_asked(text: str) -> tuple[str, tuple[int, int]] | None:
    """The letter case a text asks for ("in all upper case letters"), and where it says so."""
    found = [(case, m.span()) for case, pattern in CASES for m in pattern.finditer(text)]
    return found[0] if len(found) == 1 else None


LEADS = frozenset("to for from by of with the a an".split())


def _without_lead(value: str, example: str) -> str:
    """A bare one-word value that a rewording put a small word before ("Send to Neille" for "Send Darsey"):
    without it, unless the demonstrated value began so too. Free text of several words keeps all of them."""
    if len(example.split()) != 1:
        return value
    first = example.split()[0].lower()
    while (m := re.match(r"(\S+)\s+(?=\S)", value)) and m[1].lower() in LEADS and m[1].lower() != first:
        value = value[m.end() :]
    return value


def _whole_date(task: str, value: str, span: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """The whole date the task writes where `value` starts ("January 3, 2027", not "January 3")."""
    written = next((d for d in dates_in(task) if d[2][0] == span[0]), None)
    return (written[0], written[2]) if written is not None else (value, span)


def _found(match: re.Match[str]) -> tuple[str, tuple[int, int]]:
    """The value a match of VALUE holds, and where: a bare value that holds a quoted one ("the
    shipping option 'Two-day'") is that quoted one."""
    group = next(g for g in GROUPS if match.group(g) is not None)
    value, span = match.group(group), match.span(group)
    inner = QUOTED_TEXT.search(value) if group == "b" else None
    if inner:
        number = next(g for g in (1, 2, 3) if inner.group(g) is not None)
        return inner.group(number), (span[0] + inner.start(number), span[0] + inner.end(number))
    return value, span


def _quoted_after(task: str, value: str, span: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """A bare word right before a quoted value is that value's noun (`as user "lin"`, `for customer "Bo"`):
    the value is the quoted one."""
    quoted = QUOTED_TEXT.match(task, span[1] + 1) if task[span[1] : span[1] + 1] == " " else None
    if quoted is None:
        return value, span
    number = next(g for g in (1, 2, 3) if quoted.group(g) is not None)
    return quoted.group(number), quoted.span(number)


def _same_case(example: str, value: str) -> bool:
    """Both are capitalized words ("Carol Diaz", "Ben Okafor"): a bare value in the form of a name."""
    shape = lambda text: [w[:1].isupper() for w in text.split()]  # noqa: E731
    return bool(example) and all(shape(example)) and all(shape(value))


NAMED = re.compile(r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,3}")  # a name of a few capitalized words: "Maria Silva"
IDENTIFIER = re.compile(r"(?=\S*\d)[^\s:/]+")  # one token that holds a digit: "T-20931", "RC-4471" (not a time, nor a date)


def _bare_end(param: Parameter, value: str) -> str:
    """Where a bare value ends, by the shape of the demonstrated one: an identifier ("T-20931") is one token
    ("T-12345 doing" -> "T-12345"); a typed name ("Maria Silva") takes no lower-case word after it ("Leo Park
    in" -> "Leo Park", "Leo van Dijk" stays). Other text runs as far as it was read."""
    example, words = param.example or "", value.split()
    if not words:
        return value
    if IDENTIFIER.fullmatch(example) and not ISO_DATE.fullmatch(example) and re.search(r"\d", words[0]):
        return words[0]
    if param.kind != "text" or not NAMED.fullmatch(example) or not words[0][:1].isupper():
        return value
    last = len(words)
    while last > 1 and words[last - 1].islower():
        last -= 1
    return value[: value.rindex(words[last - 1], 0, len(value) - len(" ".join(words[last:]))) + len(words[last - 1])]


def _is_code(option: str) -> bool:
    """An option value like "EUR" or "de": matched only as written, or every "de" and "in" would count."""
    return option.isupper() or option.islower() and len(option) <= 3


def _outermost(found: list[tuple[str, tuple[int, int]]]) -> list[tuple[str, tuple[int, int]]]:
    """Drop options found inside a longer one ("Standard" inside "Non-Standard delivery")."""
    return [(o, s) for o, s in found if not any(t != s and t[0] <= s[0] and s[1] <= t[1] for _, t in found)]


def _context(text: str, others: list[tuple[int, int]], before: bool) -> list[str]:
    """Up to two words of the title next to a value, never reaching into another value."""
    if before:
        cut = max((b for _, b in others), default=0)
        return re.findall(r"[\w#@'-]+", text[cut:])[-2:]
    cut = min((a for a, _ in others), default=len(text))
    return re.findall(r"[\w#@'-]+", text[:cut])[:2]


def _anchor(words: list[str], said: Collection[str]) -> str:
    """A pattern for the title's `words` in a task whose words are `said`: a verb of choosing for another, and
    the other forms of each word that the task uses (see procedures.wording.word_forms)."""
    parts = []
    for word in words:
        if word.lower() in CHOOSING:
            parts.append(rf"(?:{'|'.join(sorted(CHOOSING))})")
        else:
            parts.append(word_pattern(word, said))
    return r"(?<!\w)" + r"\W+".join(parts) + r"(?!\w)"


def _names_of(param: Parameter, sources: list[tuple[str, tuple[int, int] | None]]) -> list[str]:
    """How a task may name a parameter: its label, its name, the noun the title used before its value
    (`sources`: each title with where the value is in it), its last word."""
    names = [param.label, param.name.replace("_", " ")]
    for source, span in sources:
        if span:
            before = re.findall(r"[A-Za-z]+", source[: span[0]])
            if before and before[-1].lower() not in STOP_WORDS | CHOOSING:
                names.append(before[-1])
    names.append(param.name.split("_")[-1])
    found = [" ".join(_word_list(n)) for n in names]
    if USER_WORDS.search(param.name) or USER_WORDS.search(param.label):
        found.append("as")
    return [n for n in dict.fromkeys(found) if n and n not in STOP_WORDS - {"as"}]


def _canonical(param: Parameter, value: str) -> str:
    """A value spelled as the page spells it when it differs only in case (an option, the clicked text)."""
    for known in [*param.accepted, *([param.example] if param.example and not param.secret else [])]:
        if known.lower() == value.lower():
            return known
    return value


def _variables(procedure: Procedure, name: str, param_env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(variable, site) pairs, first match first; site "" for a variable meant for any site."""
    chosen = []
    for key, variable in param_env.items():
        param, _, site = key.partition("@")
        if param == name and (not site or any(on_site(d, site) for d in procedure.abstract.domains)):
            chosen.append((-len(site), variable, site))  # the most specific site first, a plain name last
    return [(variable, site) for _, variable, site in sorted(chosen)] + [(ENV_PREFIX + name.upper(), "")]


def parameter_variables(procedure: Procedure, name: str, param_env: Mapping[str, str]) -> list[str]:
    """The environment variables that may hold a parameter, first match first: the ones the settings
    name for `name@site` (the procedure's site or a parent domain of it) and for `name`, then the default."""
    return [variable for variable, _ in _variables(procedure, name, param_env)]


def secret_sites(
    procedure: Procedure,
    values: Mapping[str, str],
    env: Mapping[str, str] | None = None,
    param_env: Mapping[str, str] | None = None,
) -> dict[str, list[str]]:
    """The sites each bound secret may be used on: the one that `param_env` names when the value came from
    that site's variable, else the procedure's own sites. A value that came from a site's variable is kept
    as a secret of that site even when its parameter is not secret. Replay checks them where the browser is."""
    env = os.environ if env is None else env
    param_env = load_settings().param_env if param_env is None else param_env
    own = procedure.abstract.domains
    out = {}
    for param in procedure.abstract.parameters:
        if param.name not in values:
            continue
        source = next(((v, site) for v, site in _variables(procedure, param.name, param_env) if env.get(v)), None)
        site = source[1] if source is not None and env[source[0]] == values[param.name] else ""
        if site:
            out[param.name] = [site]
        elif param.secret:
            out[param.name] = list(own)
    return out


def bind(
    procedure: Procedure,
    task: str,
    env: Mapping[str, str] | None = None,
    param_env: Mapping[str, str] | None = None,
    *,
    values_only: bool = False,
) -> Binding:
    """Values for the procedure's parameters from the task (see the module docstring), then from the
    environment (the variable that the `param_env` setting names for it, else SHOWMEHOW_PARAM_<NAME>),
    then a parameter that need not be given keeps its demonstrated value. The procedure never holds a secret.
    `values_only`: the same values, without looking for what the task says that none of them holds (`unplaced`,
    `changed` and the readings that makes `ambiguous` are left empty): cheaper, for scoring many procedures."""
    env = os.environ if env is None else env
    param_env = load_settings().param_env if param_env is None else param_env
    binder = _Binder(procedure, task)
    for name, items, span in task_lists(procedure, binder.task):
        binder.result.put(name, items, "the list the task gives")
        binder.used.append(span)
    binder.by_title_shape()
    binder.by_field_names()
    binder.by_roles()
    binder.by_demonstrated_targets()
    binder.by_neighbours()
    binder.by_shape()
    binder.by_names()
    binder.by_allowed_values()
    binder.by_option_words()
    binder.by_position()
    binder.by_parts()
    binder.by_verb()
    binder.toggles()
    result = binder.result
    for name, (value, source, span) in binder.doubtful.items():
        if name not in result.values and binder.free(span):  # not a value that another parameter took since
            result.put(name, value, source)
    binder.formatted()
    if not values_only:
        result.unplaced = binder.unplaced()
        result.changed = binder.changed()
        result.unplaced += [d.said for d in result.changed if d.said not in result.unplaced]
        result.ambiguous += [
            f"the task asks to \"{asked}\", which no field, option or step of '{procedure.title}' takes"
            for asked in unasked(procedure, binder.task, binder.used, result.values)
        ]
    _from_environment_or_defaults(procedure, result, env, param_env)
    if not values_only:
        kept = {
            p.name: p.example
            for p in procedure.abstract.parameters
            if p.name in result.defaulted and p.kind in CHOSEN and p.example
        }
        result.unplaced += [v for v in replaced(procedure.title, binder.task, kept, STOP_WORDS) if v not in result.unplaced]
    return result


def _from_environment_or_defaults(
    procedure: Procedure, result: Binding, env: Mapping[str, str], param_env: Mapping[str, str]
) -> None:
    """Each parameter the task gave no value: from the environment, else left empty (a text about the demonstration's
    own case), else its demonstrated value when it need not be given."""
    for param in procedure.abstract.parameters:
        if param.name in result.values:
            continue
        variables = parameter_variables(procedure, param.name, param_env)
        found = next((v for v in variables if env.get(v)), None)
        if found:
            result.put(param.name, env[found], f"the environment variable {found}")
        elif param.name in case_texts(procedure):
            result.put(param.name, "", "left empty: the demonstrated text was about its own case, and the task gives none")
        elif param.name in (fallback := defaults(procedure)):
            result.put(param.name, fallback[param.name], _kept(param))
            result.defaulted.append(param.name)


def bind_parameters(
    procedure: Procedure, task: str, env: Mapping[str, str] | None = None, param_env: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Values for the procedure's parameters, from the task text and the environment; see `bind`."""
    return bind(procedure, task, env, param_env).values


PROSE = 3  # a typed text of this many words or more is prose about its case


def case_texts(procedure: Procedure) -> set[str]:
    """The optional typed parameters whose demonstrated text described the demonstration's own case (what is
    typed in a multi-line field, or prose of a few words: "The printer near room 301 jams"): a task that gives
    no text of its own leaves them empty rather than sending that case's words with another. A parameter
    marked as a setting keeps its text, and so do choices (options, radio buttons, checkboxes): they are settings."""
    multiline = {
        name
        for step in procedure.steps
        if step.action == "fill" and step.tag == "textarea"
        for name in step.referenced_parameters()
    }
    return {
        p.name
        for p in procedure.abstract.parameters
        if not p.required and p.kind == "text" and not p.secret and not p.allowed and not p.setting and p.example
        if p.name in multiline or len(p.example.split()) >= PROSE or is_note(p.label)
    }


def _kept(param: Parameter) -> str:
    """How a run says it kept a demonstrated value: what it does with a checkbox."""
    if param.kind == "toggle":
        done = "ticked" if param.example == YES else "left unticked"
        return f"{done} '{param.label or param.name}' as the demonstration did (the task does not say)"
    return "the demonstrated value (the task names no other)"


def defaults(procedure: Procedure) -> dict[str, str]:
    """The values of parameters that a task need not give: their demonstrated ones, and nothing for a text
    about the demonstration's own case (see `case_texts`)."""
    empty = case_texts(procedure)
    return {
        p.name: "" if p.name in empty else p.example
        for p in procedure.abstract.parameters
        if not p.required and p.example is not None
    }


def missing_parameters(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    return [p.name for p in procedure.abstract.parameters if p.required and p.name not in values]


def invalid_values(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    """What is wrong with values that only some values will do: one message per parameter."""
    problems = list_problems(procedure, values)
    for param in procedure.abstract.parameters:
        value = values.get(param.name)
        if value is None or not param.closed:
            continue
        allowed = {a.lower() for a in param.accepted}
        wrong = [v for v in value.split("\n") if v.strip().lower() not in allowed]
        if wrong:
            shown = ", ".join(f'"{a}"' for a in dict.fromkeys(param.allowed))
            problems.append(f'{param.name} cannot be "{wrong[0]}": it must be one of {shown}')
    return problems


def current_values(procedure: Procedure, values: Mapping[str, str]) -> dict[str, str]:
    """The values with each former option label that a revision mapped (see Parameter.aliases) as the
    option it stands for now."""
    aliased = {p.name: p for p in procedure.abstract.parameters if p.aliases}
    return {name: aliased[name].current(value) if name in aliased else value for name, value in values.items()}


@dataclass(frozen=True)
class Contradiction:
    """A step that would act on a demonstrated value the task does not want."""

    step: int  # 0-based
    message: str


def find_contradiction(procedure: Procedure, binding: Binding, task: str) -> Contradiction | None:
    """When the task names values that no parameter took, the first choice that would use a
    demonstrated value (a click, check or option that no parameter covers, or whose parameter kept
    its demonstrated value) and that the task does not name: replay stops there, or before an
    earlier step that sends what was entered (a page of a wizard), so the site gets nothing half done."""
    found = _contradiction(procedure, binding, task)
    found = _dropdown_meant(procedure, binding, task, len(procedure.steps) if found is None else found.step + 1) or found
    if found is None:
        return None
    sends = next((i for i, step in enumerate(procedure.steps[: found.step]) if step.navigates_to), None)
    return (
        found if sends is None else Contradiction(sends, f"{found.message}, and before step {sends + 1}, which leaves the page")
    )


def _contradiction(procedure: Procedure, binding: Binding, task: str) -> Contradiction | None:
    if not binding.unplaced:
        return None
    instead = {d.said: f' (where the title said "{d.demonstrated}")' for d in binding.changed}
    wanted = ", ".join(f'"{v}"{instead.get(v, "")}' for v in binding.unplaced)
    for index, step in enumerate(procedure.steps):
        if step.action not in ("click", "dblclick", "check", "select") or not step.referenced_parameters() <= set(
            binding.defaulted
        ):
            continue
        shown = (step.value if step.action == "select" else step.label) or ""
        shown = binding.values.get(shown.strip("{}"), shown) if shown.startswith("{") else shown
        if not shown.strip() or re.search(_exact(shown.strip()), task, re.IGNORECASE):
            continue
        verb = {"select": "choose", "check": "check"}.get(step.action, "click")
        return Contradiction(
            index,
            f"the task names {wanted}, which no parameter of '{procedure.title}' takes: step {index + 1} would "
            f'{verb} "{shown}", the demonstrated value, so replay stops before it',
        )
    return _repeats_other(procedure, binding)


def _dropdown_meant(procedure: Procedure, binding: Binding, task: str, end: int) -> Contradiction | None:
    """A dropdown before step `end` whose option the task does not name, when the task names values that no
    parameter took: such a value is likely meant for it and none of its options. Replay stops before it, and
    the message names the field and what it offers, not a later button."""
    if not binding.unplaced:
        return None
    wanted = ", ".join(f'"{v}"' for v in binding.unplaced)
    for index, step in enumerate(procedure.steps[:end]):
        if step.action != "select" or not step.options:
            continue
        chosen = step.value or ""
        chosen = binding.values.get(chosen.strip("{}"), chosen) if chosen.startswith("{") else chosen
        if not chosen.strip() or "\n" in chosen or re.search(_exact(chosen.strip()), task, re.IGNORECASE):
            continue
        options = ", ".join(f'"{option}"' for option in step.options)
        field = (step.label or step.field or "the dropdown").rstrip(":")
        return Contradiction(
            index,
            f"the task names {wanted}, which no parameter of '{procedure.title}' takes and which is none of the options "
            f'of "{field}" ({options}): step {index + 1} would choose "{chosen}", so replay stops before it',
        )
    return None


def _repeats_other(procedure: Procedure, binding: Binding) -> Contradiction | None:
    """The task says another thing than the title in a place no parameter holds: whatever step carries
    the demonstrated one, the first that acts would start doing the demonstration's task, not this one."""
    if not binding.changed:
        return None
    index = next((i for i, step in enumerate(procedure.steps) if step.action != "navigate"), None)
    if index is None:
        return None
    said = ", ".join(f'"{d.said}" (where the title said "{d.demonstrated}")' for d in binding.changed)
    return Contradiction(
        index,
        f"the task says {said}, and no parameter of '{procedure.title}' takes it: from step {index + 1} on, replay "
        "would do what the demonstration did for its own value, so it stops before it",
    )
