"""Deterministic replay of a procedure, without an LLM, logged step by step."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from playwright.sync_api import Page

from procedures.models import Procedure
from procedures.playback import Player, StepFailed, StepResult
from agent.runs import RunLog


@dataclass
class ReplayResult:
    success: bool
    steps: list[StepResult] = field(default_factory=list)
    error: str | None = None
    failed_step: int | None = None  # 0-based
    screenshot: str | None = None  # of the page when it failed


def replay(
    page: Page,
    procedure: Procedure,
    params: dict[str, str],
    log: RunLog | None = None,
    timeout_ms: float = 10_000,
    on_step: Any = None,
    should_stop: Any = None,
) -> ReplayResult:
    """Play the procedure's steps on `page` with `params`; a failure says which step and why."""
    shots: dict[int, str | None] = {}

    def after_step(result: StepResult, current: Page) -> None:
        if log is not None:
            shot = log.screenshot(current, result.index + 1)
            shots[result.index] = str(shot) if shot else None
            log.action(
                {"step": result.index + 1, "command": result.action, "args": result.args, "status": result.status,
                 "error": result.error, "url": result.url, "duration_ms": round(result.duration_ms, 1),
                 "selector": result.selector, "tried": result.tried, "source": "replay", "procedure_id": procedure.id}
            )  # fmt: skip
        if on_step is not None:
            on_step(result, shots.get(result.index))

    player = Player(page, params, timeout_ms=timeout_ms, on_step=after_step, should_stop=should_stop)
    steps: list[StepResult] = []
    try:
        steps = player.run([step.model_dump() for step in procedure.steps])
    except StepFailed as failure:
        return ReplayResult(success=False, steps=player.results, error=str(failure), failed_step=failure.index,
                            screenshot=shots.get(failure.index))  # fmt: skip
    return ReplayResult(success=True, steps=steps)


def step_records(result: ReplayResult) -> list[dict[str, Any]]:
    return [asdict(step) for step in result.steps]
