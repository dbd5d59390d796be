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

from core.thesaurus import NEAR, closeness
from core.words import STOP_WORDS, fold, stem
from procedures.models import Procedure
from procedures.wording.vocabulary import QUOTED_TEXT, VERBS

CLAUSE = re.compile(r"(?:[^,;:.!?()]|[,;:.!?](?=[^\s,;:.!?()]))+")  # a clause ends at punctuation (not "20:00")...
JOINS = re.compile(r"\s+(?:and(?:\s+then)?|then|also|plus)\s+", re.IGNORECASE)  # ...or where a conjunction joins another
WORD = re.compile(r"[\w@'’&/+.-]+")
LINKS = frozenset("as to with".split())  # "tag as VIP", "deliver to Paris", "sign with Ana"
OBJECTS = frozenset("it them this that these those him her one all".split())  # what the verb acts on, no request of its own
ASKING = frozenset("please also just now kindly then".split())
GENERIC = VERBS | frozenset("do get put give let button field box form page link tab item list menu".split())
FORMS = frozenset(
    "changes change entry record details information info one ones first last next all both each every".split()
)  # any form's
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


def _phrases(procedure: Procedure) -> set[str]:
    """The procedure's texts of two and three words (its title's, its elements' labels and options): "out of stock"."""
    texts = [procedure.title, *(s.label for s in procedure.steps), *(o for s in procedure.steps for o in s.options)]
    texts += [p.label for p in procedure.abstract.parameters] + [a for p in procedure.abstract.parameters for a in p.allowed]
    found = set()
    for text in texts:
        words = [fold(w) for w in WORD.findall(text)]
        found |= {" ".join(words[i : i + n]) for n in (2, 3) for i in range(len(words) - n + 1)}
    return found


def _meant(word: str, vocabulary: set[str], phrases: set[str]) -> bool:
    """A word the procedure holds (see `_known`) or one of the same or a near meaning as one of its phrases."""
    return _known(word, vocabulary) or any(closeness(fold(word), phrase) >= NEAR for phrase in phrases)


def _requests(task: str) -> Iterable[list[tuple[str, int, int]]]:
    """The clauses that a conjunction adds to the task ("... and email a copy to my manager"), as their words
    (with where each is), from the verb on."""
    for join in JOINS.finditer(task):
        clause = next(CLAUSE.finditer(task, join.end()), None)
        if clause is None or clause.start() != join.end():
            continue
        text = JOINS.split(clause.group(0), maxsplit=1)[0]
        words = [(m.group(0), join.end() + m.start(), join.end() + m.end()) for m in WORD.finditer(text)]
        while words and words[0][0].lower() in ASKING:
            words = words[1:]
        if words and words[0][0].isalpha() and words[0][0].islower() and words[0][0] not in STOP_WORDS:
            yield words


def other_requests(procedure: Procedure, task: str, taken: list[tuple[int, int]]) -> list[str]:
    """The clauses added to the task that ask for something no step does, whatever their verb: "and mark it
    urgent", "and send me an SMS reminder", "then print the invoice". A clause is such a request when the words
    after its verb name things (not "it", "them", nor a word any form has: "the form", "the changes") and none
    of them is a word, or near in meaning to a phrase, of the procedure; a thing named that is a value bound or
    quoted (`taken`: their spans) is what a parameter takes. "and submit", "and save it" ask for nothing else."""
    vocabulary, phrases = _vocabulary(procedure), _phrases(procedure)
    found = []
    for words in _requests(task):
        named = [(w, a, b) for w, a, b in words[1:] if fold(w) not in STOP_WORDS | OBJECTS | ASKING | GENERIC | FORMS]
        if any(a < end and start < b for _, start, end in named for a, b in taken):
            continue
        if named and not any(_meant(w, vocabulary, phrases) for w, _, _ in named):
            found.append(task[words[0][1] : words[-1][2]])
    return found


def unasked(procedure: Procedure, task: str, used: list[tuple[int, int]], values: Mapping[str, str]) -> list[str]:
    """The requests of `task` that nothing of `procedure` takes (see the module docstring), as the task words
    them; `used`: the spans of the task that bound `values` (by parameter) came from."""
    quoted = [m.span() for m in QUOTED_TEXT.finditer(task)]
    found = _value_requests(procedure, task, used, values)
    return found + [r for r in other_requests(procedure, task, used + quoted) if not any(r in f or f in r for f in found)]


def _value_requests(procedure: Procedure, task: str, used: list[tuple[int, int]], values: Mapping[str, str]) -> list[str]:
    """The clauses of a verb the procedure never uses that ask for a value ("and tag as VIP")."""
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
