"""ProcedureStore: procedures in SQLite as validated JSON plus indexed columns, and the UPDATE phase."""

from __future__ import annotations

import json
import sqlite3
import time
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import ValidationError

from core.database import DB_FILE, Schema, connect, integrity_problems, run_script, transaction
from core.errors import ShowMeHowError, describe_error
from core.settings import data_dir
from procedures.models import Procedure
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


SCHEMA = Schema("procedures", (_v1,))


class SkippedRowWarning(UserWarning):
    """A stored procedure that fails validation was left out; `showmehow doctor` lists them."""


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
        return self._get(self._db, procedure_id)

    def _get(self, db: sqlite3.Connection, procedure_id: str) -> Procedure:
        row = db.execute("SELECT data FROM procedures WHERE id = ?", (procedure_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
        try:
            return Procedure.model_validate_json(row[0])
        except ValidationError as exc:
            raise ShowMeHowError(
                f"procedure {procedure_id} is damaged in {self.path} ({describe_error(exc)}); delete it with "
                f"`showmehow delete {procedure_id}`"
            ) from exc

    def list(self, include_deprecated: bool = True) -> list[Procedure]:
        """Every valid procedure, newest first; a row that fails validation is skipped with a SkippedRowWarning."""
        query = "SELECT id, data FROM procedures"
        if not include_deprecated:
            query += " WHERE deprecated = 0"
        procedures = []
        for procedure_id, data in self._db.execute(query + " ORDER BY updated_at DESC").fetchall():
            try:
                procedures.append(Procedure.model_validate_json(data))
            except ValidationError as exc:
                warnings.warn(
                    f"skipped procedure {procedure_id}, which is damaged ({describe_error(exc)}); `showmehow doctor` lists such rows",
                    SkippedRowWarning,
                    stacklevel=2,
                )
        return procedures

    def invalid_rows(self) -> list[tuple[str, str]]:
        """(id, reason) of every stored procedure that fails validation."""
        out = []
        for procedure_id, data in self._db.execute("SELECT id, data FROM procedures"):
            try:
                Procedure.model_validate_json(data)
            except ValidationError as exc:
                out.append((procedure_id, describe_error(exc)))
        return out

    def check_integrity(self) -> None:
        """SQLite's own check of the whole file; ShowMeHowError naming the damage when it fails."""
        problems = integrity_problems(self._db)
        if problems:
            raise ShowMeHowError(
                f"{self.path} is damaged ({problems[0]}; {len(problems)} problem(s) found); "
                "move it away (or restore a copy) and set SHOWMEHOW_HOME if needed"
            )

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

    def delete(self, procedure_id: str) -> None:
        with transaction(self._db) as db:
            if db.execute("DELETE FROM procedures WHERE id = ?", (procedure_id,)).rowcount == 0:
                raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
        self._own_writes += 1

    def set_deprecated(self, procedure_id: str, deprecated: bool) -> Procedure:
        return self.update(self.get(procedure_id).model_copy(update={"deprecated": deprecated}))

    def record_outcome(self, procedure_id: str, success: bool, step_failed: int | None = None) -> Procedure:
        """UPDATE phase: count the outcome, mark the failing step (0-based), deprecate what keeps failing.
        The read and the write are one immediate transaction: outcomes from other processes are never lost."""
        with transaction(self._db) as db:
            procedure = self._get(db, procedure_id)
            if success:
                procedure.success_count += 1
            else:
                procedure.failure_count += 1
                if step_failed is not None and 0 <= step_failed < len(procedure.steps):
                    procedure.steps[step_failed].failure_count += 1
            if procedure.uses >= DEPRECATE_MIN_USES and procedure.success_count / procedure.uses < DEPRECATE_BELOW_RATE:
                procedure.deprecated = True
            procedure.updated_at = time.time()
            _write_back(db, procedure)
        self._own_writes += 1
        return procedure

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
