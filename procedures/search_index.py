"""The search index of the procedures: their search text in FTS5 (ranked by bm25), the words it has held
for spelling correction, and their embeddings. Part of a ProcedureStore (`store.index`), which writes a
procedure's search text in the same transaction as the procedure."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from core.database import Database, Schema, run_script, transaction
from procedures.models import Procedure
from procedures.search import search_text

SEARCH_WEIGHTS = (4.0, 2.0, 1.5, 0.3)  # bm25 weights of goal, about, steps and values


def _v1(db: sqlite3.Connection) -> None:
    """The index's tables (version 2 makes the search table again and fills it). Until the index had a schema of
    its own, version 2 of the procedures' schema created these tables: a file from then keeps them."""
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


def _v2(db: sqlite3.Connection) -> None:
    """Search text that knows which values fit a procedure's parameters (their shapes and allowed values) and reads
    headings, quoted title values and element names (issue 29): the table is made again, then filled from the
    procedures stored (version 1 filled it too; this fills it for both)."""
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
    for (data,) in db.execute("SELECT data FROM procedures").fetchall():
        try:
            procedure = Procedure.model_validate_json(data)
        except ValidationError:
            continue  # a damaged row has no search text; `showmehow doctor` lists it
        _put(db, procedure)


SCHEMA = Schema("procedure_index", (_v1, _v2))  # migrates after the procedures' schema, whose rows it reads


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


class SearchIndex:
    """The index on a ProcedureStore's connection; `put` and `drop` run inside the store's transactions."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._counts: dict[tuple[str | None, str], int] = {}  # (column, term) -> procedures, while the file is unchanged
        self._counted_at: tuple[int, int] = (-1, -1)

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
        now = (self._db.execute("PRAGMA data_version").fetchone()[0], self._db.total_changes)
        if now != self._counted_at:  # another connection or this one wrote since: counts may have changed
            self._counts.clear()
            self._counted_at = now
        terms = sorted(set(terms))
        missing = [t for t in terms if (column, t) not in self._counts]
        if missing:
            marks = ",".join("?" * len(missing))
            if column is None:
                found = self._db.execute(f"SELECT term, doc FROM procedure_terms WHERE term IN ({marks})", missing)
            else:
                query = f"SELECT term, doc FROM procedure_term_columns WHERE col = ? AND term IN ({marks})"
                found = self._db.execute(query, (column, *missing))
            self._counts |= {(column, t): 0 for t in missing} | {(column, t): n for t, n in found.fetchall()}
        return {t: n for t in terms if (n := self._counts[(column, t)])}

    def searchable_count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM procedures WHERE deprecated = 0").fetchone()[0]

    def size_estimate(self) -> int:
        """About how many procedures have search text, at once whatever the size: the highest row number, which
        rows deleted since leave as it was (ranking only needs the order of magnitude)."""
        return self._db.execute("SELECT COALESCE(MAX(rowid), 0) FROM procedure_search").fetchone()[0]

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
                    db.execute(
                        "INSERT INTO procedure_embeddings VALUES (?, ?, ?)"
                        " ON CONFLICT (id, model) DO UPDATE SET vector = excluded.vector",
                        (procedure_id, model, vector),
                    )

    def put(self, procedure: Procedure) -> None:
        """Write a procedure's search text (none for a deprecated one); its row must exist and have none yet."""
        _put(self._db, procedure)

    def drop(self, procedure_id: str) -> None:
        """Forget a procedure's search text and embeddings, before its row changes or goes."""
        self._db.execute(
            "DELETE FROM procedure_search WHERE rowid = (SELECT rowid FROM procedures WHERE id = ?)", (procedure_id,)
        )
        self._db.execute("DELETE FROM procedure_embeddings WHERE id = ?", (procedure_id,))


def _put(db: Database, p: Procedure) -> None:
    if p.deprecated:
        return
    text = search_text(p)
    db.execute(
        "INSERT INTO procedure_search (rowid, goal, about, steps, vals, places, fits)"
        " SELECT rowid, ?, ?, ?, ?, ?, ? FROM procedures WHERE id = ?",
        (text.goal, text.about, text.steps, text.values, text.places, text.fits, p.id),
    )
    save_words(db, text.words)


def save_words(db: Database, words: Iterable[str]) -> None:
    """Remember the words of a search text for spelling correction (in one order, so that two writers of the
    same words never wait on each other in a circle)."""
    db.executemany("INSERT INTO procedure_words VALUES (?) ON CONFLICT DO NOTHING", [(w,) for w in sorted(words)])
