"""Playing procedure steps back in a Playwright page: the engine behind replay and exported scripts.

Steps are plain dicts (a ProcedureStep's model_dump()). Part of procedures.runtime: exported scripts
carry this module verbatim, after core.urls, core.sites and core.masking (standard library only),
placeholders and checks, so it imports only the standard library, Playwright and those.
"""

import re
import string
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NoReturn

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import FrameLocator, Locator, Page

from core.masking import SECRET_MASK, value_pattern
from core.sites import host_of, on_site
from core.urls import origin_of
from procedures.runtime import checks
from procedures.runtime.comparison import extreme, superlative
from procedures.runtime.deadline import PageFrozen, evaluate_in_time, handle_in_time, page_trouble
from procedures.runtime.formats import for_input, month_shown, ordinal_number, read_date, well_formed
from procedures.runtime.gestures import GESTURES, play_gesture, word_of
from procedures.runtime.looping import play_loop
from procedures.runtime.picks import items_said, pick_of, split_picks
from procedures.runtime.placeholders import OPTION_VALUE, PLACEHOLDER, fill_placeholders, option_values, placeholders
from procedures.runtime.pointing import element_words, visible_point
from procedures.runtime.relabelled import field_relabelled, sent_as_laid_out
from procedures.runtime.widgets import (
    PICTURE_ITEM_JS,
    by_meaning,
    first_of_kind,
    kind_named,
    listed,
    number_in,
    read_through,
    shown_beside,
    shows_word,
    spin,
)

UNCHECKED = ("no", "false", "off", "0", "unchecked")  # a checkbox state parameter's values that clear it
OPTIONAL_WAIT_MS = 1000  # how long an optional step waits for its element before it is skipped
SETTLE_QUIET_MS = 600  # a page loaded whose document has not changed for this long has settled
LOADED_QUIET_MS = 300  # the same, counted from the load a step waited for (its scripts ran; what it fetches is seen)
LOCATE_POLL_MS = 100  # how often a step looks for its element
MAX_PAGER_CLICKS = 100  # a pager followed until the page shows a value: at most so many pages on
# The time since the document last changed, our own changes left out: a screenshot's hidden caret and mask
# (Playwright's x-pw-* elements) and our data-smh-* marks, so that taking a step's picture does not wake the page.
QUIET_JS = """(restart) => {
  if (!window.__smhQuiet) {
    const caretless = (style) => (style || '').split(';').map((d) => d.trim()).filter((d) => d && !d.startsWith('caret-color')).join(';');
    const ours = (r) => r.type === 'attributes'
      ? r.attributeName.startsWith('data-smh-') || (r.attributeName === 'style' && caretless(r.oldValue) === caretless(r.target.getAttribute('style')))
      : r.type === 'childList' && [...r.addedNodes, ...r.removedNodes].every((n) => n.nodeName.startsWith('X-PW-'));
    window.__smhQuiet = { at: performance.now() };
    new MutationObserver((records) => { if (!records.every(ours)) window.__smhQuiet.at = performance.now(); })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true });
  }
  if (restart) window.__smhQuiet.at = performance.now();
  return document.readyState === 'complete' ? performance.now() - window.__smhQuiet.at : -1;
}"""
NAMED = re.compile(r"^internal:(?:role=[a-z]+\[.*name=|label=)")  # a selector that says the element's role and name
NOT_FILLABLE = "Element is not an <input>, <textarea> or [contenteditable] element"  # Playwright's fill on a select


TARGET_STEPS = {"fill", "select", "check", "uncheck", "upload"}  # steps whose own field is checked after them
OPTIONS_WAIT_MS = 1500  # how long a list may take to load the option a step wants
NAVIGATION_SLICE_MS = 300  # while waiting for a page to move on, how often to look for a validation message


# Sets a field's value inside its own document, as typing would leave it: atomic, so that nothing in
# between (a navigation, another frame taking the focus) can send the value anywhere else.
SET_VALUE_JS = """(el, value) => {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    el.focus();
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
  } else if (el.isContentEditable) {
    el.focus();
    el.textContent = value;
  } else {
    return false;
  }
  el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}"""

# The control that opens the collapsed section or tab holding a hidden element: for its outermost hidden
# ancestor (or one inside it), the summary of a closed <details>, a shown control naming it by
# aria-controls, a link or data target to its id, the control its aria-labelledby names, or the shown
# control just before it that says it has a popup or is collapsed (a menu item before its submenu);
# never one that says it is open already (a click would close it). null when there is none.
OPENER_JS = """(el) => {
  const shown = (e) => e.checkVisibility();
  let hidden = null;
  for (let e = el; e && e !== document.body; e = e.parentElement) if (!shown(e)) hidden = e;
  if (!hidden) return null;
  const closed = (c) => c && shown(c) && c.getAttribute('aria-expanded') !== 'true' && c.getAttribute('aria-selected') !== 'true';
  const parent = hidden.parentElement;
  if (parent && parent.tagName === 'DETAILS' && !parent.open) {
    const summary = parent.querySelector(':scope > summary');
    if (closed(summary)) return summary;
  }
  const chain = [];
  for (let e = el; e && e !== hidden.parentElement; e = e.parentElement) chain.unshift(e);
  for (const e of chain) {
    const controls = [];
    if (e.id) {
      const id = CSS.escape(e.id);
      controls.push(...document.querySelectorAll(
        `[aria-controls~="${id}"], [href="#${id}"], [data-target="#${id}"], [data-bs-target="#${id}"]`));
    }
    for (const id of (e.getAttribute('aria-labelledby') || '').split(/\\s+/)) {
      if (id) controls.push(document.getElementById(id));
    }
    const opener = controls.find(closed);
    if (opener) return opener;
  }
  const says = (c, attr, no) => c.hasAttribute(attr) && c.getAttribute(attr) !== no;
  const before = hidden.previousElementSibling;
  if (closed(before) && (says(before, 'aria-haspopup', 'false') || says(before, 'aria-expanded', 'true'))) return before;
  return null;
}"""
# The texts of the item (`row`, a CSS selector) around each element, in order; null for an element not shown.
ITEM_TEXTS_JS = """(els, row) => els.map((el) => {
  const item = (row && el.closest(row)) || el.parentElement;
  if (!item || !el.checkVisibility()) return null;
  const texts = [];
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.data.replace(/\\s+/g, ' ').trim();
    if (text) texts.push(text);
  }
  return texts;
})"""
HAS_OPENER_JS = f"(el) => ({OPENER_JS})(el) !== null"
ROLE = re.compile(r"internal:role=[a-z]+")
MENU_PATH = re.compile(r"\s*>\s*")  # "File > Export > PDF": the items a menu path goes through
MAX_REVEALS = 3  # sections inside sections opened to reach one element
REVEAL_WAIT_MS = 1500  # how long a section may take to open

WEB_SCHEMES = ("http", "https")
LOCAL = "file://"  # the origin of every local file


def scoped(scopes: Mapping[str, Collection[str]]) -> Callable[[str, str], bool]:
    """`Reach.may_use` for secrets that may each go only to their own sites (name -> sites)."""
    return lambda name, url: any(on_site(host_of(url), site) for site in scopes.get(name, ()))


@dataclass
class Reach:
    """Where a replay may act: the procedure's own origins (where it was recorded); anything else is
    put to the person through `ask` (None: nobody can answer, so it is refused unless `elsewhere` allows
    it). `may_use(name, url)` says whether a secret parameter may be used on the page at `url`."""

    origins: Collection[str]
    ask: Callable[[str], bool] | None = None
    elsewhere: bool = False
    may_use: Callable[[str, str], bool] | None = None
    secrets: Collection[str] = ()
    approved: set[str] = field(default_factory=set)

    @classmethod
    def of_steps(
        cls, steps: list[Mapping[str, Any]], params: Mapping[str, str], sites: Collection[str] = (), **options: Any
    ) -> "Reach":
        """The origins that the steps were recorded on, those of the procedure's `sites` only (when it names any)."""
        origins = set()
        for step in steps:
            for url in (step.get("url"), step.get("value") if step["action"] == "navigate" else None, step.get("navigates_to")):
                try:
                    origin = origin_of(fill_placeholders(url or "", params, "url"))
                except KeyError:
                    continue
                if origin and (origin == LOCAL or not sites or any(on_site(host_of(origin), site) for site in sites)):
                    origins.add(origin)
        return cls(origins=origins, **options)

    def allows_scheme(self, url: str) -> bool:
        """http and https; file: only for a procedure recorded on local files."""
        origin = origin_of(url)
        return origin.startswith(WEB_SCHEMES) or (origin == LOCAL and LOCAL in self.origins)

    def allows(self, url: str, why: str) -> bool:
        """Whether the replay may act at `url`: one of its origins, else the person's answer."""
        origin = origin_of(url)
        if origin in self.origins or origin in self.approved:
            return True
        if self.elsewhere:
            return True
        if self.ask is not None and self.ask(f"{why} {origin or url}, which this procedure was not recorded on"):
            self.approved.add(origin)
            return True
        return False


