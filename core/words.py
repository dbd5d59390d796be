"""Words: the stop words of titles and tasks, names made of words, and the one tokenizer and stemmer that both the
stored search text of procedures and the tasks compared with it go through."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

STOP_WORDS = frozenset(
    "a an and are as at be by for from has have how i in into is it its me my of on or our so that the their then "
    "this to up us was we what when where which who will with you your please can could would should".split()
)

TOKEN = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lower case without accents: "Español" -> "espanol", "POÄNG" -> "poang"."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> list[str]:
    """The words of a text in order: runs of letters and digits, folded."""
    return TOKEN.findall(fold(text))


@lru_cache(maxsize=100_000)
def stem(word: str) -> str:
    """A crude, consistent suffix stripper: issues/issue -> issu, booking/booked/book -> book, copies/copy -> copy."""
    if word.endswith(("ies", "ied")) and len(word) > 4:
        return word[:-3] + "y"
    changed = True
    while changed:
        changed = False
        for suffix in ("ing", "ed", "es", "s", "e"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                changed = True
                break
    return word


NAME_LENGTH = 30


def snake_case(text: str, fallback: str = "value", limit: int = NAME_LENGTH) -> str:
    """A parameter name from a field's words, at most `limit` characters of whole words where it can:
    "E-mail address" -> "e_mail_address"."""
    words = re.findall(r"[a-z0-9]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower())
    words = [w for w in words if w not in STOP_WORDS] or words
    if words and not words[0][0].isalpha():
        words.insert(0, fallback)
    name = ""
    for word in words:
        if len(name) + len(word) + bool(name) > limit:
            break
        name = f"{name}_{word}" if name else word
    return name or ("_".join(words)[:limit].strip("_") or fallback)
