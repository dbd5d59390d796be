"""Retriever: the stored procedures that best fit a task, best first."""

from __future__ import annotations

import heapq
from weakref import WeakKeyDictionary

from core.settings import Settings, load_settings
from procedures.binding import bind, missing_parameters
from procedures.store import ProcedureStore
from retrieval.index import ProcedureIndex
from retrieval.scoring import MIN_GOAL, WEIGHTS, Breakdown, Match, domain_match, parameter_availability

SHORTLIST = 50  # procedures scored in full (parameters bound) after the cheap parts of the score
_INDEXES: WeakKeyDictionary[ProcedureStore, ProcedureIndex] = WeakKeyDictionary()  # one index per open store


class Retriever:
    """Scores tasks against an index of `store`. Retrievers of the same store share that index, which
    is built once and then follows the store's changes, so a Retriever is cheap to make."""

    def __init__(self, store: ProcedureStore, settings: Settings | None = None, min_score: float | None = None) -> None:
        self.store = store
        self.index = _INDEXES.setdefault(store, ProcedureIndex(store))
        settings = settings or load_settings()
        self.min_score = settings.min_score if min_score is None else min_score
        self.param_env = settings.param_env

    def retrieve(self, task: str, url: str | None = None, k: int = 3) -> list[Match]:
        self.index.refresh()
        similar = self.index.goal_similarity(task)
        partial = []
        for procedure_id, goal in similar.items():
            entry = self.index.entries[procedure_id]
            if entry.deprecated or goal < MIN_GOAL:
                continue
            goal = min(goal, 1.0)
            upper = (
                WEIGHTS["goal"] * goal
                + WEIGHTS["domain"] * domain_match(url, entry.domains)
                + WEIGHTS["confidence"] * entry.confidence
            )
            partial.append((upper + WEIGHTS["params"], goal, procedure_id))
        matches = []
        for upper, goal, procedure_id in heapq.nlargest(SHORTLIST, partial):
            if upper < self.min_score:
                break
            procedure = self.store.get(procedure_id)
            binding = bind(procedure, task, param_env=self.param_env)
            bound = binding.values
            breakdown = Breakdown(
                goal=round(goal, 4),
                domain=domain_match(url, procedure.abstract.domains),
                confidence=round(procedure.confidence, 4),
                params=round(parameter_availability(procedure, bound), 4),
            )
            if breakdown.score >= self.min_score:
                matches.append(
                    Match(
                        procedure=procedure,
                        score=round(breakdown.score, 4),
                        breakdown=breakdown,
                        bound=bound,
                        missing=missing_parameters(procedure, bound),
                        how=binding.how,
                        unplaced=binding.unplaced,
                        defaulted=binding.defaulted,
                    )
                )
            if len(matches) >= k and upper < heapq.nlargest(k, (m.score for m in matches))[-1]:
                break  # nothing further down the list can enter the top k
        matches.sort(key=lambda m: -m.score)
        return matches[:k]
