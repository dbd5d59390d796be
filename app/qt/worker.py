"""The thread that owns Playwright. The GUI sends it commands through a queue; it answers with
Qt signals, which Qt delivers to slots of objects on the GUI thread."""

from __future__ import annotations

import itertools
import queue
import sqlite3
import threading
import traceback
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from PySide6.QtCore import QObject, Signal, Slot

from agent import RunControls, run_task
from app.operations import CUT_SHORT, build_and_store
from app.placement import Rect
from core.database import database_error
from core.errors import ShowMeHowError
from procedures.runtime.stepping import plain_error
from procedures.store import ProcedureStore
from recorder import RecordingSession
from recorder.browser import launch, new_context, open_start_page, place_window, start_url
from recorder.picturing import StepPictures

PUMP_MS = 50


class BrowserWorker(QObject):
    steps_changed = Signal(list)  # the recording's steps so far
    step_picture = Signal(int, str)  # a recorded step's number (0-based) and the picture of its element
    recording_stopped = Signal(str, object)  # recording id, the Built procedure (merged into a stored one or not)
    run_progress = Signal(object)  # a StepRecord: one step of a run
    run_finished = Signal(dict)  # a RunResult as a dict
    approval_requested = Signal(int, str)  # request number, what the agent wants to do
    value_requested = Signal(int, str, bool)  # request number, the question, whether the value is secret
    notice = Signal(str)  # something the person should know (a fallback, a warning)
    failed = Signal(str)  # an error message
    busy_changed = Signal(bool)

    def __init__(self, headless: bool = False) -> None:
        super().__init__()
        self.headless = headless
        self.window: Rect | None = None  # where a visible browser's window goes (the GUI sets it)
        self._commands: queue.Queue[tuple[str, tuple[Any, ...]]] = queue.Queue()
        self._approvals: dict[int, tuple[threading.Event, list[bool]]] = {}
        self._values: dict[int, tuple[threading.Event, list[str | None]]] = {}
        self._approval_numbers = itertools.count(1)
        self._controls: RunControls | None = None
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._page: Page | None = None
        self._session: RecordingSession | None = None
        self._pictures: StepPictures | None = None
        self._store = ProcedureStore()  # kept open for the worker's life
        self._running = True

    # --- called from the GUI thread (directly, not through signals: the worker thread runs
    # loop() and never returns to Qt's event loop, so queued slots would never run) ------------

    def start_recording(self, url: str, title: str, description: str) -> None:
        self._commands.put(("record", (url, title, description)))

    def stop_recording(self) -> None:
        self._commands.put(("stop_recording", ()))

    def run(
        self,
        task: str,
        url: str | None,
        mode: str,
        model: str | None,
        procedure_ids: list[str] | None,
        params: dict[str, str] | None = None,
        secrets: dict[str, str] | None = None,
    ) -> None:
        self._controls = RunControls(on_progress=self.run_progress.emit, approve=self._ask_approval, provide=self._ask_value)
        self._commands.put(("run", (task, url, mode, model, procedure_ids, params or {}, secrets or {}, self._controls)))

    def stop_run(self) -> None:
        if self._controls is not None:
            self._controls.stop.set()

    def call(self, function: Callable[[Page], Any]) -> None:
        """Run `function(page)` on the worker thread with the current page (scripted demonstrations)."""
        self._commands.put(("call", (function,)))

    def answer_approval(self, number: int, approved: bool) -> None:
        event, answer = self._approvals.get(number, (None, []))
        if event is not None:
            answer.append(approved)
            event.set()

    def answer_value(self, number: int, value: str | None) -> None:
        event, answer = self._values.get(number, (None, []))
        if event is not None:
            answer.append(value)
            event.set()

    def shutdown(self) -> None:
        self._running = False
        self.stop_run()
        for number in list(self._approvals):
            self.answer_approval(number, False)
        for number in list(self._values):
            self.answer_value(number, None)
        self._commands.put(("quit", ()))

    # --- the worker thread ---------------------------------------------------------------------

    @Slot()
    def loop(self) -> None:
        self._playwright = sync_playwright().start()
        try:
            while self._running:
                try:
                    if self._session is not None and self._session.running:
                        self._pump_recording()
                        command, args = self._commands.get_nowait()
                    else:
                        command, args = self._commands.get(timeout=0.2)
                except queue.Empty:
                    continue
                if command == "quit":
                    break
                self._handle(command, args)
        finally:
            if self._session is not None and self._session.running:
                self._finish_recording()
            self._close_browser()
            self._playwright.stop()

    def _handle(self, command: str, args: tuple[Any, ...]) -> None:
        try:
            getattr(self, f"_do_{command}")(*args)
        except (ShowMeHowError, PlaywrightError) as exc:
            self.failed.emit(plain_error(exc))
            self.busy_changed.emit(False)
        except sqlite3.Error as exc:
            self.failed.emit(str(database_error(exc)))
            self.busy_changed.emit(False)
        except Exception as exc:  # a bug must not kill the thread that owns the browser
            traceback.print_exc()
            self.failed.emit(f"Unexpected error: {type(exc).__name__}: {exc}")
            self.busy_changed.emit(False)

    def _open_page(self) -> Page:
        self._close_browser()
        assert self._playwright is not None
        self._browser = launch(self._playwright, headless=self.headless)
        context = new_context(self._browser, self.headless)
        self._page = context.new_page()
        if self.window is not None and not self.headless:
            place_window(self._page, *self.window)
        return self._page

    def _close_browser(self) -> None:
        if self._browser is not None:
            try:
                self._browser.close()
            except PlaywrightError:
                pass  # closed by the person already
        self._browser = self._page = None

    def _pump_recording(self) -> None:
        assert self._session is not None
        if not self._session.pump(PUMP_MS):  # the person closed the browser before pressing Stop
            self._session.recording.partial = True
            self.notice.emit(
                f"The browser window closed before you pressed Stop: the recording is kept, marked partial ({CUT_SHORT})."
            )
            self._finish_recording()
        else:
            self._picture_steps()

    def _picture_steps(self) -> None:
        """Take the picture of each recorded step that is new or changed (a fill grows as the person types)."""
        assert self._session is not None and self._page is not None and self._pictures is not None
        for index, picture in self._pictures.take(self._page, self._session.steps):
            self.step_picture.emit(index, str(picture))

    def _do_record(self, url: str, title: str, description: str) -> None:
        self.busy_changed.emit(True)
        url = start_url(url)
        page = self._open_page()
        try:
            open_start_page(page, url)  # a page that does not load records nothing
        except ShowMeHowError:
            self._close_browser()
            raise
        self._session = RecordingSession(page.context, title=title, description=description, on_change=self.steps_changed.emit)
        self._pictures = StepPictures(self._session.recording.id)
        self._session.start()  # the open page becomes the first step

    def _do_stop_recording(self) -> None:
        if self._session is not None and self._session.running:
            self._finish_recording()

    def _finish_recording(self) -> None:
        assert self._session is not None
        recording = self._session.stop()
        self._close_browser()
        built = build_and_store(self._store, recording)
        for notice in built.notices:
            self.notice.emit(notice)
        self.recording_stopped.emit(recording.id, built)
        self.busy_changed.emit(False)

    def _do_run(
        self,
        task: str,
        url: str | None,
        mode: str,
        model: str | None,
        procedure_ids: list[str] | None,
        params: dict[str, str],
        secrets: dict[str, str],
        controls: RunControls,
    ) -> None:
        self.busy_changed.emit(True)
        page = self._open_page()
        try:
            result = run_task(
                task,
                page=page,
                store=self._store,
                mode=mode,
                model=model,
                url=url,  # type: ignore[arg-type]
                params=params,
                secrets=secrets,
                controls=controls,
                procedure_ids=procedure_ids,
            )
            self.run_finished.emit(result.model_dump())
        finally:
            self._close_browser()
            self.busy_changed.emit(False)

    def _do_call(self, function: Callable[[Page], Any]) -> None:
        if self._page is None:
            raise ShowMeHowError("no browser is open")
        function(self._page)

    def _ask_value(self, question: str, secret: bool) -> str | None:
        """Runs on the worker thread: asks the GUI for a value the run needs and waits for it (None: not given)."""
        number = next(self._approval_numbers)
        event, answer = threading.Event(), []
        self._values[number] = (event, answer)
        self.value_requested.emit(number, question, secret)
        while not event.wait(0.2):
            if not self._running or (self._controls is not None and self._controls.stop.is_set()):
                break
        self._values.pop(number, None)
        return answer[0] if answer else None

    def _ask_approval(self, action: str, details: dict[str, Any]) -> bool:
        """Runs on the worker thread: asks the GUI and waits for the person's answer."""
        number = next(self._approval_numbers)
        event, answer = threading.Event(), []
        self._approvals[number] = (event, answer)
        self.approval_requested.emit(number, f"The agent wants to {action} on {details.get('url', 'this page')}.")
        while not event.wait(0.2):
            if not self._running or (self._controls is not None and self._controls.stop.is_set()):
                break
        self._approvals.pop(number, None)
        return bool(answer and answer[0])
