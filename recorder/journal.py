"""The on-disk journal of a recording in progress: every change appended and fsync'd as it happens.

A journal is JSON lines: a header with the recording's metadata, then `step` records that
append or replace the step at an index and `drop` records that remove one. Replaying the
lines rebuilds the recording, so a crash or a closed browser loses nothing.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from core.settings import data_dir
from recorder.models import RecordedStep, Recording

JOURNAL_DIR = "journals"


def journal_dir(home: Path | None = None) -> Path:
    path = (home or data_dir()) / JOURNAL_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


class Journal:
    def __init__(self, recording: Recording, directory: Path) -> None:
        self.path = directory / f"{recording.id}.jsonl"
        self._file: IO[str] = open(self.path, "a", encoding="utf-8")
        fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # recovery skips live journals
        header = recording.model_dump(mode="json", exclude={"steps"})
        self._write({"t": "header", "recording": header})

    def put(self, index: int, step: RecordedStep) -> None:
        self._write({"t": "step", "i": index, "step": step.model_dump(mode="json")})

    def drop(self, index: int) -> None:
        self._write({"t": "drop", "i": index})

    def _write(self, record: dict[str, object]) -> None:
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def discard(self) -> None:
        self.close()
        self.path.unlink(missing_ok=True)


def read_journal(path: Path) -> Recording:
    """Rebuild a recording from its journal; a torn last line (a crash mid-write) is ignored."""
    recording: Recording | None = None
    steps: list[RecordedStep] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
            if record["t"] == "header":
                recording = Recording.model_validate(record["recording"])
            elif record["t"] == "step":
                step = RecordedStep.model_validate(record["step"])
                index = int(record["i"])
                if index < len(steps):
                    steps[index] = step
                else:
                    steps.append(step)
            elif record["t"] == "drop":
                del steps[int(record["i"])]
        except (ValueError, KeyError, IndexError, TypeError, ValidationError):
            continue
    if recording is None:
        recording = Recording(id=path.stem, title="Recovered recording")
    recording.steps = steps
    return recording
