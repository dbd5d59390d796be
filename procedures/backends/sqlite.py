"""The local backend of the procedure store: procedures on the SQLite file as validated JSON plus indexed columns,
and the UPDATE phase. The team store (procedures.backends.postgres) is this class with the statements that differ.

Its parts share its database: `index` (search text and embeddings), `revisions` (learned changes waiting for a
decision), `lesson_rows` (the lessons the agent learned, retrieval.lessons); `recordings` (what the procedures were
built from) always stays in the local file."""

from __future__ import annotations

import json
import sqlite3
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import ValidationError

from core.database import Database, Schema, connect, integrity_problems, resolve_id, run_script, transaction
from core.errors import ShowMeHowError, describe_error
from core.settings import user_name
from procedures.backends import Listener
from procedures.lesson_table import SCHEMA as LESSONS_SCHEMA
from procedures.lesson_table import LessonTable
from procedures.models import Procedure
from procedures.revision_store import SCHEMA as REVISIONS_SCHEMA
from procedures.revision_store import RevisionStore
from procedures.search_index import SCHEMA as INDEX_SCHEMA
from procedures.search_index import SearchIndex
from procedures.store_rules import Counted, SkippedRowWarning, deprecates, edit_conflict, procedure_row
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


def _moved(db: sqlite3.Connection) -> None:
    """Versions 2 and 3 created the search index's and the revisions' tables, which now migrate with
    schemas of their own (procedures.search_index, procedures.revision_store); the version numbers stay."""


SCHEMA = Schema("procedures", (_v1, _moved, _moved))


