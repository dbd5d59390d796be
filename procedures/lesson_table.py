"""The rows of the lessons the agent learned (retrieval.lessons reads and validates them), in the store's database:
part of a ProcedureStore (`store.lesson_rows`), so that a team store shares them as it shares procedures."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from core.database import Database, Schema, transaction


def _v1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS lessons (id TEXT PRIMARY KEY, data TEXT NOT NULL)")


SCHEMA = Schema("lessons", (_v1,))


class LessonTable:
    """Lessons as (id, JSON) rows in the order they were first stored. `changing()` holds the table for a read and
    the writes that follow from it, so that two machines counting the same lesson both count."""

    def __init__(self, db: Database, order: str = "rowid", hold: str = "") -> None:
        self._db = db
        self._order = order
        self._hold = hold  # the statement that keeps other writers out until the transaction ends (SQLite's BEGIN IMMEDIATE does)

    def rows(self) -> list[tuple[str, str]]:
        return [(row[0], row[1]) for row in self._db.execute(f"SELECT id, data FROM lessons ORDER BY {self._order}").fetchall()]

    def put(self, rows: Iterable[tuple[str, str]]) -> None:
        """Add or overwrite rows by id (an overwritten one keeps its place)."""
        rows = list(rows)
        if rows:
            with transaction(self._db) as db:
                db.executemany(
                    "INSERT INTO lessons (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data", rows
                )

    def delete(self, ids: Iterable[str]) -> None:
        with transaction(self._db) as db:
            for lesson_id in ids:
                db.execute("DELETE FROM lessons WHERE id = ?", (lesson_id,))

    @contextmanager
    def changing(self) -> Iterator[None]:
        with transaction(self._db) as db:
            if self._hold:
                db.execute(self._hold)
            yield
