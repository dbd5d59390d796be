"""Binding by the words around a value."""

from __future__ import annotations

import re

from core.words import STOP_WORDS
from procedures.binding.binder import BinderBase
from procedures.binding.reading import (
    BARE_STOP,
    CONJUNCTIONS,
    FILLER_WORDS,
    FILLERS,
    NAME,
    TRAILING,
    VALUE,
    anchor_word,
    context_words,
    cut_at_other_names,
    enclosed,
    exact_pattern,
    found_value,
    from_groups,
    name_in,
    names_in_sources,
    quoted_after,
    role_at,
    role_words,
    same_case,
    starts_sentence,
    title_template,
    whole_date,
    without_lead,
    without_values,
    word_list,
)
from procedures.models import Parameter
from procedures.runtime.formats import ISO_DATE
from procedures.wording.field_names import Read, value_after, value_before
from procedures.wording.phrasing import part_said
from procedures.wording.vocabulary import QUOTED_TEXT


class ByWords(BinderBase):
    """The ways of binding by the words around a value: the title's shape, the fields the task names, roles, the
    demonstrated targets, neighbouring words, names, and parts of another value."""

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
            after = None if self._title_follows_with_other(param, mention.words) else value_after
            read = (after and after(param, mention, self.task, self._stops(mention.end + 1))) or value_before(
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

    def by_title_shape(self) -> None:
        best: dict[str, tuple[str, tuple[int, int]]] = {}
        sure: set[str] = set()  # quoted: taken as the task wrote them, even when not allowed
        for source in self.sources:
            template = title_template(source, {p.name: self.span(p, source) for p in self.params})
            if template is None or not template[2] <= self.words:
                continue  # a task of this shape holds every word of the title but its values
            pattern, names = re.compile(template[0], re.IGNORECASE), template[1]
            whole = pattern.fullmatch(self.task)
            match = whole or pattern.search(self.task)
            if match is None:
                continue
            found = from_groups(match, names)
            quoted = {n for n in found if match.group(f"{n}__b") is None or enclosed(self.task, found[n][1])}
            if whole is None:  # part of the task has the shape: only its quoted values are sure
                found = {n: v for n, v in found.items() if n in quoted}
            if len(found) > len(best):
                best, sure = found, quoted
        names = [p.name for p in self.params]
        by_name = {p.name: p for p in self.params}
        for name, (value, span) in best.items():
            cut = cut_at_other_names(value, name, names)
            if name not in sure and by_name[name].example and not by_name[name].secret:
                cut = without_lead(cut, by_name[name].example or "")
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
                roles.setdefault(role_at(title, *span) or "", []).append(param)
        if len(roles.get("source", [])) + len(roles.get("goal", [])) < 1 or sum(map(len, roles.values())) < 2:
            return
        literal = set(word_list(title)) - {w for p in self.params for w in word_list(p.example or "")}
        size = max(len((p.example or "").split()) for ps in roles.values() for p in ps)
        found = [span for m in NAME.finditer(self.task) if (span := name_in(m, literal, size)) and self.free(span)]
        placed = []
        for role in ("source", "goal"):
            said = [span for span in found if role_at(self.task, *span) == role]
            if (
                len(roles.get(role, [])) == 1
                and len(said) == 1
                and self.take(roles[role][0], self.task[slice(*said[0])], said[0], f"it is the name {role_words(role)}")
            ):
                placed.append(said[0])
        left = [p for ps in roles.values() for p in ps if p.name not in self.result.values]
        rest = [span for span in found if span not in placed]
        inside = [span for span in rest if not starts_sentence(self.task, span[0])] or rest
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

    def _near(self, param: Parameter, source: str, span: tuple[int, int]) -> bool:
        others = [s for p in self.params if p is not param and (s := self.span(p, source))]
        left = context_words(source[: span[0]], [(a, b) for a, b in others if b <= span[0]], before=True)
        right = context_words(source[span[1] :], [(a - span[1], b - span[1]) for a, b in others if a >= span[1]], before=False)
        n_words = max(1, len((param.example or "x").split()))
        value = VALUE
        lefts = [w for w in (left[-2:], left[-1:], left[-2:-1] if left[-1:] and left[-1].lower() in FILLER_WORDS else []) if w]
        lefts = [w for w in lefts if self._present(w)]
        rights = [w for w in (right[:2], right[:1]) if w and self._present(w)]
        tries = [
            (
                anchor_word(lw, self.words)
                + r"[\s:,(-]*"
                + FILLERS
                + value.format(bare=r"[^\"“”,;]{1,80}?")
                + r"[\s,;:)\"”']*"
                + anchor_word(rw, self.words),
                "between",
                lw + rw,
            )
            for lw in lefts
            for rw in rights
        ]
        bare = rf"[^\"“”,;!?()]{{1,80}}?{BARE_STOP}"
        tries += [(anchor_word(lw, self.words) + r"[\s:,(-]*" + FILLERS + value.format(bare=bare), "after", lw) for lw in lefts]
        bare = r"[^\s\"“”,;.!?()]+" + r"(?:\s+[^\s\"“”,;.!?()]+)" * (n_words - 1)
        tries += [(value.format(bare=bare) + r"[\s,;:)\"”']*" + anchor_word(rw, self.words), "before", rw) for rw in rights]
        at_end = not source[span[1] :].strip(TRAILING + "\"'”")
        title_words = set(word_list(without_values(source, [span, *others])))
        digits_only = bool(re.fullmatch(r"[\d\W]+", param.example or ""))
        for pattern, where, anchors in tries:
            for m in re.finditer(pattern, self.task, re.IGNORECASE):
                bare = m.group("b") is not None
                raw, span = found_value(m)
                unquoted = bare and span == m.span("b")  # not a quoted value inside the words
                if bare and (len(raw.split()) > max(3, n_words + 2) or raw.lower() in STOP_WORDS):
                    continue
                if bare and digits_only and not re.search(r"\d", raw):  # a date or a count: never "available"
                    continue
                if bare and set(word_list(raw)) <= title_words:  # "a normal priority ticket": the title's own words
                    continue
                if bare and (count := re.match(r"\d+(?=\s)", raw)) and re.fullmatch(r"\d+", param.example or ""):
                    raw, span = count.group(0), (span[0], span[0] + count.end())  # "2 Medium cakes": the count is 2
                raw, span = whole_date(self.task, raw, span) if ISO_DATE.fullmatch(param.example or "") else (raw, span)
                if (
                    bare and raw.split()[:1] and raw.split()[0].lower() in CONJUNCTIONS
                ):  # "the username and the password": no value between
                    continue
                ends = at_end and not self.task[span[1] :].strip(TRAILING + "\"'”")
                loose = where != "between" and all(w.lower() in STOP_WORDS for w in anchors)  # "the" alone: where does it end?
                if bare and loose and not ends and not same_case(param.example or "", raw):
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
            for name in names_in_sources(param, [(source, self.span(param, source)) for source in self.sources]):
                if self._next_to(param, name):
                    break

    def _next_to(self, param: Parameter, words: str) -> bool:
        if not set(words.split()) <= self.words:
            return False
        name = r"\s+".join(map(re.escape, words.split()))
        options = sorted(param.accepted, key=len, reverse=True)
        bare = "|".join(exact_pattern(o) for o in options) if options else r"[^\s\"“”,;()]+"
        after = rf"(?<!\w){name}\s*(?:[:=]|\bis\b|\bof\b|\bto\b)?\s*{VALUE.format(bare=bare)}"
        patterns = [after]
        if param.allowed or param.kind in ("option", "choice", "target"):
            patterns.append(rf"{VALUE.format(bare=bare)}\s+{name}(?!\w)")  # "with Urgent priority", "the Specs tab"
        for pattern in patterns:
            for m in re.finditer(pattern, self.task, re.IGNORECASE):
                value, span = found_value(m)
                if m.group("b") is not None:
                    value, span = quoted_after(self.task, value, span)
                if m.group("b") is not None and value.lower() in STOP_WORDS:
                    continue
                if self.take(param, value, span, f"next to its name '{words}'"):
                    return True
        return False
