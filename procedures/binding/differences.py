"""Where a task has the shape of a demonstration's title but says something else in a place that no
parameter holds: "Select 4 with the spinner" against "Select -10 with the spinner" when the procedure
has no parameter for the number. Replaying would do what the demonstration did for the other value.

Pure: the texts and the places of the parameters' values in them come in, the differences go out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from core.thesaurus import NEAR, closeness, synonyms
from core.words import STOP_WORDS
from procedures.wording.phrasing import only_pronouns
from procedures.wording.vocabulary import VERBS

WORD = re.compile(r"[^\s\"“”'‘’,;!?()]+")
SAME_SHAPE = 0.4  # at least this share of the title's words, in the same order: the same sentence with other values
# Words that a rewording swaps for one another without saying anything else, and the words that turn an
# option on or off (the binding of toggles reads those).
INTERCHANGEABLE = frozenset(
    "click press hit tap push select choose pick tick check activate with without no not never don't".split()
)

# Words that only say where to look before acting: "Locate the email", "Look for the email", "Go to the email".
SEEKING = frozenset("find locate look search go navigate".split())
# Verbs that ask to see something, and the questions that ask the same ("what's the status" for "Look up the status").
VIEWING = SEEKING | frozenset("check view see show display read get lookup up".split())
QUESTIONS = frozenset("what whats how hows which where when who is are s".split())  # "what's" is "what" and "s" here


@dataclass(frozen=True)
class Difference:
    said: str  # what the task says there
    demonstrated: str  # what the title said there


def _words(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in WORD.finditer(text):
        word = m.group(0).rstrip(".:")
        if word:
            out.append((word, m.start(), m.start() + len(word)))
    return out


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(span[0] < b and a < span[1] for a, b in spans)


def _plain(words: list[str]) -> bool:
    """Only words that carry no value: stop words and the interchangeable verbs."""
    return all(w.lower() in STOP_WORDS or w.lower() in INTERCHANGEABLE for w in words)


def _same_meaning(a: str, b: str) -> bool:
    """Two words or phrases that say the same: one shortens the other ("admin", "administration"), or the
    thesaurus finds them near, directly or through a word of the same sense ("get rid of", "remove", "delete");
    opposites stay apart (they are no nearer than two senses apart)."""
    a, b = a.lower(), b.lower()
    if not a or not b:
        return False
    short, long = sorted((a, b), key=len)
    if len(short) >= 4 and " " not in long and long.startswith(short):
        return True
    if closeness(a, b) >= NEAR:
        return True
    return any(closeness(s, b) >= NEAR for s in synonyms(a)) or any(closeness(a, s) >= NEAR for s in synonyms(b))


def _trimmed(words: list[str]) -> str:
    """A phrase without the small words at its ends ("as unavailable": "unavailable"; "out of stock" stays)."""
    while words and words[0].lower() in STOP_WORDS:
        words = words[1:]
    while words and words[-1].lower() in STOP_WORDS:
        words = words[:-1]
    return " ".join(words)


def _said_alike(before: list[str], after: list[str]) -> bool:
    """The two wordings say the same: the whole phrases mean the same, or each word of the shorter one has a
    word of the same meaning in the longer, in order (the others are like added words, which are no difference)."""
    if _same_meaning(_trimmed(before), _trimmed(after)):
        return True
    shorter, longer = sorted(
        ([w for w in before if w.lower() not in STOP_WORDS], [w for w in after if w.lower() not in STOP_WORDS]), key=len
    )
    if not shorter:
        return False
    rest = iter(longer)
    return all(any(_same_meaning(word, other) for other in rest) for word in shorter)


def _seeking(words: list[str]) -> bool:
    """A verb of looking for something, with the small words around it ("Look for", "Go to")."""
    lower = [w.lower() for w in words]
    return bool(set(lower) & SEEKING) and all(w in SEEKING or w in STOP_WORDS for w in lower)


def _asked_to_see(title_words: list[str], task_words: list[str]) -> bool:
    """The task asks a question where the title had a verb of looking: "what's the status of" for "Look up
    the status of" asks to see the same thing."""
    lower = [w.lower() for w in task_words]
    return (
        bool(lower)
        and all(w in QUESTIONS for w in lower)
        and all(w.lower() in VIEWING or w.lower() in STOP_WORDS for w in title_words)
        and bool({w.lower() for w in title_words} & VIEWING)
    )


def differences(
    title: str, task: str, title_values: list[tuple[int, int]], task_values: list[tuple[int, int]]
) -> list[Difference]:
    """The places where `task`, shaped like `title`, says another thing than the title did, outside the
    parameters' values (`title_values`: where they stand in the title, `task_values`: where bound values
    stand in the task). None when the task is worded otherwise."""
    ours, theirs = _words(title), _words(task)
    if not ours or not theirs:
        return []
    matcher = SequenceMatcher(None, [w.lower() for w, _, _ in ours], [w.lower() for w, _, _ in theirs], autojunk=False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    if same < 2 or same < SAME_SHAPE * len(ours):
        return []
    found = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        before, after = ours[i1:i2], theirs[j1:j2]
        title_span, task_span = (before[0][1], before[-1][2]), (after[0][1], after[-1][2])
        if _overlaps(title_span, title_values) or _overlaps(task_span, task_values):
            continue
        if _plain([w for w, _, _ in before]) and _plain([w for w, _, _ in after]):
            continue
        if only_pronouns([w for w, _, _ in before]) and only_pronouns([w for w, _, _ in after]):
            continue  # "make him VIP" for "make her VIP": the same record the task names
        if _said_alike([w for w, _, _ in before], [w for w, _, _ in after]):
            continue
        if _seeking([w for w, _, _ in before]) and _seeking([w for w, _, _ in after]):
            continue  # "Locate the email by X" for "Find the email by X"
        if i1 == j1 == 0 and _asked_to_see([w for w, _, _ in before], [w for w, _, _ in after]):
            continue
        if i1 == j1 == 0 and len(before) == len(after) == 1 and {before[0][0].lower(), after[0][0].lower()} <= VERBS:
            continue  # the sentence starts with another verb for the same thing: "Open a ticket", "File a ticket"
        found.append(Difference(task[task_span[0] : task_span[1]], title[title_span[0] : title_span[1]]))
    return found
