"""What a step is checked for after it acts (its field's value, no validation message, the page it leads to),
the checks placed after it, and the end checks.

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

import time
from collections.abc import Mapping
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from procedures.runtime import checks
from procedures.runtime.deadline import evaluate_in_time
from procedures.runtime.formats import for_input, well_formed
from procedures.runtime.idioms import idioms_of
from procedures.runtime.placeholders import fill_placeholders, placeholders
from procedures.runtime.relabelled import sent_as_laid_out
from procedures.runtime.stepping import (
    NAVIGATION_SLICE_MS,
    TARGET_STEPS,
    UNCHECKED,
    PlayerBase,
    StepFailed,
    StepResult,
    describe_step,
    same_url,
)
from procedures.runtime.steps import Step
from procedures.runtime.widgets import (
    shows_word,
)


class Verifying(PlayerBase):
    """The Player's part that checks what a step did."""

    def _expect_effect(
        self, index: int, step: Step, page: Page, before: str, watch: checks.ChangeWatch | None, result: StepResult
    ) -> None:
        """What the demonstration saw the step do: lead to another page, or change this one."""
        if step.get("navigates_to"):
            self._await_navigation(index, step, page, before)
            result.checked.append("led to the next page")
        if watch is not None:
            with self._timed():
                self._fail_if(index, step, page, watch.problem(self.timeout_ms))
            result.checked.append("changed the page")

    def _document_state(self, step: Step, page: Page) -> dict[str, Any] | None:
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

    def _stop_if_shown(self, index: int, step: Step, page: Page, value: str) -> None:
        """Stop, as the task's fault, when the page shows the text that the demonstration's pages never did."""
        shown = shows_word(self._scope(step, page).locator("body").inner_text(timeout=self.timeout_ms), value)
        problem = (
            f'the page shows "{value}", which the demonstration\'s pages never showed: its steps are for a page '
            "without it, so replay stops before this step"
        )
        self._fail_if(index, step, page, problem if shown else None, "task")

    def _verify_step(
        self,
        index: int,
        step: Step,
        locator: Locator,
        page: Page,
        key: tuple[int, tuple[str, ...]],
        result: StepResult,
    ) -> None:
        """The step's own checks: the field's value or state, then no validation message."""
        action = step["action"]
        if any(idiom.checks_itself for idiom in idioms_of(step)):
            return  # a set of checkboxes, a calendar, a spinner: their plays checked what they did
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

    def _after_checks(self, index: int, step: Step, page: Page, result: StepResult) -> None:
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

    def _await_navigation(self, index: int, step: Step, page: Page, before: str) -> None:
        """The recorded step led to another URL: wait until the page has moved and loaded."""
        expected = self._text(step["navigates_to"], "url")
        if same_url(expected, before):
            page.wait_for_load_state(timeout=self.timeout_ms)
            return
        deadline = time.monotonic() + self.timeout_ms / 1000
        while True:
            try:
                page.wait_for_url(lambda url: not same_url(url, before), timeout=NAVIGATION_SLICE_MS)
                page.wait_for_load_state(timeout=self.timeout_ms)
                return
            except PlaywrightError as exc:
                if time.monotonic() < deadline and not self._validation_shown(step, page):
                    continue
                raise StepFailed(
                    index,
                    f"step {index + 1} ({describe_step(step)}) should have led to {expected} but the page stayed at {before}",
                ) from exc

    def _validation_shown(self, step: Step, page: Page) -> bool:
        """Whether the page shows a validation message now: no need to wait longer for it to move on."""
        with self._timed():
            state = self._document_state(step, page)
            key = (step.get("page") or 0, tuple(step.get("frame") or []))
            return (
                state is not None
                and checks.validation_problem(self._seen.get(key), state, False, step.get("shows_alert")) is not None
            )