class LocalProcedureStore:
    """Procedures on a SQLite file; procedures.store.ProcedureStore is the front that the rest of the code uses."""

    LOCK = ""  # what a SELECT adds to lock the rows it reads until the transaction ends
    RECORDING_LINKS = "json_extract(data, '$.recording_id'), json_extract(data, '$.variants')"
    ROW_ORDER = "rowid"  # the order procedures were added in
    DATA = "data"  # what a procedure's JSON is read as
    DUPLICATE: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    path: Path | str  # the file, or the team store's URL as messages show it
    _db: Database

    def __init__(self, path: Path) -> None:
        self.path = path
        self.user = user_name()
        self._db = connect(path, SCHEMA, INDEX_SCHEMA, REVISIONS_SCHEMA, LESSONS_SCHEMA)
        self.index = SearchIndex(self._db)
        self.revisions = RevisionStore(self._db, self)
        self.lesson_rows = LessonTable(self._db)
        self.recordings = RecordingStore(path)

    # --- reading ---------------------------------------------------------------------------

    def get(self, procedure_id: str) -> Procedure:
        return self._get(self._db, procedure_id)

    def _get(self, db: Database, procedure_id: str, lock: str = "") -> Procedure:
        row = db.execute(f"SELECT {self.DATA} FROM procedures WHERE id = ?{lock}", (procedure_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
        try:
            return Procedure.model_validate_json(row[0])
        except ValidationError as exc:
            raise ShowMeHowError(
                f"procedure {procedure_id} is damaged in {self.path} ({describe_error(exc)}); delete it with "
                f"`showmehow delete {procedure_id}`"
            ) from exc

    def resolve(self, prefix: str) -> str:
        """The full id of the procedure that an id or an unambiguous prefix of one names."""
        return resolve_id(self._db, "procedures", prefix, "procedure", "showmehow list")

    def recording_links(self) -> list[tuple[str | None, list[str], str]]:
        """(recording id, variants, procedure id) of every procedure, oldest first: what it was built from."""
        rows = self._db.execute(f"SELECT {self.RECORDING_LINKS}, id FROM procedures ORDER BY {self.ROW_ORDER}").fetchall()
        return [(recording_id, json.loads(variants or "[]"), procedure_id) for recording_id, variants, procedure_id in rows]

    def list(self, include_deprecated: bool = True) -> list[Procedure]:
        """Every valid procedure, newest first; a row that fails validation is skipped with a SkippedRowWarning."""
        query = f"SELECT id, {self.DATA} FROM procedures"
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
                    stacklevel=3,  # the caller of ProcedureStore.list
                )
        return procedures

    def invalid_rows(self) -> list[tuple[str, str]]:
        """(id, reason) of every stored procedure that fails validation."""
        out = []
        for procedure_id, data in self._db.execute(f"SELECT id, {self.DATA} FROM procedures"):
            try:
                Procedure.model_validate_json(data)
            except ValidationError as exc:
                out.append((procedure_id, describe_error(exc)))
        return out

    def check_integrity(self, quick: bool = False) -> None:
        """SQLite's own check of the whole file (`quick`: of its pages, not of its indexes, which takes far
        less time); ShowMeHowError naming the damage when it fails."""
        problems = integrity_problems(self._db, quick=quick)
        if problems:
            raise ShowMeHowError(
                f"{self.path} is damaged ({problems[0]}; {len(problems)} problem(s) found); "
                "move it away (or restore a copy) and set SHOWMEHOW_HOME if needed"
            )

    def has(self, procedure_id: str) -> bool:
        return self._db.execute("SELECT 1 FROM procedures WHERE id = ?", (procedure_id,)).fetchone() is not None

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM procedures").fetchone()[0]

    # --- writing ---------------------------------------------------------------------------

    def add(self, procedure: Procedure) -> str:
        self.add_many([procedure])
        return procedure.id

    def add_many(self, procedures: Iterable[Procedure]) -> list[str]:
        """Insert all in one transaction: either every procedure lands or none does."""
        procedures = [
            p.model_copy(update={"created_by": p.created_by or self.user, "changed_by": p.changed_by or self.user})
            for p in procedures
        ]
        with transaction(self._db) as db:
            self._insert(db, procedures)
        return [p.id for p in procedures]

    def _insert(self, db: Database, procedures: list[Procedure]) -> None:
        """Insert new procedures with their search text, inside the caller's transaction."""
        for procedure in procedures:
            try:
                db.execute(
                    "INSERT INTO procedures (id, title, goal, domains, deprecated, success_count, failure_count, updated_at, data)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    procedure_row(procedure),
                )
            except self.DUPLICATE as exc:
                raise ShowMeHowError(f"a procedure with id {procedure.id!r} already exists") from exc
            self.index.put(procedure)

    def update(self, procedure: Procedure) -> Procedure:
        """Save an edited procedure after validating it again; returns the saved copy, one version on. EditConflict
        when the stored procedure is no longer the version that `procedure` was read at (someone saved it since)."""
        try:
            saved = Procedure.model_validate(
                procedure.model_dump() | {"updated_at": time.time(), "version": procedure.version + 1, "changed_by": self.user}
            )
        except ValidationError as exc:
            raise ShowMeHowError(f"invalid procedure: {describe_error(exc)}") from exc
        with transaction(self._db) as db:
            try:
                stored = self._get(db, procedure.id, self.LOCK)
            except ShowMeHowError:
                raise ShowMeHowError(f"no procedure with id {procedure.id!r}") from None
            if stored.version != procedure.version:
                raise edit_conflict(procedure, stored.version, stored.changed_by, stored.updated_at)
            self._write_back(db, saved)
        return saved

    def modify(self, procedure_id: str, change: Callable[[Procedure], Procedure]) -> Procedure:
        """Save `change` of the procedure as stored now, which no one saves meanwhile (see `update`)."""
        with transaction(self._db) as db:
            return self.update(change(self._get(db, procedure_id, self.LOCK)))

    def delete(self, procedure_id: str) -> None:
        with transaction(self._db) as db:
            self.index.drop(procedure_id)
            if db.execute("DELETE FROM procedures WHERE id = ?", (procedure_id,)).rowcount == 0:
                raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
            self.revisions.drop(procedure_id)

    def set_deprecated(self, procedure_id: str, deprecated: bool) -> Procedure:
        """Deprecate a procedure, or restore it: then the failures that deprecated it are cleared, so that the
        next failure does not deprecate it again at once."""
        cleared: dict[str, object] = {} if deprecated else {"failure_count": 0}
        return self.update(self.get(procedure_id).model_copy(update={"deprecated": deprecated, **cleared}))

    def record_outcome(self, procedure_id: str, success: bool, step_failed: int | None = None) -> Counted:
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
            procedure.deprecated = procedure.deprecated or deprecates(procedure.success_count, procedure.failure_count)
            procedure.updated_at, procedure.version, procedure.changed_by = time.time(), procedure.version + 1, self.user
            self._write_back(db, procedure)
        return Counted.of(procedure)

    def record_other_run(self, procedure_id: str) -> Counted:
        """A run of the procedure that leaves its confidence as it was (done unverified, or repaired by a fix it
        learned): one more run all the same."""
        with transaction(self._db) as db:
            procedure = self._get(db, procedure_id)
            procedure.other_runs += 1
            procedure.updated_at, procedure.version, procedure.changed_by = time.time(), procedure.version + 1, self.user
            self._write_back(db, procedure)
        return Counted.of(procedure)

    def _write_back(self, db: Database, p: Procedure) -> int:
        """Overwrite a stored procedure and its search text; the number of rows changed (0: no such id)."""
        cursor = db.execute(
            "UPDATE procedures SET title=?, goal=?, domains=?, deprecated=?, success_count=?, failure_count=?,"
            " updated_at=?, data=? WHERE id=?",
            (*procedure_row(p)[1:], p.id),
        )
        if cursor.rowcount:
            self.index.drop(p.id)
            self.index.put(p)
        return cursor.rowcount

    def listen(self) -> Listener | None:
        """A listener for changes that other machines make (a team store's); None for the local file, where only
        this machine writes."""
        return None

    def data_version(self) -> int:
        """A number that changes when another connection to the local file (another process too) commits to it."""
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def close(self) -> None:
        self.recordings.close()
        self._db.close()
