"""The MCP server: ShowMeHow's procedures as tools, resources and a prompt for any agent (see the README)."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from typing import Annotated, Literal, TypeVar

import anyio
import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from app.cli.procedures import describe_procedure
from app.mcp.models import FoundProcedure, FoundProcedures, ProcedureList, ProcedureSummary, ProcedureView, Recorded, RunReport
from app.mcp.running import Runner, in_thread
from app.operations import build_and_store, find_procedures, record_demonstration
from core.errors import ShowMeHowError
from core.secrecy import mask_values, named_secrets
from core.settings import load_settings
from procedures.store import ProcedureStore
from recorder.browser import has_display
from recorder.models import Recording
from retrieval import render_procedural_memory

INSTRUCTIONS = """ShowMeHow holds procedures that a person demonstrated in a browser (log in, file a form, ...).
For a browser task: find_procedures first; when a match fits, run_procedure replays it with the task's values
in a browser ShowMeHow opens, without an LLM, and says whether its checks verified the result. Pass values in
`params`, never secret ones (the person gives those). Fall back to your own browsing only when nothing fits."""

Task = Annotated[str, Field(description='what to do, in words, with its values: "Log in as emile", "Search flights to Oslo"')]
Url = Annotated[str | None, Field(description="the page the task is about or starts on (helps pick the site's procedure)")]
T = TypeVar("T")


def build_server(headed: bool = False) -> MCPServer:
    """The server with its tools, the procedure:// resources and the procedural_memory prompt."""
    app = MCPServer("showmehow", instructions=INSTRUCTIONS, version="0.1.0")
    runner = Runner(headed=headed, limiter=anyio.CapacityLimiter(load_settings().mcp_max_runs))
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @app.tool(name="find_procedures", annotations=read_only)
    async def find(task: Task, url: Url = None, limit: Annotated[int, Field(ge=1, le=20)] = 3) -> FoundProcedures:
        """The stored procedures that fit a task, best first: each with its score and the score's parts, the values
        bound from the task and how each was bound, the parameters still missing, the secret parameters (names
        only: the person gives them) and the values a parameter allows. Then call run_procedure."""
        return await _off_loop(lambda: _found(task, url, limit))

    @app.tool(annotations=ToolAnnotations(destructive_hint=True, open_world_hint=True))
    async def run_procedure(
        ctx: Context,
        task: Task,
        procedure_id: Annotated[
            str | None, Field(description="run this procedure (an id or prefix from find_procedures)")
        ] = None,
        params: Annotated[
            dict[str, str] | None, Field(description="values for parameters by name (find_procedures' missing); never a secret")
        ] = None,
        mode: Annotated[
            Literal["replay", "auto"],
            Field(
                description="replay: the steps as demonstrated, no LLM; auto: ShowMeHow's LLM agent takes over where replay fails"
            ),
        ] = "replay",
        url: Url = None,
        timeout_seconds: Annotated[float, Field(gt=0, le=300, description="how long to wait for each step")] = 10.0,
    ) -> RunReport:
        """Run a task with a stored procedure in a browser ShowMeHow opens (headless unless the server runs --headed),
        with new values; progress notifications per step. Risky actions (another site, an upload) are put to the
        person, and refused when the client cannot ask them. Returns the outcome: verified (done, checks passed),
        unverified (done, nothing checked it), failed, task_fault (values missing or not allowed) or stopped; the
        checks, each step, the final URL, the cost and the run directory. Never returns a secret value."""
        return await _tool_errors(runner.run(ctx, task, procedure_id, params or {}, mode, url, timeout_seconds))

    @app.tool(annotations=read_only)
    async def show_procedure(procedure_id: Annotated[str, Field(description="an id or an unambiguous prefix")]) -> ProcedureView:
        """One stored procedure in full: parameters (secret ones by name), flow, steps and checks."""
        return await _off_loop(lambda: _view(procedure_id))

    @app.tool(annotations=read_only)
    async def list_procedures(
        query: Annotated[str | None, Field(description="only those whose title, goal, site or tags hold these words")] = None,
    ) -> ProcedureList:
        """The stored procedures, or those a few words describe, with their parameters and how often they worked."""
        return await _off_loop(lambda: _listed(query))

    @app.tool(name="record_demonstration", annotations=ToolAnnotations(open_world_hint=True))
    async def record(
        url: Annotated[str, Field(description="the page to start on")],
        title: Annotated[str, Field(description="what the person will show, e.g. 'Log in to the bank'")],
    ) -> Recorded:
        """Open a browser window for the person to show a task; when they close it, the demonstration is built into
        a stored procedure and returned. Only for a server running on the person's desktop: refused without a display."""
        if not has_display():
            raise ToolError(
                "record_demonstration opens a browser window for the person, and this MCP server has no display: "
                "run it on the person's desktop, or let them record with `showmehow record URL`"
            )
        stop = threading.Event()
        recording = await in_thread(lambda: record_demonstration(url, title, stop=stop), stop, runner.limiter)
        if not recording.steps:
            raise ToolError("the browser was closed before anything was recorded")
        return await _off_loop(lambda: _built(recording))

    @app.resource(
        "procedure://{procedure_id}",
        name="procedure",
        description="A stored procedure as text: goal, parameters (secret ones by name), flow, steps and checks",
        mime_type="text/plain",
    )
    async def procedure_text(procedure_id: str) -> str:
        return await _off_loop(lambda: _text(procedure_id))

    @app.prompt(
        name="procedural_memory",
        description="The <procedural_memory> block ShowMeHow's own agent gets for a task: the procedures that fit it, "
        "their flows, steps and the values bound, for your agent to follow in its own browser",
    )
    async def procedural_memory(task: str, url: str | None = None) -> str:
        return await _off_loop(lambda: _memory(task, url))

    return app


