"""Words a task may write in the place of a word of the title: the same word in its other number ("books" for
"book") or a word that says the same amount ("all" or "each" for "every"). "Mark all Fiction books ..." then
finds its value where "Mark every Science book ..." had the demonstrated one. Pure: no browser, no network."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from core.words import fold

EVERY = frozenset("every all each".split())


def same_word(word: str, other: str) -> bool:
    """`other` stands for `word` in the same place of a sentence."""
    a, b = fold(word), fold(other)
    if a == b or (a in EVERY and b in EVERY):
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 3 and long in (short + "s", short + "es")


def word_pattern(word: str, said: Collection[str]) -> str:
    """A pattern for `word` or any of the words `said` (a task's) that stand for it."""
    forms = sorted({word, *(w for w in said if same_word(word, w))}, key=len, reverse=True)
    return f"(?:{'|'.join(map(re.escape, forms))})" if len(forms) > 1 else re.escape(word)


NAME_AFTER = r"\W+(?:(?:the|a|an)\s+)?(?P<value>(?-i:[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*){0,2}))"  # a name: capitalized words


def replaced(title: str, task: str, kept: Mapping[str, str], stop_words: Collection[str]) -> list[str]:
    """The names the task writes where the title shows the demonstrated value of a choice that `kept` (by
    parameter, the choices that kept their demonstrated value because the task gave none): right after the
    title's words before it, in any of their forms ("Mark all Poetry books" where the title said "Mark every
    Science book"). Replay must not pass such a value over and choose the demonstrated one."""
    found = []
    for example in kept.values():
        at = re.search(rf"(?<!\w){re.escape(example)}(?!\w)", title, re.IGNORECASE)
        if at is None or re.search(rf"(?<!\w){re.escape(example)}(?!\w)", task, re.IGNORECASE):
            continue
        before = re.findall(r"[\w'-]+", title[: at.start()])[-2:]
        if not before or all(w.lower() in stop_words for w in before):
            continue
        said = set(re.findall(r"[\w'-]+", task.lower()))
        lead = r"\W+".join(word_pattern(w, said) for w in before)
        for m in re.finditer(rf"(?<!\w){lead}{NAME_AFTER}", task, re.IGNORECASE):
            value = m.group("value")
            if value.lower() not in title.lower():
                found.append(value)
    return list(dict.fromkeys(found))
