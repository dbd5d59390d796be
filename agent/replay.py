"""Deterministic replay of a procedure, without an LLM, logged step by step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Page

from agent.results import StepRecord
from agent.run_log import RunLog
from procedures.binding import Contradiction, defaults, invalid_values
from procedures.models import Procedure
from procedures.playback import Player, StepFailed, StepResult


@dataclass
class ReplayResult:
    success: bool
    steps: list[StepRecord] = field(default_factory=list)
    error: str | None = None
    failed_step: int | None = None  # 0-based
    screenshot: str | None = None  # of the page when it failed


def replay(
    page: Page,
    procedure: Procedure,
    params: dict[str, str],
    log: RunLog | None = None,
    timeout_ms: float = 10_000,
    on_step: Callable[[StepRecord], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start: int = 0,
    contradiction: Contradiction | None = None,
) -> ReplayResult:
    """Play the procedure's steps on `page` with `params`, from step `start` (0-based) on; a failure says
    which step and why. Values that the procedure does not allow fail before the page is touched; a
    `contradiction` (a step that would act on a demonstrated value the task does not want) stops the
    replay before that step."""
    params = defaults(procedure) | params
    problems = invalid_values(procedure, params)
    if problems:
        return ReplayResult(success=False, error="; ".join(problems), failed_step=None)
    records: list[StepRecord] = []

    def after_step(result: StepResult, current: Page) -> None:
        shot = log.screenshot(current, result.index + 1) if log is not None else None
        record = StepRecord(
            source="replay",
            step=result.index + 1,
            command=result.action,
            args=result.args,
            status=result.status,  # type: ignore[arg-type]
            error=result.error,
            url=result.url,
            duration_ms=round(result.duration_ms, 1),
            selector=result.selector,
            tried=result.tried,
            procedure_id=procedure.id,
            screenshot=str(shot) if shot else None,
        )
        records.append(record)
        if log is not None:
            log.action(record)
        if on_step is not None:
            on_step(record)

    secret = [p.name for p in procedure.abstract.parameters if p.secret]
    player = Player(page, params, timeout_ms=timeout_ms, on_step=after_step, should_stop=should_stop, secret=secret)
    steps = [step.model_dump() for step in procedure.steps]
    try:
        player.run(steps[: contradiction.step] if contradiction else steps, start)
        if contradiction is not None:
            raise StepFailed(contradiction.step, contradiction.message)
    except StepFailed as failure:
        failed = next((r for r in records if r.step == failure.index + 1), None)
        return ReplayResult(
            success=False,
            steps=records,
            error=str(failure),
            failed_step=failure.index,
            screenshot=failed.screenshot if failed else None,
        )
    return ReplayResult(success=True, steps=records)
