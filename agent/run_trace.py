"""What an agent's run did, as a recording would hold it: each action that worked as a RecordedStep (its element
described in the isolated world at the moment of the action), the lines each page showed when the agent acted,
the requests the pages sent and the page the run ended on. A verified run's trace is what it teaches from
(agent.learning); the task's values in its requests and last page are what verify a run with no procedure
behind it (agent.own_evidence). Secret values are masked in every line kept and never stored."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from pydantic import ValidationError

from agent.healing import recorded_step
from agent.page_world import evaluate_isolated, is_checked
from core.secrecy import redact_url
from core.sent import Sent
from core.sites import host_of
from recorder.models import MAX_LINES, PageLines, PageOutcome, RecordedStep, Recording
from recorder.scripts import shown_function
from recorder.sent_requests import RequestLog

FORM_ACTIONS = ("fill", "select", "check", "uncheck")


def _page(url: str | None) -> str:
    return (url or "").split("#", 1)[0].rstrip("/")


def without_detour(steps: list[RecordedStep], back_to: str) -> list[RecordedStep] | None:
    """The steps without a detour, when going to `back_to` returns to the page that the latest step leading
    elsewhere left: that step and those after it go (a wrong link followed, then the agent came back).
    None when `back_to` is no page the run left."""
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        led = step.navigates_to or (step.value if step.action == "navigate" else None)
        if led and _page(led) != _page(step.url) and _page(step.url) == _page(back_to):
            return steps[:index]
    return None


class RunTrace:
    """Watches one agent run on `page`; `mask` hides the run's secret values in the text it keeps."""

    def __init__(self, page: Page, mask: Callable[[str], str], holds_secret: Callable[[str], bool]) -> None:
        self.page, self.mask, self.holds_secret = page, mask, holds_secret
        self.steps: list[RecordedStep] = []
        self.along: list[PageLines] = []
        self.unstable: str | None = None  # how the page changed its structure between steps, if it did
        self._requests = RequestLog(page.context)
        self._requests.start()
        self._lines: list[str] = []  # what the page showed before the latest action
        self._start = self._shown()
        if host_of(page.url):
            self.steps.append(RecordedStep(action="navigate", value=page.url, url=page.url))

    def _shown(self) -> dict[str, list[str]]:
        try:
            shown = evaluate_isolated(self.page, shown_function()) or {}
        except (PlaywrightError, ValueError):
            return {}
        return {k: [self.mask(str(t)) for t in shown.get(k, [])][:MAX_LINES] for k in ("headings", "alerts", "messages", "lines")}

    def before_action(self) -> float:
        """Before the agent acts: what the page shows now, and whether the elements of the form steps taken on
        this page are still where their selectors say. The time of the action."""
        lines = self._shown().get("lines", [])
        if lines and lines != self._lines:
            try:
                self.along.append(PageLines(step=len(self.steps), lines=lines))
            except ValidationError:
                pass
        self._lines = lines
        self._check_structure()
        return time.time()

    def _check_structure(self) -> None:
        """A page that rebuilt the fields an earlier step filled (their ids, names or order) between steps: said."""
        if self.unstable is not None:
            return
        for number, step in reversed(list(enumerate(self.steps, 1))):
            if step.navigates_to or step.action == "navigate" or step.url != redact_url(self.page.url):
                return  # the steps before were on another page
            if step.action not in FORM_ACTIONS:
                continue
            named = step.selectors[:-1] if len(step.selectors) > 1 else step.selectors  # the last: a CSS path by place
            for selector in named:
                try:
                    found = self.page.locator(selector).count()
                except PlaywrightError:
                    found = 0
                if found != 1:
                    self.unstable = (
                        f"the page changed its structure between steps: the element of step {number} ({step.label or step.field}) "
                        f"is no longer found by {selector}"
                    )
                    return

    def acted(
        self, command: str, args: dict[str, Any], target: dict[str, Any] | None, before: str, at: float, secrets: dict[str, str]
    ) -> None:
        """An action that worked, on `target` (as page_world.describe_ref gave it), taken at `at` from `before`."""
        made = recorded_step(command, args, target, before, self.page.url, {}, secrets)
        if made is None:
            return
        step, fields = made[0], {"timestamp": at}
        if target and step.action != "navigate":  # where the element sits among its like, as the recorder keeps it
            fields |= {k: str(target.get(k) or "")[:2000] for k in ("row", "row_selector", "kind")}
            fields |= {"row_texts": [str(t)[:2000] for t in target.get("row_texts") or []][:20]}
            fields["position"] = min(max(int(target.get("position") or 0), 0), 100_000)
        if step.action == "click" and step.input_type in ("checkbox", "radio") and target and args.get("ref"):
            fields["action"] = "check" if step.input_type == "radio" or is_checked(self.page, args["ref"]) else "uncheck"
            fields |= {k: list(target.get(k) or [])[:500] for k in ("options", "option_values")}
            fields |= {"group": str(target.get("group") or "")[:2000], "value": None}
        options, values = fields.get("options", step.options), fields.get("option_values", step.option_values)
        chosen = step.value if step.action == "select" else step.label
        if chosen in options and options.index(chosen) < len(values):
            fields["option_value"] = values[options.index(chosen)]
        if step.action == "navigate" and step.value:
            kept = without_detour(self.steps, step.value)
            if kept is not None:  # back where a step led away from: that way and the way back are no part of the task
                self.steps = kept
                return
        self.steps.append(step.model_copy(update=fields))

    def sent(self) -> list[tuple[Sent, int | None]]:
        """What the run's pages sent, values and all (in memory only), with the answers' statuses."""
        return self._requests.sent()

    def stop(self) -> None:
        """Stop watching the requests (finish does it too)."""
        self._requests.stop()

    def finish(self, task: str) -> Recording:
        """The run as a recording titled by the task (its secret values masked): what the builder takes."""
        self.stop()
        final = self._shown()
        start_lines = self._start.get("lines", [])
        before = {k: set(self._start.get(k, [])) for k in ("headings", "alerts", "messages")}
        fresh = {k: [t for t in final.get(k, []) if t not in before[k]] for k in before}
        try:
            outcome = PageOutcome(
                url=self.page.url,
                headings=fresh["headings"][:20],
                alerts=(fresh["alerts"] + fresh["messages"])[:20],
                lines=[line for line in final.get("lines", []) if line not in start_lines],
                start_lines=start_lines,
            )
        except ValidationError:
            outcome = PageOutcome(url=self.page.url)
        return Recording(
            title=self.mask(task)[:2000],
            steps=self.steps,
            outcome=outcome,
            along=self.along[-10_000:],
            requests=self._requests.requests(self.steps, self.holds_secret)[:200],
        )
