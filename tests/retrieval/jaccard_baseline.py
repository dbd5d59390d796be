"""The seed's plain word-set Jaccard over goals, as a baseline for the labelled set (issue 14).

Written from the description of the seed, without reading retrieval/: the task and each procedure's goal become
sets of lowercase words (runs of letters, digits and underscores, so quotes and punctuation separate words),
the score is |A & B| / |A | B|, and the top-1 is the procedure with the highest score (on a tie, the first in
the order of `labelled_set.procedures()`). The page the agent is on is ignored.

`rank` returns nothing only when the best score is 0. A request that no procedure serves (part `unrelated`) is
counted correct only when nothing scores above UNRELATED_THRESHOLD = 0.3: that is `rank_with_threshold`, which
returns nothing unless the best score is above the threshold.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from procedures.models import Procedure

UNRELATED_THRESHOLD = 0.3


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def jaccard(a: set[str], b: set[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 0.0


def goal_of(procedure: Procedure) -> str:
    return procedure.abstract.goal


class JaccardBaseline:
    """Jaccard of the task's words and each procedure's goal (or the text that `of` picks, such as its title)."""

    def __init__(self, procedures: Mapping[str, Procedure], of: Callable[[Procedure], str] = goal_of) -> None:
        self.goals = [(key, words(of(procedure))) for key, procedure in procedures.items()]

    def scores(self, text: str) -> list[tuple[str, float]]:
        """Every procedure's score, best first (a stable sort keeps the stored order on ties)."""
        task = words(text)
        return sorted(((key, jaccard(task, goal)) for key, goal in self.goals), key=lambda pair: -pair[1])

    def best(self, text: str) -> tuple[str | None, float]:
        ranked = self.scores(text)
        return ranked[0] if ranked else (None, 0.0)

    def rank(self, text: str, url: str | None = None) -> str | None:
        """Top-1 by argmax; nothing when the best score is 0."""
        key, score = self.best(text)
        return key if score > 0 else None

    def rank_with_threshold(self, text: str, url: str | None = None, threshold: float = UNRELATED_THRESHOLD) -> str | None:
        """Top-1 only when its score is above `threshold`: how unrelated requests are judged."""
        key, score = self.best(text)
        return key if score > threshold else None


def baseline() -> JaccardBaseline:
    from tests.retrieval.labelled_set import procedures

    return JaccardBaseline(procedures())
