"""RecordingSession: turns what a person does in a Playwright browser context into RecordedSteps."""

from __future__ import annotations

import fcntl
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Error as PlaywrightError, Frame, Page
from pydantic import ValidationError

from recorder.journal import Journal, journal_dir, read_journal
from recorder.models import RecordedStep, Recording
from recorder.payloads import MAX_PAYLOAD_BYTES, PAYLOAD, LoadPayload, SpaPayload, StepPayload
from recorder.recordings import RecordingStore
from recorder.scripts import describe_function, listener_script

NAVIGATION_FOLLOWS_ACTION_S = 10.0  # a page load this soon after a click or key press belongs to it
SPA_FOLLOWS_ACTION_S = 3.0
CAUSES_NAVIGATION = {"click", "dblclick", "press", "submit", "select", "check", "uncheck"}


@dataclass
class _PageState:
    index: int
    history_index: int = -1
    loaded: bool = False
    url: str = ""  # the top frame's URL, as the page reported it (secrets redacted)


class RecordingSession:
    """Record a person's actions in every page and frame of a Playwright sync BrowserContext.

    `start()` instruments the context; `stop()` returns the Recording and stores it. Steps are
    journaled to disk as they arrive. Playwright delivers page events only while some Playwright
    call runs, so the owner of the browser keeps calling `pump()` (or any other Playwright call).
    """

    def __init__(
        self,
        context: BrowserContext,
        title: str = "",
        description: str = "",
        store: RecordingStore | None = None,
        home: Path | None = None,
        on_change: Callable[[list[RecordedStep]], None] | None = None,
    ) -> None:
        self.context = context
        self.recording = Recording(title=title, description=description)
        self.store = store
        self.on_change = on_change
        self.dropped = 0
        self.latencies_ms: list[float] = []
        self._home = home
        self._binding = f"__smh_{secrets.token_hex(8)}"
        self._nonce = secrets.token_hex(16)
        self._pages: dict[Page, _PageState] = {}
        self._frame_paths: dict[Frame, list[str]] = {}
        self._journal: Journal | None = None
        self._running = False
        self._inbox: list[tuple[dict[str, Any], Any, tuple[Any, ...]]] = []
        self._handling = False

    @property
    def steps(self) -> list[RecordedStep]:
        return self.recording.steps

    @property
    def running(self) -> bool:
        return self._running

    # --- lifecycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Instrument every page and frame of the context, open now or opened later.

        A page already open reports its URL on instrumentation, which becomes its `navigate` step.
        """
        self._journal = Journal(self.recording, journal_dir(self._home))
        self._running = True
        script = listener_script(self._binding, self._nonce)
        self.context.expose_binding(self._binding, self._on_binding)
        self.context.add_init_script(script)
        self.context.on("page", self._on_page)
        for page in list(self.context.pages):
            self._track(page)
            for frame in page.frames:
                try:
                    frame.evaluate(script)
                except PlaywrightError:
                    pass  # a frame that is navigating gets the init script instead

    def stop(self) -> Recording:
        """End the recording, store it and return it. Safe after the browser was closed."""
        if not self._running:
            return self.recording
        self._running = False
        try:
            self.context.remove_listener("page", self._on_page)
        except (PlaywrightError, KeyError, ValueError):
            pass
        self.recording.dropped_payloads = self.dropped
        store = self.store or RecordingStore()
        store.add(self.recording)
        if self._journal is not None:
            self._journal.discard()
        return self.recording

    def pump(self, milliseconds: int = 50) -> bool:
        """Let Playwright deliver events for a while; False when every page is closed."""
        for page in list(self._pages):
            if not page.is_closed():
                try:
                    page.wait_for_timeout(milliseconds)
                    return True
                except PlaywrightError:
                    continue
        return False

    # --- pages and frames ----------------------------------------------------------------------

    def _track(self, page: Page) -> _PageState:
        """The page's state; a page seen for the first time that a step just opened is linked to that step."""
        if page not in self._pages:
            state = self._pages[page] = _PageState(index=len(self._pages))
            opener = page.opener() if state.index else None
            if opener is not None and opener in self._pages:
                last = self._last_step_on(self._pages[opener].index)
                if last is not None and time.time() - self.steps[last].timestamp < NAVIGATION_FOLLOWS_ACTION_S:
                    self._replace(last, self.steps[last].model_copy(update={"opens_page": state.index}))
        return self._pages[page]

    def _on_page(self, page: Page) -> None:
        if self._running:
            self._track(page)  # its payloads may have arrived first, or may come later

    def _frame_path(self, frame: Frame) -> list[str]:
        """Selectors of the iframes that lead from the page to `frame`, outermost first."""
        if frame.parent_frame is None:
            return []
        if frame not in self._frame_paths:
            path: list[str] = []
            current: Frame | None = frame
            while current is not None and current.parent_frame is not None:
                described = current.frame_element().evaluate(describe_function())
                path.insert(0, described["selectors"][0])
                current = current.parent_frame
            self._frame_paths[frame] = path
        return self._frame_paths[frame]

    # --- payloads ------------------------------------------------------------------------------

    def _on_binding(self, source: dict[str, Any], raw: Any = None, *extra: Any) -> None:
        """Handle payloads in arrival order: one that arrives while another is being handled
        (Playwright dispatches during our own calls, such as finding a frame's path) waits its turn."""
        self._inbox.append((source, raw, extra))
        if self._handling:
            return
        self._handling = True
        try:
            while self._inbox:
                self._handle(*self._inbox.pop(0))
        finally:
            self._handling = False

    def _handle(self, source: dict[str, Any], raw: Any, extra: tuple[Any, ...]) -> None:
        if not self._running:
            return
        try:
            if extra or not isinstance(raw, str) or len(raw) > MAX_PAYLOAD_BYTES:
                raise ValueError("not a payload")
            payload = PAYLOAD.validate_json(raw)
            if not secrets.compare_digest(payload.nonce, self._nonce):
                raise ValueError("forged payload")
            page: Page = source["page"]
            frame: Frame = source["frame"]
            state = self._track(page)
            self.latencies_ms.append(time.time() * 1000 - payload.ts)
            if isinstance(payload, StepPayload):
                self._on_step(payload, state, frame)
            elif isinstance(payload, LoadPayload):
                if frame == page.main_frame:
                    self._on_load(payload, state)
            elif frame == page.main_frame:
                self._on_spa(payload, state)
        except (ValidationError, ValueError, KeyError, PlaywrightError):
            self.dropped += 1

    def _on_step(self, payload: StepPayload, state: _PageState, frame: Frame) -> None:
        target = payload.target
        step = RecordedStep(
            action=payload.action,
            selector=target.selectors[0],
            selectors=target.selectors,
            value=None if payload.secret else payload.value,
            option_value=None if payload.secret else payload.option_value,
            files=payload.files,
            secret=payload.secret,
            url=payload.url if frame.parent_frame is None else state.url,
            frame=self._frame_path(frame),
            page=state.index,
            label=target.label,
            field=target.field,
            tag=target.tag,
            input_type=target.input_type,
        )
        last = self._last_step_on(state.index)
        previous = self.steps[last] if last is not None else None
        same_target = previous is not None and previous.selector == step.selector and previous.frame == step.frame
        if step.action in ("fill", "select") and same_target and previous is not None and previous.action == step.action:
            self._replace(last, step)  # type: ignore[arg-type]
            return
        if step.action == "dblclick" and same_target and previous is not None and previous.action == "click":
            self._drop(last)  # type: ignore[arg-type]
        self._append(step)

    def _on_load(self, payload: LoadPayload, state: _PageState) -> None:
        url = state.url = payload.url
        first_load, state.loaded = not state.loaded, True
        previous_index, state.history_index = state.history_index, payload.history_index
        if url.startswith("about:") or payload.nav_type == "prerender":
            return
        if payload.nav_type == "reload":
            self._append(RecordedStep(action="reload", url=url, page=state.index))
            return
        if payload.nav_type == "back_forward" and previous_index >= 0:
            action = "back" if payload.history_index < previous_index else "forward"
            self._append(RecordedStep(action=action, value=url, url=url, page=state.index))
            return
        if self._attach_navigation(state.index, url, NAVIGATION_FOLLOWS_ACTION_S):
            return
        if first_load and state.index > 0 and self._opened_by_step(state.index):
            return  # a popup's first page belongs to the step that opened it
        self._append(RecordedStep(action="navigate", value=url, url=url, page=state.index))

    def _on_spa(self, payload: SpaPayload, state: _PageState) -> None:
        state.url = payload.to
        previous_index, state.history_index = state.history_index, payload.history_index
        if payload.nav_type == "traverse" and previous_index >= 0 and payload.history_index != previous_index:
            action = "back" if payload.history_index < previous_index else "forward"
            self._append(RecordedStep(action=action, value=payload.to, url=payload.to, page=state.index))
        elif payload.nav_type in ("push", "replace"):
            self._attach_navigation(state.index, payload.to, SPA_FOLLOWS_ACTION_S)

    def _attach_navigation(self, page_index: int, url: str, window_s: float) -> bool:
        """Fold a navigation into the action that caused it; True when one did."""
        last = self._last_step_on(page_index)
        if last is None:
            return False
        step = self.steps[last]
        if step.action in CAUSES_NAVIGATION and step.navigates_to is None and time.time() - step.timestamp < window_s:
            self._replace(last, step.model_copy(update={"navigates_to": url}))
            return True
        return False

    def _opened_by_step(self, page_index: int) -> bool:
        return any(step.opens_page == page_index for step in self.steps)

    def _last_step_on(self, page_index: int) -> int | None:
        for index in range(len(self.steps) - 1, -1, -1):
            if self.steps[index].page == page_index:
                return index
        return None

    # --- the step list, mirrored in the journal ------------------------------------------------

    def _append(self, step: RecordedStep) -> None:
        self.steps.append(step)
        self._journaled(lambda j: j.put(len(self.steps) - 1, step))

    def _replace(self, index: int, step: RecordedStep) -> None:
        self.steps[index] = step
        self._journaled(lambda j: j.put(index, step))

    def _drop(self, index: int) -> None:
        del self.steps[index]
        self._journaled(lambda j: j.drop(index))

    def _journaled(self, write: Callable[[Journal], None]) -> None:
        if self._journal is not None:
            write(self._journal)
        if self.on_change is not None:
            self.on_change(list(self.steps))


def recover_journals(store: RecordingStore | None = None, home: Path | None = None) -> list[Recording]:
    """Store the recordings of sessions that ended without stop() (a crash, a kill) and remove their journals."""
    recovered = []
    for path in sorted(journal_dir(home).glob("*.jsonl")):
        with open(path, "a", encoding="utf-8") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a live session owns it
            recording = read_journal(path)
            (store or RecordingStore()).add(recording)
            path.unlink()
            recovered.append(recording)
    return recovered
