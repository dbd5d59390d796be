"""RecordingSession: turns what a person does in a Playwright browser context into RecordedSteps."""

from __future__ import annotations

import fcntl
import secrets
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from pydantic import ValidationError

from core.secrecy import hide_named_secrets
from recorder.channel import IsolatedChannel, Sender
from recorder.fingerprints import SecretFingerprints
from recorder.folding import Edit, PageState, StepFolder
from recorder.journal import Journal, journal_dir, read_journal
from recorder.models import MAX_LINES, PageLines, PageOutcome, RecordedStep, Recording
from recorder.payloads import MAX_PAYLOAD_BYTES, PAYLOAD, AfterPayload, LoadPayload, StepPayload
from recorder.rate import StepBudget
from recorder.recordings import RecordingStore
from recorder.scripts import listener_script, shown_function
from recorder.sent_requests import RequestLog

LATENCY_SAMPLES = 1000  # the latest event-to-step latencies kept, for the benchmark
STEP_BURST = 50  # steps a page may add at once ...
STEPS_PER_SECOND = 10.0  # ... and then at most this many a second: no person acts faster
SHOWN_KEPT = 50  # what each page showed, the latest reports kept (to tell what the last steps made appear)
LINES_KEPT = 500  # the lines each page showed, the latest changes kept (to tell what pages along the way showed)


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
        self.latencies_ms: deque[float] = deque(maxlen=LATENCY_SAMPLES)
        self._home = home
        self._binding = f"__smh_{secrets.token_hex(8)}"
        self._nonce = secrets.token_hex(16)
        self._secrets = SecretFingerprints()  # of the values typed into secret fields, for this recording only
        self._as_given = (title, description)  # the title and description before secret values were cut out
        self._pages: dict[Page, PageState] = {}
        self._budgets: dict[Page, StepBudget] = {}
        self._folder = StepFolder(self.recording.steps)
        self._channel = IsolatedChannel(
            context,
            listener_script(self._binding, self._nonce, self._secrets.key.hex()),
            self._binding,
            f"smh_{secrets.token_hex(8)}",
            self._on_binding,
        )
        self._journal: Journal | None = None
        self._running = False
        self._inbox: list[tuple[Sender, Any]] = []
        self._shown: dict[int, deque[tuple[float, dict[str, list[str]]]]] = {}  # page index -> (time, what it showed)
        self._lines: dict[int, deque[tuple[float, list[str]]]] = {}  # page index -> (time, its lines), as they changed
        self._start_lines: dict[int, list[str]] = {}  # page index -> the lines it showed when recording started
        self._handling = False
        self._requests = RequestLog(context)  # what the steps send

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
        self._requests.start()
        self.context.on("page", self._on_page)
        for page in list(self.context.pages):
            state = self._track(page)
            self._channel.attach_page(page)
            self._note_shown(page, state.index)

    def _note_shown(self, page: Page, index: int) -> None:
        """What a page already open shows when recording starts: what the steps make appear is only what
        was not there yet (a heading the page always had proves nothing about the task)."""
        try:
            now = page.main_frame.evaluate(shown_function())
            shown = {
                k: [self._secrets.replace(str(t)) for t in now.get(k, [])] for k in ("headings", "alerts", "messages", "lines")
            }
        except (PlaywrightError, AttributeError, TypeError):
            return  # closed, navigating, or a page that spoilt the answer: nothing known before the steps
        self._shown.setdefault(index, deque(maxlen=SHOWN_KEPT)).append((time.time(), shown))
        self._start_lines[index] = shown["lines"]
        self._note_lines(index, shown["lines"])

    def _note_lines(self, index: int, lines: list[str]) -> None:
        kept = self._lines.setdefault(index, deque(maxlen=LINES_KEPT))
        if not kept or kept[-1][1] != lines:
            kept.append((time.time(), lines))

    def _along(self) -> list[PageLines]:
        """What each page showed when the person acted on it, where it changed since the page's previous entry."""
        along: list[PageLines] = []
        latest: dict[int, list[str]] = {}
        for index, step in enumerate(self.steps):
            seen = [lines for at, lines in self._lines.get(step.page, ()) if at <= step.timestamp]
            if seen and seen[-1] != latest.get(step.page):
                latest[step.page] = seen[-1]
                try:
                    along.append(PageLines(step=index, lines=[self._secrets.replace(line) for line in seen[-1]]))
                except ValidationError:
                    continue
        return along

    def stop(self) -> Recording:
        """End the recording, store it and return it. Safe after the browser was closed."""
        if not self._running:
            return self.recording
        self._running = False
        try:
            self.context.remove_listener("page", self._on_page)
        except (PlaywrightError, KeyError, ValueError):
            pass
        self._channel.detach()
        self._requests.stop()
        self.recording.requests = self._requests.requests(self.steps, self._secrets.holds)
        self.recording.dropped_payloads = self.dropped
        title, description = self._as_given
        self.recording.title = hide_named_secrets(self._secrets.replace(title, by_name=True))
        self.recording.description = hide_named_secrets(self._secrets.replace(description, by_name=True))
        self.recording.outcome = self._outcome()
        self.recording.along = self._along()
        store = self.store or RecordingStore()
        store.add(self.recording)
        if self._journal is not None:
            self._journal.discard()
        return self.recording

    def _outcome(self) -> PageOutcome | None:
        """Where the demonstration ended and what appeared there after its last steps, if anything."""
        if not self.steps:
            return None
        last = self.steps[-1]
        page = next((p for p, s in self._pages.items() if s.index == last.page), None)
        if page is None:
            return None
        reports = self._shown.get(last.page, deque())
        final = reports[-1][1] if reports and reports[-1][0] >= last.timestamp else None
        try:
            if not page.is_closed():
                now = page.main_frame.evaluate(shown_function())  # the page as it is now
                final = {
                    k: [self._secrets.replace(str(t)) for t in now.get(k, [])]
                    for k in ("headings", "alerts", "messages", "lines")
                }
        except (PlaywrightError, AttributeError, TypeError):
            pass  # closed or navigating (or a page that spoilt the answer): the latest report stands
        before = next((shown for at, shown in reversed(reports) if at < last.timestamp), None)
        fresh = {
            k: [t for t in (final or {}).get(k, []) if t not in (before or {}).get(k, [])]
            for k in ("headings", "alerts", "messages")
        }
        try:
            # the lines the page did not show when recording started (an instruction that holds the demonstrated
            # values is no outcome of the steps)
            start = self._start_lines.get(last.page, [])
            lines = [t for t in (final or {}).get("lines", []) if t not in start]
            return PageOutcome(
                url=self._pages[page].url,
                headings=fresh["headings"],
                alerts=fresh["alerts"] + fresh["messages"],
                lines=lines,
                start_lines=start[:MAX_LINES],
            )
        except ValidationError:
            return PageOutcome(url=self._pages[page].url)

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

    def _track(self, page: Page) -> PageState:
        """The page's state; a page seen for the first time that a step just opened is linked to that step."""
        if page not in self._pages:
            state = self._pages[page] = PageState(index=len(self._pages))
            opener = page.opener() if state.index else None
            if opener is not None and opener in self._pages:
                self._mirror(self._folder.popup(self._pages[opener].index, state.index, time.time()))
        return self._pages[page]

    def _on_page(self, page: Page) -> None:
        if self._running:
            self._track(page)
            self._channel.attach_page(page)

    # --- payloads ------------------------------------------------------------------------------

    def _on_binding(self, sender: Sender, raw: Any) -> None:
        """Handle payloads in arrival order: one that arrives while another is being handled
        (Playwright dispatches during our own calls, such as finding a frame's path) waits its turn."""
        self._inbox.append((sender, raw))
        if self._handling:
            return
        self._handling = True
        try:
            while self._inbox:
                self._handle(*self._inbox.pop(0))
        finally:
            self._handling = False

    def _handle(self, sender: Sender, raw: Any) -> None:
        if not self._running:
            return
        try:
            if not isinstance(raw, str) or len(raw) > MAX_PAYLOAD_BYTES:
                raise ValueError("not a payload")
            payload = PAYLOAD.validate_json(raw)
            if not secrets.compare_digest(payload.nonce, self._nonce):
                raise ValueError("forged payload")
            state = self._track(sender.page)
            budget = self._budgets.setdefault(sender.page, StepBudget(STEP_BURST, STEPS_PER_SECOND))
            person = isinstance(payload, StepPayload)  # only trusted (person-made) events send steps: never bounded
            if not person and not budget.allows(time.monotonic()):
                raise ValueError("the page adds steps faster than a person acts")
            count = len(self.steps)
            self.latencies_ms.append(time.time() * 1000 - payload.ts)
            if isinstance(payload, StepPayload):
                self._on_step(payload, state, sender)
            elif isinstance(payload, LoadPayload):
                if sender.top:
                    url = self._secrets.redact_url(payload.url)
                    self._mirror(self._folder.load(state, url, payload.nav_type, payload.history_index, time.time()))
            elif isinstance(payload, AfterPayload):
                self._mirror(self._folder.after(state.index, payload.changed, bool(payload.alerts)))
                if sender.top:
                    shown = {
                        k: [self._secrets.replace(t) for t in getattr(payload, k)] for k in ("headings", "alerts", "messages")
                    }
                    self._shown.setdefault(state.index, deque(maxlen=SHOWN_KEPT)).append((time.time(), shown))
                    self._note_lines(state.index, [self._secrets.replace(t) for t in payload.lines])
            elif sender.top:
                to = self._secrets.redact_url(payload.to)
                self._mirror(self._folder.route_change(state, to, payload.nav_type, payload.history_index, time.time()))
            if not person:
                budget.spend(len(self.steps) - count)
        except (ValidationError, ValueError, KeyError, StopIteration, PlaywrightError):
            self.dropped += 1

    def _on_step(self, payload: StepPayload, state: PageState, sender: Sender) -> None:
        target = payload.target
        frame = self._channel.frame_path(sender)
        if payload.secret:
            field = (state.index, tuple(frame), target.selectors[0])
            self._secrets.remember(field, payload.digest, payload.length, target.field or target.label)
            self._hide_in_title()
        step = RecordedStep(
            action=payload.action,
            selector=target.selectors[0],
            selectors=target.selectors,
            value=None if payload.secret else payload.value,
            option_value=None if payload.secret else payload.option_value,
            files=payload.files,
            secret=payload.secret,
            url=payload.url if sender.top else state.url,
            frame=frame,
            page=state.index,
            label=target.label,
            field=target.field,
            tag=target.tag,
            input_type=target.input_type,
            options=target.options,
            option_values=target.option_values,
            group=target.group,
            row=target.row,
            row_texts=target.row_texts,
            row_selector=target.row_selector,
            kind=target.kind,
            position=target.position,
            secret_slot=payload.secret_slot if payload.secret else None,
            beside="" if payload.secret else payload.beside,
            to=payload.to.selectors if payload.to else [],
            to_label=payload.to.label if payload.to else "",
            at=payload.at,
            offset=payload.offset,
            place=payload.place,
            was=payload.was,
            read_word=payload.read_word,
            order=payload.order,
        )
        scrubbed = self._secrets.scrub(step)
        if scrubbed is not None:
            self._mirror(self._folder.action(scrubbed))

    def _hide_in_title(self) -> None:
        """Mask the secret values known so far in the title and description, in the journal too (a
        crash must not leave a password there); stop() puts the parameters' placeholders in their place."""
        title, description = (hide_named_secrets(self._secrets.replace(text)) for text in self._as_given)
        if (title, description) != (self.recording.title, self.recording.description):
            self.recording.title, self.recording.description = title, description
            if self._journal is not None:
                self._journal.rewrite(self.recording)

    def _mirror(self, edits: list[Edit]) -> None:
        """Write the folder's edits to the journal and tell the listener."""
        if not edits:
            return
        for edit in edits:
            if self._journal is not None:
                if edit.step is None:
                    self._journal.drop(edit.index)
                else:
                    self._journal.put(edit.index, edit.step)
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
