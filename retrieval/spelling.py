"""Misspelt task words corrected to words that stored procedures or the vocabulary use (rapidfuzz)."""

from __future__ import annotations

from rapidfuzz.distance import OSA, Indel

from core.words import stem
from procedures.store import ProcedureStore
from retrieval.text import STOP_STEMS
from retrieval.vocabulary import vocabulary


def close_enough(word: str, candidate: str) -> int | None:
    """The edit distance when `candidate` is a plausible correction of `word`, else None. Short words
    allow one swapped pair or one left-out letter (clik, tba, lnk); longer ones one edit, from eight
    letters two (typing slips, not other words: zoom is not room)."""
    distance = OSA.distance(word, candidate)
    if len(word) <= 4:
        swapped = len(word) == len(candidate) and distance == 1 and sorted(word) == sorted(candidate)
        left_out = len(candidate) == len(word) + 1 and Indel.distance(word, candidate) == 1
        return 1 if swapped or left_out else None
    return distance if distance <= (2 if len(word) >= 8 else 1) else None


SPELLED_LENGTH = 30  # a longer word is no slip of typing (a token, a word cut short): never corrected
KEYBOARD_ROWS = (("qwertyuiop", 0.0), ("asdfghjkl", 0.25), ("zxcvbnm", 0.75))  # each row's keys, and how far it is shifted
KEYS = {key: (r, c + shift) for r, (keys, shift) in enumerate(KEYBOARD_ROWS) for c, key in enumerate(keys)}
NEIGHBOURS = {
    key: {k for k, (r2, x2) in KEYS.items() if k != key and abs(r2 - r) <= 1 and abs(x2 - x) <= 1.0}
    for key, (r, x) in KEYS.items()
}


def slip_of_a_key(word: str, candidate: str) -> bool:
    """Whether `word` is `candidate` with one letter replaced by a key next to it ("cloze" for "close", not "clone")."""
    if len(word) != len(candidate):
        return False
    diffs = [(a, b) for a, b in zip(word, candidate) if a != b]
    return len(diffs) == 1 and diffs[0][0] in NEIGHBOURS.get(diffs[0][1], ())


def corrections(words: list[str], store: ProcedureStore) -> dict[str, str]:
    """Unknown words -> the known word they most likely mean (not another form of the same word: stems join those)."""
    vocab = vocabulary()
    unknown = {w for w in words if 3 <= len(w) <= SPELLED_LENGTH and w.isalpha() and w not in vocab.words and w not in STOP_STEMS}
    unknown -= store.index.known_words(unknown) if unknown else set()
    out = {}
    for word in sorted(unknown):
        candidates = store.index.words_starting(word[0], len(word) - 2, len(word) + 2)
        candidates += [v for v in vocab.words if v[:1] == word[0] and abs(len(v) - len(word)) <= 2]
        scored = [
            (d, not slip_of_a_key(word, c), -len(c), c) for c in set(candidates) if (d := close_enough(word, c)) is not None
        ]
        best = min(scored)[-1] if scored else None
        if best and stem(best) != stem(word):  # "changes" is "change" written otherwise, not misspelt
            out[word] = best
    return out
