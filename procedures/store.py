"""ProcedureStore: procedures in SQLite as validated JSON plus indexed columns, and the UPDATE phase."""

from __future__ import annotations

import json
import sqlite3
import time
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from core.database import DB_FILE, Schema, connect, integrity_problems, resolve_id, run_script, transaction
from core.errors import ShowMeHowError, describe_error
from core.settings import data_dir
from procedures.merging import merge_demonstration, same_task
from procedures.models import Procedure
from procedures.revisions import Revision, RevisionStatus, same_steps
from procedures.search import search_text
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
    """Search text in FTS5 (ranked by bm25), the words it holds for spelling correction, and embeddings."""
    run_script(
        db,
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS procedure_search
            USING fts5(goal, about, steps, vals, places UNINDEXED, tokenize='unicode61');
        CREATE VIRTUAL TABLE IF NOT EXISTS procedure_terms USING fts5vocab(procedure_search, 'row');
        CREATE VIRTUAL TABLE IF NOT EXISTS procedure_term_columns USING fts5vocab(procedure_search, 'col');
        CREATE TABLE IF NOT EXISTS procedure_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS procedure_embeddings (
            id TEXT NOT NULL,
            model TEXT NOT NULL,
            vector BLOB NOT NULL,
            PRIMARY KEY (id, model)
        )
        """,
    )


def _reindex(db: sqlite3.Connection) -> None:
    """Write every procedure's search text afresh."""
    db.execute("DELETE FROM procedure_search")
    for (data,) in db.execute("SELECT data FROM procedures").fetchall():
        try:
            procedure = Procedure.model_validate_json(data)
        except ValidationError:
            continue  # a damaged row has no search text; `showmehow doctor` lists it
        _index(db, procedure)


def _v3(db: sqlite3.Connection) -> None:
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


def _v4(db: sqlite3.Connection) -> None:
    """Search text that knows which values fit a procedure's parameters (their shapes and allowed values), and that
    reads headings, quoted title values and element names as issue 29 says: the table is made again, then filled."""
    run_script(
        db,
        """
        DROP TABLE IF EXISTS procedure_term_columns;
        DROP TABLE IF EXISTS procedure_terms;
        DROP TABLE IF EXISTS procedure_search;
        CREATE VIRTUAL TABLE procedure_search
            USING fts5(goal, about, steps, vals, places UNINDEXED, fits UNINDEXED, tokenize='unicode61');
        CREATE VIRTUAL TABLE procedure_terms USING fts5vocab(procedure_search, 'row');
        CREATE VIRTUAL TABLE procedure_term_columns USING fts5vocab(procedure_search, 'col')
        """,
    )
    _reindex(db)


SCHEMA = Schema("procedures", (_v1, _v2, _v3, _v4))
SEARCH_WEIGHTS = (4.0, 2.0, 1.5, 0.3)  # bm25 weights of goal, about, steps and values


class SkippedRowWarning(UserWarning):
    """A stored procedure that fails validation was left out; `showmehow doctor` lists them."""


DEPRECATE_MIN_USES = 3
DEPRECATE_BELOW_RATE = 0.5


class ProcedureStore:
    """Procedures on a SQLite file; `ProcedureStore()` uses the data directory's database."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_FILE
        self._db = connect(self.path, SCHEMA)
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

    def resolve(self, prefix: str) -> str:
        """The full id of the procedure that an id or an unambiguous prefix of one names."""
        return resolve_id(self._db, "procedures", prefix, "procedure", "showmehow list")

    def built_from(self) -> dict[str, list[str]]:
        """Recording id -> ids of the procedures built from it, oldest first."""
        links: dict[str, list[str]] = {}
        rows = self._db.execute(
            "SELECT json_extract(data, '$.recording_id') AS rid, id FROM procedures WHERE rid IS NOT NULL ORDER BY rowid"
        )
        for recording_id, procedure_id in rows:
            links.setdefault(recording_id, []).append(procedure_id)
        return links

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

    def has(self, procedure_id: str) -> bool:
        return self._db.execute("SELECT 1 FROM procedures WHERE id = ?", (procedure_id,)).fetchone() is not None

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM procedures").fetchone()[0]

    def search(self, query: str | None, limit: int) -> list[SearchRow]:
        """The procedures whose search text matches an FTS5 `query`, best bm25 first; with no query, any
        `limit` of them. Deprecated procedures have no search text."""
        weights = ", ".join(map(str, SEARCH_WEIGHTS))
        best = (
            f"SELECT rowid, bm25(procedure_search, {weights}) AS rank FROM procedure_search"
            " WHERE procedure_search MATCH ? ORDER BY rank LIMIT ?"
            if query
            else "SELECT rowid, 0 AS rank FROM procedure_search LIMIT ?"
        )
        rows = self._db.execute(
            "SELECT p.id, s.goal, s.about, s.steps, s.vals, s.places, s.fits, p.domains, p.success_count, p.failure_count"
            f" FROM ({best}) AS best JOIN procedure_search s ON s.rowid = best.rowid JOIN procedures p ON p.rowid = best.rowid"
            " ORDER BY best.rank",
            (query, limit) if query else (limit,),
        ).fetchall()
        return [SearchRow(r[0], r[1], r[2], r[3], r[4], r[5].split(), r[6], json.loads(r[7]), r[8], r[9]) for r in rows]

    def term_counts(self, terms: Iterable[str], column: str | None = None) -> dict[str, int]:
        """How many procedures' search text holds each term, anywhere or in one column (goal, about, steps,
        vals); terms in none are left out."""
        terms = sorted(set(terms))
        marks = ",".join("?" * len(terms))
        if column is None:
            return dict(self._db.execute(f"SELECT term, doc FROM procedure_terms WHERE term IN ({marks})", terms).fetchall())
        query = f"SELECT term, doc FROM procedure_term_columns WHERE col = ? AND term IN ({marks})"
        return dict(self._db.execute(query, (column, *terms)).fetchall())

    def searchable_count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM procedures WHERE deprecated = 0").fetchone()[0]

    def known_words(self, words: Iterable[str]) -> set[str]:
        """Those of `words` that some procedure's search text has held."""
        words = sorted(set(words))
        marks = ",".join("?" * len(words))
        return {r[0] for r in self._db.execute(f"SELECT word FROM procedure_words WHERE word IN ({marks})", words)}

    def words_starting(self, prefix: str, min_length: int, max_length: int) -> list[str]:
        """Words of the search text that start with `prefix`, of a length in the range: spelling candidates."""
        return [
            r[0]
            for r in self._db.execute(
                "SELECT word FROM procedure_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?",
                (prefix, prefix + "\uffff", min_length, max_length),
            )
        ]

    def embeddings(self, model: str, ids: Iterable[str]) -> dict[str, bytes]:
        """Stored embeddings of the given procedures by `model` (packed float32)."""
        ids = list(ids)
        marks = ",".join("?" * len(ids))
        query = f"SELECT id, vector FROM procedure_embeddings WHERE model = ? AND id IN ({marks})"
        return dict(self._db.execute(query, (model, *ids)).fetchall())

    def save_embeddings(self, model: str, vectors: Mapping[str, bytes]) -> None:
        """Keep embeddings with their procedures; they go when the procedure changes or goes."""
        with transaction(self._db) as db:
            for procedure_id, vector in vectors.items():
                if db.execute("SELECT 1 FROM procedures WHERE id = ?", (procedure_id,)).fetchone():
                    db.execute("INSERT OR REPLACE INTO procedure_embeddings VALUES (?, ?, ?)", (procedure_id, model, vector))

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
                _index(db, procedure)
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
            _unindex(db, procedure_id)
            if db.execute("DELETE FROM procedures WHERE id = ?", (procedure_id,)).rowcount == 0:
                raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
            db.execute("DELETE FROM revisions WHERE procedure_id = ?", (procedure_id,))

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
        return procedure

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
    if cursor.rowcount:
        _unindex(db, p.id)
        _index(db, p)
    return cursor.rowcount


