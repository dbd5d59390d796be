"""Procedure files: a versioned JSON envelope, validated on the way in."""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ShowMeHowError, describe_error
from core.settings import atomic_write_text
from core.untrusted import load_json
from procedures.models import Procedure
from procedures.store import ProcedureStore
from recorder.models import Recording

FORMAT = "showmehow.procedures"
VERSION = 1
MAX_FILE_BYTES = 20 * 1024 * 1024


class ProcedureFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["showmehow.procedures"]
    version: Literal[1]
    procedures: list[Procedure] = Field(min_length=1)


def export_procedures(procedures: list[Procedure], path: Path) -> None:
    envelope = ProcedureFile(format=FORMAT, version=VERSION, procedures=procedures)
    atomic_write_text(path, envelope.model_dump_json(indent=2) + "\n")


def read_file_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """A user-supplied file's text, refused with a clear message when missing, huge or not UTF-8."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise ShowMeHowError(f"{path} is too large ({size} bytes, the limit is {limit})")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ShowMeHowError(f"{path} does not exist") from exc
    except UnicodeDecodeError as exc:
        raise ShowMeHowError(f"{path} is not a text file") from exc
    except OSError as exc:
        raise ShowMeHowError(f"cannot read {path}: {exc.strerror}") from exc


def parse_procedures(text: str, source: str = "input") -> list[Procedure]:
    data = load_json(text, source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ShowMeHowError(
            f'{source} is neither a ShowMeHow procedure file (no "format": "{FORMAT}") '
            'nor a Chrome DevTools Recorder recording (no "steps" list)'
        )
    if data.get("version") != VERSION:
        raise ShowMeHowError(f"{source} has version {data.get('version')!r}; this ShowMeHow reads version {VERSION}")
    try:
        return ProcedureFile.model_validate(data).procedures
    except ValidationError as exc:
        raise ShowMeHowError(f"{source} is not a valid procedure file: {describe_error(exc)}") from exc


@dataclass
class Importable:
    """A validated import, not yet stored: procedures and, for DevTools files, the recording they were built from."""

    procedures: list[Procedure]
    recording: Recording | None = None
    notes: list[str] = field(default_factory=list)  # what a DevTools file held that the import could not map

    def stored_already(self, store: ProcedureStore) -> dict[str, str]:
        """The import's procedures that the store holds already (by id): procedure id -> the stored id.
        A procedure file's procedures keep their ids; a DevTools recording is known by its content."""
        if self.recording is not None:
            built = store.built_from().get(self.recording.id, [])
            return {p.id: built[0] for p in self.procedures} if built else {}
        return {p.id: p.id for p in self.procedures if store.has(p.id)}

    def store_into(self, store: ProcedureStore, force: bool = False) -> list[Procedure]:
        """Store what the store does not hold yet, or everything as new copies with `force`; returns what was stored."""
        if force:
            fresh = [p.model_copy(update={"id": uuid.uuid4().hex}) for p in self.procedures]
        else:
            known = self.stored_already(store)
            fresh = [p for p in self.procedures if p.id not in known]
        store.check_integrity()  # never write into a damaged file
        store.add_many(fresh)
        if self.recording is not None and fresh:
            store.recordings.add(self.recording)
        return fresh


def read_importable(path: Path) -> Importable:
    """A ShowMeHow procedure file or a Chrome DevTools recording, read and validated."""
    from procedures.building.checks import with_parameters
    from procedures.building.devtools import devtools_import, looks_like_devtools
    from procedures.building.heuristic import build_heuristic

    text = read_file_text(path)
    if looks_like_devtools(load_json(text, str(path))):
        recording, checks, notes = devtools_import(text, source=str(path))
        recording.id = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]  # the same file is the same recording
        procedure = build_heuristic(recording)
        procedure = procedure.model_copy(update={"source": "devtools", "checks": with_parameters(checks, procedure)})
        return Importable([Procedure.model_validate(procedure.model_dump())], recording, notes)
    return Importable([p.model_copy(update={"source": "import"}) for p in parse_procedures(text, source=str(path))])
