"""An in-memory index of the stored procedures for goal similarity, kept in step with the store.

Each procedure becomes weighted terms from its goal, title, description, tags, parameter names,
flow lines and the labels of the elements its steps touch. An inverted index finds candidates;
rapidfuzz maps a task's unknown or misspelt terms onto the index's vocabulary.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from procedures.models import confidence
from procedures.store import ProcedureStore
from retrieval.text import is_intent, task_terms, terms, words

FIELD_WEIGHTS = {"goal": 1.0, "title": 1.0, "tags": 0.8, "description": 0.7, "parameters": 0.7, "flow": 0.5, "labels": 0.5}
FUZZY_CUTOFF = 80  # rapidfuzz ratio for a misspelt word to count as a word of the vocabulary
VALUE_WEIGHT = 0.3  # an unknown task word that looks like a value ("as Emile", "for 3 people") counts little
VALUE_TERM_WEIGHT = 0.2  # a procedure's demonstrated values say little about what it does
QUERY_SHARE = 0.7  # goal similarity: this much from covering the task's terms, the rest from the goal's
COMMON_SHARE = 0.2  # terms in more than this share of procedures do not nominate candidates on their own


@dataclass
class Entry:
    """What the index keeps of one procedure."""

    id: str
    updated_at: float
    deprecated: bool
    domains: list[str]
    success_count: int
    failure_count: int
    terms: dict[str, float] = field(default_factory=dict)  # term -> field weight
    core: frozenset[str] = frozenset()  # the goal's and title's terms, less the demonstrated values
    surfaces: dict[str, str] = field(default_factory=dict)  # word as written -> term

    @property
    def confidence(self) -> float:
        return confidence(self.success_count, self.failure_count)


def entry_from_json(procedure_id: str, updated_at: float, data: str) -> Entry:
    raw = json.loads(data)
    abstract = raw["abstract"]
    fields = {
        "goal": abstract["goal"],
        "title": raw["title"],
        "description": raw.get("description", ""),
        "tags": " ".join(abstract.get("tags", [])),
        "parameters": " ".join(p["name"].replace("_", " ") for p in abstract.get("parameters", [])),
        "flow": " ".join(abstract.get("flow", [])),
        "labels": " ".join(f"{s.get('label', '')} {s.get('field', '')}" for s in raw.get("steps", [])),
    }
    values = {t for p in abstract.get("parameters", []) if p.get("example") for t in terms(p["example"])}
    weights: dict[str, float] = {}
    surfaces: dict[str, str] = {}
    for name, text in fields.items():
        for surface, term in words(text):
            weight = VALUE_TERM_WEIGHT if term in values else FIELD_WEIGHTS[name]  # "emile" is not what it is about
            weights[term] = max(weights.get(term, 0.0), weight)
            surfaces.setdefault(surface, term)
    core = frozenset(terms(f"{abstract['goal']} {raw['title']}")) - values
    return Entry(
        id=procedure_id,
        updated_at=updated_at,
        deprecated=bool(raw.get("deprecated")),
        domains=[d.lower() for d in abstract.get("domains", [])],
        success_count=raw.get("success_count", 0),
        failure_count=raw.get("failure_count", 0),
        terms=weights,
        core=core,
        surfaces=surfaces,
    )


class ProcedureIndex:
    def __init__(self, store: ProcedureStore) -> None:
        self.store = store
        self.entries: dict[str, Entry] = {}
        self.postings: dict[str, dict[str, float]] = defaultdict(dict)  # term -> {id: weight}
        self.surfaces: dict[str, dict[str, int]] = defaultdict(dict)  # word as written -> {term: count}
        self._vocabulary: list[str] | None = None
        self._revision: tuple[int, int] | None = None

    def refresh(self) -> None:
        """Load what changed in the store since the last refresh (nothing, when nothing did)."""
        revision = self.store.revision()
        if revision == self._revision:
            return
        stamps = dict(self.store.index_stamps())
        for gone in [pid for pid in self.entries if pid not in stamps]:
            self._remove(gone)
        changed = [pid for pid, stamp in stamps.items() if pid not in self.entries or self.entries[pid].updated_at != stamp]
        for procedure_id, updated_at, data in self.store.index_rows(changed):
            self._remove(procedure_id)
            try:
                self._add(entry_from_json(procedure_id, updated_at, data))
            except (ValueError, KeyError, TypeError, AttributeError):
                continue  # a damaged row: `showmehow doctor` lists it
        self._revision = revision
        if changed:
            self._vocabulary = None

    def _add(self, entry: Entry) -> None:
        self.entries[entry.id] = entry
        for term, weight in entry.terms.items():
            self.postings[term][entry.id] = weight
        for surface, term in entry.surfaces.items():
            self.surfaces[surface][term] = self.surfaces[surface].get(term, 0) + 1

    def _remove(self, procedure_id: str) -> None:
        entry = self.entries.pop(procedure_id, None)
        if entry is None:
            return
        for term in entry.terms:
            posting = self.postings.get(term)
            if posting is not None:
                posting.pop(procedure_id, None)
                if not posting:
                    del self.postings[term]
        for surface, term in entry.surfaces.items():
            counts = self.surfaces.get(surface)
            if counts is not None and term in counts:
                counts[term] -= 1
                if counts[term] <= 0:
                    del counts[term]
                if not counts:
                    del self.surfaces[surface]
                    self._vocabulary = None

    def idf(self, term: str) -> float:
        count = len(self.postings.get(term, ()))
        return math.log((len(self.entries) + 1) / (count + 0.5)) + 1.0

    def expand(self, surface: str, term: str) -> list[tuple[str, float]]:
        """Vocabulary terms a task word stands for, with similarity 0..1: its own term, or, for a
        misspelt word, the terms of the words it is close to."""
        if term in self.postings:
            return [(term, 1.0)]
        if len(surface) < 4:
            return []
        if self._vocabulary is None:
            self._vocabulary = list(self.surfaces)
        found = process.extract(surface, self._vocabulary, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=3)
        best: dict[str, float] = {}
        for match, score, _ in found:
            for vocab_term in self.surfaces[match]:
                if vocab_term in self.postings:
                    best[vocab_term] = max(best.get(vocab_term, 0.0), score / 100.0)
        return list(best.items())

    def goal_similarity(self, task: str) -> dict[str, float]:
        """Procedures sharing meaning with the task, each with a similarity 0..1: mostly how much
        of the task they cover, partly how much of their own goal the task asks for."""
        query = task_terms(task)
        if not query or not self.entries:
            return {}
        expanded = [(self.expand(surface, term), term, value_like) for surface, term, value_like in query]
        known = [max(self.idf(m) for m, _ in matches) for matches, _, _ in expanded if matches]
        unknown_idf = sum(known) / len(known) if known else math.log(len(self.entries) + 1) + 1.0
        weights = []
        for matches, term, value_like in expanded:
            if matches:
                weights.append(max(self.idf(m) for m, _ in matches))
            else:
                weights.append(unknown_idf * (VALUE_WEIGHT if value_like and not is_intent(term) else 1.0))
        total = sum(weights)
        common = max(1, int(len(self.entries) * COMMON_SHARE))
        rare_terms = [m for matches, _, _ in expanded for m, _ in matches if len(self.postings[m]) <= common]
        candidates = {pid for m in rare_terms for pid in self.postings[m]} if rare_terms else None
        covered: dict[str, float] = defaultdict(float)
        hit_terms: dict[str, set[str]] = defaultdict(set)
        for weight, (matches, _, _) in zip(weights, expanded):
            best: dict[str, tuple[float, str]] = {}
            for vocab_term, similarity in matches:
                for procedure_id, field_weight in self.postings[vocab_term].items():
                    if candidates is not None and procedure_id not in candidates:
                        continue
                    value = similarity * field_weight
                    if value > best.get(procedure_id, (0.0, ""))[0]:
                        best[procedure_id] = (value, vocab_term)
            for procedure_id, (value, vocab_term) in best.items():
                covered[procedure_id] += weight * value
                hit_terms[procedure_id].add(vocab_term)
        scores = {}
        for procedure_id, amount in covered.items():
            core = self.entries[procedure_id].core
            goal_share = len(core & hit_terms[procedure_id]) / len(core) if core else 0.0
            scores[procedure_id] = QUERY_SHARE * amount / total + (1 - QUERY_SHARE) * goal_share
        return scores
