"""Turning task and procedure text into comparable terms: stop words out, synonyms folded, stems."""

from __future__ import annotations

import re
from functools import lru_cache

from core.words import STOP_WORDS as COMMON_STOP_WORDS

# besides the usual stop words, the filler of task wording ("I want to ...", "click the button on the page")
STOP_WORDS = COMMON_STOP_WORDS | frozenset(
    """want need let lets just now some any also there here them they he she him her do does did done am been
    page button field link form click enter press type go choose step steps using via new open site website app
    about something anything thing things""".split()
)

# Phrases people use for the same thing, folded to one term before tokenizing.
SYNONYM_PHRASES = [
    (r"\b(log|sign)[\s-]?(in|on)(to)?\b|\bauthenticate\b", " login "),
    (r"\b(log|sign)[\s-]?out\b", " logout "),
    (r"\bsign[\s-]?(me |us )?up\b|\bregister\b|\bcreate an account\b", " signup "),
    (r"\bplane ticket\b|\bairline\b|\bplane\b", " flight "),
    (r"\buser[\s_-]?name\b|\buser[\s_-]?id\b|\blogin name\b", " username "),
    (r"\bpass[\s_-]?word\b|\bpasscode\b|\bpwd\b", " password "),
    (r"\be-?mail address\b|\be-mail\b", " email "),
    (r"\blook[\s-]?up\b", " search "),
    (r"\bcheck[\s-]?out\b", " checkout "),
    (r"\bto[\s-]?do\b", " todo "),
]
SYNONYMS = {
    "find": "search",
    "query": "search",
    "seek": "search",
    "make": "create",
    "add": "create",
    "raise": "create",
    "report": "create",
    "remove": "delete",
    "erase": "delete",
    "trash": "delete",
    "discard": "delete",
    "drop": "delete",
    "change": "edit",
    "modify": "edit",
    "update": "edit",
    "rename": "edit",
    "purchase": "buy",
    "order": "buy",
    "reserve": "book",
    "reservation": "book",
    "bug": "issue",
    "store": "shop",
    "preferences": "settings",
    "options": "settings",
    "configuration": "settings",
    "config": "settings",
    "account": "profile",
    "attach": "upload",
    "attachment": "upload",
    "mail": "email",
    "message": "email",
    "write": "compose",
    "assign": "assignee",
    "owner": "assignee",
    "remark": "comment",
    "reply": "comment",
    "star": "favorite",
    "favourite": "favorite",
    "bookmark": "favorite",
    "town": "city",
}
# Words that carry the task's intent: never discounted as if they were values.
INTENT_WORDS = frozenset(
    "login logout signup search create delete edit buy book send upload download save submit pay subscribe "
    "unsubscribe comment share favorite checkout compose cancel invite approve reject archive".split()
)
TOKEN = re.compile(r"[a-z0-9]+")
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|(?<!\w)\'[^\']*\'(?!\w)')


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A crude, consistent suffix stripper: issues/issue -> issu, booking/booked/book -> book."""
    changed = True
    while changed:
        changed = False
        for suffix in ("ing", "ed", "es", "s", "e"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                changed = True
                break
    return word


def _fold(text: str) -> str:
    text = text.lower()
    for pattern, replacement in SYNONYM_PHRASES:
        text = re.sub(pattern, replacement, text)
    return text


def words(text: str) -> list[tuple[str, str]]:
    """(surface word, term) pairs of a text's content words, in order, without repeated terms."""
    out: list[tuple[str, str]] = []
    seen = set()
    for token in TOKEN.findall(_fold(text)):
        if token in STOP_WORDS or len(token) < 2 or token.isdigit():
            continue
        term = stem(SYNONYMS.get(token, token))
        if term not in seen:
            seen.add(term)
            out.append((token, term))
    return out


def terms(text: str) -> list[str]:
    """Stemmed, synonym-folded content words of a text, in order, without repeats."""
    return [term for _, term in words(text)]


VALUE_INTRODUCERS = frozenset(
    "as named called titled saying for to from with about username password email name city title".split()
)
ARTICLES = frozenset(["a", "an", "the", "my", "our", "your", "this", "that"])
RAW_TOKEN = re.compile(r"[A-Za-z0-9@._+-]+")


def task_terms(task: str) -> list[tuple[str, str, bool]]:
    """A task's (surface word, term, looks like a value) triples. A value (a name, a number, an
    address) is not part of what to do, and must not decide which procedure fits."""
    text = QUOTED.sub(" ", task)
    value_like: dict[str, bool] = {}
    raw = RAW_TOKEN.findall(text)
    for position, token in enumerate(raw):
        before = [t.lower() for t in raw[:position] if t.lower() not in ARTICLES]
        previous = before[-1] if before else ""
        looks = (
            any(c.isdigit() for c in token)
            or "@" in token
            or (position > 0 and token[:1].isupper())
            or previous in VALUE_INTRODUCERS
        )
        for part in TOKEN.findall(token.lower()):
            value_like[part] = value_like.get(part, True) and looks
    return [(surface, term, value_like.get(surface, False)) for surface, term in words(text)]


def is_intent(term: str) -> bool:
    return term in _INTENT_STEMS


_INTENT_STEMS = frozenset(stem(w) for w in INTENT_WORDS)
