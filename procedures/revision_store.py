"""The revisions of the procedures (see procedures.revisions), waiting for the person's decision. Part of
a ProcedureStore (`store.revisions`): a procedure's revisions go with it."""

from __future__ import annotations

import sqlite3
import time
from typing import Protocol

from core.database import Database, Schema, run_script, transaction
from core.errors import ShowMeHowError
from procedures.models import Procedure
from procedures.revisions import Revision, RevisionStatus, same_steps


class Procedures(Protocol):
    """What revisions need of the store they are part of: who decides, and reading and saving a procedure."""

    user: str

    def get(self, procedure_id: str) -> Procedure: ...

    def update(self, procedure: Procedure) -> Procedure: ...


def _v1(db: sqlite3.Connection) -> None:
    """Until revisions had a schema of their own, version 3 of the procedures' schema created this table:
    a file from then keeps it."""
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS revisions (
            id TEXT PRIMARY KEY,
            procedure_id TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at REAL NOT NULL,
            data TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS revisions_by_procedure ON revisions(procedure_id, status)
        """,
    )


SCHEMA = Schema("revisions", (_v1,))


class RevisionStore:
    """Revisions on a ProcedureStore's connection; accepting one changes the procedure through `procedures`."""

    def __init__(self, db: Database, procedures: Procedures) -> None:
        self._db = db
        self._procedures = procedures

    def list(self, procedure_id: str | None = None, status: RevisionStatus | None = None) -> list[Revision]:
        """Revisions, newest first, of one procedure or all, in one status or any."""
        query, args = "SELECT data FROM revisions WHERE 1 = 1", []
        if procedure_id is not None:
            query, args = query + " AND procedure_id = ?", [*args, procedure_id]
        if status is not None:
            query, args = query + " AND status = ?", [*args, status]
        rows = self._db.execute(query + " ORDER BY created_at DESC", args).fetchall()
        return [Revision.model_validate_json(row[0]) for row in rows]

    def get(self, revision_id: str) -> Revision:
        row = self._db.execute("SELECT data FROM revisions WHERE id = ?", (revision_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no revision with id {revision_id!r}; `showmehow revisions` lists them")
        return Revision.model_validate_json(row[0])

    def pending(self, procedure: Procedure) -> Revision | None:
        """The newest proposed revision that still applies to the procedure's current steps."""
        for revision in self.list(procedure.id, "proposed"):
            if same_steps(revision.base_steps, procedure.steps):
                return revision
        return None

    def propose(self, revision: Revision) -> Revision:
        """Store a proposed revision; the same change proposed again counts one more success instead."""
        for pending in self.list(revision.procedure_id, "proposed"):
            if (
                same_steps(pending.base_steps, revision.base_steps)
                and same_steps(pending.steps, revision.steps)
                and pending.checks == revision.checks
            ):
                return self._save(pending.model_copy(update={"successes": pending.successes + revision.successes}))
        return self._save(revision.model_copy(update={"created_by": revision.created_by or self._procedures.user}))

    def count_success(self, revision_id: str) -> Revision:
        revision = self.get(revision_id)
        return self._save(revision.model_copy(update={"successes": revision.successes + 1}))

    def accept(self, revision_id: str) -> Procedure:
        """Apply a proposed revision to its procedure (Revision.applied_to); refused when the procedure's steps
        changed since."""
        with transaction(self._db):  # the procedure and the revision change together or not at all
            revision = self._undecided(revision_id)
            procedure = self._procedures.get(revision.procedure_id)
            if not same_steps(revision.base_steps, procedure.steps):
                raise ShowMeHowError(
                    f"the steps of '{procedure.title}' changed since revision {revision_id[:12]} was proposed; reject it"
                )
            saved = self._procedures.update(revision.applied_to(procedure))
            self._save(
                revision.model_copy(update={"status": "accepted", "decided_at": time.time(), "decided_by": self._procedures.user})
            )
        return saved

    def reject(self, revision_id: str) -> Revision:
        revision = self._undecided(revision_id)
        return self._save(
            revision.model_copy(update={"status": "rejected", "decided_at": time.time(), "decided_by": self._procedures.user})
        )

    def drop(self, procedure_id: str) -> None:
        """Forget a procedure's revisions, inside the transaction that deletes it."""
        self._db.execute("DELETE FROM revisions WHERE procedure_id = ?", (procedure_id,))

    def _undecided(self, revision_id: str) -> Revision:
        revision = self.get(revision_id)
        if revision.status != "proposed":
            raise ShowMeHowError(f"revision {revision_id[:12]} was already {revision.status}")
        return revision

    def _save(self, revision: Revision) -> Revision:
        with transaction(self._db) as db:
            db.execute(
                "INSERT INTO revisions (id, procedure_id, status, created_at, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id)"
                " DO UPDATE SET status = excluded.status, created_at = excluded.created_at, data = excluded.data",
                (revision.id, revision.procedure_id, revision.status, revision.created_at, revision.model_dump_json()),
            )
        return revision
