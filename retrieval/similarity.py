"""Goal similarity: how much of a task a procedure's search text covers, and how much of the procedure's
title the task asks for. Same words count most, then the vocabulary's synonyms and the roles and labels
of the elements the steps touched, then corrected misspellings. Values neither help nor hurt: quoted text
is left out, and a new value where the title had a demonstrated one, or a word that looks like a value,
counts for little or nothing unless it matches."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from core.thesaurus import parts_of_speech, synonyms
from core.words import stem, tokens
from procedures.search import SLOT
from procedures.search_index import SearchRow
from retrieval.text import DETERMINERS, STOP_STEMS, Task, Term, fold_terms
from retrieval.vocabulary import vocabulary

FIELDS = ("goal", "about", "steps", "values")
FIELD_WEIGHTS = {"goal": 1.0, "about": 0.8, "steps": 0.75, "values": 0.3}
FIELD_NAMES = {
    "goal": "title",
    "about": "description, flow or headings",
    "steps": "steps' elements",
    "values": "demonstrated values",
    "fits": "parameters' values",
    "site": "site's name",
}
SYNONYM = 0.85  # a word of the same vocabulary group
THESAURUS, THESAURUS_SENSES = 0.7, 2  # a word that shares one of its two most frequent senses per part of speech
MISSPELT = 0.85  # a corrected misspelling
VALUE_WEIGHT = 0.25  # an unmatched task word that looks like a value weighs this much
SLOT_WEIGHT = 0.5  # an unmatched task word where the title had a value, that does not look like one
TASK_SHARE = 0.6  # goal similarity: this much from covering the task, the rest from covering the title
OPPOSITE = 0.25  # what is left of the similarity when the task undoes what the procedure does
OFF_TOPIC = 0.6  # ... when the task names things of its own and none of the things the title names
UNKNOWN_VERB = 0.85  # ... when it starts with a verb that the vocabulary does not know, nor the thesaurus as the title's
GENERAL_ACTIONS = frozenset(
    "click double_click filter choose give_value type check uncheck expand collapse submit navigate scroll drag".split()
)
LOOKING = frozenset("filter search view navigate scroll".split())  # the actions that only look at what a site holds
CHANGING = frozenset("create delete edit upload buy book subscribe unsubscribe signup share reply copy".split())  # ... change it
LIGHT_VERBS = frozenset(stem(w) for w in "leave add write post make give put do have take drop place".split())  # say
# little of what they do on their own: their object says it ("leave a note" is commenting)
FIT = 0.35  # the share of what similarity lacks that values fitting the parameters make up


@dataclass(frozen=True)
class Document:
    """What scoring needs of one procedure's search text."""

    terms: dict[str, tuple[float, str]]  # stem -> (best field weight, field)
    meanings: dict[str, tuple[float, str, str]]  # meaning -> (best field weight, field, the stem that has it)
    core: tuple[Term, ...]  # the title's terms, its values left out
    goal: tuple[str, ...]  # the title's stems in order, SLOT where a value stood
    things: tuple[bool, ...]  # for each core term, whether it names a thing rather than an action
    done: frozenset[str]  # the meanings of the title
    shapes: Counter[str]  # the shapes of the demonstrated values that parameters stand for
    allowed: tuple[str, ...]  # the allowed values of its parameters, stemmed, between spaces
    verbs: tuple[frozenset[str], ...]  # the meanings of the title's words that say what to do, not to what
    sites: frozenset[str]  # the stemmed names of the sites it ran on ("atlassian" for id.atlassian.com)


def _phrases_and_words(stems: list[str]) -> set[str]:
    """The distinct stems of a text with the vocabulary's phrases in it, stop words out."""
    vocab = vocabulary()
    found = set(stems)
    for i, word in enumerate(stems):
        if word in vocab.phrase_starts:
            for size in range(2, vocab.longest_phrase + 1):
                key = " ".join(stems[i : i + size])
                if key in vocab.meanings:
                    found.add(key)
    return found - STOP_STEMS - {SLOT}