def set_in_place(locator: Locator, text_for: Callable[[str], str], timeout_ms: float) -> bool:
    """Set the value of the locator's one field inside its own document, with no keys that another frame
    could take: `text_for(url)` gives the text for the URL of the field's frame, asked when the field is
    ready (it raises to refuse). The field is held by its handle, so a navigation of its frame ends the
    wait with a PlaywrightError instead of being followed. False when the element takes no text."""
    handle = locator.element_handle(timeout=timeout_ms)
    try:
        handle.wait_for_element_state("visible", timeout=timeout_ms)
        handle.wait_for_element_state("editable", timeout=timeout_ms)
        frame = handle.owner_frame()
        return bool(handle.evaluate(SET_VALUE_JS, text_for(frame.url if frame is not None else "")))
    finally:
        try:
            handle.dispose()
        except PlaywrightError:
            pass  # its document is gone


def settled(page: Page, restart: bool = False, quiet_ms: float = SETTLE_QUIET_MS) -> bool:
    """Whether the page has loaded and its document has not changed for `quiet_ms` (`restart`: counting
    from now)."""
    try:
        return evaluate_in_time(page, QUIET_JS, restart) >= quiet_ms  # PageFrozen when it never answers
    except PlaywrightError:
        return False  # between documents: not settled


class StepFailed(Exception):
    """A step could not be played or its check failed; the message says which step, what was expected
    and what the page showed. `fault` is "procedure", "task" (a missing or invalid parameter value),
    "option" (a parameter's value that no option of the page stands for: the task's fault, or the page's
    when the value is one the procedure allows), "environment" (the site could not be reached) or "stopped"
    (on request)."""

    def __init__(
        self, index: int, message: str, tried: list[str] | None = None, fault: str = "procedure", missing: bool = False
    ) -> None:
        super().__init__(message)
        self.index = index
        self.tried = tried or []
        self.fault = fault
        self.missing = missing  # the step's element is not on the page


@dataclass
class StepResult:
    index: int
    action: str
    args: dict[str, Any]
    status: str  # "ok", "skipped" or "error"
    url: str = ""
    selector: str | None = None
    error: str | None = None
    duration_ms: float = 0.0
    tried: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)  # what was verified after the step
    check_ms: float = 0.0  # of duration_ms, the time the checks took


PLAIN_ERRORS = [  # Playwright's wording -> a person's; the first line of an error only, call logs dropped
    (re.compile(r"^(?:[A-Z]\w*\.\w+: )?(?:Error: )?"), ""),  # "Locator.click: ", "Page.goto: Error: "
    (re.compile(r"Timeout (\d+)ms exceeded\.?"), lambda m: f"gave up after {int(m.group(1)) / 1000:g} s"),
    (
        re.compile(r"net::ERR_([A-Z_]+) at (\S+)"),
        lambda m: f"could not open {m.group(2)} ({m.group(1).lower().replace('_', ' ')})",
    ),
    (re.compile(r"Target (?:page, context or browser|closed).*"), "the browser window was closed"),
    (re.compile(r"strict mode violation: .* resolved to (\d+) elements.*"), lambda m: f"{m.group(1)} elements match, not one"),
]


CLOSED = re.compile(r"Target (?:page, context or browser|closed)|Browser has been closed|Connection closed")
MOVES = ("navigate", "back", "forward", "reload")
UNREACHABLE = re.compile(r"net::ERR_(?!ABORTED)[A-Z_]+|Timeout \d+ms exceeded")


def _fault_of(error: BaseException, page: Page, away: bool) -> str:
    """Whose fault an error of a step is (see StepFailed); `away`: the page it went to could not be reached."""
    if isinstance(error, KeyError):
        return "task"
    if window_closed(error, page):
        return "stopped"
    return "environment" if away else "procedure"


def unreachable(error: BaseException, step: Mapping[str, Any]) -> bool:
    """A step that goes to a page and could not reach it (connection refused, no such host, no answer in
    time): a fault of the site or the network, not of the procedure or the task."""
    return step.get("action") in MOVES and bool(UNREACHABLE.search(str(error)))


def window_closed(error: BaseException, page: Page) -> bool:
    """The browser window or the browser went away under the step (closed by the person, or killed by
    Ctrl-C with it): a stop, not a failure of the procedure."""
    try:
        return page.is_closed() or bool(CLOSED.search(str(error)))
    except Exception:  # noqa: BLE001 - a browser that is gone may fail to say even that
        return True


BLOCKED = re.compile(r"intercepts pointer events|element is not (?:visible|enabled|editable|stable)|outside of the viewport")


def plain_error(error: BaseException | str) -> str:
    """The first line of a Playwright error in a person's words, and from its call log, the latest reason
    the action could not go ahead (the element that intercepts a click)."""
    lines = str(error).strip().splitlines() or [type(error).__name__]
    text = lines[0].strip()
    for pattern, replacement in PLAIN_ERRORS:
        text = pattern.sub(replacement, text)  # type: ignore[arg-type]
    reason = next((line.strip(" -") for line in reversed(lines[1:]) if BLOCKED.search(line)), None)
    return text.rstrip(".") + (f": {' '.join(reason.split())[:300]}" if reason else "")


def is_named(selector: str) -> bool:
    """Whether a selector finds its element by role and name (or label), as the recorder writes them."""
    return bool(NAMED.match(selector.split(" >> ")[-1]))


def named_selectors(selectors: list[str]) -> list[str]:
    """The selectors' last parts that name an element by role and name: who the element is."""
    return [selector.split(" >> ")[-1] for selector in selectors if is_named(selector)]


QUOTED_NAME = re.compile(r'"((?:[^"\\]|\\.)*)"[si]?')  # the name a role or label selector matches, as written in it
JS_SPECIAL = re.compile(r"[.*+?^${}()|[\]\\/]")


def renumbered(identity: str) -> str | None:
    """The selector of the same role and name with any numbers in the name: a section or a card that
    the page numbers anew on each visit ("Section #1", then "Section #14") is still the one recorded.
    None when the name holds no number."""
    match = QUOTED_NAME.search(identity)
    if match is None or not re.search(r"\d", match.group(1)):
        return None
    name = re.sub(r"\\(.)", r"\1", match.group(1))
    pattern = "".join(r"\d+" if part.isdigit() else JS_SPECIAL.sub(r"\\\g<0>", part) for part in re.split(r"(\d+)", name))
    return f"{identity[: match.start()]}/^{pattern}$/{identity[match.end() :]}"


def _is_one_of(locator: Locator, identities: list[Locator]) -> bool:
    """Whether the element found is one with a recorded role and name (nothing recorded: any is)."""
    return not identities or any(locator.and_(identity).count() == 1 for identity in identities)


def hidden_too(identity: str) -> str | None:
    """A role selector that also finds the element while it is hidden (in a closed menu or tab); None for others."""
    return f"{identity[: match.end()]}[include-hidden=true]{identity[match.end() :]}" if (match := ROLE.match(identity)) else None


def _hidden_in_opener(locator: Locator, hidden: list[Locator]) -> bool:
    """Whether the one element found is hidden, has a recorded role and name, and a control that opens what
    holds it (a menu item with a submenu, a tab) is shown: replay opens that (_reveal) and goes on."""
    return bool(hidden) and not locator.is_visible() and _is_one_of(locator, hidden) and evaluate_in_time(locator, HAS_OPENER_JS)


