"""The state of binding one task to one procedure's parameters (procedures.binding.values runs it)."""

from __future__ import annotations

import re

from core.words import STOP_WORDS
from procedures.binding.differences import Difference, differences
from procedures.binding.reading import CHOOSING, TRAILING, bare_end, canonical, case_asked, locate_value, word_list
from procedures.binding.result import Binding
from procedures.models import Parameter, Procedure
from procedures.wording.field_names import Mention, mentions, names_of
from procedures.wording.notes import is_note
from procedures.wording.phrasing import parts, value_end
from procedures.wording.vocabulary import QUOTED_TEXT, UNSPELLED_PICTURE, VERBS
from procedures.wording.word_forms import same_word

LINK_TO_VALUE = r"\s*(?:(?:[:=]|is|to|of|are)\s*)?[\"“']?"  # between a field's name and its value ("phone of "X"")


def _name_pattern(words: str) -> str:
    return r"\s+".join(map(re.escape, words.lower().split()))


class BinderBase:
    """What binding a task has found so far (the values, the spans of the task they came from, the values kept
    aside) and the little every way of binding does: take a value, tell what is still open, find a value in a text."""

    def __init__(self, procedure: Procedure, task: str) -> None:
        self.procedure = procedure
        self.params = [p for p in procedure.abstract.parameters if p.kind != "list"]  # lists: procedures.binding.list_values
        self.task = task.strip().rstrip(TRAILING)
        self.sources = [t.strip() for t in (procedure.title, procedure.description, procedure.abstract.goal) if t.strip()]
        self.result = Binding()
        self.used: list[tuple[int, int]] = []  # spans of the task that bound values came from
        self.words = set(word_list(self.task))
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
        demonstrated value's shape says (see `bare_end`)."""
        if bare and not param.closed and not param.secret:
            kept = value_end(bare_end(param, value.strip()), param.example)
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
        self.result.put(param.name, canonical(param, value), source)
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
        "Printer" ticket`, `the phone of "Ann Lee"`): there the name is no sign that the value is that field's."""
        if self._title_puts_after(param, words):
            return True
        name = _name_pattern(words)
        spans = [(source, self.span(param, source)) for source in self.sources]
        return any(span and re.match(rf"[\"”']?\s*{name}(?!\w)", source[span[1] :].lower()) for source, span in spans)

    def _title_puts_after(self, param: Parameter, words: str) -> bool:
        """The title has this parameter's value right after the field's name `words` (`the phone of "Ann Lee"`)."""
        name = _name_pattern(words)
        spans = [(source, self.span(param, source)) for source in self.sources]
        return any(span and re.search(rf"(?<!\w){name}{LINK_TO_VALUE}$", source[: span[0]].lower()) for source, span in spans)

    def _title_follows_with_other(self, param: Parameter, words: str) -> bool:
        """The title has another parameter's value right after this field's name (`the phone of "Ann Lee"`): what
        follows the name in a task is that one's, not this field's."""
        return any(self._title_puts_after(other, words) for other in self.params if other.name != param.name)

    def _stops(self, at: int) -> list[int]:
        return [m.start for m in self.mentions if m.start >= at]

    def _floor(self, mention: Mention) -> int:
        """Where the words that may speak of a field's name start: after the previous field's name."""
        return max((m.end for m in self.mentions if m.end <= mention.start), default=0)

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

    def span(self, param: Parameter, source: str) -> tuple[int, int] | None:
        key = (param.name, source)
        if key not in self.spans:
            self.spans[key] = locate_value(param, source)
        return self.spans[key]

    def _present(self, anchors: list[str]) -> bool:
        return all(
            any(same_word(w, said) for said in self.words) or (w.lower() in CHOOSING and CHOOSING & self.words) for w in anchors
        )

    def _order(self, param: Parameter) -> tuple[int, int]:
        for index, source in enumerate(self.sources):
            span = self.span(param, source)
            if span:
                return index, span[0]
        return len(self.sources), self.params.index(param)

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
        asked = case_asked(self.task)
        for param in self.params:
            value, example, span = self.result.values.get(param.name), param.example or "", self.span(param, title)
            if value is None or span is None or param.kind != "text" or param.secret or title[span[0] : span[1]] == example:
                continue
            if asked is not None and case_asked(title) is not None and example in (example.upper(), example.lower()):
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
