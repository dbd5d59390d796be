"""Retriever: the stored procedures that best fit a task, best first.

SQLite's FTS5 (bm25) finds candidates among all stored procedures in the database: those that share a
word, a synonym or a corrected misspelling with the task (with embeddings, every procedure of a small
store). Python scores only that shortlist: goal similarity (retrieval.similarity), blended with embeddings
when a model is set, the place, the confidence, and, for the few that can still enter the top k, the
parameters the task supplies.
"""

from __future__ import annotations

import heapq
import math
import re
from dataclasses import replace

from core.settings import Settings, load_settings
from core.words import fold
from procedures.binding.values import bind, missing_parameters
from procedures.models import confidence
from procedures.search_index import SearchRow
from procedures.store import ProcedureStore
from retrieval.embeddings import Semantic
from retrieval.scoring import (
    MIN_GOAL,
    MIN_GOAL_HERE,
    VISITED_PAGE,
    WEIGHTS,
    Breakdown,
    Match,
    parameter_availability,
    place_match,
)
from retrieval.shape import same_shape
from retrieval.similarity import (
    OFF_TOPIC,
    UNKNOWN_VERB,
    Evidence,
    asks_a_question,
    document_of,
    goal_similarity,
    other_verb,
    thesaurus_stems,
    undoing,
    verb_agrees,
)
from retrieval.spelling import corrections
from retrieval.text import STOP_STEMS, Task, analyze, bounded
from retrieval.vocabulary import vocabulary

SHORTLIST = 60  # candidates from each FTS5 query that Python scores
CANDIDATE_BUDGET = 1000  # rows that FTS5 ranks, at least (more when the store is large)
BUDGET_SHARE = 0.02  # ... or this share of the store
SEMANTIC_SHARE = 0.5  # goal = max(words, mix of words and embeddings): embeddings can only raise it
SEMANTIC_SCAN = 1000  # with embeddings, a store this small is scored whole, so that meaning alone can find
PHRASE_WEIGHT = 1.5
BIND_LIMIT = 2  # candidates bound per match asked for, at most: past them, ties on all parts but the parameters
NEAR_TIE = 0.1  # goal similarity this far below the best: confidence counts for nothing
NEUTRAL_CONFIDENCE = 0.5  # a new procedure's
SAME_SHAPE = "the title's own words, with other values (a new instance of its task: first, whatever else scores)"


def alternatives(task: Task) -> tuple[list[str], set[str]]:
    """The task's own words and phrases (quoted values left out), and their synonyms (the vocabulary's, else the
    thesaurus's) and corrections."""
    vocab = vocabulary()
    own = list(dict.fromkeys(t.stem for t in task.terms if t.stem not in STOP_STEMS))
    others = {m for t in task.terms for meaning in t.meanings for m in vocab.members.get(meaning, ())}
    others |= {s for t in task.terms if not t.value and t.stem not in vocab.meanings for s in thesaurus_stems(t.surface)}
    return own, {a for a in others if a not in STOP_STEMS} - set(own)


def _count(word: str, counts: dict[str, int]) -> int:
    return min(counts.get(part, 0) for part in word.split())


def fts_query(own: list[str], others: set[str], counts: dict[str, int], titles: dict[str, int], size: int) -> str:
    """An FTS5 query for any of the words that some procedure has, within a budget of rows for bm25 to rank:
    the task's own words first, then synonyms, rarer first. In a large store, a word that a great many
    procedures have ("click", "button") is only looked for in titles once rarer words fill the budget, and
    left out when even titles that have it are too many (bm25 could not rank by it)."""
    budget, chosen, rows = max(CANDIDATE_BUDGET, BUDGET_SHARE * size), [], 0
    for group in (own, others):
        for df, word in sorted((_count(w, counts), w) for w in group):
            in_titles = _count(word, titles)
            if df and (not chosen or rows + df <= budget):
                chosen.append(f'"{word}"')
                rows += df
            elif in_titles and rows + in_titles <= budget:
                chosen.append(f'goal : "{word}"')
                rows += in_titles
    return " OR ".join(chosen)


