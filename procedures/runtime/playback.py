"""Playing procedure steps back in a Playwright page: the engine behind replay and exported scripts.

Steps are plain dicts (a ProcedureStep's model_dump()), typed by procedures.runtime.steps.Step. The Player runs
them; its parts are stepping (the run's state), locating, acting, idioms (the widget idioms' table), verifying and
reaching. Part of procedures.runtime: exported scripts carry this module verbatim, after core.urls, core.sites and
core.masking (standard library only) and the runtime modules it imports, so it imports only the standard library,
Playwright and those.
"""

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from core.masking import SECRET_MASK
from procedures.runtime import checks
from procedures.runtime.acting import Acting
from procedures.runtime.deadline import PageFrozen, evaluate_in_time, page_trouble
from procedures.runtime.looping import play_loop
from procedures.runtime.picks import split_picks
from procedures.runtime.placeholders import fill_placeholders, option_values, placeholders
from procedures.runtime.stepping import (
    Reach,
    StepFailed,
    StepResult,
    describe_step,
    fault_of,
    page_summary,
    plain_error,
    same_url,
    unreachable,
)
from procedures.runtime.steps import Step
from procedures.runtime.verifying import Verifying


class Player(Acting, Verifying):
    """Plays steps in order on `page` (and the popups they open) with parameter values `params`.
    Its parts: locating (find the element), acting (and the widget idioms it plays), verifying, reaching."""

    def run(self, steps: list[Step], start: int = 0) -> list[StepResult]:
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

    def _run_step(self, index: int, step: Step, first: bool) -> None:
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
            result.status, result.error = "error", f"step {index + 1} ({describe_step(step)}) failed: {exc}"
            raise StepFailed(index, result.error, fault="environment") from exc
        except (PlaywrightError, KeyError, ValueError) as exc:
            reason = f"missing value for parameter {exc.args[0]!r}" if isinstance(exc, KeyError) else plain_error(exc)
            trouble = page_trouble(page)  # it froze or flooded the screen: the site's fault, said as it is
            away = unreachable(exc, step)  # the page it goes to is not there to show
            shown = trouble or ("the site could not be reached" if away else f"The page showed {page_summary(page)}")
            result.status, result.error = (
                "error",
                self._hide(f"step {index + 1} ({describe_step(step)}) failed: {reason}. {shown}"),
            )
            raise StepFailed(index, result.error, fault="environment" if trouble else fault_of(exc, page, away)) from exc
        finally:
            result.duration_ms = (time.perf_counter() - started) * 1000
            result.check_ms = self._check_ms
            result.url = self._hide(page.url if not page.is_closed() else result.url)
            self.results.append(result)
            if self.on_step is not None:
                self.on_step(result, page)

    def _shown_args(self, step: Step) -> dict[str, Any]:
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

    def _page(self, step: Step) -> Page:
        number = step.get("page") or 0
        if number not in self.pages:
            self.pages[number] = self.pages[0].context.new_page()  # a tab the person opened by hand
        return self.pages[number]

    def _play(self, index: int, step: Step, page: Page, first: bool, result: StepResult) -> tuple[str, str | None, list[str]]:
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
        self, index: int, step: Step, page: Page, first: bool, key: tuple[int, tuple[str, ...]]
    ) -> tuple[str, str | None, list[str]] | None:
        """A step that goes to a page (open, back, forward, reload), played; None for any other step, once the
        page is checked to be where that step was recorded."""
        action = step["action"]
        if action == "navigate":
            url = self._text(step.get("value") or step.get("url"), "url")
            if first and same_url(page.url, url):
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
