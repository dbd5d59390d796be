"""ProcedureStore: procedures in SQLite as validated JSON plus indexed columns, and the UPDATE phase."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import ValidationError

from recorder.database import DB_FILE, connect, transaction
from recorder.errors import ShowMeHowError, describe_error
from recorder.models import Recording
from recorder.recordings import RecordingStore
from recorder.settings import data_dir
from procedures.models import Procedure

DEPRECATE_MIN_USES = 3
DEPRECATE_BELOW_RATE = 0.5


class ProcedureStore:
    """Procedures on a SQLite file; `ProcedureStore()` uses the data directory's database."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_FILE
        self._db = connect(self.path)
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
                    db.execute("INSERT INTO procedures VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", _row(procedure))
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

    def merge(self, keep_id: str, other_id: str) -> Procedure:
        """Fold a second demonstration of the same task into the first: its outcomes, domains and
        tags join the kept procedure, its flow is noted as a variant, and it is removed."""
        if keep_id == other_id:
            raise ShowMeHowError("cannot merge a procedure with itself")
        keep, other = self.get(keep_id), self.get(other_id)
        variant = f"{other.title} ({len(other.steps)} steps): " + " / ".join(other.abstract.flow)
        merged = Procedure.model_validate(
            keep.model_dump()
            | {
                "success_count": keep.success_count + other.success_count,
                "failure_count": keep.failure_count + other.failure_count,
                "variants": [*keep.variants, variant, *other.variants],
                "updated_at": time.time(),
            }
        )
        merged.abstract.domains = list(dict.fromkeys(keep.abstract.domains + other.abstract.domains))
        merged.abstract.tags = list(dict.fromkeys(keep.abstract.tags + other.abstract.tags))
        with transaction(self._db) as db:
            _write_back(db, merged)
            db.execute("DELETE FROM procedures WHERE id = ?", (other.id,))
        self._own_writes += 1
        return merged

    def add_recording(self, recording: Recording) -> str:
        return self.recordings.add(recording)

    def close(self) -> None:
        self.recordings.close()
        self._db.close()


def _row(p: Procedure) -> tuple[object, ...]:
    return (
        p.id, p.title, p.abstract.goal, json.dumps(p.abstract.domains), int(p.deprecated),
        p.success_count, p.failure_count, p.updated_at, p.model_dump_json(),
    )  # fmt: skip


def _write_back(db: sqlite3.Connection, p: Procedure) -> int:
    """Overwrite a stored procedure; the number of rows changed (0: no such id)."""
    cursor = db.execute(
        "UPDATE procedures SET title=?, goal=?, domains=?, deprecated=?, success_count=?, failure_count=?,"
        " updated_at=?, data=? WHERE id=?",
        (*_row(p)[1:], p.id),
    )
    return cursor.rowcount
