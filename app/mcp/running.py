"""Runs for the MCP server: run_task in a worker thread of its own with a browser of its own, at most
`mcp_max_runs` at once; each step a progress notification; risky actions and missing secrets put to
the person through elicitation when the client can be asked in the middle of a call (refused
otherwise); a cancelled call sets the run's stop event, and the run ends "stopped"."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import anyio
import anyio.from_thread
import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field, create_model

from agent import RunControls, StepRecord, run_task
from agent.orchestrator import first_complete, secret_values
from agent.results import Mode, RunResult
from app.mcp.models import RunReport
from app.mcp.reading import Reader
from app.operations import find_procedures
from core.masking import mask_values
from core.secrecy import is_secret_name, redact_url
from core.settings import Settings, load_settings
from procedures.binding.values import parameter_variables
from procedures.models import Procedure
from procedures.store import ProcedureStore
from recorder.browser import open_browser
from retrieval import Match, near_tie

T = TypeVar("T")
PICKED_K = 50  # the matches run_task reads when a run is limited to procedures (agent.orchestrator)
FROM_ENVIRONMENT = "the environment variable"  # how a value bound from param_env or SHOWMEHOW_PARAM_* is described


class Approval(BaseModel):
    allow: bool = Field(description="Allow this action?")


@dataclass
class Person:
    """The person behind the MCP client, asked through elicitation from a run's worker thread."""

    ctx: Context

    @property
    def reachable(self) -> bool:
        """Whether the client takes elicitation requests in the middle of this call."""
        caps = self.ctx.client_capabilities
        return caps is not None and caps.elicitation is not None and self.ctx.session.can_send_request

    def approve(self, question: str, details: dict[str, Any]) -> bool:
        """RunControls.approve, called from the run's thread: the person's yes, or no."""
        answer = anyio.from_thread.run(self.ctx.elicit, f"A ShowMeHow run asks to {question}. Allow it?", Approval)
        return answer.action == "accept" and answer.data.allow

    async def secrets(self, title: str, names: list[str]) -> dict[str, str]:
        """The secret values `names` of procedure `title`, typed by the person; a tool error when they decline."""
        form = create_model(  # type: ignore[call-overload]
            "Secrets",
            **{name: (str, Field(title=name, description=f"the secret {name} (never shown to the model)")) for name in names},
        )
        answer = await self.ctx.elicit(f"'{title}' needs {', '.join(names)}, which only you give. The model never sees it.", form)
        if answer.action != "accept":
            raise ToolError(f"the person did not give {', '.join(names)}: the run did not start")
        return {name: value for name, value in answer.data.model_dump().items() if value}

    async def pick(self, tied: list[Match]) -> str:
        """The id of the one of two procedures that fit the task about as well that the person means; a tool error
        when they choose neither."""
        names = {f"{m.procedure.title} ({m.procedure.id[:12]})": m.procedure.id for m in tied}
        form = create_model(  # type: ignore[call-overload]
            "Choice", procedure=(Literal[tuple(names)], Field(title="procedure", description="the procedure to run"))
        )
        answer = await self.ctx.elicit("Two procedures fit this task about as well. Which one does it mean?", form)
        if answer.action != "accept":
            raise ToolError("the person chose neither of the two procedures that fit about as well: pass procedure_id")
        return names[answer.data.procedure]


class Progress:
    """A run's step progress: queued by the run's thread, which never waits for the client, and sent by the event
    loop in order, all of it before the call's result."""

    def __init__(self, ctx: Context, total: int | None) -> None:
        self._ctx, self._total = ctx, total
        self._queue: queue.SimpleQueue[tuple[int, str] | None] = queue.SimpleQueue()

    def put(self, step: int, message: str) -> None:
        self._queue.put((step, message))

    def close(self) -> None:
        """Nothing more comes: `send` returns once it has sent what is queued."""
        self._queue.put(None)

    async def send(self) -> None:
        while (item := await anyio.to_thread.run_sync(self._queue.get, abandon_on_cancel=True)) is not None:
            await self._ctx.report_progress(item[0], self._total, item[1])


def model_secrets(matches: list[Match], params: dict[str, str], picked: Sequence[Procedure] = ()) -> list[str]:
    """The secret values that the calling model gave, by parameter name: a value in `params` for a secret
    parameter of a candidate procedure or of one the run is limited to (`picked`, however it ranks), or a
    secret-sounding name, or one the task's words bound to it."""
    procedures = [*(m.procedure for m in matches), *picked]
    secret = {p.name for procedure in procedures for p in procedure.abstract.parameters if p.secret}
    given = [name for name in params if name in secret or is_secret_name(name)]
    from_task = [
        name
        for m in matches
        for name, how in m.binding.sources.items()
        if name in secret and name not in params and not how.startswith(FROM_ENVIRONMENT)
    ]
    return sorted(set(given + from_task))


