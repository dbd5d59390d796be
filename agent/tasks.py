"""run_task: retrieve the procedures that fit a task, then replay one, let the LLM agent work with
them in its prompt, or both (replay first, the agent takes over where replay fails)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from playwright.sync_api import Page

from recorder.browser import open_browser
from recorder.errors import ShowMeHowError
from recorder.settings import Settings, load_settings
from procedures.binding import missing_parameters, parameter_variables
from procedures.store import ProcedureStore
from retrieval import Match, Retriever
from agent.replay import ReplayResult, replay
from agent.runs import RunLog

Mode = Literal["replay", "agent", "auto"]


@dataclass
class RunResult:
    success: bool
    steps: list[dict[str, Any]] = field(default_factory=list)
    procedure_id: str | None = None
    error: str | None = None
    run_dir: str | None = None
    mode: str = "replay"
    procedures_used: list[str] = field(default_factory=list)


@dataclass
class RunControls:
    """How a caller watches and steers a run: progress lines, approvals of risky actions, a stop request."""

    on_progress: Callable[[dict[str, Any]], None] | None = None
    approve: Callable[[str, dict[str, Any]], bool] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    max_steps: int = 25  # guardrails of the agent loop
    max_errors: int = 3  # in a row
    max_repeats: int = 3  # the same action with the same arguments, in a row


@contextmanager
def _page_for(page: Page | None, settings: Settings) -> Iterator[Page]:
    if page is not None:
        yield page
        return
    with open_browser(headless=True, settings=settings) as handle:
        yield handle.context.new_page()


def secret_values(matches: list[Match], params: dict[str, str]) -> dict[str, str]:
    """Secret parameter values bound for the task (by name): never logged, never shown to a model."""
    out = {}
    for match in matches:
        values = match.bound | params
        for param in match.procedure.abstract.parameters:
            if param.secret and param.name in values:
                out[param.name] = values[param.name]
    return out


def choose_for_replay(matches: list[Match], params: dict[str, str], param_env: dict[str, str]) -> tuple[Match, dict[str, str]]:
    """The best match whose required parameters are all bound, with its values."""
    if not matches:
        raise ShowMeHowError("no stored procedure fits this task; record one with `showmehow record URL`")
    for match in matches:
        values = match.bound | params
        if not missing_parameters(match.procedure, values):
            return match, values
    best = matches[0]
    missing = missing_parameters(best.procedure, best.bound | params)
    variables = " or ".join(parameter_variables(best.procedure, missing[0], param_env))
    raise ShowMeHowError(
        f"'{best.procedure.title}' needs {', '.join(missing)}: give them in the task, as parameters (--param NAME=VALUE, "
        f"or the Run tab's Parameters and Secrets), or set {variables} in the environment "
        f"(the param_env setting names a variable for a parameter on a site: {missing[0]}@SITE=VARIABLE)"
    )


def run_task(
    task: str,
    page: Page | None = None,
    store: ProcedureStore | None = None,
    mode: Mode = "auto",
    model: str | None = None,
    url: str | None = None,
    params: dict[str, str] | None = None,
    controls: RunControls | None = None,
    settings: Settings | None = None,
    timeout_ms: float = 10_000,
    procedure_ids: list[str] | None = None,
) -> RunResult:
    """Run a task and record its outcome on every procedure it used; see the module docstring.
    `procedure_ids` limits the run to those of the matched procedures (the person's choice)."""
    settings = settings or load_settings()
    store = store or ProcedureStore()
    controls = controls or RunControls()
    params = dict(params or {})
    log = RunLog()
    with _page_for(page, settings) as current:
        if url and not current.url.startswith(url):
            current.goto(url)
        where = url or (current.url if current.url.startswith("http") else None)
        matches = Retriever(store, settings).retrieve(task, url=where, k=3)
        if procedure_ids is not None:
            matches = [m for m in matches if m.procedure.id in procedure_ids]
        log.hide(secret_values(matches, params).values())  # the task text itself may hold a password
        log.memory_event({"event": "procedures_retrieved", "task": task,
                          "matches": [{"id": m.procedure.id, "title": m.procedure.title, "score": m.score,
                                       "breakdown": m.breakdown.model_dump()} for m in matches]})  # fmt: skip
        if mode == "replay":
            result = _replay_mode(current, store, matches, params, settings, log, controls, timeout_ms)
        else:
            from agent.loop import run_agent

            result = run_agent(task, current, store, matches, params, log, controls, settings, mode, model, timeout_ms)
    result.run_dir = str(log.dir)
    log.summary(asdict(result))
    return result


def _replay_mode(
    page: Page, store: ProcedureStore, matches: list[Match], params: dict[str, str], settings: Settings,
    log: RunLog, controls: RunControls, timeout_ms: float,
) -> RunResult:  # fmt: skip
    try:
        match, values = choose_for_replay(matches, params, settings.param_env)
    except ShowMeHowError as exc:
        return RunResult(success=False, error=str(exc), mode="replay")
    outcome = replay_and_record(page, store, match, values, log, controls, timeout_ms)
    return RunResult(
        success=outcome.success, steps=[asdict(s) for s in outcome.steps], procedure_id=match.procedure.id,
        error=outcome.error, mode="replay", procedures_used=[match.procedure.id],
    )  # fmt: skip


def replay_and_record(
    page: Page, store: ProcedureStore, match: Match, values: dict[str, str], log: RunLog,
    controls: RunControls, timeout_ms: float, record: bool = True,
) -> ReplayResult:  # fmt: skip
    """Replay a matched procedure, report progress, and (unless told not to) record the outcome on it."""

    def progress(step: Any, screenshot: str | None) -> None:
        if controls.on_progress is not None:
            controls.on_progress({"source": "replay", "step": step.index + 1, "command": step.action, "args": step.args,
                                  "status": step.status, "error": step.error, "url": step.url, "screenshot": screenshot})  # fmt: skip

    outcome = replay(page, match.procedure, values, log=log, timeout_ms=timeout_ms, on_step=progress, should_stop=controls.stop.is_set)
    if record:
        store.record_outcome(match.procedure.id, success=outcome.success, step_failed=outcome.failed_step)
    return outcome