def _describe(step: Mapping[str, Any]) -> str:
    what = step.get("description") or step["action"]
    return f"{what} ({step['action']} {step.get('label') or step.get('selector') or step.get('value') or ''})".strip()


def _page_summary(page: Page) -> str:
    try:
        text = " ".join(page.locator("body").inner_text(timeout=2000).split())
        title = page.title()
    except PlaywrightError:
        return page.url
    if page.url.startswith("chrome-error:"):
        return "Chromium's error page"  # the reason is in the error already
    return f'"{title}" at {page.url}: {text[:200]}'


MAX_MONTH_STEPS = 120  # ten years of a calendar's month arrows


def _names_arrow(element: Locator, words: tuple[str, ...]) -> bool:
    """The element says one of `words` (a calendar's "Prev" or "›"), in its text, title or aria-label."""
    said = (
        evaluate_in_time(element, "e => [e.innerText, e.getAttribute('title'), e.getAttribute('aria-label')].join(' ')")
        .lower()
        .split()
    )
    return any(w in said for w in words)


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


class _Loading:
    """The fetch, XHR and script requests of one page that have not been answered yet, while attached."""

    KINDS = ("fetch", "xhr", "script")  # a script still loading may change the page too

    def __init__(self, page: Page) -> None:
        self.page, self.open = page, set[Any]()
        page.on("request", self._sent)
        page.on("requestfinished", self._answered)
        page.on("requestfailed", self._answered)

    def _sent(self, request: Any) -> None:
        if request.resource_type in self.KINDS:
            self.open.add(request)

    def _answered(self, request: Any) -> None:
        self.open.discard(request)

    def detach(self) -> None:
        self.page.remove_listener("request", self._sent)
        self.page.remove_listener("requestfinished", self._answered)
        self.page.remove_listener("requestfailed", self._answered)