def all_of(task: Task, counts: dict[str, int]) -> str:
    """An FTS5 query for procedures with every word the task asks for (not its values): cheap to rank, and
    the best candidates whatever the budget left out."""
    words = list(dict.fromkeys(t.stem for t in task.terms if not t.value and t.stem not in STOP_STEMS))
    if len(words) < 2 or not all(_count(w, counts) for w in words):
        return ""
    return " AND ".join(f'"{w}"' for w in words)


def candidate(
    goal: float, evidence: list[Evidence | str], place: float, unknown_verb: bool = False, question: bool = False
) -> bool:
    """Whether a procedure is about the task at all: its goal similarity reaches MIN_GOAL, or, on a page where it
    was recorded, the task shares a word or a synonym with what it does (its title, steps or headings), asks for
    something to be done (not `question`: "How many pages does this document have?") and does not start with a
    verb that nothing links to the title's (`unknown_verb`: "Import authors" is not "Delete the author")."""
    return goal >= MIN_GOAL or (
        place >= VISITED_PAGE
        and goal >= MIN_GOAL_HERE
        and not unknown_verb
        and not question
        and any(isinstance(e, Evidence) for e in evidence)
    )


def counted_confidence(confidence: float, goal: float, best: float) -> float:
    """The confidence part of the score: in full for the candidates whose goal similarity is the best or nearly so,
    drawn towards neutral the further below the best it falls, so that runs decide between near-ties only and a
    look-alike with many verified runs does not overtake the procedure that fits the task."""
    closeness = max(0.0, 1.0 - (best - goal) / NEAR_TIE)
    return NEUTRAL_CONFIDENCE + (confidence - NEUTRAL_CONFIDENCE) * closeness


