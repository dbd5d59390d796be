"""Binding by the values themselves."""

from __future__ import annotations

import re

from core.thesaurus import NEAR, closeness
from core.words import STOP_WORDS
from procedures.binding.binder import BinderBase
from procedures.binding.reading import BARE_STOP, CHOOSING, FILLERS, KINDS, exact_pattern, is_code, outermost
from procedures.models import NO, YES
from procedures.wording.field_names import names_of, toggle_states
from procedures.wording.vocabulary import QUOTED_TEXT


class ByValues(BinderBase):
    """The ways of binding by the values themselves: the allowed ones, an option's words, the example's shape,
    the position, the verb, and checkboxes asked for or turned off."""

    def by_allowed_values(self) -> None:
        for param in self.open():
            found = {}
            for option in param.accepted:
                if option.lower() in STOP_WORDS or len(option) < 2:
                    continue
                for m in re.finditer(exact_pattern(option), self.task, 0 if is_code(option) else re.IGNORECASE):
                    if self.free(m.span()):
                        found.setdefault(option.lower(), (option, m.span()))
            distinct = outermost(list(found.values()))
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
