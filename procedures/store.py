"""ProcedureStore: procedures in SQLite as validated JSON plus indexed columns, and the UPDATE phase."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import ValidationError

from core.database import DB_FILE, Schema, connect, run_script, transaction
from core.errors import ShowMeHowError, describe_error
from core.settings import data_dir
from procedures.merging import merge_demonstration, same_task
from procedures.models import Procedure
from procedures.revisions import Revision, RevisionStatus, same_steps
from recorder.models import Recording
from recorder.recordings import RecordingStore


def _v1(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS procedures (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            goal TEXT NOT NULL,
            domains TEXT NOT NULL,
            deprecated INTEGER NOT NULL,
            success_count INTEGER NOT NULL,
            failure_count INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            data TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS procedures_by_title ON procedures(title);
        CREATE INDEX IF NOT EXISTS procedures_by_deprecated ON procedures(deprecated)
        """,
    )


def _v2(db: sqlite3.Connection) -> None:
    """Revisions: changes to a procedure's steps learned from runs, waiting for the person's decision."""
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


SCHEMA = Schema("procedures", (_v1, _v2))
DEPRECATE_MIN_USES = 3
DEPRECATE_BELOW_RATE = 0.5


class ProcedureStore:
    """Procedures on a SQLite file; `ProcedureStore()` uses the data directory's database."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_FILE
        self._db = connect(self.path, SCHEMA)
        self._own_writes = 0
        self.recordings = RecordingStore(self.path)

    # --- reading ---------------------------------------------------------------------------

    def get(self, procedure_id: str) -> Procedure:
        row = self._db.execute("SELECT data FROM procedures WHERE id = ?", (procedure_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
        return Procedure.model_validate_json(row[0])

    def list(self, include_deprecated: bool = True) -> list[Procedure]:
        query = "SELECT data FROM procedures"
        if not include_deprecated:
            query += " WHERE deprecated = 0"
        rows = self._db.execute(query + " ORDER BY updated_at DESC").fetchall()
        return [Procedure.model_validate_json(row[0]) for row in rows]

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM procedures").fetchone()[0]

    def index_stamps(self) -> list[tuple[str, float]]:
        """(id, updated_at) of every procedure: how an index finds what changed."""
        return self._db.execute("SELECT id, updated_at FROM procedures").fetchall()

    def index_rows(self, ids: Iterable[str]) -> Iterator[tuple[str, float, str]]:
        """(id, updated_at, JSON) of the given procedures, read in chunks."""
        ids = list(ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            yield from self._db.execute(f"SELECT id, updated_at, data FROM procedures WHERE id IN ({marks})", chunk)

    def revision(self) -> tuple[int, int]:
        """Changes whenever any connection commits a change: lets callers keep caches honest."""
        return self._db.execute("PRAGMA data_version").fetchone()[0], self._own_writes

    # --- writing ---------------------------------------------------------------------------

    def add(self, procedure: Procedure) -> str:
        self.add_many([procedure])
        return procedure.id

    def add_many(self, procedures: Iterable[Procedure]) -> list[str]:
        """Insert all in one transaction: either every procedure lands or none does."""
        procedures = list(procedures)
        with transaction(self._db) as db:
            for procedure in procedures:
                try:
                    db.execute(
                        "INSERT INTO procedures (id, title, goal, domains, deprecated, success_count, failure_count, updated_at, data)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        _row(procedure),
                    )
                except sqlite3.IntegrityError as exc:
                    raise ShowMeHowError(f"a procedure with id {procedure.id!r} already exists") from exc
        self._own_writes += 1
        return [p.id for p in procedures]

    def update(self, procedure: Procedure) -> Procedure:
        """Save an edited procedure after validating it again; returns the saved copy."""
        try:
            procedure = Procedure.model_validate(procedure.model_dump() | {"updated_at": time.time()})
        except ValidationError as exc:
            raise ShowMeHowError(f"invalid procedure: {describe_error(exc)}") from exc
        with transaction(self._db) as db:
            if _write_back(db, procedure) == 0:
                raise ShowMeHowError(f"no procedure with id {procedure.id!r}")
        self._own_writes += 1
        return procedure

    def add_or_merge(self, procedure: Procedure) -> tuple[str, bool]:
        """Store a new demonstration: merged into the stored procedure of the same task as alternatives
        (its id, True), or added (its own id, False)."""
        for stored in self.list(include_deprecated=False):
            if same_task(stored, procedure):
                return self.update(merge_demonstration(stored, procedure)).id, True
        return self.add(procedure), False

    def delete(self, procedure_id: str) -> None:
        with transaction(self._db) as db:
            if db.execute("DELETE FROM procedures WHERE id = ?", (procedure_id,)).rowcount == 0:
                raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
            db.execute("DELETE FROM revisions WHERE procedure_id = ?", (procedure_id,))
        self._own_writes += 1

    def set_deprecated(self, procedure_id: str, deprecated: bool) -> Procedure:
        return self.update(self.get(procedure_id).model_copy(update={"deprecated": deprecated}))

    def record_outcome(self, procedure_id: str, success: bool, step_failed: int | None = None) -> Procedure:
        """UPDATE phase: count the outcome, mark the failing step (0-based), deprecate what keeps failing."""
        procedure = self.get(procedure_id)
        if success:
            procedure.success_count += 1
        else:
            procedure.failure_count += 1
            if step_failed is not None and 0 <= step_failed < len(procedure.steps):
                procedure.steps[step_failed].failure_count += 1
        if procedure.uses >= DEPRECATE_MIN_USES and procedure.success_count / procedure.uses < DEPRECATE_BELOW_RATE:
            procedure.deprecated = True
        return self.update(procedure)

    # --- revisions -------------------------------------------------------------------------

    def revisions(self, procedure_id: str | None = None, status: RevisionStatus | None = None) -> list[Revision]:
        """Revisions, newest first, of one procedure or all, in one status or any."""
        query, args = "SELECT data FROM revisions WHERE 1 = 1", []
        if procedure_id is not None:
            query, args = query + " AND procedure_id = ?", [*args, procedure_id]
        if status is not None:
            query, args = query + " AND status = ?", [*args, status]
        rows = self._db.execute(query + " ORDER BY created_at DESC", args).fetchall()
        return [Revision.model_validate_json(row[0]) for row in rows]

    def get_revision(self, revision_id: str) -> Revision:
        row = self._db.execute("SELECT data FROM revisions WHERE id = ?", (revision_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no revision with id {revision_id!r}; `showmehow revisions` lists them")
        return Revision.model_validate_json(row[0])

    def pending_revision(self, procedure: Procedure) -> Revision | None:
        """The newest proposed revision that still applies to the procedure's current steps."""
        for revision in self.revisions(procedure.id, "proposed"):
            if same_steps(revision.base_steps, procedure.steps):
                return revision
        return None

    def propose_revision(self, revision: Revision) -> Revision:
        """Store a proposed revision; the same change proposed again counts one more success instead."""
        for pending in self.revisions(revision.procedure_id, "proposed"):
            if same_steps(pending.base_steps, revision.base_steps) and same_steps(pending.steps, revision.steps):
                return self._save_revision(pending.model_copy(update={"successes": pending.successes + revision.successes}))
        return self._save_revision(revision)

    def count_revision_success(self, revision_id: str) -> Revision:
        revision = self.get_revision(revision_id)
        return self._save_revision(revision.model_copy(update={"successes": revision.successes + 1}))

    def accept_revision(self, revision_id: str) -> Procedure:
        """Apply a proposed revision to its procedure; refused when the procedure changed since."""
        revision = self._undecided(revision_id)
        procedure = self.get(revision.procedure_id)
        if not same_steps(revision.base_steps, procedure.steps):
            raise ShowMeHowError(
                f"the steps of '{procedure.title}' changed since revision {revision_id[:12]} was proposed; reject it"
            )
        saved = self.update(procedure.model_copy(update={"steps": revision.steps}))
        self._save_revision(revision.model_copy(update={"status": "accepted", "decided_at": time.time()}))
        return saved

    def reject_revision(self, revision_id: str) -> Revision:
        revision = self._undecided(revision_id)
        return self._save_revision(revision.model_copy(update={"status": "rejected", "decided_at": time.time()}))

    def _undecided(self, revision_id: str) -> Revision:
        revision = self.get_revision(revision_id)
        if revision.status != "proposed":
            raise ShowMeHowError(f"revision {revision_id[:12]} was already {revision.status}")
        return revision

    def _save_revision(self, revision: Revision) -> Revision:
        with transaction(self._db) as db:
            db.execute(
                "INSERT OR REPLACE INTO revisions (id, procedure_id, status, created_at, data) VALUES (?, ?, ?, ?, ?)",
                (revision.id, revision.procedure_id, revision.status, revision.created_at, revision.model_dump_json()),
            )
        self._own_writes += 1
        return revision

    def add_recording(self, recording: Recording) -> str:
        return self.recordings.add(recording)

    def close(self) -> None:
        self.recordings.close()
        self._db.close()


def _row(p: Procedure) -> tuple[object, ...]:
    return (
        p.id,
        p.title,
        p.abstract.goal,
        json.dumps(p.abstract.domains),
        int(p.deprecated),
        p.success_count,
        p.failure_count,
        p.updated_at,
        p.model_dump_json(),
    )


def _write_back(db: sqlite3.Connection, p: Procedure) -> int:
    """Overwrite a stored procedure; the number of rows changed (0: no such id)."""
    cursor = db.execute(
        "UPDATE procedures SET title=?, goal=?, domains=?, deprecated=?, success_count=?, failure_count=?,"
        " updated_at=?, data=? WHERE id=?",
        (*_row(p)[1:], p.id),
    )
    return cursor.rowcount
