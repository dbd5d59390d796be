"""What both front ends do with procedures, written once and Qt-free: build a recording into a stored
procedure, duplicate one, find the ones that fit a task. The terminal and the window only show it."""

from __future__ import annotations

import uuid
import warnings
from typing import NamedTuple

from core.errors import ShowMeHowError
from core.settings import Settings, load_settings
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder.models import Recording
from retrieval import Match, Retriever

LOADED_SCHEMES = ("http://", "https://", "file://")


class Built(NamedTuple):
    """A stored procedure built from a recording: its id, whether it was merged into a stored one, and
    what the builder warned about (a fallback to building without a model, for instance)."""

    procedure_id: str
    merged: bool
    notices: list[str]


def chosen_recording(store: ProcedureStore, recording_id: str | None = None) -> Recording:
    """The recording an id or a prefix names, or the newest."""
    if recording_id:
        return store.recordings.get(store.recordings.resolve(recording_id))
    newest = store.recordings.summaries()[:1]
    if not newest:
        raise ShowMeHowError("no recordings yet; make one with `showmehow record URL`")
    return store.recordings.get(newest[0][0])


def unbuildable(recording: Recording) -> str | None:
    """Why `recording` makes no procedure (it holds no action: nothing, or only navigations to pages that
    failed to load), or None."""
    loaded = [s for s in recording.steps if s.action != "navigate" or (s.value or s.url).startswith(LOADED_SCHEMES)]
    if loaded:
        return None
    failed = [s.value or s.url for s in recording.steps]
    what = f"only a navigation to a page that did not load ({failed[0]})" if failed else "no step"
    return f"recording {recording.id[:12]} is kept but not built: it holds {what}, no action to repeat; record the task again"


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
    why = unbuildable(recording)
    if why:
        raise ShowMeHowError(why)
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
    procedure_id, merged = (store.add(procedure), False) if force else store.add_or_merge(procedure)
    return Built(procedure_id, merged, [str(warning.message) for warning in caught])


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
