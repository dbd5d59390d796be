"""Runs through the MCP server: approvals asked through elicitation, a cancelled call, two runs at once,
and the server over streamable HTTP."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import anyio
from mcp import Client, types

from procedures.models import Abstract, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from procedures.transfer import read_importable
from tests.attacker import HOSTILE, AttackerServer
from tests.helpers import ROOT
from tests.mcp_server import run_apart
from tests.mcp_server.conftest import connected, server_env, store_slow, structured


def _upload_procedure(attacker: AttackerServer, tmp_path: Path) -> str:
    """tests/sites/hostile/upload-file.json, taking the file to upload from its `statement` parameter."""
    text = (HOSTILE / "upload-file.json").read_text().replace("ATTACKER", attacker.base)
    text = text.replace("LOCAL_FILE", "{statement}").replace('"parameters": []', '"parameters": [{"name": "statement"}]')
    path = tmp_path / "upload.json"
    path.write_text(text)
    (procedure,) = read_importable(path).store_into(ProcedureStore())
    return procedure.id


def test_a_risky_action_is_asked_through_elicitation(home: Path, attacker: AttackerServer, tmp_path: Path) -> None:
    procedure_id = _upload_procedure(attacker, tmp_path)
    statement = tmp_path / "statement.txt"
    statement.write_text("statement for march")
    arguments = {"task": "Send the bank statement", "procedure_id": procedure_id, "params": {"statement": str(statement)}}
    questions: list[str] = []
    answers: list[bool] = []  # what the person answers, question by question

    async def elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:  # type: ignore[no-untyped-def]
        questions.append(params.message)
        return types.ElicitResult(action="accept", content={"allow": answers.pop(0)})

    async def run_unasked() -> dict:
        async with connected(home, mode="auto", elicit=elicit) as client:
            return structured(await client.call_tool("run_procedure", arguments))

    async def run_twice() -> tuple[dict, str, dict]:  # one server, asked twice: refused, then approved
        async with connected(home, mode="legacy", elicit=elicit) as client:
            refused = structured(await client.call_tool("run_procedure", arguments))
            received = attacker.everything()  # what the attacker had got once the person refused
            return refused, received, structured(await client.call_tool("run_procedure", arguments))

    unasked = run_apart(run_unasked)  # the 2026 protocol: nobody can be asked mid-call, so it is refused
    assert unasked["outcome"] == "failed" and questions == []
    assert "statement for march" not in attacker.everything()

    answers.extend([False, True])
    refused, received, approved = run_apart(run_twice)
    assert refused["outcome"] == "failed" and "nobody approved to upload" in refused["error"]
    assert "statement for march" not in received
    assert questions == [f"A ShowMeHow run asks to upload {statement} to {attacker.base}. Allow it?"] * 2
    assert approved["outcome"] in ("verified", "unverified") and answers == []
    assert "statement for march" in attacker.everything()  # approved: it went


def test_a_cancelled_call_stops_its_run(home: Path, sites: AttackerServer) -> None:
    procedure_id = store_slow(sites.base)

    async def main() -> tuple[list[str], list[dict]]:
        async with connected(home) as client:
            started = anyio.Event()

            async def on_progress(done: float, total: float | None, message: str | None) -> None:
                started.set()

            async with anyio.create_task_group() as group:

                async def call() -> None:
                    await client.call_tool("run_procedure", {"task": "Greet the user zoe"}, progress_callback=on_progress)

                group.start_soon(call)
                await started.wait()  # step 1 is done; step 2 waits 1.5 s for its button
                group.cancel_scope.cancel()
            tools = [t.name for t in (await client.list_tools()).tools]  # the server goes on
            with anyio.fail_after(60):  # the run ends once its step under way has, without playing the next
                while not (results := list((home / "runs").glob("*/result.json"))):
                    await anyio.sleep(0.05)
            return tools, [json.loads(p.read_text()) for p in results]

    tools, results = run_apart(main)
    assert len(tools) == 7
    assert [r["outcome"] for r in results] == ["stopped"]
    assert not any(r.path.startswith("/welcome.html") for r in sites.received)
    procedure = ProcedureStore().get(procedure_id)
    assert (procedure.success_count, procedure.failure_count) == (0, 0)  # a stop is nobody's failure


def test_two_runs_at_once(home: Path, sites: AttackerServer) -> None:
    store_slow(sites.base)
    ProcedureStore().add(waiting_procedure(sites.base))

    async def main() -> tuple[dict, bool]:
        async with connected(home) as client:
            waiting_started, waiting_ended = anyio.Event(), anyio.Event()

            async def on_progress(done: float, total: float | None, message: str | None) -> None:
                waiting_started.set()

            async def wait() -> None:
                await client.call_tool(
                    "run_procedure",
                    {"task": "Click through the ticking page", "timeout_seconds": 120},
                    progress_callback=on_progress,
                )
                waiting_ended.set()

            async with anyio.create_task_group() as group:
                group.start_soon(wait)
                await waiting_started.wait()  # its browser is open, with some 40 s of clicks ahead of it
                greeted = structured(await client.call_tool("run_procedure", {"task": "Greet the user zoe"}))
                still_waiting = not waiting_ended.is_set()
                group.cancel_scope.cancel()
        return greeted, still_waiting

    greeted, still_waiting = run_apart(main)
    assert greeted["outcome"] == "verified" and still_waiting  # a run went through while the other was under way
    assert any(r.path == "/welcome.html?username=zoe" for r in sites.received)


def waiting_procedure(base: str) -> Procedure:
    """Ten clicks on buttons that show 4 s apart (tests/sites/ticking.html): some 40 s of steps that all succeed."""
    url = f"{base}/ticking.html"
    clicks = [ProcedureStep(action="click", selector=f"#tick{n}", selectors=[f"#tick{n}"], url=url) for n in range(1, 11)]
    return Procedure(
        title="Click through the ticking page",
        abstract=Abstract(goal="Click through the ticking page", domains=["localhost"]),
        steps=[ProcedureStep(action="navigate", value=url, url=url), *clicks],
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_over_streamable_http(home: Path, sites: AttackerServer) -> None:
    store_slow(sites.base)
    port = _free_port()
    showmehow = Path(sys.executable).parent / "showmehow"
    command = [str(showmehow), "mcp", "--http", str(port)]
    with subprocess.Popen(command, env=server_env(home), cwd=ROOT, stderr=subprocess.PIPE, text=True) as server:
        assert server.stderr is not None
        for line in server.stderr:  # uvicorn says when it listens
            if "Uvicorn running" in line or "Application startup complete" in line:
                break

        async def main() -> tuple[list[str], dict]:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                tools = [t.name for t in (await client.list_tools()).tools]
                ran = structured(await client.call_tool("run_procedure", {"task": "Greet the user zoe"}))
            return tools, ran

        try:
            tools, ran = run_apart(main)
        finally:
            server.terminate()
    assert "run_procedure" in tools and ran["outcome"] == "verified"
    assert any(r.path == "/welcome.html?username=zoe" for r in sites.received)


def _visiting(title: str, url: str) -> str:
    procedure = Procedure(
        title=title,
        abstract=Abstract(goal=title, domains=["localhost"]),
        steps=[ProcedureStep(action="navigate", value=url, url=url)],
    )
    return ProcedureStore().add(procedure)


def test_a_near_tie_is_put_to_the_person_or_reported(home: Path, sites: AttackerServer) -> None:
    ids = {
        _visiting("Archive the old tickets", f"{sites.base}/login.html?archived=old"): "old",
        _visiting("Archive the old tickets now", f"{sites.base}/login.html?archived=now"): "now",
    }
    offered: list[list[str]] = []
    taken: list[str] = []  # the procedure the run without a person took

    async def elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:  # type: ignore[no-untyped-def]
        choices = params.requested_schema["properties"]["procedure"]["enum"]
        offered.append(choices)
        return types.ElicitResult(action="accept", content={"procedure": next(c for c in choices if taken[0][:12] not in c)})

    async def main() -> tuple[dict, dict]:
        arguments = {"task": "archive old tickets", "mode": "replay"}
        async with connected(home) as client:  # nobody to ask mid-call: the first runs, and the report says so
            reported = structured(await client.call_tool("run_procedure", arguments))
        taken.append(reported["procedure_id"])
        async with connected(home, mode="legacy", elicit=elicit) as client:
            asked = structured(await client.call_tool("run_procedure", arguments))
        return reported, asked

    reported, asked = run_apart(main)
    assert "Archive the old tickets now" in reported["near_tie"] and "'Archive the old tickets'" in reported["near_tie"]
    assert len(offered) == 1 and len(offered[0]) == 2
    assert asked["procedure_id"] in ids and asked["procedure_id"] != taken[0] and not asked["near_tie"]  # the person's pick
    visited = [r.path for r in sites.received if r.path.startswith("/login.html?archived=")]
    assert visited == [f"/login.html?archived={ids[taken[0]]}", f"/login.html?archived={ids[asked['procedure_id']]}"], visited
