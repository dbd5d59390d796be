"""Whether texts are in order: by number when all are numbers, else alphabetically."""

from __future__ import annotations

import re

PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def sort_key(texts: list[str]) -> list[float] | list[str]:
    """The keys the texts sort by: their numbers when all are numbers, else their lower-case words."""
    numbers = [PLAIN_NUMBER.fullmatch(t.strip()) for t in texts]
    if all(numbers):
        return [float(m.group(0)) for m in numbers if m]
    return [t.strip().lower() for t in texts]


def in_order(texts: list[str]) -> str | None:
    """ "ascending" or "descending" when two or more `texts` are in that order, else None."""
    keys = sort_key(texts)
    if len(keys) < 2 or len(set(keys)) < 2:
        return None
    if keys == sorted(keys):
        return "ascending"
    return "descending" if keys == sorted(keys, reverse=True) else None
