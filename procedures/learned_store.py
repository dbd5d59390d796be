"""Procedures learned from verified agent runs, waiting for the person's decision like revisions: proposed, then
accepted (stored as a procedure whose `source` is `agent_run`) or rejected. They stay on this machine, next to
the recordings, whichever store the procedures live in."""

from __future__ import annotations

import sqlite3
import time
import uuid
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from core.database import Schema, connect, transaction
from core.errors import ShowMeHowError
from procedures.models import Procedure
from procedures.revisions import same_steps
from recorder.models import SHORT

LearnedStatus = Literal["proposed", "accepted", "rejected"]


class Learned(BaseModel):
    """A procedure a verified run taught: `task` is the run's task (its secrets masked), `successes` the verified
    runs that went this way; `procedure_id` the stored procedure once accepted."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    status: LearnedStatus = "proposed"
    procedure: Procedure
    task: str = Field("", max_length=SHORT)
    successes: int = Field(1, ge=0)
    run_dir: str | None = None
    procedure_id: str | None = None
    created_at: float = Field(default_factory=time.time)
    decided_at: float | None = None


class Adds(Protocol):
    """The store an accepted procedure goes into."""

    def add(self, procedure: Procedure) -> str: ...


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS learned"
        " (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at REAL NOT NULL, data TEXT NOT NULL)"
    )


SCHEMA = Schema("learned", (_v1,))


def _same_kind(a: Procedure, b: Procedure) -> bool:
    """Whether two learned procedures are one: the same steps, with parameters of the same names (their
    demonstrated values, and so the titles, differ from task to task)."""
    return same_steps(a.steps, b.steps) and a.parameter_names == b.parameter_names


class LearnedStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = connect(path, SCHEMA)

    def list(self, status: LearnedStatus | None = None) -> list[Learned]:
        """Learned procedures, newest first, in one status or any."""
        query, args = "SELECT data FROM learned", ()
        if status is not None:
            query, args = query + " WHERE status = ?", (status,)
        return [Learned.model_validate_json(row[0]) for row in self._db.execute(query + " ORDER BY created_at DESC", args)]

    def get(self, prefix: str) -> Learned:
        """The learned procedure that an id or an unambiguous prefix of one names."""
        found = [learned for learned in self.list() if learned.id.startswith(prefix)]
        if len(found) != 1:
            raise ShowMeHowError(
                f"no learned procedure with id {prefix!r}; `showmehow learned --all` lists them"
                if not found
                else f"id {prefix!r} is ambiguous ({len(found)} learned procedures); give more characters"
            )
        return found[0]

    def propose(self, learned: Learned) -> Learned:
        """Keep a learned procedure as proposed; the same one learned again (from a task of the same kind, with
        other values) counts one more verified run instead."""
        for pending in self.list("proposed"):
            if _same_kind(pending.procedure, learned.procedure):
                return self._save(pending.model_copy(update={"successes": pending.successes + learned.successes}))
        return self._save(learned)

    def accept(self, learned_id: str, procedures: Adds) -> Learned:
        """Store the learned procedure, so that the next task of its kind replays it."""
        learned = self._undecided(learned_id)
        procedure_id = procedures.add(learned.procedure)
        return self._save(
            learned.model_copy(update={"status": "accepted", "decided_at": time.time(), "procedure_id": procedure_id})
        )

    def reject(self, learned_id: str) -> Learned:
        learned = self._undecided(learned_id)
        return self._save(learned.model_copy(update={"status": "rejected", "decided_at": time.time()}))

    def _undecided(self, learned_id: str) -> Learned:
        learned = self.get(learned_id)
        if learned.status != "proposed":
            raise ShowMeHowError(f"learned procedure {learned.id[:12]} was already {learned.status}")
        return learned

    def _save(self, learned: Learned) -> Learned:
        with transaction(self._db) as db:
            db.execute(
                "INSERT INTO learned (id, status, created_at, data) VALUES (?, ?, ?, ?) ON CONFLICT (id)"
                " DO UPDATE SET status = excluded.status, data = excluded.data",
                (learned.id, learned.status, learned.created_at, learned.model_dump_json()),
            )
        return learned

    def close(self) -> None:
        self._db.close()