@lru_cache(maxsize=20_000)
def document(goal: str, about: str, steps: str, values: str, fits: str = "", domains: tuple[str, ...] = ()) -> Document:
    groups = vocabulary().meanings
    terms: dict[str, tuple[float, str]] = {}
    meanings: dict[str, tuple[float, str, str]] = {}
    for field, text in zip(FIELDS, (goal, about, steps, values)):
        weight = FIELD_WEIGHTS[field]
        for word in _phrases_and_words(text.split()):
            if weight > terms.get(word, (0.0, ""))[0]:
                terms[word] = (weight, field)
            for meaning in (word, *groups.get(word, ())):
                if weight > meanings.get(meaning, (0.0, "", ""))[0]:
                    meanings[meaning] = (weight, field, word)
    vocab = vocabulary()
    core = tuple({t.stem: t for t in fold_terms(goal.split())}.values())
    things = tuple(not vocab.is_action(t.stem) for t in core)
    done = frozenset(m for t in core for m in t.meanings)
    kinds, *allowed = fits.split("|")
    words = goal.split()
    verbs = tuple(
        t.meanings & vocab.actions
        for t in core
        if t.meanings & vocab.actions and not (t.position and words[t.position - 1] in DETERMINERS)
    ) or _leading_verb(core)
    return Document(
        terms,
        meanings,
        core,
        tuple(words),
        things,
        done,
        Counter(kinds.split()),
        tuple(f" {a} " for a in allowed),
        verbs,
        frozenset(stem(label) for domain in domains for label in site_names(domain)),
    )


def _leading_verb(core: tuple[Term, ...]) -> tuple[frozenset[str], ...]:
    """A title with no verb of the vocabulary that starts with a word the thesaurus knows as a verb ("Comment ... on
    ticket 412", "Assign ticket 412 to oleg") says what to do with that word."""
    first = core[0] if core else None
    if first is None or first.position != 0 or " " in first.stem or "verb" not in parts_of_speech(first.surface):
        return ()
    return (first.meanings,)


def document_of(row: SearchRow) -> Document:
    return document(row.goal, row.about, row.steps, row.values, row.fits, tuple(row.domains))


def site_names(domain: str) -> list[str]:
    """The words of a domain that name its site: its labels but the top-level one, "www" and short ones
    ("id.atlassian.com": "atlassian")."""
    labels = domain.lower().split(".")
    return [label for label in labels[:-1] if len(label) > 2 and label.isalpha() and label != "www"] or labels[:1]


@dataclass(frozen=True)
class Evidence:
    """Why a task word counted: which word of the procedure it matched, how, and where."""

    word: str
    matched: str
    kind: str  # same word, synonym, misspelling
    field: str

    def __str__(self) -> str:
        shown = f'"{self.word}"' + (f' = "{self.matched}"' if self.matched != self.word else "")
        return f"{shown} ({self.kind}, in the {FIELD_NAMES[self.field]})"


def _match(term: Term, doc: Document) -> tuple[float, Evidence | None]:
    found = doc.terms.get(term.stem)
    scale = MISSPELT if term.misspelt else 1.0
    kind = "misspelling" if term.misspelt else "same word"
    best: tuple[float, str, str] = (0.0, "", "")
    own = vocabulary().meanings.get(term.stem, frozenset())  # a phrase's groups before its single words
    for meaning in sorted(term.meanings, key=lambda m: m not in own):
        hit = doc.meanings.get(meaning)
        if hit and hit[0] > best[0]:
            best = hit
    if found and found[0] >= best[0] * SYNONYM:  # the same word, unless a synonym in a weightier field says more
        return found[0] * scale, Evidence(term.misspelt or term.surface, term.surface, kind, found[1])
    if best[0]:
        kind = "misspelling and synonym" if term.misspelt else "synonym"
        return best[0] * SYNONYM * scale, Evidence(term.misspelt or term.surface, best[2], kind, best[1])
    if term.value or own:  # the vocabulary knows the word: its groups say what it means here
        return 0.0, None
    near = max(((doc.terms[s][0], s) for s in thesaurus_stems(term.surface) if s in doc.terms), default=None)
    if near:
        kind = "misspelling and thesaurus" if term.misspelt else "thesaurus"
        return near[0] * THESAURUS * scale, Evidence(term.misspelt or term.surface, near[1], kind, doc.terms[near[1]][1])
    return 0.0, None


@lru_cache(maxsize=20_000)
def thesaurus_stems(word: str) -> frozenset[str]:
    """The stems of the words that share one of a word's most frequent senses (core.thesaurus), stop words out."""
    if " " in word or len(word) < 3 or not word.isalpha():
        return frozenset()
    return frozenset(" ".join(stem(t) for t in tokens(w)) for w in synonyms(word, THESAURUS_SENSES)) - STOP_STEMS - {stem(word)}