class Player:
    """Plays steps in order on `page` (and the popups they open) with parameter values `params`."""

    def __init__(
        self,
        page: Page,
        params: Mapping[str, str],
        timeout_ms: float = 10_000,
        on_step: Callable[[StepResult, Page], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        secret: Collection[str] = (),
        reach: Reach | None = None,
        step_checks: list[Mapping[str, Any]] | None = None,
        closeness: Callable[[str, str], float] | None = None,
    ) -> None:
        """`secret`: the names of the parameters whose values are masked in the steps' shown arguments;
        `closeness`: how near in meaning two words are, 0..1 (a thesaurus), for the items of a set that no label
        names (exported scripts have none: labels only)."""
        self.closeness = closeness
        self.should_stop = should_stop
        self.reach = reach
        self.step_checks = list(step_checks or [])  # Check dicts with an after_step
        self._seen: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = {}  # alerts and invalid fields after the last step
        self._param_fields: list[Locator] = []  # fields this run filled from parameters
        self._chosen_labels: list[str] = []  # the options the latest select step chose
        self._typed: str | None = None  # what the latest fill read off the page typed
        self.notes: list[str] = []  # what the latest step did otherwise than recorded (an option chosen for another)
        self.unsure: list[str] = []  # choices the task left open that the run made: such a run is never verified
        self.last_page = page  # where the latest step ran: the end checks look there
        self._check_ms, self._checking_depth = 0.0, 0
        self.shown: dict[str, str] = {}  # parameter values as the page shows them (an option's label for its value)
        self.sent: dict[str, str] = {}  # parameter values as a form sends them (an option's value for its label)
        self.pages: dict[int, Page] = {0: page}
        self._loading: dict[int, _Loading] = {id(page): _Loading(page)}  # by id(page): its requests in flight
        self._acted_on: dict[int, float] = {}  # by id(page): the quiet that settles it, counted from this player's latest action
        self.params = params
        self.shown_params = {name: SECRET_MASK if name in secret else value for name, value in params.items()}
        self.timeout_ms = timeout_ms
        self.on_step = on_step
        self.before_leaving: Callable[[int, Locator, Page], None] | None = None  # told before a step leaves its page
        self.results: list[StepResult] = []  # of the steps played so far, the failing one included
        self._hidden: list[str] = []  # values of secret parameters, longest first
        self._steps: list[Mapping[str, Any]] = []  # the steps of the run
        self.relaid = False  # a field was found by the words of its label: the form was laid out again
        self.picks: dict[str, int] = {}  # by parameter: the place of the item the person picked among those showing its value

    def run(self, steps: list[Mapping[str, Any]], start: int = 0) -> list[StepResult]:
        """Every step's result from `start` on; raises StepFailed at the first step that cannot be played. Its
        message never holds the value of a secret parameter, though the page's URL or text may show one."""
        self.params, self.picks = split_picks(steps, self.params)  # "Bob #2": the 2nd item that shows "Bob"
        derived = option_values(steps, self.params)  # a URL that holds a chosen option's value
        self.params, self.shown_params = {**self.params, **derived}, {**self.shown_params, **derived}
        secret = {name for step in steps if step.get("secret") for name in placeholders(step.get("value"))}
        self._hidden = sorted({str(self.params[name]) for name in secret if self.params.get(name)}, key=len, reverse=True)
        if self.reach is None:
            self.reach = Reach.of_steps(steps, self.params)
        self._steps = steps
        try:
            for index, step in enumerate(steps):
                if index >= start:
                    self._run_step(index, step, first=index == start)
        finally:
            for loading in self._loading.values():
                loading.detach()
            self._loading.clear()
        return self.results

    def _run_step(self, index: int, step: Mapping[str, Any], first: bool) -> None:
        if self.should_stop is not None and self.should_stop():
            raise StepFailed(index, f"stopped on request before step {index + 1}", fault="stopped")
        if step.get("loop"):
            return play_loop(self, index, step, StepFailed)
        started, self._check_ms = time.perf_counter(), 0.0
        page = self.last_page = self._page(step)
        result = StepResult(index=index, action=step["action"], args=self._shown_args(step), status="ok")
        self.notes = []
        try:
            result.status, result.selector, result.tried = self._play(index, step, page, first=first, result=result)
            result.checked += self.notes
            with self._timed():
                self._after_checks(index, step, page, result)
        except StepFailed as failure:
            result.tried = failure.tried
            if step.get("optional"):
                result.status = "skipped"  # an alternative that this page does not offer
                return
            result.status, result.error = "error", self._hide(str(failure))
            raise StepFailed(index, result.error, failure.tried, failure.fault, failure.missing) from None
        except PageFrozen as exc:
            result.status, result.error = "error", f"step {index + 1} ({_describe(step)}) failed: {exc}"
            raise StepFailed(index, result.error, fault="environment") from exc
        except (PlaywrightError, KeyError, ValueError) as exc:
            reason = f"missing value for parameter {exc.args[0]!r}" if isinstance(exc, KeyError) else plain_error(exc)
            trouble = page_trouble(page)  # it froze or flooded the screen: the site's fault, said as it is
            away = unreachable(exc, step)  # the page it goes to is not there to show
            shown = trouble or ("the site could not be reached" if away else f"The page showed {_page_summary(page)}")
            result.status, result.error = "error", self._hide(f"step {index + 1} ({_describe(step)}) failed: {reason}. {shown}")
            raise StepFailed(index, result.error, fault="environment" if trouble else _fault_of(exc, page, away)) from exc
        finally:
            result.duration_ms = (time.perf_counter() - started) * 1000
            result.check_ms = self._check_ms
            result.url = self._hide(page.url if not page.is_closed() else result.url)
            self.results.append(result)
            if self.on_step is not None:
                self.on_step(result, page)

    def _hide(self, text: str) -> str:
        pattern = value_pattern(self._hidden)
        return text if pattern is None else pattern.sub(SECRET_MASK, text)

    def _shown_args(self, step: Mapping[str, Any]) -> dict[str, Any]:
        """The step's selector and value with the values played put in, secret ones masked."""

        def shown(text: str, mode: str) -> str:
            try:
                return fill_placeholders(text, self.shown_params, mode)
            except KeyError:
                return text  # a missing value: the step fails and says so

        args: dict[str, Any] = {"selector": shown(step["selector"], "selector") if step.get("selector") else None}
        if step.get("value") is not None:
            args["value"] = (
                SECRET_MASK if step.get("secret") else shown(step["value"], "url" if step["action"] == "navigate" else "text")
            )
        return args

    def _page(self, step: Mapping[str, Any]) -> Page:
        number = step.get("page") or 0
        if number not in self.pages:
            self.pages[number] = self.pages[0].context.new_page()  # a tab the person opened by hand
        return self.pages[number]

    @property
    def values(self) -> dict[str, str]:
        """The run's parameter values, and as `{name__value}` each one as the form sent it (the value of the
        option chosen for its label): what a URL after it holds."""
        sent = {name + OPTION_VALUE: value for name, value in self.sent.items() if "\n" not in value}
        return {**self.params, **sent}

    def _text(self, value: str | None, mode: str = "text") -> str:
        return fill_placeholders(value or "", self.values, mode)

    def _play(
        self, index: int, step: Mapping[str, Any], page: Page, first: bool, result: StepResult
    ) -> tuple[str, str | None, list[str]]:
        action = step["action"]
        key = (step.get("page") or 0, tuple(step.get("frame") or []))
        moved = self._move(index, step, page, first, key)
        if moved is not None:
            return moved
        if step.get("unless_shown"):
            self._stop_if_shown(index, step, page, self._text(step["unless_shown"]))
        if step.get("reveals") and self._at_hand(index, page):
            self.notes.append("the next step's element is at hand (shown, or in what that step opens)")
            return "skipped", None, []
        if action == "click" and step.get("until"):
            return self._click_until(index, step, page)
        selector, locator, tried = self._locate_on_path(index, step, page)
        if step.get("suggestion"):
            locator = self._as_typed(step, page, selector, locator)
        self._check_secrets(index, step, evaluate_in_time(locator, "() => location.href") if step.get("frame") else page.url)
        if key not in self._seen:
            with self._timed():
                self._seen[key] = self._document_state(step, page) or {}
        before = page.url
        files = self._upload_files(index, step, page) if action == "upload" else []
        watch = None
        if (
            action in ("click", "dblclick")
            and step.get("changes_page")
            and not step.get("navigates_to")
            and step.get("opens_page") is None
        ):
            with self._timed():
                watch = checks.ChangeWatch.start(locator, self._scope(step, page).locator(":root"), page)
        if step.get("opens_page") is not None:
            with page.expect_popup(timeout=self.timeout_ms) as popup:
                self._act(index, step, locator, page, files)
            self.pages[step["opens_page"]] = popup.value
            popup.value.wait_for_load_state(timeout=self.timeout_ms)
        else:
            self._act(index, step, locator, page, files)
        self._acted(page)
        try:
            self._expect_effect(index, step, page, before, watch, result)
        except StepFailed:
            with self._timed():
                self._verify_step(index, step, locator, page, key, result)  # a validation message explains it better
            raise
        with self._timed():
            self._verify_step(index, step, locator, page, key, result)
        return "ok", selector, tried

    def _move(
        self, index: int, step: Mapping[str, Any], page: Page, first: bool, key: tuple[int, tuple[str, ...]]
    ) -> tuple[str, str | None, list[str]] | None:
        """A step that goes to a page (open, back, forward, reload), played; None for any other step, once the
        page is checked to be where that step was recorded."""
        action = step["action"]
        if action == "navigate":
            url = self._text(step.get("value") or step.get("url"), "url")
            if first and _same_url(page.url, url):
                with self._timed():
                    self._seen[key] = self._document_state(step, page) or {}
                return "skipped", None, []  # already there: no reload
            self._check_destination(index, step, url)
            self._check_secrets(index, step, url)
            page.goto(url, timeout=self.timeout_ms)
        else:
            self._check_where(index, step, page.url)
            if action not in ("back", "forward", "reload"):
                return None
            {"back": page.go_back, "forward": page.go_forward, "reload": page.reload}[action](timeout=self.timeout_ms)
        self._acted(page, loaded=True)
        with self._timed():
            self._seen[key] = self._document_state(step, page) or {}
        return "ok", None, []

    def _click_until(self, index: int, step: Mapping[str, Any], page: Page) -> tuple[str, str | None, list[str]]:
        """Click the step's element (a pager's "next") until the page shows the text `until` names, as often
        as it takes and not at all when it shows already; the page never showing it is the task's fault."""
        wanted = self._text(step["until"])
        shown = self._scope(step, page).get_by_text(wanted, exact=True).locator("visible=true")
        selector, tried = None, []
        for turn in range(MAX_PAGER_CLICKS + 1):
            deadline = time.monotonic() + self.timeout_ms / 1000
            self._settled(page, restart=True)
            while not shown.count() and not self._settled(page) and time.monotonic() < deadline:
                page.wait_for_timeout(LOCATE_POLL_MS)
            if shown.count():
                self.notes.append(f'the page showed "{wanted}" after {turn} clicks')
                return ("ok" if turn else "skipped"), selector, tried
            try:
                selector, locator, tried = self._locate(index, step, page)
            except StepFailed:
                break  # no pager left: the last page
            if not locator.is_visible():
                break
            locator.click(timeout=self.timeout_ms)
        raise StepFailed(
            index,
            f'step {index + 1} ({_describe(step)}): the page never showed "{wanted}", the task\'s value. '
            f"The page showed {_page_summary(page)}",
            tried,
            fault="task",
        )

    @contextmanager
    def _timed(self) -> Iterator[None]:
        """Count the time inside as the step's checking time (once, however deeply nested)."""
        started = time.perf_counter()
        self._checking_depth += 1
        try:
            yield
        finally:
            self._checking_depth -= 1
            if self._checking_depth == 0:
                self._check_ms += (time.perf_counter() - started) * 1000

    def _expect_effect(
        self, index: int, step: Mapping[str, Any], page: Page, before: str, watch: checks.ChangeWatch | None, result: StepResult
    ) -> None:
        """What the demonstration saw the step do: lead to another page, or change this one."""
        if step.get("navigates_to"):
            self._await_navigation(index, step, page, before)
            result.checked.append("led to the next page")
        if watch is not None:
            with self._timed():
                self._fail_if(index, step, page, watch.problem(self.timeout_ms))
            result.checked.append("changed the page")

    def _document_state(self, step: Mapping[str, Any], page: Page) -> dict[str, Any] | None:
        """The alerts and invalid-marked fields of the step's document, None when it cannot be read now."""
        scope = self._scope(step, page)
        try:
            return (
                evaluate_in_time(page, checks.STATE_JS, None)
                if scope is page
                else scope.locator(":root").evaluate_all(checks.STATE_OF_FIRST_JS)
            )
        except PlaywrightError:
            return None

    def _at_hand(self, index: int, page: Page) -> bool:
        """Whether the element of the first step after `index` that opens nothing is on the page now, shown or
        inside a closed tab or section that a control opens (that step opens it): the steps that opened
        the demonstration's section for it are not needed, and would open another one."""
        after = next((s for s in self._steps[index + 1 :] if not s.get("reveals")), None)
        if after is None or any(after.get(k) for k in ("each_row", "ordinal", "by_picture", "by_kind", "many", "calendar")):
            return False
        scope = self._scope(after, page)
        try:
            for selector in [self._text(s, "selector") for s in after.get("selectors") or [after.get("selector")] if s]:
                found = scope.locator(selector)
                if found.count() == 1 and (found.is_visible() or evaluate_in_time(found, HAS_OPENER_JS)):
                    return True
        except (KeyError, PlaywrightError):
            return False
        return False

    def _stop_if_shown(self, index: int, step: Mapping[str, Any], page: Page, value: str) -> None:
        """Stop, as the task's fault, when the page shows the text that the demonstration's pages never did."""
        shown = shows_word(self._scope(step, page).locator("body").inner_text(timeout=self.timeout_ms), value)
        problem = (
            f'the page shows "{value}", which the demonstration\'s pages never showed: its steps are for a page '
            "without it, so replay stops before this step"
        )
        self._fail_if(index, step, page, problem if shown else None, "task")

    def _fail_if(self, index: int, step: Mapping[str, Any], page: Page, problem: str | None, fault: str = "procedure") -> None:
        if problem is not None:
            raise StepFailed(
                index, f"step {index + 1} ({_describe(step)}): {problem}. The page showed {_page_summary(page)}", fault=fault
            )

    def _verify_step(
        self,
        index: int,
        step: Mapping[str, Any],
        locator: Locator,
        page: Page,
        key: tuple[int, tuple[str, ...]],
        result: StepResult,
    ) -> None:
        """The step's own checks: the field's value or state, then no validation message."""
        action = step["action"]
        if step.get("many") or step.get("calendar") or step.get("spin"):
            return  # a set of checkboxes, a calendar, a spinner: _tick_exactly, _pick_date and _spin checked what they did
        from_parameter = bool(placeholders(step.get("value")))
        state = None
        if action in TARGET_STEPS and not step.get("opens_page") and not step.get("navigates_to"):
            try:
                state = locator.evaluate_all(checks.STATE_OF_FIRST_JS)  # gone with the step (a re-rendered form): the document's
            except PlaywrightError:
                state = None
        if state is None:
            state = self._document_state(step, page)
        if state is None:
            return
        value = self._text(step.get("value")) if step.get("value") is not None else ""
        value = self._typed or "" if step.get("reads") else value  # what was read off the page went in
        problem = None
        if action == "fill" and state.get("selected") is None:
            value = for_input(step.get("input_type") or "", value)
            problem = checks.value_problem(state, value, bool(step.get("secret")))
            result.checked.append("holds its value")
        elif action == "select" or (action == "fill" and state.get("selected") is not None):
            problem = checks.selection_problem(state, self._chosen_labels)
            result.checked.append("shows the option")
        elif action in ("check", "uncheck"):
            wanted = action == "check" and value.strip().lower() not in UNCHECKED
            problem = checks.toggle_problem(state, wanted)
            result.checked.append("is " + ("checked" if wanted else "unchecked"))
        typed = action == "fill" and from_parameter and not well_formed(step.get("input_type") or "", value)
        self._fail_if(index, step, page, problem, "task" if typed else "procedure")  # typed: a value the field cannot take
        if from_parameter and action in ("fill", "select"):
            self._param_fields.append(locator)
        target = action in TARGET_STEPS and "value" in state and value != ""
        problem = checks.validation_problem(self._seen.get(key), state, target, step.get("shows_alert"))
        self._seen[key] = state
        if problem is not None:
            task = (target and from_parameter) or (not target and self._a_parameter_field_is_invalid())
            self._fail_if(index, step, page, problem, "task" if task else "procedure")
        result.checked.append("no validation message")

    def _a_parameter_field_is_invalid(self) -> bool:
        for locator in self._param_fields:
            try:
                if locator.evaluate_all(checks.STATE_OF_FIRST_JS).get("invalid"):
                    return True
            except PlaywrightError:
                continue
        return False

    @property
    def _readings(self) -> list[dict[str, str]]:
        """The values as a page may show them other than as labels: as the form sent them, as the task gave them."""
        return [{**self.values, **self.sent}, self.values]

    def _after_checks(self, index: int, step: Mapping[str, Any], page: Page, result: StepResult) -> None:
        """The checks placed after this step (the person's, or a DevTools recording's waits and assertions)."""
        for check in self.step_checks:
            if check.get("after_step") == index + 1:
                problem = checks.check_problem(page, check, {**self.values, **self.shown}, self.timeout_ms, self._readings)
                self._fail_if(index, step, page, problem)
                result.checked.append(checks.describe_check(check, {**self.shown_params, **self.shown}))

    def verify(
        self,
        outcome_checks: list[Mapping[str, Any]],
        page: Page | None = None,
        wait_ms: float | None = None,
        until_failure: bool = False,
    ) -> list[tuple[Mapping[str, Any], str | None]]:
        """Each end check with None when it holds, else what the page showed; the checks share one wait
        (`wait_ms`, else the step timeout), each at least half a second of it. `until_failure`: the checks
        up to the first that fails only."""
        page = page or self.last_page
        budget = self.timeout_ms if wait_ms is None else wait_ms
        deadline = time.monotonic() + budget / 1000
        out: list[tuple[Mapping[str, Any], str | None]] = []
        for check in outcome_checks:
            if until_failure and out and out[-1][1] is not None:
                break
            wait = max(min(500.0, budget), (deadline - time.monotonic()) * 1000)
            try:
                if check.get("kind") == "url":  # the value a form sends, or the label the page showed
                    readings = [{**self.values, **self.shown}, *self._readings]
                    urls = [fill_placeholders(check.get("expected") or "", values, "url") for values in readings]
                    problem = checks.url_problem(page, list(dict.fromkeys(urls)), wait)
                    if problem and self.relaid and any(sent_as_laid_out(check["expected"], u, page.url) for u in urls):
                        problem = None  # the form's fields moved, and the names they send by their places with them
                else:
                    problem = checks.check_problem(page, check, {**self.values, **self.shown}, wait, self._readings)
            except KeyError as exc:
                problem = f"expected a value for parameter {exc.args[0]!r}, saw none"
            out.append((check, problem))
        return out

    def _check_destination(self, index: int, step: Mapping[str, Any], url: str) -> None:
        assert self.reach is not None
        if not self.reach.allows_scheme(url):
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}) refused: replay opens only http and https pages")
        if not self.reach.allows(url, "open"):
            raise StepFailed(
                index, f"step {index + 1} ({_describe(step)}) refused: {origin_of(url)} is not where it was recorded"
            )

    def _check_where(self, index: int, step: Mapping[str, Any], url: str) -> None:
        """A step acts only on the procedure's own origins (a page that led elsewhere is asked about)."""
        assert self.reach is not None
        if url.startswith("about:"):
            return  # a new tab that nothing has loaded yet
        if not self.reach.allows_scheme(url) or not self.reach.allows(url, "act on"):
            raise StepFailed(
                index,
                f"step {index + 1} ({_describe(step)}) refused: the page is on {origin_of(url) or url}, not where it was recorded",
            )

    def _secrets_of(self, step: Mapping[str, Any]) -> list[str]:
        """The secret parameters that the step's values use."""
        if self.reach is None:
            return []
        texts = [step.get("value"), step.get("option_value"), *(step.get("files") or [])]
        return sorted(set().union(*(placeholders(t) for t in texts)) & set(self.reach.secrets))

    def _check_secrets(self, index: int, step: Mapping[str, Any], url: str) -> None:
        """A secret goes only to the origin its value is bound to, checked where the browser is now."""
        reach = self.reach
        assert reach is not None
        for name in self._secrets_of(step):
            if reach.may_use is None or not reach.may_use(name, url):
                raise StepFailed(
                    index, f"step {index + 1} ({_describe(step)}) refused: {{{name}}} is not for {origin_of(url) or url}"
                )

    def _fill_secret(self, index: int, step: Mapping[str, Any], locator: Locator, value: str) -> None:
        """A secret goes into the one element found, in its own document (`set_in_place`): the element's
        frame is checked when the value is set, and a navigation of that frame before then ends the step."""

        def checked(url: str) -> str:
            reach = self.reach
            if reach is not None and not (reach.allows_scheme(url) and reach.allows(url, "type a secret on")):
                raise StepFailed(index, f"step {index + 1} ({_describe(step)}) refused: the field is on {origin_of(url) or url}")
            self._check_secrets(index, step, url)
            return value

        try:
            filled = set_in_place(locator, checked, self.timeout_ms)
        except PlaywrightError as exc:
            raise StepFailed(
                index,
                f"step {index + 1} ({_describe(step)}) stopped: the field went away before the secret was typed ({plain_error(exc)})",
            ) from exc
        if not filled:
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}): the element is not a text field")

    def _upload_files(self, index: int, step: Mapping[str, Any], page: Page) -> list[str]:
        """Files named by parameters given at run time, never by the procedure, and only with approval."""
        entries = [f.strip() for f in step["value"].split(",")] if step.get("value") else list(step.get("files") or [])
        if not entries or not all(PLACEHOLDER.fullmatch(entry) and placeholders(entry) for entry in entries):
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}) refused: files to upload come only from parameters")
        files = [self._text(entry) for entry in entries]
        assert self.reach is not None
        question = f"upload {', '.join(files)} to {origin_of(page.url) or page.url}"
        if self.reach.ask is None or not self.reach.ask(question):
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}) refused: nobody approved to {question}")
        return files

    def _scope(self, step: Mapping[str, Any], page: Page) -> Page | FrameLocator:
        scope: Page | FrameLocator = page
        for selector in step.get("frame") or []:
            scope = scope.frame_locator(self._text(selector, "selector"))
        return scope

    def _locate(self, index: int, step: Mapping[str, Any], page: Page) -> tuple[str, Locator, list[str]]:
        """The first stored selector that matches exactly one element whose role and name are the recorded
        ones, waiting until it appears or, once the page has settled, giving up: a missing element is
        reported without waiting for the whole step timeout."""
        scope = self._scope(step, page)
        selectors = [self._text(s, "selector") for s in step.get("selectors") or [step.get("selector")] if s]
        if not selectors:
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}) has no selector")
        if step.get("ordinal"):  # "the 2nd text box": the so-manyth shown element that the selectors find
            place = ordinal_number(self._text(step["ordinal"]))
            self._fail_if(index, step, page, None if place else f'"{self._text(step["ordinal"])}" names no place', "task")
            selectors = [f"{s} >> visible=true >> nth={(place or 1) - 1}" for s in selectors]
        locators = [scope.locator(s) for s in selectors]
        named = named_selectors(selectors)
        loose = [r for r in map(renumbered, named) if r]
        identities = [scope.locator(s) for s in named + loose]
        hidden = [scope.locator(h) for h in map(hidden_too, named + loose) if h]
        extra = [r for r in loose if r not in selectors]  # last: the recorded element under another number
        selectors += extra
        locators += [scope.locator(r) for r in extra]
        tried: list[str] = []
        strangers: list[str] = []  # fallbacks that found an element with another role or name
        several: dict[str, int] = {}  # selectors that found more than one element, and how many
        self._settled(page, restart=id(page) not in self._acted_on)  # another's action may have set off what is to come
        deadline = time.monotonic() + (min(self.timeout_ms, OPTIONAL_WAIT_MS) if step.get("optional") else self.timeout_ms) / 1000
        while True:
            for number, (selector, locator) in enumerate(zip(selectors, locators)):
                found = locator.count()
                if found == 1 or (found > 1 and (step.get("each_row") or step.get("compare") is not None)):
                    if number == 0 or is_named(selector) or _is_one_of(locator, identities):
                        return selector, locator, tried
                    if found == 1 and _hidden_in_opener(locator, hidden):
                        return selector, locator, tried
                    if selector not in strangers:
                        strangers.append(selector)
                elif found > 1 and number == 0 and pick_of(step, self.picks):  # the person picked one by its place
                    return selector, self._picked(index, step, page, locator, found), tried
                elif found > 1 and number == 0 and step.get("any_row"):  # the task addresses the value's holder
                    self.unsure.append(f"{found} items show the value the task names; the first was used")
                    self.notes.append(self.unsure[-1])
                    return selector, locator.first, tried
                elif found > 1:
                    several[selector] = found
                if selector not in tried:
                    tried.append(selector)
            now = time.monotonic()
            if now >= deadline or self._settled(page, quiet_ms=self._acted_on.get(id(page), SETTLE_QUIET_MS)):
                break
            page.wait_for_timeout(LOCATE_POLL_MS)
        relabelled = field_relabelled(scope, step)  # a form laid out again: its label in more or fewer words
        if relabelled is not None:
            self.relaid = True
            self.notes.append(f'found the field labelled "{step.get("field")}" by the words of its label now')
            return relabelled[0], relabelled[1], tried
        self._not_found(index, step, page, selectors, tried, strangers, several)

    def _picked(self, index: int, step: Mapping[str, Any], page: Page, locator: Locator, found: int) -> Locator:
        """The item the person picked by its place among the `found` that show the value; a place beyond them
        stops the run, naming it."""
        name, place = pick_of(step, self.picks) or ("", 0)
        value = self.params.get(name, "")
        self._fail_if(index, step, page, None if place <= found else f'no item #{place}: {found} items show "{value}"', "task")
        self.notes.append(f'picked item #{place} of the {found} that show "{value}"')
        return locator.nth(place - 1)

    def _not_found(
        self,
        index: int,
        step: Mapping[str, Any],
        page: Page,
        selectors: list[str],
        tried: list[str],
        strangers: list[str],
        several: dict[str, int],
    ) -> NoReturn:
        """Why no element was found: several items the task does not tell apart, a choice the page does not
        offer (both the task's fault), or nothing that the selectors match."""
        scope = self._scope(step, page)
        other = (
            f"; {', '.join(strangers)} found an element without the recorded role and name, so it was not used"
            if strangers
            else ""
        )
        if step.get("row") and selectors[0] in several:  # several items show the value: the task does not say which
            name = sorted(placeholders(step.get("selector")))[0] if placeholders(step.get("selector")) else ""
            texts = scope.locator(selectors[0]).evaluate_all(ITEM_TEXTS_JS, self._text(step["row"], "selector"))
            raise StepFailed(
                index,
                f"step {index + 1} ({_describe(step)}): {several[selectors[0]]} items show the value the task names "
                f'("{self.params.get(name, "")}"), and it does not say which one: '
                f"{items_said(texts, name, str(self.params.get(name, '')))}",
                tried,
                fault="task",
            )
        absent = self._task_value_absent(step, scope)
        if absent is not None:
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}): {absent}", tried, fault="task")
        raise StepFailed(
            index,
            f"step {index + 1} ({_describe(step)}): no element matched any of {len(selectors)} selectors "
            f"({'; '.join(selectors)}){other}. The page showed {_page_summary(page)}",
            tried,
            missing=True,
        )

    def _task_value_absent(self, step: Mapping[str, Any], scope: Page | FrameLocator) -> str | None:
        """A choice of a group (radio buttons) that the task names, that the group did not offer when it was
        recorded and that the page does not offer now, while it does offer the demonstrated one (a flavour
        the shop does not sell): the task's fault, not the procedure's."""
        raw, label = step.get("selector") or "", step.get("label") or ""
        names, offered = placeholders(raw), {o.casefold() for o in step.get("options") or []}
        if len(names) != 1 or not label or not offered:
            return None
        name = next(iter(names))
        wanted = self.params.get(name, "")
        if not wanted or wanted.casefold() in offered:
            return None
        demonstrated = fill_placeholders(raw, {**self.params, name: label}, "selector")
        if scope.locator(demonstrated).count() == 0:
            return None
        return f'the page offers no "{wanted}" for {{{name}}}, though it offers the demonstrated "{label}"'

    def _acted(self, page: Page, loaded: bool = False) -> None:
        """The page's quiet counts from now: what the step just did may still change it (less after a load
        the step waited for)."""
        self._settled(page, restart=True)
        self._acted_on[id(page)] = LOADED_QUIET_MS if loaded else SETTLE_QUIET_MS

    def _settled(self, page: Page, restart: bool = False, quiet_ms: float = SETTLE_QUIET_MS) -> bool:
        """Whether the page has `settled` and asks the server for nothing (fetch, XHR or a script) either."""
        if id(page) not in self._loading:
            self._loading[id(page)] = _Loading(page)
        busy = bool(self._loading[id(page)].open)  # an answer still to come may change the page
        return settled(page, restart or busy, quiet_ms) and not busy

    def _reveal(self, locator: Locator) -> None:
        """Open the collapsed sections or tabs that hide the element (OPENER_JS), outermost first; a
        control that says it has a popup (a menu item with a submenu) is hovered first, as a person does."""
        for _ in range(MAX_REVEALS):
            if locator.is_visible():
                return
            opener = handle_in_time(locator, OPENER_JS).as_element()
            if opener is None:
                return
            name = " ".join(opener.inner_text().split())[:60]
            if opener.get_attribute("aria-haspopup") not in (None, "false"):
                opener.hover(timeout=self.timeout_ms)
                if self._shows(locator):
                    self.notes.append(f"pointed at {name!r}, which held the element")
                    return
            opener.click(timeout=self.timeout_ms)
            self.notes.append(f"opened {name!r}, which held the element")
            self._shows(locator)  # else another section inside it may still be closed

    def _click_shown(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page) -> None:
        """Click the element at a point of it that shows (another element may lie over its centre); one that
        went hidden meanwhile (in a section that the previous step closed, still closing when it was found)
        is revealed again and clicked once more."""
        try:
            locator.click(timeout=self.timeout_ms, position=self._point_shown(index, step, locator, page))
        except PlaywrightError as exc:
            if "not visible" not in str(exc) or locator.is_visible():
                raise
            self._reveal(locator)
            locator.click(timeout=self.timeout_ms, position=self._point_shown(index, step, locator, page))

    def _point_shown(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page) -> dict[str, float] | None:
        """Where to click a shown element: None for its centre, else a point of it that nothing covers; no such
        point within the step's time stops the run, naming the element and what covers it."""
        if not locator.is_visible():
            return None
        point = visible_point(locator, self.timeout_ms)
        if isinstance(point, str):
            self._fail_if(index, step, page, f"no point of {element_words(locator)} shows: {point} lies over it")
        if point is not None:
            self.notes.append(f"clicked {element_words(locator)} where it shows, beside what lies over its centre")
        return point if isinstance(point, dict) else None

    @staticmethod
    def _shows(locator: Locator) -> bool:
        """Whether the element shows within REVEAL_WAIT_MS."""
        try:
            locator.wait_for(state="visible", timeout=REVEAL_WAIT_MS)
            return True
        except PlaywrightError:
            return False

    def _locate_on_path(self, index: int, step: Mapping[str, Any], page: Page) -> tuple[str, Locator, list[str]]:
        """_locate; when the element a parameter names is missing and its value is a menu path ("File >
        Export > PDF"), each item of the path but the last is pointed at (clicked when that shows
        nothing) and the last is found in its place. Each item must show only once the one before is open."""
        try:
            return self._locate(index, step, page)
        except StepFailed as failure:
            path = self._menu_path(step) if failure.missing else None
            if path is None:
                raise
            missing = failure
        name, items = path
        scope = self._scope(step, page)
        shown = [scope.get_by_text(item, exact=True).locator("visible=true").first for item in items]
        for item, (opener, following) in zip(items, zip(shown, shown[1:])):
            if following.count():
                raise missing  # shown already: it is not in that item's menu, so the path does not hold
            opener.hover(timeout=self.timeout_ms)
            if not self._shows(following):
                opener.click(timeout=self.timeout_ms)
            self.notes.append(f"opened the menu {item!r}")
        played = self.params
        self.params = {**played, name: items[-1]}
        try:
            return self._locate(index, step, page)
        finally:
            self.params = played

    def _as_typed(self, step: Mapping[str, Any], page: Page, selector: str, locator: Locator) -> Locator:
        """Among the suggestions that show the typed value in any case, the first that shows it as typed and as a
        word ("SHV" is Shreveport's code, and is in "Nashville" too); else the first."""
        base = selector.removesuffix(" >> nth=0")
        names = set().union(*(placeholders(s) for s in step.get("selectors") or []))
        typed = [str(self.params.get(name, "")) for name in sorted(names)]
        if base == selector or not any(typed):
            return locator
        shown = self._scope(step, page).locator(base)
        for at, text in enumerate(shown.all_inner_texts()):
            if all(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text) for t in typed if t):
                return shown.nth(at)
        return locator

    def _menu_path(self, step: Mapping[str, Any]) -> tuple[str, list[str]] | None:
        """The parameter naming the step's element whose value is a menu path, and the path's items."""
        for name in sorted(placeholders(step.get("selector") or "")):
            items = [item.strip() for item in MENU_PATH.split(str(self.params.get(name, "")))]
            if len(items) > 1 and all(items):
                return name, items
        return None

    def _act(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, files: list[str]) -> None:
        action, timeout = step["action"], self.timeout_ms
        if action in ("click", "dblclick", "fill", "check") and not (
            step.get("calendar") or step.get("many") or step.get("by_picture")
        ):
            several = step.get("each_row") or step.get("compare") is not None
            self._reveal(locator.first if several else locator)  # items that show a value, or items compared: one or more
        value = self._text(step.get("value")) if step.get("value") is not None else ""
        if action in ("click", "dblclick", "fill", "select", "check") and not (step.get("many") or step.get("calendar")):
            read_through(locator)  # a field that takes input once a text above it is read to its end
        if step.get("navigates_to") and not step.get("frame") and self.before_leaving is not None:
            self.before_leaving(index, locator, page)  # the element while its page still shows it
        if step.get("spin"):
            self._spin(index, step, locator, page, value)
        elif step.get("by_kind"):
            self._click_by_kind(index, step, locator, page, value)
        elif step.get("by_picture"):
            self._click_by_picture(index, step, locator, page)
        elif action == "click" and step.get("calendar"):
            self._pick_date(index, step, locator.first, page, value)
        elif action == "click" and step.get("each_row"):
            self._click_in_rows(index, step, locator, page, value)
        elif action == "click" and step.get("compare") is not None:
            self._click_by_comparison(index, step, locator, page, value)
        elif action == "click":
            self._click_shown(index, step, locator, page)
        elif action == "dblclick":
            locator.dblclick(timeout=timeout)
        elif action == "fill":
            self._fill(index, step, locator, page, value)
        elif action == "select" and step.get("input_type") == "select-multiple":
            labels = [label for label, _ in locator.evaluate_all(checks.OPTIONS_JS) or []]
            self._choose(index, step, locator, page, listed(value, labels))
        elif action == "select":
            self._choose(index, step, locator, page, value.split("\n"))
        elif action == "check" and step.get("many"):
            self._tick_exactly(index, step, locator, page, value)
        elif action == "check":
            locator.set_checked(value.strip().lower() not in UNCHECKED, timeout=timeout)  # no value: check it
        elif action == "uncheck":
            locator.uncheck(timeout=timeout)
        elif action == "press":
            on_page = evaluate_in_time(locator, "e => e === document.body")
            for _ in range(step.get("repeat") or 1):
                if on_page:
                    page.keyboard.press(value)
                else:
                    locator.press(value, timeout=timeout)
        elif action == "submit":
            evaluate_in_time(locator, "form => form.requestSubmit ? form.requestSubmit() : form.submit()")
        elif action == "upload":
            locator.set_input_files(files, timeout=timeout)
        elif action in GESTURES:
            problem, fault = play_gesture(
                page, self._scope(step, page), step, locator, value, lambda s: self._text(s, "selector")
            )
            self._fail_if(index, step, page, problem, fault)
        else:
            raise ValueError(f"unknown action {action!r}")

    def _click_by_kind(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        """Click the first element of the kind `value` names ("checkbox") inside the step's element."""
        kind = kind_named(value)
        self._fail_if(index, step, page, None if kind else f'"{value}" names no kind of element', "task")
        target = first_of_kind(locator.first, kind or "")
        self._fail_if(index, step, page, None if target.count() else f"no {value} is shown here")
        target.click(timeout=self.timeout_ms)

    def _click_by_picture(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page) -> None:
        """Click the element of the recorded one's role that shows the picture shown with the task's words,
        opening what holds it first."""
        found = evaluate_in_time(locator.first, PICTURE_ITEM_JS)
        self._fail_if(index, step, page, found.get("problem"))
        target = self._scope(step, page).locator(found["css"]).nth(found["index"])
        self._reveal(target)
        target.click(timeout=self.timeout_ms)

    def _fill(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        if step.get("reads") and step.get("to"):  # a word of what an element shows
            self._typed = word_of(
                self._scope(step, page), [self._text(s, "selector") for s in step["to"]], step.get("word") or ""
            )
            self._fail_if(index, step, page, None if self._typed else f"the page shows no {step.get('word')} word to read")
            locator.fill(self._typed or "", timeout=self.timeout_ms)
        elif step.get("reads"):  # what the page shows beside the text `value`
            self._typed = shown_beside(self._scope(step, page), value)
            self._fail_if(index, step, page, None if self._typed else f'the page shows nothing beside "{value}"')
            if step.get("word"):  # the word at the task's place in it
                place = ordinal_number(self._text(step["word"])) or 0
                words = [w.strip(string.punctuation) for w in (self._typed or "").split()]
                self._typed = words[place - 1] if 0 < place <= len(words) else None
                self._fail_if(index, step, page, None if self._typed else f"no {self._text(step['word'])} word there", "task")
            locator.fill(self._typed or "", timeout=self.timeout_ms)
        elif self._secrets_of(step):
            self._fill_secret(index, step, locator, value)
        else:
            written, value = value, for_input(step.get("input_type") or "", value)  # "2:37 PM" into a time field is "14:37"
            whole = PLACEHOLDER.fullmatch(step.get("value") or "") if written != value else None
            if whole is not None and whole.group(1):
                self.sent[whole.group(1)] = value  # what the form sends, for the end checks' URL
            try:
                locator.fill(value, timeout=self.timeout_ms)
            except PlaywrightError as exc:  # DevTools records a choice in a select as "change", imported as fill
                if NOT_FILLABLE not in str(exc):
                    raise
                self._choose(index, step, locator, page, [value])

    def _spin(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        """Step a spinner by the element's arrows (or arrow keys on its field) until it shows the number `value`."""
        wanted = number_in(value)
        self._fail_if(index, step, page, None if wanted is not None else f'"{value}" is no number', "task")
        assert wanted is not None
        key = "ArrowUp" if step["action"] == "press" else None
        self._fail_if(index, step, page, spin(locator.first.element_handle(), wanted, key, self.timeout_ms))

    def _pick_date(self, index: int, step: Mapping[str, Any], calendar: Locator, page: Page, value: str) -> None:
        """Step the calendar to the month of the date `value`, by its month arrows, and click the day."""
        wanted = read_date(value)
        self._fail_if(index, step, page, None if wanted else f'"{value}" is no date', "task")
        assert wanted is not None
        for _ in range(MAX_MONTH_STEPS):
            shown = month_shown(calendar.inner_text(timeout=self.timeout_ms))
            self._fail_if(index, step, page, None if shown else "the calendar shows no month")
            assert shown is not None
            if shown == (wanted.year, wanted.month):
                break
            words = (
                ("prev", "previous", "‹", "«", "<", "←") if shown > (wanted.year, wanted.month) else ("next", "›", "»", ">", "→")
            )
            arrows = [a for a in calendar.locator("a, button, [role=button]").all() if _names_arrow(a, words)]
            self._fail_if(index, step, page, None if arrows else f"the calendar has no arrow towards {value}")
            before = calendar.inner_text()
            arrows[0].click(timeout=self.timeout_ms)
            page.wait_for_function(
                "([e, t]) => !e.isConnected || e.innerText !== t",
                arg=[calendar.element_handle(), before],
                timeout=self.timeout_ms,
            )
        day = calendar.locator("td a, td button, [role=gridcell]").filter(has_text=re.compile(rf"^\s*{wanted.day}\s*$"))
        self._fail_if(index, step, page, None if day.count() else f"the calendar shows no day {wanted.day}")
        day.first.click(timeout=self.timeout_ms)

    def _click_in_rows(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        """Click the element in every item found ("all"), or in the first so many (a number)."""
        elements = locator.all()
        wanted = len(elements) if value.strip().lower() == "all" else int(value) if value.strip().isdigit() else None
        self._fail_if(index, step, page, None if wanted is not None else f'"{value}" is no number of items', "task")
        assert wanted is not None
        self._fail_if(
            index,
            step,
            page,
            None if len(elements) >= wanted else f"{wanted} items wanted, {len(elements)} show the value",
            "task",
        )
        for element in elements[:wanted]:
            element.click(timeout=self.timeout_ms)

    def _click_by_comparison(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        """Click the element in the item whose value in the step's column is the one the superlative `value` picks."""
        column = step["compare"]
        word = superlative(value, column)
        self._fail_if(index, step, page, None if word else f'"{value}" is no superlative this replay compares by', "task")
        assert word is not None
        items = locator.evaluate_all(ITEM_TEXTS_JS, self._text(step.get("row") or "", "selector"))
        shown = [(at, texts) for at, texts in enumerate(items) if texts is not None]
        best = extreme([texts for _, texts in shown], word, column)
        self._fail_if(index, step, page, None if best is not None else f"no item shows a {word.kind} to compare by {column}")
        assert best is not None
        self.notes.append(f"the {value} of {len(shown)} items by {column}: item {shown[best][0] + 1}")
        locator.nth(shown[best][0]).click(timeout=self.timeout_ms)

    def _tick_exactly(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, value: str) -> None:
        """Tick the checkboxes inside `locator` that the value names ("a, b and c"), untick the others; a step
        whose element is itself a checkbox (a set of one) ticks that box."""
        own = evaluate_in_time(locator.first, "e => e.matches('input[type=checkbox]')")
        boxes = locator.first if own else locator.first.locator("input[type=checkbox]")
        names = [n.strip().lower() for n in boxes.evaluate_all(checks.CHECKBOX_NAMES_JS)]
        wanted = set(listed(value, names))  # "Salt and pepper" is one when a box is so labelled
        meant = by_meaning(sorted(wanted), names, self.closeness) if self.closeness and not wanted <= set(names) else {}
        self.notes += [f"ticked {name!r} for {word!r}, a word of the same meaning" for word, name in meant.items()]
        wanted = {meant.get(w, w) for w in wanted}
        missing = sorted(wanted - set(names))
        self._fail_if(
            index,
            step,
            page,
            f"no checkbox here is labelled {', '.join(repr(m) for m in missing)}{' or a word of its meaning' if self.closeness else ''}"
            if missing
            else None,
        )
        for at, name in enumerate(names):
            boxes.nth(at).set_checked(name in wanted, timeout=self.timeout_ms)
        ticked = [n for n, on in zip(names, boxes.evaluate_all("els => els.map(e => e.checked)")) if on]
        if set(ticked) != wanted:
            self._fail_if(index, step, page, f"expected exactly {sorted(wanted)} ticked, saw {sorted(ticked)}")

    def _choose(self, index: int, step: Mapping[str, Any], locator: Locator, page: Page, wanted: list[str]) -> None:
        """Choose options by label, else by value, at once; a choice that is not there fails listing the options."""
        deadline = time.monotonic() + OPTIONS_WAIT_MS / 1000
        while True:
            options = locator.evaluate_all(checks.OPTIONS_JS)
            if options is None:  # not a <select>: let Playwright find the option its own way
                locator.select_option(label=wanted, timeout=self.timeout_ms)
                self._chosen_labels = wanted
                return
            values = checks.matching_options(options, wanted)
            if not isinstance(values, str) or time.monotonic() >= deadline:
                break
            page.wait_for_timeout(100)  # the list may still be loading its options
        if isinstance(values, str):
            self._fail_if(index, step, page, values, "option" if placeholders(step.get("value")) else "procedure")
            return
        locator.select_option(value=values, timeout=self.timeout_ms)
        self._chosen_labels = [next(label for label, v in options if v == value) for value in values]
        self.notes += [
            f"chose the option {label!r} for {choice!r}, which is not an option now"
            for choice, label, value in zip(wanted, self._chosen_labels, values)
            if choice not in (label, value) and checks.closest_option(choice, [label]) == label
        ]
        own = placeholders(step.get("value"))
        if len(own) == 1 and step.get("value") == "{" + next(iter(own)) + "}":
            self.shown[next(iter(own))] = "\n".join(self._chosen_labels)  # a value given as the option's value shows as its label
            self.sent[next(iter(own))] = "\n".join(values)

    def _await_navigation(self, index: int, step: Mapping[str, Any], page: Page, before: str) -> None:
        """The recorded step led to another URL: wait until the page has moved and loaded."""
        expected = self._text(step["navigates_to"], "url")
        if _same_url(expected, before):
            page.wait_for_load_state(timeout=self.timeout_ms)
            return
        deadline = time.monotonic() + self.timeout_ms / 1000
        while True:
            try:
                page.wait_for_url(lambda url: not _same_url(url, before), timeout=NAVIGATION_SLICE_MS)
                page.wait_for_load_state(timeout=self.timeout_ms)
                return
            except PlaywrightError as exc:
                if time.monotonic() < deadline and not self._validation_shown(step, page):
                    continue
                raise StepFailed(
                    index, f"step {index + 1} ({_describe(step)}) should have led to {expected} but the page stayed at {before}"
                ) from exc

    def _validation_shown(self, step: Mapping[str, Any], page: Page) -> bool:
        """Whether the page shows a validation message now: no need to wait longer for it to move on."""
        with self._timed():
            state = self._document_state(step, page)
            key = (step.get("page") or 0, tuple(step.get("frame") or []))
            return (
                state is not None
                and checks.validation_problem(self._seen.get(key), state, False, step.get("shows_alert")) is not None
            )
