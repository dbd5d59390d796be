"""What both front ends do with procedures, written once and Qt-free: build a recording into a stored
procedure, duplicate one, find the ones that fit a task. The terminal and the window only show it."""

from __future__ import annotations

import uuid
import warnings
from typing import NamedTuple

from core.errors import ShowMeHowError
from core.settings import Settings, load_settings
from procedures import build_procedure
from procedures.merging import merge_demonstration
from procedures.models import Procedure
from procedures.store import ProcedureStore
from recorder.models import Recording
from retrieval import Match, Retriever


class Built(NamedTuple):
    """A stored procedure built from a recording: its id, whether it was merged into a stored one, and
    what the builder warned about (a fallback to building without a model, for instance). After a merge,
    `before` is the stored procedure as it was and `demonstration` the procedure built from the recording,
    which `keep_as_new` stores on its own."""

    procedure_id: str
    merged: bool
    notices: list[str]
    before: Procedure | None = None
    demonstration: Procedure | None = None


def chosen_recording(store: ProcedureStore, recording_id: str | None = None) -> Recording:
    """The recording an id or a prefix names, or the newest."""
    if recording_id:
        return store.recordings.get(store.recordings.resolve(recording_id))
    newest = store.recordings.summaries()[:1]
    if not newest:
        raise ShowMeHowError("no recordings yet; make one with `showmehow record URL`")
    return store.recordings.get(newest[0][0])


def build_and_store(
    store: ProcedureStore,
    recording: Recording,
    model: str | None = None,
    title: str | None = None,
    force: bool = False,
    settings: Settings | None = None,
) -> Built:
    """Build `recording` into a procedure and store it, merged into the stored procedure of the same task
    when there is one. A recording built already is refused; `force` builds it again, as a procedure of its own."""
    built = store.built_from().get(recording.id)
    if built and not force:
        first = store.get(built[0])
        raise ShowMeHowError(
            f"recording {recording.id[:12]} is already procedure {first.id[:12]} ({first.title!r}): "
            f"`showmehow show {first.id[:12]}` shows it; `showmehow build {recording.id[:12]} --force` builds another"
        )
    settings = settings or load_settings()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        procedure = build_procedure(recording, model=model or settings.model, settings=settings)
    if title:
        procedure = procedure.model_copy(update={"title": title})
    notices = [str(warning.message) for warning in caught]
    before = None if force else store.merge_target(procedure)
    if before is None:
        return Built(store.add(procedure), False, notices)
    return Built(store.update(merge_demonstration(before, procedure)).id, True, notices, before, procedure)


def keep_as_new(store: ProcedureStore, built: Built) -> str:
    """Undo a merge: the stored procedure as it was before, and the demonstration as a procedure of its own
    (its id)."""
    if built.before is None or built.demonstration is None:
        raise ShowMeHowError("this recording was not merged into another procedure")
    store.update(built.before)
    return store.add(built.demonstration)


def duplicate_procedure(store: ProcedureStore, procedure_id: str) -> str:
    """Store a copy of a procedure with no run history, under a new id; that id."""
    original = store.get(procedure_id)
    copy = original.model_copy(
        update={
            "id": uuid.uuid4().hex,
            "title": f"{original.title} (copy)",
            "success_count": 0,
            "failure_count": 0,
            "deprecated": False,
        }
    )
    return store.add(copy)


def find_procedures(store: ProcedureStore, task: str, url: str | None = None, k: int = 3) -> list[Match]:
    """The stored procedures that fit `task`, best first (at most `k`)."""
    return Retriever(store).retrieve(task, url=url, k=k)
