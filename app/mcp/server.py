"""The MCP server: ShowMeHow's procedures as tools, resources and a prompt for any agent (see the README)."""

from __future__ import annotations

import json
import threading
from typing import Annotated, Literal

import anyio
import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import Resource, ToolAnnotations
from pydantic import Field

from app.mcp.models import (
    FoundProcedure,
    FoundProcedures,
    LearnedList,
    LearnedView,
    ProcedureList,
    ProcedureSummary,
    ProcedureView,
    Recorded,
    RunReport,
)
from app.mcp.reading import Reader, tool_errors
from app.mcp.running import Runner, in_thread
from app.operations import build_and_store, decide_learned, find_procedures, record_demonstration
from app.procedure_text import describe_procedure, learned_text
from core.errors import ShowMeHowError
from core.masking import mask_values
from core.secrecy import named_secrets
from core.settings import load_settings
from procedures.store import ProcedureStore
from recorder.display import use_person_display
from recorder.models import Recording
from retrieval import near_tie, render_procedural_memory

INSTRUCTIONS = """ShowMeHow holds procedures that a person demonstrated in a browser (log in, file a form, ...).
For a browser task: find_procedures first; when a match fits, run_procedure replays it with the task's values
in a browser ShowMeHow opens, without an LLM, and says whether its checks verified the result. Pass values in
`params`, never secret ones (the person gives those). Fall back to your own browsing only when nothing fits."""

Task = Annotated[str, Field(description='what to do, in words, with its values: "Log in as emile", "Search flights to Oslo"')]
Url = Annotated[str | None, Field(description="the page the task is about or starts on (helps pick the site's procedure)")]


def build_server(headed: bool = False) -> MCPServer:
    """The server with its tools, the procedure:// resources and the procedural_memory prompt."""
    read = Reader()
    app = ProcedureServer("showmehow", instructions=INSTRUCTIONS, version="0.1.0")
    app.read = read
    runner = Runner(headed=headed, limiter=anyio.CapacityLimiter(load_settings().mcp_max_runs), read=read)
    _add_reading(app, read)
    _add_running(app, runner)
    return app


class ProcedureServer(MCPServer):
    """An MCP server whose resources/list names each stored procedure as a procedure://ID resource."""

    read: Reader

    async def list_resources(self) -> list[Resource]:
        listed = await self.read(lambda store: [(p.id, p.title, p.abstract.goal) for p in store.list()])
        return [
            *await super().list_resources(),
            *(
                Resource(uri=f"procedure://{pid}", name=title, description=goal, mime_type="text/plain")
                for pid, title, goal in listed
            ),
        ]


READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def _add_reading(app: MCPServer, read: Reader) -> None:
    """The tools, the resources and the prompt that read the store."""

    @app.tool(name="find_procedures", annotations=READ_ONLY)
    async def find(task: Task, url: Url = None, limit: Annotated[int, Field(ge=1, le=20)] = 3) -> FoundProcedures:
        """The stored procedures that fit a task, best first: each with its score and the score's parts, the values
        bound from the task and how each was bound, the parameters still missing, the secret parameters (names
        only: the person gives them) and the values a parameter allows. Then call run_procedure."""
        return await read(lambda store: _found(store, task, url, limit))

    @app.tool(annotations=READ_ONLY)
    async def show_procedure(procedure_id: Annotated[str, Field(description="an id or an unambiguous prefix")]) -> ProcedureView:
        """One stored procedure in full: parameters (secret ones by name), flow, steps and checks."""
        return await read(lambda store: _view(store, procedure_id))

    @app.tool(annotations=READ_ONLY)
    async def list_procedures(
        query: Annotated[str | None, Field(description="only those whose title, goal, site or tags hold these words")] = None,
    ) -> ProcedureList:
        """The stored procedures, or those a few words describe, with their parameters and how often they worked."""
        return await read(lambda store: _listed(store, query))

    @app.tool(annotations=READ_ONLY)
    async def learned_procedures(
        decided: Annotated[bool, Field(description="list the accepted and rejected ones too")] = False,
    ) -> LearnedList:
        """Procedures learned from verified agent runs: each waits as proposed until the person accepts it (then the
        next task of its kind replays with no model) or rejects it."""
        return await read(lambda store: _learned(store, decided))

    @app.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False))
    async def decide_learned_procedure(
        learned_id: Annotated[str, Field(description="an id or an unambiguous prefix from learned_procedures")],
        decision: Literal["accept", "reject"],
    ) -> str:
        """Accept a learned procedure (it is stored, with source agent_run) or reject it; only when the person said so."""
        return await read(lambda store: decide_learned(store, learned_id, accept=decision == "accept"))

    @app.resource(
        "procedure://{procedure_id}",
        name="procedure",
        description="A stored procedure as text: goal, parameters (secret ones by name), flow, steps and checks",
        mime_type="text/plain",
    )
    async def procedure_text(procedure_id: str) -> str:
        try:
            return await read(lambda store: _text(store, procedure_id))
        except ToolError as exc:  # the store's own message (an unknown id), not a server error with a traceback
            raise ResourceError(str(exc)) from exc

    @app.prompt(
        name="procedural_memory",
        description="The <procedural_memory> block ShowMeHow's own agent gets for a task: the procedures that fit it, "
        "their flows, steps and the values bound, for your agent to follow in its own browser",
    )
    async def procedural_memory(task: str, url: str | None = None) -> str:
        return await read(lambda store: _memory(store, task, url))


