"""Deterministic replay of a procedure, without an LLM, logged step by step and checked at the end."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page

from agent.evidence import run_evidence, verdict
from agent.results import CheckRecord, Outcome, StepRecord
from agent.run_log import RunLog
from core.masking import SECRET_MASK
from core.thesaurus import closeness
from procedures.binding.contradiction import Contradiction
from procedures.binding.values import current_values, defaults, invalid_values, secret_sites
from procedures.evidence import RunEvidence
from procedures.models import Check, Procedure
from procedures.runtime.checks import describe_check
from procedures.runtime.placeholders import OPTION_VALUE, option_values
from procedures.runtime.playback import Player
from procedures.runtime.sending import RequestWatch
from procedures.runtime.stepping import Reach, StepFailed, StepResult, scoped

FAULT_OUTCOMES: dict[str, Outcome] = {"task": "task_fault", "environment": "environment", "stopped": "stopped"}


@dataclass
class ReplayResult:
    success: bool
    steps: list[StepRecord] = field(default_factory=list)
    error: str | None = None
    failed_step: int | None = None  # 0-based
    screenshot: str | None = None  # of the page when it failed
    outcome: Outcome = "failed"
    checks: list[CheckRecord] = field(default_factory=list)  # the end checks
    left_out: list[int] = field(default_factory=list)  # 0-based steps not played: nothing to act on, the task done
    missing: bool = False  # the failed step's element was not on the page (else: it was, and the step failed after)
    evidence: RunEvidence | None = None  # what the run's requests carried (agent.evidence)
    wrong_checks: list[Check] = field(default_factory=list)  # end checks that failed a run its requests show was done


def bound_checks(procedure: Procedure, values: Mapping[str, str]) -> tuple[list[Check], list[str]]:
    """The procedure's end checks whose placeholders all have values, and (described) the others with the
    values they would need."""
    ready, left_out = [], []
    values = {**option_values([s.model_dump() for s in procedure.steps], values), **values}
    for check in procedure.outcome_checks():
        missing = sorted(check.referenced_parameters() - set(values))
        if missing:
            left_out.append(f"{describe_check(check.model_dump())} (needs {', '.join(missing)})")
        else:
            ready.append(check)
    return ready, left_out


def end_checks(
    player: Player, procedure: Procedure, page: Page | None = None, wait_ms: float | None = None, until_failure: bool = False
) -> list[CheckRecord]:
    """The procedure's postconditions and assertions that the run's values fill, checked on the page the run
    ended on (waiting up to `wait_ms`, else the step timeout; `until_failure`: up to the first that fails)."""
    checks = [c.model_dump() for c in bound_checks(procedure, player.values)[0]]
    secret = {p.name for p in procedure.abstract.parameters if p.secret}
    shown = {name: SECRET_MASK if name in secret else value for name, value in {**player.params, **player.shown}.items()}
    return [
        CheckRecord(
            description=describe_check(check, shown),
            source=check["source"],
            passed=problem is None,
            detail=problem,
            procedure_id=procedure.id,
        )
        for check, problem in player.verify(checks, page, wait_ms, until_failure)
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
    allow_other_sites: bool = False,
    start: int = 0,
) -> ReplayResult:
    """Play the procedure's steps on `page` with the values `params` (see `play` and `Playing`), unless the
    procedure does not allow one of them: then it fails before the page is touched."""
    values = defaults(procedure) | params
    problems = invalid_values(procedure, values)
    if problems:
        return ReplayResult(success=False, error="; ".join(problems), failed_step=None, outcome="task_fault")
    playing = Playing(log, timeout_ms, on_step, should_stop, ask, allow_other_sites)
    return play(page, procedure, values, playing, contradiction, start)


@dataclass(frozen=True)
class Playing:
    """How a replay plays, whatever the procedure: where it logs, how long a step may wait, who hears of each
    step, what stops it, who is asked before it goes where the procedure was not recorded (`ask`: the person),
    and whether it may go there without asking."""

    log: RunLog | None = None
    timeout_ms: float = 10_000
    on_step: Callable[[StepRecord], None] | None = None
    should_stop: Callable[[], bool] | None = None
    ask: Callable[[str], bool] | None = None
    allow_other_sites: bool = False


def play(
    page: Page,
    procedure: Procedure,
    values: dict[str, str],
    playing: Playing,
    contradiction: Contradiction | None = None,
    start: int = 0,
) -> ReplayResult:
    """Play the procedure's steps on `page` with `values` (already allowed), from step `start` (0-based) on,
    checking each, then its end checks. A failure says which step or check and why; a run with no end checks
    is done but unverified. A `contradiction` (a step that would act on a demonstrated value the task does
    not want) stops the replay before that step. The replay stays where the procedure was recorded. A former
    option label that a revision mapped plays as the option it stands for now."""
    values = current_values(procedure, values)
    steps = [step.model_dump() for step in procedure.steps]
    journal = _Journal(procedure.id, playing.log, playing.on_step)
    player = Player(
        page,
        values,
        timeout_ms=playing.timeout_ms,
        on_step=journal.after_step,
        should_stop=playing.should_stop,
        secret=[p.name for p in procedure.abstract.parameters if p.secret],
        reach=procedure_reach(procedure, steps, values, playing.ask, playing.allow_other_sites),
        step_checks=[c.model_dump() for c in procedure.step_checks()],
        closeness=closeness,
    )
    player.before_leaving = journal.before_leaving
    records = journal.records
    watch = RequestWatch(page.context, lambda: len(records) + 1)  # the step playing: the next to be recorded
    try:
        played = _played(player, procedure, steps, playing.log, records, contradiction, start)
        return _weighed(played, player, procedure, watch, start)
    finally:
        watch.detach()


def _played(
    player: Player,
    procedure: Procedure,
    steps: list[dict[str, Any]],
    log: RunLog | None,
    records: list[StepRecord],
    contradiction: Contradiction | None,
    start: int,
) -> ReplayResult:
    """The replay judged by its steps and page checks alone."""
    try:
        player.run(steps[: contradiction.step] if contradiction else steps, start)
        if contradiction is not None:
            raise StepFailed(contradiction.step, contradiction.message, fault="task")  # not the procedure's fault
    except StepFailed as failure:
        failed = next((r for r in records if r.step == failure.index + 1), None)
        if failure.missing and failed is not None:
            done = _done_already(player, procedure, failure.index, records, log)
            if done is not None:
                return done
        fault = failure.fault
        if fault == "option":
            fault = "procedure" if _allowed_values(procedure, failure.index) else "task"
        outcome: Outcome = FAULT_OUTCOMES.get(fault, "failed")
        return ReplayResult(
            success=False,
            steps=records,
            error=str(failure),
            failed_step=failure.index,
            screenshot=failed.screenshot if failed else None,
            outcome=outcome,
            missing=failure.missing,
        )
    return _judged(player, procedure, records, log)


DONE_WAIT_MS = 500  # how long the end checks may wait for the page, after an agent's action, to show the task done
SETTLED_WAIT_MS = 100  # how long a check on a page that has settled may take (0 would be no limit to Playwright)


def _weighed(result: ReplayResult, player: Player, procedure: Procedure, watch: RequestWatch, start: int) -> ReplayResult:
    """The replay's outcome weighed with what its requests carried (agent.evidence): a request with other values
    or an error status fails it, a missing one leaves it unverified, and one with exactly the task's values
    verifies a run that only end checks failed, naming them as wrong."""
    evidence = run_evidence(procedure, watch, player.values, player.last_page, start)
    failing = [c for c in result.checks if not c.passed]
    only_checks = result.outcome == "failed" and result.failed_step is None and bool(failing) and not player.unsure
    only_checks = only_checks and _proved_by_request(procedure, player.values, result.checks, evidence)
    outcome, note = verdict(result.outcome, procedure, evidence, player.values, only_checks)
    evidence.note, result.evidence = note, evidence
    if outcome == result.outcome:
        return result
    if outcome == "verified":
        ready = bound_checks(procedure, player.values)[0]
        result.wrong_checks = [check for check, record in zip(ready, result.checks) if not record.passed]
    result.error = None if outcome == "verified" else note
    result.outcome, result.success = outcome, outcome == "verified"  # type: ignore[assignment]
    return result


def _proved_by_request(procedure: Procedure, values: dict[str, str], records: list[Any], evidence: Any) -> bool:
    """Whether the request carried every value that the failing end checks cover: only then may it say those checks
    are wrong (a checkbox the request does not show is no value it proved)."""
    ready = bound_checks(procedure, values)[0]
    failing = [check for check, record in zip(ready, records) if not record.passed]
    covered = {name.removesuffix(OPTION_VALUE) for check in failing for name in check.referenced_parameters()}
    carried = {p.name for p in evidence.parameters if p.status in ("sent", "present")}
    return covered <= carried


def _done_already(
    player: Player, procedure: Procedure, index: int, records: list[StepRecord], log: RunLog | None
) -> ReplayResult | None:
    """A replay whose step `index` has nothing to act on, verified when the procedure's end checks already
    pass (the site does the task in fewer steps now): that step and the rest are left out. Not when a step
    left out acts on a value of the run that no end check shows: a page that looks done before that value was
    used (the list a deletion goes back to) proves nothing of it. The page has settled (that is how the step
    found nothing): the checks hardly wait, and the first that fails ends it."""
    outcome = procedure.outcome_checks()
    shown = set().union(*(c.referenced_parameters() for c in outcome))
    if not outcome or any(procedure.steps[i].referenced_parameters() - shown for i in range(index, len(procedure.steps))):
        return None
    checks = end_checks(player, procedure, wait_ms=SETTLED_WAIT_MS, until_failure=True)
    if player.unsure or not all(c.passed for c in checks):
        return None
    for check in checks:
        if log is not None:
            log.check(check)
    failed = records[-1]
    failed.status, failed.error = "skipped", None
    left_out = list(range(index, len(procedure.steps)))
    if log is not None:
        log.memory_event({"event": "steps_left_out", "steps": [i + 1 for i in left_out], "why": "the end checks pass"})
    return ReplayResult(success=True, steps=records, outcome="verified", checks=checks, left_out=left_out)


def _allowed_values(procedure: Procedure, index: int) -> bool:
    """Whether every parameter the step uses allows only stored values, which the run's were checked against:
    an option that is not on the page then is a change of the page, not a fault of the task."""
    used = procedure.steps[index].referenced_parameters()
    closed = {p.name for p in procedure.abstract.parameters if p.closed}
    return bool(used) and used <= closed


def _judged(player: Player, procedure: Procedure, records: list[StepRecord], log: RunLog | None) -> ReplayResult:
    """A replay whose steps all ran, judged by the procedure's end checks; a window closed meanwhile is a stop."""
    if player.last_page is not None and player.last_page.is_closed():
        return ReplayResult(success=False, steps=records, error="the browser window was closed", outcome="stopped")
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
    verified = bool(checks) and not player.unsure  # a choice the task left open: the checks cannot tell it was the one
    return ReplayResult(success=True, steps=records, outcome="verified" if verified else "unverified", checks=checks)


