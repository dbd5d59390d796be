"""What every part of playing steps uses: the step's result and failure, where a run may go (Reach), the
page's settling, Playwright's errors in plain words, and the state of a run that the parts share (PlayerBase).

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

import re
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import FrameLocator, Locator, Page

from core.masking import SECRET_MASK, value_pattern
from core.sites import host_of, on_site
from core.urls import origin_of
from procedures.runtime.deadline import evaluate_in_time
from procedures.runtime.placeholders import OPTION_VALUE, fill_placeholders
from procedures.runtime.steps import Step

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
    def of_steps(cls, steps: list[Step], params: Mapping[str, str], sites: Collection[str] = (), **options: Any) -> "Reach":
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


def fault_of(error: BaseException, page: Page, away: bool) -> str:
    """Whose fault an error of a step is (see StepFailed); `away`: the page it went to could not be reached."""
    if isinstance(error, KeyError):
        return "task"
    if window_closed(error, page):
        return "stopped"
    return "environment" if away else "procedure"


def unreachable(error: BaseException, step: Step) -> bool:
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


def is_one_of(locator: Locator, identities: list[Locator]) -> bool:
    """Whether the element found is one with a recorded role and name (nothing recorded: any is)."""
    return not identities or any(locator.and_(identity).count() == 1 for identity in identities)


def hidden_too(identity: str) -> str | None:
    """A role selector that also finds the element while it is hidden (in a closed menu or tab); None for others."""
    return f"{identity[: match.end()]}[include-hidden=true]{identity[match.end() :]}" if (match := ROLE.match(identity)) else None


def hidden_in_opener(locator: Locator, hidden: list[Locator]) -> bool:
    """Whether the one element found is hidden, has a recorded role and name, and a control that opens what
    holds it (a menu item with a submenu, a tab) is shown: replay opens that (_reveal) and goes on."""
    return bool(hidden) and not locator.is_visible() and is_one_of(locator, hidden) and evaluate_in_time(locator, HAS_OPENER_JS)


def describe_step(step: Step) -> str:
    what = step.get("description") or step["action"]
    return f"{what} ({step['action']} {step.get('label') or step.get('selector') or step.get('value') or ''})".strip()


def page_summary(page: Page) -> str:
    try:
        text = " ".join(page.locator("body").inner_text(timeout=2000).split())
        title = page.title()
    except PlaywrightError:
        return page.url
    if page.url.startswith("chrome-error:"):
        return "Chromium's error page"  # the reason is in the error already
    return f'"{title}" at {page.url}: {text[:200]}'


MAX_MONTH_STEPS = 120  # ten years of a calendar's month arrows


def names_arrow(element: Locator, words: tuple[str, ...]) -> bool:
    """The element says one of `words` (a calendar's "Prev" or "›"), in its text, title or aria-label."""
    said = evaluate_in_time(element, "e => [e.innerText, e.getAttribute('title'), e.getAttribute('aria-label')].join(' ')")
    said = said.lower().split()
    return any(w in said for w in words)


def same_url(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


class Loading:
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


class PlayerBase:
    """The state of one run that the parts of the Player share (procedures.runtime.playback), and the little they
    all do: fill placeholders, scope to a frame, fail a step, time its checks, wait for the page to settle."""

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
        self._loading: dict[int, Loading] = {id(page): Loading(page)}  # by id(page): its requests in flight
        self._acted_on: dict[int, float] = {}  # by id(page): the quiet that settles it, counted from this player's latest action
        self.params = params
        self.shown_params = {name: SECRET_MASK if name in secret else value for name, value in params.items()}
        self.timeout_ms = timeout_ms
        self.on_step = on_step
        self.before_leaving: Callable[[int, Locator, Page], None] | None = None  # told before a step leaves its page
        self.results: list[StepResult] = []  # of the steps played so far, the failing one included
        self._hidden: list[str] = []  # values of secret parameters, longest first
        self._steps: list[Step] = []  # the steps of the run
        self.relaid = False  # a field was found by the words of its label: the form was laid out again
        self.picks: dict[str, int] = {}  # by parameter: the place of the item the person picked among those showing its value

    def _hide(self, text: str) -> str:
        pattern = value_pattern(self._hidden)
        return text if pattern is None else pattern.sub(SECRET_MASK, text)

    @property
    def values(self) -> dict[str, str]:
        """The run's parameter values, and as `{name__value}` each one as the form sent it (the value of the
        option chosen for its label): what a URL after it holds."""
        sent = {name + OPTION_VALUE: value for name, value in self.sent.items() if "\n" not in value}
        return {**self.params, **sent}

    def _text(self, value: str | None, mode: str = "text") -> str:
        return fill_placeholders(value or "", self.values, mode)

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

    def _fail_if(self, index: int, step: Step, page: Page, problem: str | None, fault: str = "procedure") -> None:
        if problem is not None:
            raise StepFailed(
                index, f"step {index + 1} ({describe_step(step)}): {problem}. The page showed {page_summary(page)}", fault=fault
            )

    def _scope(self, step: Step, page: Page) -> Page | FrameLocator:
        scope: Page | FrameLocator = page
        for selector in step.get("frame") or []:
            scope = scope.frame_locator(self._text(selector, "selector"))
        return scope

    def _acted(self, page: Page, loaded: bool = False) -> None:
        """The page's quiet counts from now: what the step just did may still change it (less after a load
        the step waited for)."""
        self._settled(page, restart=True)
        self._acted_on[id(page)] = LOADED_QUIET_MS if loaded else SETTLE_QUIET_MS

    def _settled(self, page: Page, restart: bool = False, quiet_ms: float = SETTLE_QUIET_MS) -> bool:
        """Whether the page has `settled` and asks the server for nothing (fetch, XHR or a script) either."""
        if id(page) not in self._loading:
            self._loading[id(page)] = Loading(page)
        busy = bool(self._loading[id(page)].open)  # an answer still to come may change the page
        return settled(page, restart or busy, quiet_ms) and not busy
