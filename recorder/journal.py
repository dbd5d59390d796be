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
        self._file = _locked(self.path)
        self._write(_header(recording))

    def put(self, index: int, step: RecordedStep) -> None:
        self._write(_step(index, step))

    def rewrite(self, recording: Recording) -> None:
        """Replace the whole journal with the recording as it is now, so that nothing it held before stays on disk."""
        fresh = self.path.with_suffix(".rewrite")
        handle = _locked(fresh)
        records = [_header(recording)] + [_step(index, step) for index, step in enumerate(recording.steps)]
        handle.write("".join(json.dumps(record) + "\n" for record in records))
        handle.flush()
        os.fsync(handle.fileno())
        os.replace(fresh, self.path)
        self._file.close()
        self._file = handle

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


def _locked(path: Path) -> IO[str]:
    handle: IO[str] = open(path, "a", encoding="utf-8")
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # recovery skips live journals
    return handle


def _header(recording: Recording) -> dict[str, object]:
    return {"t": "header", "recording": recording.model_dump(mode="json", exclude={"steps"})}


def _step(index: int, step: RecordedStep) -> dict[str, object]:
    return {"t": "step", "i": index, "step": step.model_dump(mode="json")}


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
