"""Retriever: the stored procedures that best fit a task, best first.

SQLite's FTS5 (bm25) finds candidates among all stored procedures in the database: any procedure that
shares a word, a synonym or a corrected misspelling with the task (with embeddings, every procedure of a
small store). Python scores only that shortlist:
goal similarity (retrieval.similarity), blended with embeddings when a model is set, the place, the
confidence, and, for the few that can still enter the top k, the parameters the task supplies.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import replace

from core.settings import Settings, load_settings
from procedures.binding import bind_parameters, missing_parameters
from procedures.models import confidence
from procedures.store import ProcedureStore, SearchRow
from retrieval.embeddings import Semantic
from retrieval.scoring import MIN_GOAL, WEIGHTS, Breakdown, Match, parameter_availability, place_match
from retrieval.similarity import document_of, goal_similarity
from retrieval.spelling import corrections
from retrieval.text import STOP_STEMS, Task, analyze
from retrieval.vocabulary import vocabulary

SHORTLIST = 300  # candidates from FTS5 that Python scores
CANDIDATE_BUDGET = 3000  # rows that FTS5 ranks, at least (more when the store is large)
BUDGET_SHARE = 0.2  # ... or this share of the store
SEMANTIC_SHARE = 0.5  # goal = max(words, mix of words and embeddings): embeddings can only raise it
SEMANTIC_SCAN = 1000  # with embeddings, a store this small is scored whole, so that meaning alone can find
PHRASE_WEIGHT = 1.5


def alternatives(task: Task) -> set[str]:
    """The task's words and phrases (values left out), their synonyms and their corrections."""
    vocab = vocabulary()
    out = set()
    for term in task.terms:
        out.add(term.stem)
        for meaning in term.meanings:
            out.update(vocab.members.get(meaning, ()))
    return {a for a in out if a not in STOP_STEMS}


def fts_query(words: set[str], counts: dict[str, int], size: int) -> str:
    """An FTS5 query for any of `words` that some procedure has, rarest first, within a budget of rows to
    rank: in a large store, words that a great many procedures have are left out when rarer ones fill the
    budget (bm25 could not rank by them, and they would make every row a candidate)."""

    def count(word: str) -> int:
        return min(counts.get(part, 0) for part in word.split())

    present = sorted((count(w), w) for w in words if count(w))
    budget, chosen, rows = max(CANDIDATE_BUDGET, BUDGET_SHARE * size), [], 0
    for df, word in present:
        if chosen and rows + df > budget:
            break
        chosen.append(word)
        rows += df
    return " OR ".join(f'"{w}"' for w in chosen)


class Retriever:
    """Scores tasks against the procedures of `store`; cheap to make (nothing is loaded up front)."""

    def __init__(self, store: ProcedureStore, settings: Settings | None = None, min_score: float | None = None) -> None:
        self.store = store
        settings = settings or load_settings()
        self.min_score = settings.min_score if min_score is None else min_score
        self.param_env = settings.param_env
        self.semantic = Semantic(store, settings)

    def _task(self, text: str) -> Task:
        task = analyze(text)
        fixes = corrections([t.surface for t in task.terms if " " not in t.surface], self.store)
        if not fixes:
            return task
        corrected = []
        for term in task.terms:
            if term.surface in fixes:
                word = fixes[term.surface]
                (fixed,) = analyze(word).terms or (term,)
                term = replace(fixed, position=term.position, value=term.value, misspelt=term.surface)
            corrected.append(term)
        return replace(task, terms=corrected)

    @staticmethod
    def _weights(task: Task, counts: dict[str, int], size: int) -> dict[str, float]:
        """Rarer words weigh more: 1 for a word every procedure has, 2 for one none has."""
        scale = math.log(size + 2)
        words = [t.stem for t in task.terms if " " not in t.stem]
        weights = {word: 1.0 + math.log((size + 1) / (counts.get(word, 0) + 1)) / scale for word in words}
        return weights | {t.stem: PHRASE_WEIGHT for t in task.terms if " " in t.stem}

    def _goals(
        self, text: str, task: Task, rows: list[SearchRow], weights: dict[str, float]
    ) -> dict[str, tuple[float, list[str]]]:
        goals = {}
        for row in rows:
            goal, evidence = goal_similarity(task, document_of(row), weights)
            goals[row.id] = (goal, [str(e) for e in evidence])
        semantic = self.semantic.similarities(text, [r.id for r in rows])
        for pid, similarity in semantic.items():
            goal, evidence = goals[pid]
            blended = (1 - SEMANTIC_SHARE) * goal + SEMANTIC_SHARE * similarity
            if blended > goal:
                goals[pid] = (blended, [*evidence, f"meaning close to the task (embeddings {similarity:.0%})"])
        return goals

    def retrieve(self, task: str, url: str | None = None, k: int = 3) -> list[Match]:
        analysed = self._task(task)
        words = alternatives(analysed)
        counts = self.store.term_counts({part for w in words for part in w.split()}) if words else {}
        size = self.store.searchable_count()
        query = fts_query(words, counts, size)
        if self.semantic.model and size <= SEMANTIC_SCAN:
            rows = self.store.search(None, SEMANTIC_SCAN)
        else:
            rows = self.store.search(query, SHORTLIST) if query else []
        goals = self._goals(task, analysed, rows, self._weights(analysed, counts, size))
        partial = []
        for row in rows:
            goal, _ = goals[row.id]
            if goal < MIN_GOAL:
                continue
            place = place_match(url, row.places, row.domains)
            upper = WEIGHTS["goal"] * min(goal, 1.0) + WEIGHTS["domain"] * place
            upper += WEIGHTS["confidence"] * confidence(row.success_count, row.failure_count)
            partial.append((upper + WEIGHTS["params"], row.id, place))
        matches: list[Match] = []
        for upper, procedure_id, place in heapq.nlargest(len(partial), partial):
            if upper < self.min_score or (len(matches) >= k and upper < matches[k - 1].score):
                break  # nothing further down the list can enter the top k
            procedure = self.store.get(procedure_id)
            bound = bind_parameters(procedure, task, param_env=self.param_env)
            goal, evidence = goals[procedure_id]
            breakdown = Breakdown(
                goal=round(min(goal, 1.0), 4),
                domain=place,
                confidence=round(procedure.confidence, 4),
                params=round(parameter_availability(procedure, bound), 4),
            )
            if breakdown.score >= self.min_score:
                match = Match(
                    procedure=procedure,
                    score=round(breakdown.score, 4),
                    breakdown=breakdown,
                    bound=bound,
                    missing=missing_parameters(procedure, bound),
                    evidence=evidence,
                )
                matches = sorted([*matches, match], key=lambda m: -m.score)
        return matches[:k]
