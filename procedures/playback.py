"""Playing procedure steps back in a Playwright page: the engine behind replay and exported scripts.

Steps are plain dicts (a ProcedureStep's model_dump()). This module needs only the standard
library, Playwright and procedures.placeholders, so that an exported script can carry it verbatim.
"""

import re
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote_plus

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import FrameLocator, Locator, Page

from procedures.placeholders import fill_placeholders, placeholders

SECRET_MASK = "••••"  # core.secrecy.SECRET_MASK; written out here so that exported scripts need no ShowMeHow import

OPTIONAL_WAIT_MS = 1000  # how long an optional step waits for its element before it is skipped
UNCHECKED = ("no", "false", "off", "0", "unchecked")  # a checkbox state parameter's values that clear it

NOT_FILLABLE = "Element is not an <input>, <textarea> or [contenteditable] element"  # Playwright's fill on a select


class StepFailed(Exception):
    """A step could not be played; the message says which step, what was tried and what the page showed."""

    def __init__(self, index: int, message: str, tried: list[str] | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.tried = tried or []


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


def plain_error(error: BaseException | str) -> str:
    """The first line of a Playwright error in a person's words, without Playwright's call log."""
    text = (str(error).strip().splitlines() or [type(error).__name__])[0].strip()
    for pattern, replacement in PLAIN_ERRORS:
        text = pattern.sub(replacement, text)  # type: ignore[arg-type]
    return text.rstrip(".")


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


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


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
    ) -> None:
        """`secret`: the names of the parameters whose values are masked in the steps' shown arguments."""
        self.should_stop = should_stop
        self.pages: dict[int, Page] = {0: page}
        self.params = params
        self.shown_params = {name: SECRET_MASK if name in secret else value for name, value in params.items()}
        self.timeout_ms = timeout_ms
        self.on_step = on_step
        self.results: list[StepResult] = []  # of the steps played so far, the failing one included
        self._hidden: list[str] = []  # values of secret parameters, longest first

    def run(self, steps: list[Mapping[str, Any]], start: int = 0) -> list[StepResult]:
        """Every step's result from `start` on; raises StepFailed at the first step that cannot be played. Its
        message never holds the value of a secret parameter, though the page's URL or text may show one."""
        secret = {name for step in steps if step.get("secret") for name in placeholders(step.get("value"))}
        self._hidden = sorted({str(self.params[name]) for name in secret if self.params.get(name)}, key=len, reverse=True)
        for index, step in enumerate(steps):
            if index < start:
                continue
            if self.should_stop is not None and self.should_stop():
                raise StepFailed(index, f"stopped on request before step {index + 1}")
            started = time.perf_counter()
            page = self._page(step)
            result = StepResult(index=index, action=step["action"], args=self._shown_args(step), status="ok")
            try:
                result.status, result.selector, result.tried = self._play(index, step, page, first=index == start)
            except StepFailed as failure:
                result.tried = failure.tried
                if step.get("optional"):
                    result.status = "skipped"  # an alternative that this page does not offer
                    continue
                result.status, result.error = "error", self._hide(str(failure))
                raise StepFailed(index, result.error, failure.tried) from None
            except (PlaywrightError, KeyError, ValueError) as exc:
                reason = f"missing value for parameter {exc.args[0]!r}" if isinstance(exc, KeyError) else plain_error(exc)
                result.status, result.error = (
                    "error",
                    self._hide(f"step {index + 1} ({_describe(step)}) failed: {reason}. The page showed {_page_summary(page)}"),
                )
                raise StepFailed(index, result.error) from exc
            finally:
                result.duration_ms = (time.perf_counter() - started) * 1000
                result.url = self._hide(page.url if not page.is_closed() else result.url)
                self.results.append(result)
                if self.on_step is not None:
                    self.on_step(result, page)
        return self.results

    def _hide(self, text: str) -> str:
        for value in self._hidden:
            for form in (value, quote_plus(value)):
                text = re.sub(rf"(?<!\w){re.escape(form)}(?!\w)" if len(form) < 4 else re.escape(form), SECRET_MASK, text)
        return text

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

    def _text(self, value: str | None, mode: str = "text") -> str:
        return fill_placeholders(value or "", self.params, mode)

    def _play(self, index: int, step: Mapping[str, Any], page: Page, first: bool) -> tuple[str, str | None, list[str]]:
        action = step["action"]
        if action == "navigate":
            url = self._text(step.get("value") or step.get("url"), "url")
            if first and _same_url(page.url, url):
                return "skipped", None, []  # already there: no reload
            page.goto(url, timeout=self.timeout_ms)
            return "ok", None, []
        if action in ("back", "forward", "reload"):
            {"back": page.go_back, "forward": page.go_forward, "reload": page.reload}[action](timeout=self.timeout_ms)
            return "ok", None, []
        selector, locator, tried = self._locate(index, step, page)
        before = page.url
        if step.get("opens_page") is not None:
            with page.expect_popup(timeout=self.timeout_ms) as popup:
                self._act(step, locator, page)
            self.pages[step["opens_page"]] = popup.value
            popup.value.wait_for_load_state(timeout=self.timeout_ms)
        else:
            self._act(step, locator, page)
        if step.get("navigates_to"):
            self._await_navigation(index, step, page, before)
        return "ok", selector, tried

    def _scope(self, step: Mapping[str, Any], page: Page) -> Page | FrameLocator:
        scope: Page | FrameLocator = page
        for selector in step.get("frame") or []:
            scope = scope.frame_locator(self._text(selector, "selector"))
        return scope

    def _locate(self, index: int, step: Mapping[str, Any], page: Page) -> tuple[str, Locator, list[str]]:
        """The first stored selector that matches exactly one element, waiting as Playwright waits."""
        scope = self._scope(step, page)
        selectors = [self._text(s, "selector") for s in step.get("selectors") or [step.get("selector")] if s]
        if not selectors:
            raise StepFailed(index, f"step {index + 1} ({_describe(step)}) has no selector")
        locators = [scope.locator(s) for s in selectors]
        tried: list[str] = []
        deadline = time.monotonic() + (min(self.timeout_ms, OPTIONAL_WAIT_MS) if step.get("optional") else self.timeout_ms) / 1000
        combined = locators[0]
        for other in locators[1:]:
            combined = combined.or_(other)
        while True:
            for selector, locator in zip(selectors, locators):
                if locator.count() == 1:
                    return selector, locator, tried
                if selector not in tried:
                    tried.append(selector)
            remaining = (deadline - time.monotonic()) * 1000
            if remaining <= 0:
                break
            try:  # wait for the page to change until one of them matches
                combined.first.wait_for(state="attached", timeout=remaining)
            except PlaywrightError:
                break
            if not any(locator.count() == 1 for locator in locators):
                break  # what appeared matches only ambiguously
        raise StepFailed(
            index,
            f"step {index + 1} ({_describe(step)}): no element matched any of {len(selectors)} selectors "
            f"({'; '.join(selectors)}). The page showed {_page_summary(page)}",
            tried,
        )

    def _act(self, step: Mapping[str, Any], locator: Locator, page: Page) -> None:
        action, timeout = step["action"], self.timeout_ms
        value = self._text(step.get("value")) if step.get("value") is not None else ""
        if action == "click":
            locator.click(timeout=timeout)
        elif action == "dblclick":
            locator.dblclick(timeout=timeout)
        elif action == "fill":
            try:
                locator.fill(value, timeout=timeout)
            except PlaywrightError as exc:  # DevTools records a choice in a select as "change", imported as fill
                if NOT_FILLABLE not in str(exc):
                    raise
                locator.select_option(value, timeout=timeout)
        elif action == "select":
            locator.select_option(value.split("\n"), timeout=timeout)  # each matches an option's label or value
        elif action == "check":
            locator.set_checked(value.strip().lower() not in UNCHECKED, timeout=timeout)  # no value: check it
        elif action == "uncheck":
            locator.uncheck(timeout=timeout)
        elif action == "press":
            if locator.evaluate("e => e === document.body"):
                page.keyboard.press(value)
            else:
                locator.press(value, timeout=timeout)
        elif action == "submit":
            locator.evaluate("form => form.requestSubmit ? form.requestSubmit() : form.submit()")
        elif action == "upload":
            files = [f.strip() for f in value.split(",") if f.strip()] if value else list(step.get("files") or [])
            locator.set_input_files(files, timeout=timeout)
        else:
            raise ValueError(f"unknown action {action!r}")

    def _await_navigation(self, index: int, step: Mapping[str, Any], page: Page, before: str) -> None:
        """The recorded step led to another URL: wait until the page has moved and loaded."""
        expected = self._text(step["navigates_to"], "url")
        if _same_url(expected, before):
            page.wait_for_load_state(timeout=self.timeout_ms)
            return
        try:
            page.wait_for_url(lambda url: not _same_url(url, before), timeout=self.timeout_ms)
            page.wait_for_load_state(timeout=self.timeout_ms)
        except PlaywrightError as exc:
            raise StepFailed(
                index, f"step {index + 1} ({_describe(step)}) should have led to {expected} but the page stayed at {before}"
            ) from exc