@dataclass(frozen=True)
class SearchRow:
    """A procedure's search text (see procedures.search) with what scoring needs from its row."""

    id: str
    goal: str
    about: str
    steps: str
    values: str
    places: list[str]
    fits: str  # see procedures.search.SearchText
    domains: list[str]
    success_count: int
    failure_count: int


def _index(db: sqlite3.Connection, p: Procedure) -> None:
    """Write a procedure's search text (none for a deprecated one); its row must exist and have none yet."""
    if p.deprecated:
        return
    text = search_text(p)
    db.execute(
        "INSERT INTO procedure_search (rowid, goal, about, steps, vals, places, fits)"
        " SELECT rowid, ?, ?, ?, ?, ?, ? FROM procedures WHERE id = ?",
        (text.goal, text.about, text.steps, text.values, text.places, text.fits, p.id),
    )
    db.executemany("INSERT OR IGNORE INTO procedure_words VALUES (?)", [(w,) for w in text.words])


def _unindex(db: sqlite3.Connection, procedure_id: str) -> None:
    db.execute("DELETE FROM procedure_search WHERE rowid = (SELECT rowid FROM procedures WHERE id = ?)", (procedure_id,))
    db.execute("DELETE FROM procedure_embeddings WHERE id = ?", (procedure_id,))
