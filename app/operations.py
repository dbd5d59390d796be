"""What the front ends do with procedures, written once and Qt-free: record a demonstration in a browser
window, build a recording into a stored procedure, duplicate one, find the ones that fit a task. The
terminal, the window and the MCP server only show it."""

from __future__ import annotations

import threading
import time
import uuid
import warnings
from collections.abc import Callable
from typing import NamedTuple

from playwright.sync_api import Error as PlaywrightError

from core.errors import ShowMeHowError
from core.settings import Settings, load_settings
from procedures import build_procedure
from procedures.building.merging import merge_demonstration
from procedures.models import Procedure
from procedures.store import ProcedureStore
from recorder import RecordingSession
from recorder.browser import open_browser, open_start_page, start_url
from recorder.models import Recording
from recorder.picturing import StepPictures
from recorder.recordings import RecordingStore
from retrieval import Match, Retriever

LOADED_SCHEMES = ("http://", "https://", "file://")
CUT_SHORT = "check that its last steps are all there, or record it again and stop it from here"


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


def record_demonstration(
    url: str,
    title: str = "",
    description: str = "",
    headless: bool = False,
    stop: threading.Event | None = None,
    seconds: float | None = None,
    notice: Callable[[str], None] = lambda _: None,
    started: Callable[[], None] = lambda: None,
    store: RecordingStore | None = None,
) -> Recording:
    """Open a browser on `url` and record what the person does until they close it, `stop` is set or
    `seconds` have passed; the stored recording. `started` is called once the browser is open; `notice`
    hears of the browser going away (the recording keeps what it has). An address that is none or a page
    that does not load fails in one line, with nothing recorded."""
    stop = stop or threading.Event()
    url = start_url(url)  # an address that is none fails before a browser starts
    with open_browser(headless=headless) as handle:
        page = handle.context.new_page()
        open_start_page(page, url)  # a page that does not load records nothing
        session = RecordingSession(handle.context, title=title, description=description, store=store or RecordingStore())
        session.start()  # the open page becomes the first step
        deadline = time.monotonic() + seconds if seconds else None
        pictures = StepPictures(session.recording.id)  # as the GUI takes them: the editor shows them beside the steps
        started()
        try:
            while not stop.is_set() and session.pump(100) and (deadline is None or time.monotonic() < deadline):
                pictures.take(page, session.steps)
            why = (
                None if stop.is_set() or (deadline is not None and time.monotonic() >= deadline) else "the browser window closed"
            )
        except PlaywrightError as exc:  # Ctrl-C in a terminal reaches Chromium too: then its going away is expected
            why = None if stop.is_set() else f"the browser went away ({str(exc).splitlines()[0]})"
        if why:
            session.recording.partial = True
            notice(f"{why} before the recording was stopped: it is kept, marked partial ({CUT_SHORT})")
        return session.stop()


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
    store.update(built.before.model_copy(update={"version": built.before.version + 1}))  # over the merge's save only
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
            "other_runs": 0,
            "deprecated": False,
        }
    )
    return store.add(copy)


def find_procedures(store: ProcedureStore, task: str, url: str | None = None, k: int = 3) -> list[Match]:
    """The stored procedures that fit `task`, best first (at most `k`)."""
    return Retriever(store).retrieve(task, url=url, k=k)


def decide_learned(store: ProcedureStore, learned_id: str, accept: bool) -> str:
    """Accept (store it: the next task of its kind replays it) or reject a procedure learned from agent runs; what
    happened, in words."""
    learned = store.learned.get(learned_id)
    if not accept:
        store.learned.reject(learned.id)
        return f"Rejected: '{learned.procedure.title}' is not stored"
    learned = store.learned.accept(learned.id, store)
    return (
        f"Accepted: '{learned.procedure.title}' is stored as {str(learned.procedure_id)[:12]} (source agent_run); "
        "the next task of its kind replays it without a model"
    )