def _add_running(app: MCPServer, runner: Runner) -> None:
    """The tools that open a browser: a run, a demonstration."""

    @app.tool(annotations=ToolAnnotations(destructive_hint=True, open_world_hint=True))
    async def run_procedure(
        ctx: Context,
        task: Task,
        procedure_id: Annotated[
            str | None, Field(description="run this procedure (an id or prefix from find_procedures)")
        ] = None,
        params: Annotated[
            dict[str, str | list[str | dict[str, str]]] | None,
            Field(
                description="values for parameters by name (find_procedures' missing); a list parameter's as an array of "
                "items (objects with its fields, or texts); never a secret"
            ),
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
        unverified (done, nothing checked it), failed, task_fault (values missing, not allowed or in a form the page
        cannot take), environment (the site failed: unreachable, frozen, a popup flood) or stopped; the
        checks, each step, the final URL, the cost and the run directory. Never returns a secret value."""
        given = {name: v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for name, v in (params or {}).items()}
        return await tool_errors(runner.run(ctx, task, procedure_id, given, mode, url, timeout_seconds))

    @app.tool(name="record_demonstration", annotations=ToolAnnotations(open_world_hint=True))
    async def record(
        url: Annotated[str, Field(description="the page to start on")],
        title: Annotated[str, Field(description="what the person will show, e.g. 'Log in to the bank'")],
    ) -> Recorded:
        """Open a browser window for the person to show a task; when they close it, the demonstration is built into
        a stored procedure and returned. Only for a server running on the person's desktop (the display of their
        session is found when the client passed none): refused without a display."""
        try:
            use_person_display()
        except ShowMeHowError as exc:
            raise ToolError(f"record_demonstration opens a browser window for the person, and {exc}") from exc
        stop = threading.Event()
        recording = await in_thread(lambda: record_demonstration(url, title, stop=stop), stop, runner.limiter)
        if not recording.steps:
            raise ToolError("the browser was closed before anything was recorded")
        return await tool_errors(anyio.to_thread.run_sync(lambda: _built(recording)))


def _hidden(task: str) -> list[str]:
    """The secret values the task's words name, bound to a parameter or not."""
    return [value for _, value in named_secrets(task)]


def _found(store: ProcedureStore, task: str, url: str | None, limit: int) -> FoundProcedures:
    matches = find_procedures(store, task, url=url, k=limit)
    return FoundProcedures(
        matches=[FoundProcedure.of(m, _hidden(task)) for m in matches], near_tie=[m.procedure.id for m in near_tie(matches)]
    )


def _view(store: ProcedureStore, procedure_id: str) -> ProcedureView:
    procedure = store.get(store.resolve(procedure_id))
    return ProcedureView.of(procedure, describe_procedure(procedure))


def _learned(store: ProcedureStore, decided: bool) -> LearnedList:
    return LearnedList(
        learned=[
            LearnedView(
                id=x.id, title=x.procedure.title, status=x.status, verified_runs=x.successes, task=x.task, text=learned_text(x)
            )
            for x in store.learned.list(None if decided else "proposed")
        ]
    )


def _text(store: ProcedureStore, procedure_id: str) -> str:
    return describe_procedure(store.get(store.resolve(procedure_id)))


def _listed(store: ProcedureStore, query: str | None) -> ProcedureList:
    words = (query or "").lower().split()
    procedures = [
        p
        for p in store.list()
        if all(w in " ".join([p.title, p.abstract.goal, *p.abstract.domains, *p.abstract.tags]).lower() for w in words)
    ]
    return ProcedureList(procedures=[ProcedureSummary.of(p) for p in procedures])


def _memory(store: ProcedureStore, task: str, url: str | None) -> str:
    matches = find_procedures(store, task, url=url)
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
        procedure=_view(store, built.procedure_id),
    )
