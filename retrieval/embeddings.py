"""Optional semantic similarity: embeddings of the task and of procedures (through litellm, when the
`embedding_model` setting names a model), kept with the procedures in the database."""

from __future__ import annotations

import logging
import math
from array import array

from core.llm import LLMError, embed
from core.settings import Settings
from procedures.models import Procedure
from procedures.store import ProcedureStore

LOG = logging.getLogger(__name__)
FLOOR = 0.3  # cosine similarity that unrelated texts reach anyway: counts as 0


def procedure_text(procedure: Procedure) -> str:
    """What a procedure's embedding is of: title, goal, description and flow."""
    a = procedure.abstract
    return "\n".join(t for t in [procedure.title, a.goal, procedure.description, *a.flow] if t)


def _pack(vector: list[float]) -> bytes:
    return array("f", vector).tobytes()


def _unpack(blob: bytes) -> list[float]:
    return array("f", blob).tolist()


def _cosine(a: list[float], b: list[float]) -> float:
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return sum(x * y for x, y in zip(a, b)) / norm if norm and len(a) == len(b) else 0.0


class Semantic:
    """Semantic similarity 0..1 of a task and stored procedures; embeddings missing for the model are
    made and stored on first use. When the model cannot be reached, it says so once and gives nothing."""

    def __init__(self, store: ProcedureStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.model = settings.embedding_model or ""

    def similarities(self, task: str, ids: list[str]) -> dict[str, float]:
        if not self.model or not ids:
            return {}
        try:
            stored = {pid: _unpack(blob) for pid, blob in self.store.index.embeddings(self.model, ids).items()}
            missing = [pid for pid in ids if pid not in stored]
            texts = [procedure_text(self.store.get(pid)) for pid in missing]
            vectors = embed(self.model, [task, *texts], self.settings)
        except LLMError as exc:
            LOG.warning("semantic similarity is off for this search: %s", exc)
            return {}
        made = dict(zip(missing, vectors[1:]))
        self.store.index.save_embeddings(self.model, {pid: _pack(v) for pid, v in made.items()})
        stored |= made
        return {pid: max(0.0, (_cosine(vectors[0], stored[pid]) - FLOOR) / (1 - FLOOR)) for pid in ids}