async def _tool_errors(call: Awaitable[T]) -> T:
    """The call's ShowMeHowError as a tool error the agent reads (an unknown id, a store that cannot be read)."""
    try:
        return await call
    except ShowMeHowError as exc:
        raise ToolError(str(exc)) from exc


async def _off_loop(work: Callable[[], T]) -> T:
    """`work` in a worker thread, off the server's event loop."""
    return await _tool_errors(anyio.to_thread.run_sync(work))


def _hidden(task: str) -> list[str]:
    """The secret values the task's words name, bound to a parameter or not."""
    return [value for _, value in named_secrets(task)]


def _found(task: str, url: str | None, limit: int) -> FoundProcedures:
    matches = find_procedures(ProcedureStore(), task, url=url, k=limit)
    return FoundProcedures(matches=[FoundProcedure.of(m, _hidden(task)) for m in matches])


def _view(procedure_id: str) -> ProcedureView:
    store = ProcedureStore()
    procedure = store.get(store.resolve(procedure_id))
    return ProcedureView.of(procedure, describe_procedure(procedure))


def _text(procedure_id: str) -> str:
    store = ProcedureStore()
    return describe_procedure(store.get(store.resolve(procedure_id)))


def _listed(query: str | None) -> ProcedureList:
    words = (query or "").lower().split()
    procedures = [
        p
        for p in ProcedureStore().list()
        if all(w in " ".join([p.title, p.abstract.goal, *p.abstract.domains, *p.abstract.tags]).lower() for w in words)
    ]
    return ProcedureList(procedures=[ProcedureSummary.of(p) for p in procedures])


def _memory(task: str, url: str | None) -> str:
    matches = find_procedures(ProcedureStore(), task, url=url)
    block = render_procedural_memory(matches, max_tokens=load_settings().token_budget)
    return mask_values(block, _hidden(task)) or "No stored procedure fits this task."


def _built(recording: Recording) -> Recorded:
    store = ProcedureStore()
    built = build_and_store(store, recording)
    return Recorded(
        recording_id=recording.id,
        steps=len(recording.steps),
        merged=built.merged,
        notices=built.notices,
        procedure=_view(built.procedure_id),
    )