@dataclass
class _Journal:
    """The replay's record of each step played: kept, logged with a screenshot, and passed to `on_step`."""

    procedure_id: str
    log: RunLog | None
    on_step: Callable[[StepRecord], None] | None
    records: list[StepRecord] = field(default_factory=list)
    leaving: dict[int, Path] = field(default_factory=dict)  # step index -> its element's picture before it left the page

    def before_leaving(self, index: int, target: Locator, page: Page) -> None:
        if self.log is not None:
            picture = self.log.picture_before_leaving(page, target)
            if picture is not None:
                self.leaving[index] = picture

    def after_step(self, result: StepResult, current: Page) -> None:
        shot = picture = None
        if self.log is not None:
            acted_on = result.selector if result.status == "ok" else None
            secret = any(SECRET_MASK in str(value) for value in result.args.values())
            before = self.leaving.pop(result.index, None) if result.status == "ok" else None
            shot, picture = self.log.pictures(current, result.index + 1, acted_on, secret, before)
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
            procedure_id=self.procedure_id,
            screenshot=str(shot) if shot else None,
            picture=str(picture) if picture else None,
            checked=result.checked,
        )
        self.records.append(record)
        if self.log is not None:
            self.log.action(record)
        if self.on_step is not None:
            self.on_step(record)


def procedure_reach(
    procedure: Procedure,
    steps: list[dict[str, Any]],
    values: dict[str, str],
    ask: Callable[[str], bool] | None,
    allow_other_sites: bool,
) -> Reach:
    """The origins the procedure was recorded on that belong to its sites, and where each secret may go."""
    scopes = secret_sites(procedure, values)
    folders = {_folder(s.get("url") or "") for s in steps if (s.get("url") or "").startswith("file:")}
    on_its_sites = scoped(scopes)

    def may_use(name: str, url: str) -> bool:
        if url.startswith("file:"):  # the site of a local file is its folder: the procedure's own files only
            return name in scopes and _folder(url) in folders
        return on_its_sites(name, url)

    return Reach.of_steps(
        steps,
        values,
        procedure.abstract.domains,
        ask=ask,
        elsewhere=allow_other_sites,
        may_use=may_use,
        secrets=list(scopes),
    )


def _folder(url: str) -> str:
    """The folder of a file: URL (no query or fragment)."""
    return url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0]
