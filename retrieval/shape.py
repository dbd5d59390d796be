"""A task of a stored title's shape: the same words in the same order outside the values ('Delete ticket 977' has the
shape of 'Delete ticket 412'). Such a task is a new instance of that procedure's task, and finds it first."""

from __future__ import annotations

import re
from functools import lru_cache

from procedures.search import SLOT
from retrieval.text import STOP_STEMS

END_OF_TITLE = "."  # the search text's goal is the title, then "." and the goal when it differs
VALUE = r"((?:\S+ )+?)"  # a value: one or more words
VALUE_WORDS = 4  # ... at most this many, none of them a stop word ("from the list" is no value)


def _is_value(word: str) -> bool:
    return word == SLOT or any(c.isdigit() for c in word)  # a number the title names is a value, demonstrated or not


@lru_cache(maxsize=20_000)
def _pattern(goal: tuple[str, ...]) -> re.Pattern[str] | None:
    """The title's words, each value a run of words; None for a title with no word of its own."""
    title = goal[: goal.index(END_OF_TITLE)] if END_OF_TITLE in goal else goal
    parts: list[str] = []
    for word in title:
        if not _is_value(word):
            parts.append(re.escape(word) + " ")
        elif not parts or parts[-1] != VALUE:
            parts.append(VALUE)
    if all(part == VALUE for part in parts):
        return None
    return re.compile("".join(parts))


def same_shape(task_stems: list[str], goal: tuple[str, ...]) -> bool:
    """Whether the task's words, in order, are the title's with other values where it had its demonstrated ones."""
    pattern = _pattern(goal)
    found = pattern.fullmatch(" ".join(task_stems) + " ") if pattern else None
    return found is not None and all(
        len(words := value.split()) <= VALUE_WORDS and not any(w in STOP_STEMS for w in words) for value in found.groups()
    )
