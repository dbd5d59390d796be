"""Finished recordings, kept in the database next to the procedures built from them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from core.database import DB_FILE, Schema, connect, resolve_id, transaction
from core.errors import ShowMeHowError
from core.settings import data_dir
from recorder.models import Recording


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS recordings"
        " (id TEXT PRIMARY KEY, title TEXT NOT NULL, created_at REAL NOT NULL, step_count INTEGER NOT NULL, data TEXT NOT NULL)"
    )


SCHEMA = Schema("recordings", (_v1,))


class RecordingStore:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_FILE
        self._db = connect(self.path, SCHEMA)

    def add(self, recording: Recording) -> str:
        with transaction(self._db) as db:
            db.execute(
                "INSERT OR REPLACE INTO recordings (id, title, created_at, step_count, data) VALUES (?, ?, ?, ?, ?)",
                (recording.id, recording.title, recording.created_at, len(recording.steps), recording.model_dump_json()),
            )
        return recording.id

    def get(self, recording_id: str) -> Recording:
        row = self._db.execute("SELECT data FROM recordings WHERE id = ?", (recording_id,)).fetchone()
        if row is None:
            raise ShowMeHowError(f"no recording with id {recording_id!r}")
        return Recording.model_validate_json(row[0])

    def resolve(self, prefix: str) -> str:
        """The full id of the recording that an id or an unambiguous prefix of one names."""
        return resolve_id(self._db, "recordings", prefix, "recording", "showmehow recordings")

    def summaries(self) -> list[tuple[str, str, float, int]]:
        """(id, title, created_at, step count) of every recording, newest first, without reading the steps."""
        return self._db.execute("SELECT id, title, created_at, step_count FROM recordings ORDER BY created_at DESC").fetchall()

    def list(self) -> list[Recording]:
        rows = self._db.execute("SELECT data FROM recordings ORDER BY created_at DESC").fetchall()
        return [Recording.model_validate_json(row[0]) for row in rows]

    def close(self) -> None:
        self._db.close()