async def in_thread(work: Callable[[], T], stop: threading.Event, limiter: anyio.CapacityLimiter) -> T:
    """`work` in a worker thread (waiting for room under `limiter`); when the call is cancelled, `stop` is set
    and the cancellation goes on once `work` has returned."""
    async with anyio.create_task_group() as group:

        async def stop_when_cancelled() -> None:
            try:
                await anyio.sleep_forever()
            finally:
                stop.set()

        group.start_soon(stop_when_cancelled)
        result = await anyio.to_thread.run_sync(work, limiter=limiter)
        group.cancel_scope.cancel()
    return result


@dataclass
class Runner:
    """What run_procedure shares across calls: the browser's visibility and the bound on runs at once."""

    headed: bool
    limiter: anyio.CapacityLimiter
    read: Reader

    async def run(
        self,
        ctx: Context,
        task: str,
        procedure_id: str | None,
        params: dict[str, str],
        mode: Mode,
        url: str | None,
        timeout_seconds: float,
    ) -> RunReport:
        settings = load_settings()
        person = Person(ctx)
        ids, matches, picked = await self._candidates(person, task, url, procedure_id, params, mode)
        refused = model_secrets(matches, params, picked)
        if refused:
            raise ToolError(
                f"{', '.join(refused)}: secret, so only the person gives it (elicitation, the param_env setting or "
                "SHOWMEHOW_PARAM_<NAME> in the server's environment), never the model's arguments or the task's words; "
                "leave it out and run again"
            )
        secrets = await _missing_secrets(matches, ids is not None, person, settings)
        hidden = [secret.value for secret in secret_values(matches, params, task, secrets)]
        replayed = first_complete(matches, picked=ids is not None) if mode == "replay" else None
        total = len(replayed.procedure.steps) if replayed is not None else None

        stop = threading.Event()
        sent = Progress(ctx, total)

        def progress(step: StepRecord) -> None:
            if stop.is_set():
                return  # the call was cancelled: nobody listens for its progress
            sent.put(step.step, f"step {step.step}: {step.command} {step.status}" + (f" ({step.error})" if step.error else ""))

        controls = RunControls(on_progress=progress, approve=person.approve if person.reachable else None, stop=stop)

        def work() -> tuple[RunResult, str]:
            with open_browser(headless=not self.headed, settings=settings) as handle:
                page = handle.context.new_page()
                result = run_task(
                    task,
                    page=page,
                    mode=mode,
                    url=url,
                    params=params,
                    controls=controls,
                    settings=settings,
                    timeout_ms=timeout_seconds * 1000,
                    procedure_ids=ids,
                    secrets=secrets,
                )
                return result, page.url

        async with anyio.create_task_group() as group:
            group.start_soon(sent.send)
            try:
                result, final_url = await in_thread(work, stop, self.limiter)
            finally:
                sent.close()
        shown_url = mask_values(redact_url(final_url, lambda text: text in hidden), hidden)
        return RunReport.of(result, shown_url)

    async def _candidates(
        self, person: Person, task: str, url: str | None, procedure_id: str | None, params: dict[str, str], mode: Mode
    ) -> tuple[list[str] | None, list[Match], list[Procedure]]:
        """_candidates', and when two procedures fit about as well, those of the one the person picks: asked rather
        than guessed (a client that cannot be asked gets the first, and the report's near_tie)."""
        ids, matches, picked = await self.read(lambda store: _candidates(store, task, url, procedure_id, params))
        tied = near_tie(matches) if ids is None and mode != "agent" and person.reachable else []
        if not tied:
            return ids, matches, picked
        chosen = await person.pick(tied)
        return await self.read(lambda store: _candidates(store, task, url, chosen, params))


def _candidates(
    store: ProcedureStore, task: str, url: str | None, procedure_id: str | None, params: dict[str, str]
) -> tuple[list[str] | None, list[Match], list[Procedure]]:
    """The procedure ids the run is limited to, the matches run_task will choose from (with `params`), as many
    as it reads, and the procedures the run is limited to."""
    ids = [store.resolve(procedure_id)] if procedure_id else None
    found = find_procedures(store, task, url=url, k=PICKED_K if ids else 3)
    matches = [m.given(params) for m in found if ids is None or m.procedure.id in ids]
    return ids, matches, [store.get(pid) for pid in ids or []]


async def _missing_secrets(matches: list[Match], picked: bool, person: Person, settings: Settings) -> dict[str, str]:
    """The secrets the best match still needs when it cannot run as it is (nor, when the procedures were
    `picked`, another of them), asked of the person; a tool error when nobody can be asked."""
    if not matches or first_complete(matches, picked) is not None:
        return {}
    best = matches[0]
    secret = {p.name for p in best.procedure.abstract.parameters if p.secret}
    missing = [name for name in best.missing if name in secret]
    if not missing:
        return {}
    if not person.reachable:
        variables = " or ".join(parameter_variables(best.procedure, missing[0], settings.param_env))
        raise ToolError(
            f"'{best.procedure.title}' needs the secret {', '.join(missing)}, which only the person gives: set {variables} "
            "in the MCP server's environment (or name a variable in the param_env setting), or use a client that "
            "supports elicitation"
        )
    return await person.secrets(best.procedure.title, missing)