class Retriever:
    """Scores tasks against the procedures of `store`; cheap to make (nothing is loaded up front)."""

    def __init__(self, store: ProcedureStore, settings: Settings | None = None, min_score: float | None = None) -> None:
        self.store = store
        settings = settings or load_settings()
        self.min_score = settings.min_score if min_score is None else min_score
        self.param_env = settings.param_env
        self.semantic = Semantic(store, settings)

    def _task(self, text: str) -> Task:
        """The task analysed with its misspelt words corrected (so that they join phrases: "in stok" is "in stock")."""
        task = analyze(text)
        fixes = corrections([t.surface for t in task.terms if " " not in t.surface], self.store)
        if not fixes:
            return task
        written = {t.position: t for t in task.terms}
        fixed = analyze(re.sub(r"[^\W_]+", lambda m: fixes.get(fold(m.group()), m.group()), text))
        misspelt = {t.position: t.surface for t in task.terms if t.surface in fixes}
        terms = [
            replace(t, value=written[t.position].value if t.position in written else t.value, misspelt=misspelt[t.position])
            if t.position in misspelt
            else t
            for t in fixed.terms
        ]
        return replace(fixed, terms=terms)

    @staticmethod
    def _weights(task: Task, counts: dict[str, int], size: int) -> dict[str, float]:
        """Rarer words weigh more: 1 for a word every procedure has, 2 for one none has."""
        scale = math.log(size + 2)
        words = [t.stem for t in task.terms if " " not in t.stem]
        weights = {word: 1.0 + math.log((size + 1) / (counts.get(word, 0) + 1)) / scale for word in words}
        return weights | {t.stem: PHRASE_WEIGHT for t in task.terms if " " in t.stem}

    def _goals(
        self, text: str, task: Task, rows: list[SearchRow], weights: dict[str, float]
    ) -> dict[str, tuple[float, list[Evidence | str]]]:
        goals: dict[str, tuple[float, list[Evidence | str]]] = {}
        undo = undoing(task)
        for row in rows:
            goal, evidence = goal_similarity(task, document_of(row), weights, undo)
            goals[row.id] = (goal, list(evidence))
        semantic = self.semantic.similarities(text, [r.id for r in rows])
        for pid, similarity in semantic.items():
            goal, evidence = goals[pid]
            blended = (1 - SEMANTIC_SHARE) * goal + SEMANTIC_SHARE * similarity
            if blended > goal:
                goals[pid] = (blended, [*evidence, f"meaning close to the task (embeddings {similarity:.0%})"])
        return goals

    def _rows(self, analysed: Task) -> tuple[list[SearchRow], dict[str, int], int]:
        """The candidates FTS5 finds for the task (with embeddings, a small store whole), with the stored counts of
        the task's words and the store's size."""
        own, others = alternatives(analysed)
        words = {part for w in [*own, *others] for part in w.split()}
        counts = self.store.index.term_counts(words) if words else {}
        titles = self.store.index.term_counts(counts, "goal") if counts else {}  # a word in no procedure is in no title
        size = self.store.index.size_estimate()
        if self.semantic.model and size <= SEMANTIC_SCAN:
            return self.store.index.search(None, SEMANTIC_SCAN), counts, size
        rows = []
        for query in (all_of(analysed, counts), fts_query(own, others, counts, titles, size)):
            rows += self.store.index.search(query, SHORTLIST) if query else []
        return list({row.id: row for row in rows}.values()), counts, size

    def retrieve(self, task: str, url: str | None = None, k: int = 3) -> list[Match]:
        text = bounded(task)  # what the task asks is read from its bounded text; values are bound from all of it
        analysed = self._task(text)
        rows, counts, size = self._rows(analysed)
        goals = self._goals(text, analysed, rows, self._weights(analysed, counts, size))
        shaped = {row.id for row in rows if same_shape(analysed.stems, document_of(row).goal)}
        for pid in shaped:  # a new instance of a stored title's task: that procedure's goal is met in full
            goals[pid] = (1.0, [*goals[pid][1], SAME_SHAPE])
        places = {row.id: place_match(url, row.places, row.domains) for row in rows}
        question = asks_a_question(analysed)
        # a verb nothing links to the title's, or, when some procedure does what the task's verb asks, another verb
        misfits = {UNKNOWN_VERB, OFF_TOPIC} if any(verb_agrees(analysed, document_of(row)) for row in rows) else {UNKNOWN_VERB}
        kept = [
            row
            for row in rows
            if row.id in shaped
            or candidate(
                *goals[row.id],
                places[row.id],
                goals[row.id][0] < MIN_GOAL and other_verb(analysed, document_of(row)) in misfits,
                question,
            )
        ]
        best = min(max((goals[row.id][0] for row in kept), default=0.0), 1.0)
        partial = []
        for row in kept:
            goal, place = min(goals[row.id][0], 1.0), places[row.id]
            upper = WEIGHTS["goal"] * goal + WEIGHTS["domain"] * place
            upper += WEIGHTS["confidence"] * counted_confidence(confidence(row.success_count, row.failure_count), goal, best)
            partial.append((row.id in shaped, upper + WEIGHTS["params"], row.id, place))
        matches: list[Match] = []
        for tried, (_, upper, procedure_id, place) in enumerate(heapq.nlargest(len(partial), partial)):
            if upper < self.min_score or (len(matches) >= k and upper <= matches[k - 1].score) or tried >= BIND_LIMIT * k:
                break  # nothing further down the list can enter the top k (or only one that ties on all but parameters)
            procedure = self.store.get(procedure_id)
            binding = bind(procedure, task, param_env=self.param_env, values_only=True)  # bound in full if it is kept
            goal, evidence = goals[procedure_id]
            breakdown = Breakdown(
                goal=round(min(goal, 1.0), 4),
                domain=place,
                confidence=round(counted_confidence(procedure.confidence, min(goal, 1.0), best), 4),
                params=round(parameter_availability(procedure, binding.values), 4),
            )
            if breakdown.score >= self.min_score:
                match = Match(
                    procedure=procedure,
                    score=round(breakdown.score, 4),
                    breakdown=breakdown,
                    binding=bind(procedure, task, param_env=self.param_env),
                    missing=missing_parameters(procedure, binding.values),
                    evidence=[str(e) for e in evidence],
                    same_shape=procedure_id in shaped,
                )
                matches = sorted([*matches, match], key=lambda m: (not m.same_shape, -m.score))
        return matches[:k]
