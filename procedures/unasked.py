"""Requests in a task that no part of a procedure can carry out: "order a large chocolate cake and tag as VIP"
asks for a tag that no field, option or step of an order procedure takes. Replaying would do the rest and drop
the request without a word, so the run asks instead.

Only a clause of its own that asks for a value is read so: a verb the procedure never uses (in any form, nor
misspelt), then "as", "to" or "with" and a value written as one (a name, a code in capitals, a number) that the
procedure never shows and that no parameter took as its own ("and tag as VIP", "then deliver to Paris"). A
value bound from an earlier clause that ran on into this one ("at 20:00 and tag as VIP") took it only by
mistake, unless the demonstrated value ran over clauses too. Quoted text is a value, never a request. Words
that are not values ("Select X and click Submit", "press login") never are. Pure: no browser, no network.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import takewhile

from rapidfuzz.distance import OSA

from core.words import STOP_WORDS, fold, stem
from procedures.builder import QUOTED_TEXT, VERBS
from procedures.models import Procedure

CLAUSE = re.compile(r"(?:[^,;:.!?()]|[,;:.!?](?=[^\s,;:.!?()]))+")  # a clause ends at punctuation (not "20:00")...
JOINS = re.compile(r"\s+(?:and(?:\s+then)?|then|also|plus)\s+", re.IGNORECASE)  # ...or where a conjunction joins another
WORD = re.compile(r"[\w@'’&/+.-]+")
LINKS = frozenset("as to with".split())  # "tag as VIP", "deliver to Paris", "sign with Ana"
OBJECTS = frozenset("it them this that these those him her one all".split())  # what the verb acts on, no request of its own
ASKING = frozenset("please also just now kindly then".split())
GENERIC = VERBS | frozenset("do get put give let button field box form page link tab item list menu".split())
TYPO = 4  # words this long or longer may be misspelt by one letter


def _value_like(word: str) -> bool:
    """Written as a value: a number, a name, a code in capitals."""
    return any(c.isdigit() for c in word) or word[:1].isupper()


def _vocabulary(procedure: Procedure) -> set[str]:
    """Every word the procedure holds, stemmed: its title and description, flow, steps, parameters and options."""
    texts: list[str] = [procedure.title, procedure.description, procedure.abstract.goal, *procedure.abstract.flow]
    texts += procedure.abstract.tags + procedure.abstract.domains
    for param in procedure.abstract.parameters:
        texts += [param.name.replace("_", " "), param.description, param.example or "", param.label]
        texts += param.allowed + param.option_values + list(param.aliases) + list(param.aliases.values())
    for step in procedure.steps:
        texts += [step.label, step.field, step.description, step.value or "", step.group, *step.options]
    return {stem(fold(w)) for text in texts for w in WORD.findall(text)}


def _known(word: str, vocabulary: set[str]) -> bool:
    """A word the procedure holds, in some form ("tagged" for "tag") or misspelt, or one any task may use."""
    word = fold(word)
    if stem(word) in vocabulary or word in GENERIC:
        return True
    return len(word) >= TYPO and any(len(w) >= TYPO and OSA.distance(word, w) <= 1 for w in vocabulary)


def _clauses(task: str) -> Iterable[tuple[int, str]]:
    """The task's clauses, with where each starts."""
    for part in CLAUSE.finditer(task):
        start = part.start()
        for piece in JOINS.split(part.group(0)):
            at = task.index(piece, start) if piece else start
            start = at + len(piece)
            if piece.strip():
                yield at, piece


def _runs_over_clauses(text: str) -> bool:
    return bool(JOINS.search(text) or re.search(r"[,;:](?:\s|$)", text))


def unasked(procedure: Procedure, task: str, used: list[tuple[int, int]], values: Mapping[str, str]) -> list[str]:
    """The requests of `task` that nothing of `procedure` takes (see the module docstring), as the task words
    them; `used`: the spans of the task that bound `values` (by parameter) came from."""
    vocabulary = _vocabulary(procedure)
    quoted = [m.span() for m in QUOTED_TEXT.finditer(task)]
    examples = {p.name: p.example or "" for p in procedure.abstract.parameters}
    found = []
    for at, clause in _clauses(task):
        words = [(m.group(0), at + m.start(), at + m.end()) for m in WORD.finditer(clause)]
        while words and words[0][0].lower() in ASKING:
            words = words[1:]
        link = next((i for i, (w, _, _) in enumerate(words) if w.lower() in LINKS), None)
        if not link:
            continue
        asked = [w for w, _, _ in words[:link] if w.lower() not in STOP_WORDS | OBJECTS]
        value = list(takewhile(lambda w: _value_like(w[0]), words[link + 1 :]))
        if not asked or not value or _known(asked[0], vocabulary) or any(_known(w, vocabulary) for w, _, _ in value):
            continue
        start, end = words[0][1], value[-1][2]
        if any(a <= start and end <= b for a, b in quoted):
            continue
        phrase = task[start:end]
        overlapping = [(a, b) for a, b in used if a < end and start < b]
        if any(a >= start for a, _ in overlapping):
            continue  # a value of its own: the clause is what a parameter takes
        holders = [name for name, value in values.items() if phrase in value]
        if overlapping and (not holders or any(_runs_over_clauses(examples.get(name, "")) for name in holders)):
            continue
        found.append(phrase)
    return found
