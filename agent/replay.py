"""Deterministic replay of a procedure, without an LLM, logged step by step and checked at the end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from agent.results import CheckRecord, Outcome, StepRecord
from agent.run_log import RunLog
from procedures.binding import Contradiction, defaults, invalid_values, secret_sites
from procedures.checks import describe_check
from procedures.models import Procedure
from procedures.playback import Player, Reach, StepFailed, StepResult, scoped


@dataclass
class ReplayResult:
    success: bool
    steps: list[StepRecord] = field(default_factory=list)
    error: str | None = None
    failed_step: int | None = None  # 0-based
    screenshot: str | None = None  # of the page when it failed
    outcome: Outcome = "failed"
    checks: list[CheckRecord] = field(default_factory=list)  # the end checks


def end_checks(player: Player, procedure: Procedure, page: Page | None = None) -> list[CheckRecord]:
    """The procedure's postconditions and assertions, checked on the page the run ended on."""
    checks = [c.model_dump() for c in procedure.outcome_checks()]
    return [
        CheckRecord(
            description=describe_check(check),
            source=check["source"],
            passed=problem is None,
            detail=problem,
            procedure_id=procedure.id,
        )
        for check, problem in player.verify(checks, page)
    ]


def replay(
    page: Page,
    procedure: Procedure,
    params: dict[str, str],
    log: RunLog | None = None,
    timeout_ms: float = 10_000,
    on_step: Callable[[StepRecord], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    contradiction: Contradiction | None = None,
    ask: Callable[[str], bool] | None = None,
    elsewhere: bool = False,
    start: int = 0,
) -> ReplayResult:
    """Play the procedure's steps on `page` with `params`, from step `start` (0-based) on, checking each, then
    its end checks. A failure says which step or check and why; a run with no end checks is done but
    unverified. Values that the procedure does not allow fail before the page is touched; a `contradiction`
    (a step that would act on a demonstrated value the task does not want) stops the replay before that
    step. The replay stays where the procedure was recorded: anything else is put to `ask` (the person)."""
    params = defaults(procedure) | params
    problems = invalid_values(procedure, params)
    if problems:
        return ReplayResult(success=False, error="; ".join(problems), failed_step=None, outcome="task_fault")
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
            checked=result.checked,
        )
        records.append(record)
        if log is not None:
            log.action(record)
        if on_step is not None:
            on_step(record)

    secret = [p.name for p in procedure.abstract.parameters if p.secret]
    steps = [step.model_dump() for step in procedure.steps]
    reach = procedure_reach(procedure, steps, params, ask, elsewhere)
    player = Player(
        page,
        params,
        timeout_ms=timeout_ms,
        on_step=after_step,
        should_stop=should_stop,
        secret=secret,
        reach=reach,
        step_checks=[c.model_dump() for c in procedure.step_checks()],
    )
    try:
        player.run(steps[: contradiction.step] if contradiction else steps, start)
        if contradiction is not None:
            raise StepFailed(contradiction.step, contradiction.message, fault="task")  # not the procedure's fault
    except StepFailed as failure:
        failed = next((r for r in records if r.step == failure.index + 1), None)
        outcome: Outcome = {"task": "task_fault", "stopped": "stopped"}.get(failure.fault, "failed")  # type: ignore[assignment]
        return ReplayResult(
            success=False,
            steps=records,
            error=str(failure),
            failed_step=failure.index,
            screenshot=failed.screenshot if failed else None,
            outcome=outcome,
        )
    checks = end_checks(player, procedure)
    for check in checks:
        if log is not None:
            log.check(check)
    failed_checks = [c for c in checks if not c.passed]
    if failed_checks:
        shot = log.screenshot(player.last_page, len(records) + 1) if log is not None else None
        return ReplayResult(
            success=False,
            steps=records,
            error="; ".join(f"{c.description}: {c.detail}" for c in failed_checks),
            screenshot=str(shot) if shot else None,
            outcome="failed",
            checks=checks,
        )
    return ReplayResult(success=True, steps=records, outcome="verified" if checks else "unverified", checks=checks)


def procedure_reach(
    procedure: Procedure, steps: list[dict[str, Any]], params: dict[str, str], ask: Callable[[str], bool] | None, elsewhere: bool
) -> Reach:
    """The origins the procedure was recorded on that belong to its sites, and where each secret may go."""
    scopes = secret_sites(procedure, params)
    return Reach.of_steps(
        steps, params, procedure.abstract.domains, ask=ask, elsewhere=elsewhere, may_use=scoped(scopes), secrets=list(scopes)
    )
