"""A choice by comparison: the item of a list or table whose value in one column is the extreme that a
superlative asks for ("the cheapest flight", "the shortest", "the post with the most likes").

A superlative says which kind of value is compared (money, a duration, a time of day, a number) and which
end wins; a column is the value of that kind that each item shows, after the text that labels it
("Duration:") when the demonstration's item had one. Pure: replay hands the items' texts in.

Part of procedures.runtime (inlined into exported scripts before playback): standard library only.
"""

import re
from dataclasses import dataclass

MONEY, DURATION, TIME, COUNT = "money", "duration", "time", "number"
VALUE_KINDS = (MONEY, DURATION, TIME, COUNT)

# The superlatives a task may say, and (the kind of value compared, whether the lowest wins).
SUPERLATIVE_WORDS: dict[str, tuple[str, bool]] = {
    "cheapest": (MONEY, True),
    "least expensive": (MONEY, True),
    "lowest priced": (MONEY, True),
    "lowest-priced": (MONEY, True),
    "most expensive": (MONEY, False),
    "priciest": (MONEY, False),
    "dearest": (MONEY, False),
    "shortest": (DURATION, True),
    "quickest": (DURATION, True),
    "fastest": (DURATION, True),
    "longest": (DURATION, False),
    "slowest": (DURATION, False),
    "earliest": (TIME, True),
    "soonest": (TIME, True),
    "latest": (TIME, False),
    "lowest": (COUNT, True),
    "smallest": (COUNT, True),
    "fewest": (COUNT, True),
    "least": (COUNT, True),
    "highest": (COUNT, False),
    "largest": (COUNT, False),
    "biggest": (COUNT, False),
    "greatest": (COUNT, False),
    "most": (COUNT, False),
}
# A noun after a superlative of numbers that says the kind ("the lowest price" compares money).
NOUN_KINDS = {"price": MONEY, "cost": MONEY, "fare": MONEY, "fee": MONEY, "duration": DURATION}
SUPERLATIVE = re.compile(
    r"(?<![\w-])(?<!\bat\s)("
    + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(SUPERLATIVE_WORDS, key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,
)
NOUN_AFTER = re.compile(r"\s+([A-Za-z]{3,})")

AMOUNT = r"\d[\d,]*(?:\.\d+)?"
MONEY_VALUE = re.compile(rf"[$€£¥]\s?({AMOUNT})|({AMOUNT})\s?(?:USD|EUR|GBP|€|dollars?|euros?)(?!\w)", re.IGNORECASE)
HOURS = r"(?:h|hrs?|hours?)"
MINUTES = r"(?:m|mins?|minutes?)"
DURATION_VALUE = re.compile(
    rf"(?<![\w:])(?:(\d+)\s*(?:d|days?)\s*)?(?:(\d+)\s*{HOURS}\s*)?(?:(\d+)\s*{MINUTES})?(?!\w)", re.IGNORECASE
)
TIME_VALUE = re.compile(r"(?<![\w:])(\d{1,2})(?::(\d{2}))?\s*([AaPp]\.?[Mm]\.?)?(?![\w:])")
NUMBER_VALUE = re.compile(rf"(?<![\w.]){AMOUNT}(?![\w])")


@dataclass(frozen=True)
class Superlative:
    """A superlative as a text writes it, the kind of value it compares and whether the lowest wins."""

    words: str
    kind: str
    lowest: bool
    noun: str = ""  # the word after it ("likes" in "the most likes"), which may name the column


def superlative(words: str, noun: str = "") -> Superlative | None:
    """The superlative `words` are ("Cheapest", "most  expensive"), None for other words."""
    said = " ".join(words.lower().split())
    if said not in SUPERLATIVE_WORDS:
        return None
    kind, lowest = SUPERLATIVE_WORDS[said]
    return Superlative(words, NOUN_KINDS.get(noun.lower().rstrip("s"), kind) if kind == COUNT else kind, lowest, noun)


def superlatives_in(text: str) -> list[tuple[Superlative, tuple[int, int]]]:
    """The superlatives a text says, and where."""
    found = []
    for m in SUPERLATIVE.finditer(text):
        after = NOUN_AFTER.match(text, m.end())
        word = superlative(m.group(1), after.group(1) if after else "")
        if word is not None:
            found.append((word, m.span(1)))
    return found


def measure(kind: str, text: str) -> float | None:
    """The first value of `kind` a text shows, as a number that compares ("1h 5m" -> 65 minutes, "7:30 PM" ->
    19.5 hours); None when it shows none."""
    if kind == MONEY:
        m = MONEY_VALUE.search(text)
        return float((m.group(1) or m.group(2)).replace(",", "")) if m else None
    if kind == DURATION:
        for m in DURATION_VALUE.finditer(text):
            if any(m.groups()):
                days, hours, minutes = (int(g or 0) for g in m.groups())
                return days * 1440 + hours * 60 + minutes
        return None
    if kind == TIME:
        for m in TIME_VALUE.finditer(text):
            if m.group(2) is None and m.group(3) is None:
                continue  # a bare number is no time of day
            hour = int(m.group(1)) % 12 + (12 if (m.group(3) or "a")[0] in "Pp" else 0) if m.group(3) else int(m.group(1))
            return hour + int(m.group(2) or 0) / 60
        return None
    m = NUMBER_VALUE.search(text)
    return float(m.group(0).replace(",", "")) if m else None


def _label(text: str) -> str:
    return text.strip().rstrip(":").strip()


def _is_label(text: str) -> bool:
    """A short text that shows no value of any kind ("Duration:", "Price")."""
    return bool(re.search(r"[^\W\d_]", text)) and len(text) <= 40 and all(measure(k, text) is None for k in VALUE_KINDS)


def column_of(texts: list[str], word: Superlative) -> str:
    """The column an item's texts show the superlative's value in: the label before the first text that
    shows a value of its kind ("Duration"), the noun after the superlative when a text says it ("12 likes":
    "likes"), else the kind's name."""
    for at, text in enumerate(texts):
        if measure(word.kind, text) is None:
            continue
        if word.noun and word.kind == COUNT and word.noun.lower().rstrip("s") in text.lower():
            return word.noun
        before = next((t for t in reversed(texts[max(0, at - 2) : at]) if _is_label(t)), "")
        return _label(before) or word.kind
    return word.kind


def value_in(texts: list[str], word: Superlative, column: str) -> float | None:
    """An item's value in `column` (see column_of): in the text that says the column's name, or in the first
    text after its label that shows one; else, for a column of another kind than the superlative's (the task
    compares prices where the demonstration compared durations), the first value of the superlative's kind."""
    wanted = column.lower().rstrip("s")
    for at, text in enumerate(texts):
        if wanted and wanted in text.lower() and column not in VALUE_KINDS:
            here = measure(word.kind, text)
            if here is not None:
                return here
            after = next((v for t in texts[at + 1 : at + 3] if (v := measure(word.kind, t)) is not None), None)
            if after is not None:
                return after
    return next((v for t in texts if (v := measure(word.kind, t)) is not None), None)


def extreme(items: list[list[str]], word: Superlative, column: str) -> int | None:
    """The index of the item whose value in `column` the superlative picks (the first of equal ones); None
    when no item shows such a value."""
    values = [(value, at) for at, texts in enumerate(items) if (value := value_in(texts, word, column)) is not None]
    if not values:
        return None
    best = min(values) if word.lowest else min((-v, at) for v, at in values)
    return best[1]
