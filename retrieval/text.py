"""Tasks and stored search text as terms: stemmed words, with the vocabulary's phrases folded into one term,
stop words out, and the words that look like values (names, numbers, quoted text) marked as such."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.words import STOP_WORDS, stem, tokens
from procedures.search import SLOT, shapes
from retrieval.vocabulary import Vocabulary, vocabulary

# besides the usual stop words, the filler of task wording ("I want to ...", "then", "for me")
FILLER = frozenset(
    "want need let lets just now also there here them then they do does did am been some any called named titled about via".split()
)
STOP_STEMS = frozenset(STOP_WORDS | FILLER | {stem(w) for w in STOP_WORDS | FILLER})
# in a task, whose words are known as written: the stop words whose stems are words of their own ("called": "call",
# "titled": "title") are stop words as written only
PARTICIPLES = frozenset("called named titled".split())
TASK_STOP_STEMS = STOP_STEMS - {stem(w) for w in PARTICIPLES} | PARTICIPLES
NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten first second third fourth fifth sixth seventh eighth ninth tenth "
    "last next previous".split()
)
DIGITS = {stem(w): str(n) for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
DETERMINERS = frozenset("the a an my your this that these those its their our".split())  # before a noun, not a verb
VALUE_INTRODUCERS = frozenset("as named called titled saying labelled labeled with to for from about username password".split())
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|(?<!\w)\'[^\']*\'(?!\w)')
RAW_TOKEN = re.compile(r"[^\s\"“”]+")
TASK_LENGTH = 2000  # characters of a task that retrieval reads: what says what to do comes first
WORD_LENGTH = 64  # characters of a word that retrieval reads: a longer one (a pasted token) is cut, never spelled
LONG_WORD = re.compile(rf"[^\s\"“”]{{{WORD_LENGTH + 1},}}")


@dataclass(frozen=True)
class Term:
    surface: str  # as written (folded), a phrase's words joined by spaces
    stem: str  # the stemmed word or phrase
    meanings: frozenset[str]  # the stem and the vocabulary's groups for it
    position: int  # index in the stream of words
    value: bool = False  # looks like a value: quoted, a number, an address, a name
    misspelt: str = ""  # the word as written, when `surface` is its correction


def fold_terms(stems: list[str], surfaces: list[str] | None = None, vocab: Vocabulary | None = None) -> list[Term]:
    """Terms of a stream of stemmed words (SLOT marks a value), phrases folded, stop words out."""
    vocab = vocab or vocabulary()
    stop_stems = STOP_STEMS if surfaces is None else TASK_STOP_STEMS
    surfaces = surfaces or stems
    out: list[Term] = []
    i = 0
    while i < len(stems):
        longest = min(vocab.longest_phrase, len(stems) - i) if stems[i] in vocab.phrase_starts else 1
        for size in range(longest, 1, -1):
            key = " ".join(stems[i : i + size])
            if key in vocab.meanings:  # a phrase means what its group means, and its own words
                words = frozenset(w for w in stems[i : i + size] if w not in STOP_STEMS)
                out.append(Term(" ".join(surfaces[i : i + size]), key, vocab.meaning(key) | words, i))
                i += size
                break
        else:
            word = stems[i]
            stop = word in stop_stems or surfaces[i] in PARTICIPLES
            if word != SLOT and not stop and (len(word) > 1 or word in vocab.meanings):
                out.append(Term(surfaces[i], word, vocab.meaning(word), i))
            i += 1
    return out


@dataclass(frozen=True)
class Task:
    stems: list[str]  # every word in order, quoted text as one SLOT
    terms: list[Term]  # what the task asks for, values marked (quoted text is left out)
    shapes: tuple[str, ...] = ()  # the shapes of the values it names (procedures.search.shapes)
    said: str = ""  # every word in order, quoted text too, stemmed, number words as digits, between spaces


def _looks_like_value(raw: list[str], position: int) -> bool:
    token = raw[position]
    previous = raw[position - 1].lower() if position else ""
    return (
        any(c.isdigit() for c in token)
        or token.lower() in NUMBER_WORDS
        or "@" in token
        or "." in token.strip(".,;:!?")
        or (position > 0 and token[:1].isupper() and raw[position - 1][-1:] not in ".!?:")
        or previous in VALUE_INTRODUCERS
    )


def _as_noun(term: Term, stems: list[str], vocab: Vocabulary) -> frozenset[str]:
    """The meanings of a word that is a verb and a thing ("file", "book", "post"), as a thing after a determiner, at
    most one word between ("a CSV file" is no "add")."""
    things = term.meanings - vocab.actions
    if things == term.meanings or things == {term.stem} or term.position < 1:
        return term.meanings
    after = any(stems[at] in DETERMINERS for at in range(max(0, term.position - 2), term.position))
    return things if after else term.meanings


def bounded(task: str) -> str:
    """The part of a task that retrieval reads: its first TASK_LENGTH characters, each word cut to WORD_LENGTH
    (the regular expressions that read values would take minutes over a word of a hundred kilobytes)."""
    return LONG_WORD.sub(lambda m: m.group()[:WORD_LENGTH], task[: TASK_LENGTH * 2])[:TASK_LENGTH]


def analyze(task: str, vocab: Vocabulary | None = None) -> Task:
    stems: list[str] = []
    surfaces: list[str] = []
    values: list[bool] = []
    at = 0
    for m in [*QUOTED.finditer(task), None]:
        chunk = task[at : m.start() if m else len(task)]
        raw = RAW_TOKEN.findall(chunk)
        for position, token in enumerate(raw):
            looks = _looks_like_value(raw, position)
            for word in tokens(token):
                stems.append(stem(word))
                surfaces.append(word)
                values.append(looks)
        if m:
            stems.append(SLOT)
            surfaces.append(m.group(0))
            values.append(True)
            at = m.end()
    vocab = vocab or vocabulary()
    terms = [
        Term(
            t.surface,
            t.stem,
            _as_noun(t, stems, vocab),
            t.position,
            value=all(values[t.position : t.position + len(t.stem.split())]),
        )
        for t in fold_terms(stems, surfaces, vocab)
    ]
    said = [DIGITS.get(w, w) for w in map(stem, tokens(task))]
    return Task(stems, terms, tuple(shapes(task)), f" {' '.join(said)} ")
