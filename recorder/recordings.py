"""Finished recordings, kept in the database next to the procedures built from them."""

from __future__ import annotations

from pathlib import Path

from recorder.database import DB_FILE, connect, transaction
from recorder.errors import ShowMeHowError
from recorder.models import Recording
from recorder.settings import data_dir


class RecordingStore:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_FILE
        self._db = connect(self.path)

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

    def list(self) -> list[Recording]:
        rows = self._db.execute("SELECT data FROM recordings ORDER BY created_at DESC").fetchall()
        return [Recording.model_validate_json(row[0]) for row in rows]

    def close(self) -> None:
        self._db.close()