def slot_positions(task: list[str], goal: tuple[str, ...]) -> set[int]:
    """Positions of the task's words that stand where the title had a demonstrated value: between the
    words that surround the value in the title ('for _ on' fits 'for job alerts on')."""
    out: set[int] = set()
    start = 0
    if SLOT not in goal:
        return out
    for j, word in enumerate(goal):
        if word != SLOT or (j and goal[j - 1] == SLOT):
            continue
        before = goal[j - 1] if j else None
        after = next((w for w in goal[j + 1 :] if w != SLOT), None)
        try:
            high = task.index(after, start + 1) if after is not None else len(task)
            low = max(i for i in range(start, high) if task[i] == before) if before is not None else start - 1
        except ValueError:
            continue
        out.update(range(low + 1, high))
        start = high
    return out


def value_fit(task: Task, doc: Document) -> tuple[float, list[Evidence]]:
    """How well the values the task names fit the procedure's parameters, 0..1: one of their allowed values, or
    values of the shapes (date, time, email...) its parameters took, as many as it has."""
    if not doc.shapes and not doc.allowed:
        return 0.0, []
    named = [a.strip() for a in doc.allowed if a in task.said]
    if named:
        return 1.0, [Evidence(a, a, "an allowed value", "fits") for a in named]
    wanted = Counter(task.shapes)
    fitted = sum((wanted & doc.shapes).values())
    if not fitted:
        return 0.0, []
    evidence = [Evidence(f"a {shape}", f"a {shape}", "value shape", "fits") for shape in (wanted & doc.shapes)]
    return fitted / max(sum(wanted.values()), sum(doc.shapes.values())), evidence


def undoing(task: Task) -> dict[str, frozenset[str]]:
    """What each meaning the task asks for would undo ("unsubscribe" undoes "subscribe")."""
    opposites = vocabulary().opposites
    return {m: opposites[m] for t in task.terms for m in t.meanings if m in opposites}


def _opposed(undo: dict[str, frozenset[str]], doc: Document) -> bool:
    """The task asks to undo what the procedure's title does."""
    return any(opposite & doc.done and meaning not in doc.done for meaning, opposite in undo.items())


def other_verb(task: Task, doc: Document) -> float:
    """What is left of the similarity when the task starts with a verb of its own, not the verb the title starts
    with: it asks to do something else ("Book a flight" is not "Delete the book"), whatever words they share. Only
    verbs that say what to do to a thing count (delete, book, export); the verbs of working a page (click, type,
    choose, open) may stand for one another. A verb the vocabulary does not know ("renew") counts less, unless the
    thesaurus links it to the title's verb; 1 when the verbs agree."""
    vocab = vocabulary()
    first = task.terms[0] if task.terms else None
    if first is None or first.value or first.position != _first_word(task.stems) or not doc.verbs:
        return 1.0
    actions = first.meanings & vocab.actions
    if actions & LOOKING and any(verb <= CHANGING for verb in doc.verbs) and not any(verb & LOOKING for verb in doc.verbs):
        return OFF_TOPIC  # a task that asks to look ("Filter the book list") is no procedure that changes records
    if actions:
        return 1.0 if actions & GENERAL_ACTIONS or _does(task, first, doc) else OFF_TOPIC
    if first.meanings != {first.stem} or "verb" not in parts_of_speech(first.surface):
        return 1.0  # a thing the vocabulary knows, or no verb at all
    said = {word for verb in doc.verbs for meaning in verb for word in (meaning, *vocab.members.get(meaning, ()))}
    return UNKNOWN_VERB if not ({first.stem} | thesaurus_stems(first.surface)) & said else 1.0


def _does(task: Task, first: Term, doc: Document) -> bool:
    """Whether the procedure's title does what the task's first verb asks ("Add the comment": adding is commenting)."""
    meant = [first.meanings, *_light_object(task.terms, task.stems)]
    return any(m & verb for m in meant for verb in doc.verbs)


def verb_agrees(task: Task, doc: Document) -> bool:
    """Whether the task starts with a verb that says what to do (not one of working a page) and the procedure's title
    does just that: such a procedure, where there is one, decides between look-alikes before the nouns they share."""
    first = task.terms[0] if task.terms else None
    if first is None or first.value or first.position != _first_word(task.stems):
        return False
    actions = first.meanings & vocabulary().actions
    return bool(actions) and not actions & GENERAL_ACTIONS and _does(task, first, doc)


def _light_object(terms: tuple[Term, ...] | list[Term], stems: list[str]) -> tuple[frozenset[str], ...]:
    """What a light verb at the start acts on, which names the doing itself ("Add the comment ...", "Leave a note ...",
    "Write the comment ..."): the meanings of the word after the verb, past determiners, unless it is a value."""
    if len(terms) < 2 or terms[0].stem not in LIGHT_VERBS or terms[0].position != 0 or terms[1].value:
        return ()
    between = stems[terms[0].position + 1 : terms[1].position]
    return (terms[1].meanings,) if all(word in DETERMINERS for word in between) else ()


def _names_a_thing(term: Term) -> bool:
    """Whether a task word may name a thing: no action of the vocabulary, and a noun or a word the thesaurus does not
    know ("quickly" and "currently" name nothing)."""
    if vocabulary().is_action(term.stem):
        return False
    parts = parts_of_speech(term.surface)
    return not parts or "noun" in parts


QUESTION_WORDS = frozenset(stem(w) for w in "how what when where which who whom whose why".split())


def asks_a_question(task: Task) -> bool:
    """Whether a task asks a question rather than for something to be done: it starts with a question word ("How many
    pages does this document have?", "Who wrote this page?"), unless it asks how to do something ("How do I export the
    report": "how" and then a verb)."""
    if not task.stems or task.stems[0] not in QUESTION_WORDS:
        return False
    first = next((t for t in task.terms if t.position == _first_word(task.stems)), None)
    doing = first is not None and (first.meanings & vocabulary().actions or "verb" in parts_of_speech(first.surface))
    return task.stems[0] != "how" or not doing


def _first_word(stems: list[str]) -> int:
    return next((i for i, word in enumerate(stems) if word not in STOP_STEMS), -1)


def _value_weight(term: Term, slots: set[int]) -> float:
    """How much a task word counts when the procedure does not have it in its title: where the title had a value, a
    new value nothing and a word of one a little; elsewhere a word that looks like a value little."""
    if term.position in slots:
        return 0.0 if term.value else SLOT_WEIGHT
    return VALUE_WEIGHT if term.value else 1.0


def goal_similarity(
    task: Task, doc: Document, weights: dict[str, float], undo: dict[str, frozenset[str]] | None = None
) -> tuple[float, list[Evidence]]:
    """Similarity 0..1 of a task and a procedure, with the evidence for it (`undo`: undoing(task), given
    when one task is compared with many procedures)."""
    if not task.terms:
        return 0.0, []
    slots = slot_positions(task.stems, doc.goal)
    covered = total = 0.0
    evidence: list[Evidence] = []
    matched: set[str] = set()
    own_things = False  # the task names a thing that the procedure does not have
    for term in task.terms:
        weight = weights.get(term.stem, 1.0)
        score, why = _match(term, doc)
        valued = 1.0 if term.stem in doc.sites else _value_weight(term, slots)  # a site's name is no value
        if why is None and term.stem in doc.sites:
            score, why = FIELD_WEIGHTS["about"], Evidence(term.misspelt or term.surface, term.surface, "same word", "site")
        if why is None:
            weight *= valued
            own_things = own_things or (valued == 1.0 and _names_a_thing(term))
        else:
            if why.field != "goal":  # a value that the procedure showed too helps a little, and costs no more than one it did not
                weight *= valued
            evidence.append(why)
            matched |= term.meanings | ({why.matched} if why.kind.endswith("thesaurus") else set())
        covered += weight * score
        total += weight
    task_share = covered / total if total else 0.0
    title = doc.core
    covered_title = [bool(t.meanings & matched) for t in title]
    title_share = sum(covered_title) / len(title) if title else task_share
    similarity = TASK_SHARE * task_share + (1 - TASK_SHARE) * title_share
    if evidence:  # values alone do not make a procedure relevant
        fit, fitting = value_fit(task, doc)
        similarity += FIT * fit * (1 - similarity)
        evidence += fitting
    if _opposed(undoing(task) if undo is None else undo, doc):
        similarity *= OPPOSITE
    things = [hit for hit, thing in zip(covered_title, doc.things) if thing]
    if own_things and things and not any(things):
        similarity *= OFF_TOPIC
    similarity *= other_verb(task, doc)
    return similarity, evidence
