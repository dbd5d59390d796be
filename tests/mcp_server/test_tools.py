"""The MCP server through a real client session over stdio: its tools and schemas, finding and running a
procedure with new values (judged by what the fixture site received), secrets, bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

from mcp import types

from procedures.store import ProcedureStore
from tests.attacker import AttackerServer
from tests.mcp_server import run_apart
from tests.mcp_server.conftest import connected, store_login, structured

PASSWORD = "Hunter-2-pw"


def test_the_tools_their_schemas_and_descriptions(home: Path) -> None:
    async def main() -> None:
        async with connected(home) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            templates = (await client.list_resource_templates()).resource_templates
            prompts = (await client.list_prompts()).prompts
        assert set(tools) == {
            "find_procedures",
            "run_procedure",
            "show_procedure",
            "list_procedures",
            "record_demonstration",
            "learned_procedures",
            "decide_learned_procedure",
        }
        for tool in tools.values():
            assert tool.description and len(tool.description) > 60, tool.name
            assert tool.output_schema and tool.output_schema["type"] == "object", tool.name
        run = tools["run_procedure"]
        assert run.input_schema["required"] == ["task"]
        assert run.input_schema["properties"]["mode"]["enum"] == ["replay", "auto"]
        assert "secret" in run.input_schema["properties"]["params"]["description"]
        assert {"outcome", "checks", "steps", "final_url", "cost", "run_dir"} <= set(run.output_schema["properties"])
        found = tools["find_procedures"].output_schema
        assert "matches" in found["properties"]
        assert [t.uri_template for t in templates] == ["procedure://{procedure_id}"]
        assert [p.name for p in prompts] == ["procedural_memory"]

    run_apart(main)


def test_find_and_run_with_new_values(home: Path, sites: AttackerServer) -> None:
    procedure_id = store_login(sites.base)
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    async def main() -> tuple[dict, dict, str, str]:
        async with connected(home, SHOWMEHOW_PARAM_PASSWORD=PASSWORD) as client:
            listed = structured(await client.call_tool("list_procedures", {"query": "log in"}))
            assert [p["id"] for p in listed["procedures"]] == [procedure_id] and listed["procedures"][0]["secret"] == ["password"]
            assert structured(await client.call_tool("list_procedures", {"query": "flights"}))["procedures"] == []
            shown = structured(await client.call_tool("show_procedure", {"procedure_id": procedure_id[:8]}))
            assert [(p["name"], p["secret"], p["example"]) for p in shown["parameters"]] == [
                ("username", False, "emile"),
                ("password", True, None),
            ]
            assert [s["value"] for s in shown["steps"]][1:3] == ["{username}", "••••"] and shown["checks"]
            found = structured(await client.call_tool("find_procedures", {"task": "Log in as zoe"}))
            ran = structured(
                await client.call_tool(
                    "run_procedure", {"task": "Log in as zoe", "procedure_id": procedure_id[:8]}, progress_callback=on_progress
                )
            )
            text = (await client.read_resource(f"procedure://{procedure_id}")).contents[0].text
            memory = (await client.get_prompt("procedural_memory", {"task": "Log in as zoe"})).messages[0].content.text
        return found, ran, text, memory

    found, ran, text, memory = run_apart(main)
    (match,) = found["matches"]
    assert match["id"] == procedure_id and match["bound"] == {"username": "zoe"}
    assert match["secret"] == ["password"] and match["missing"] == []
    assert "SHOWMEHOW_PARAM_PASSWORD" in match["how"]["password"] and match["breakdown"]["goal"] > 0
    assert ran["outcome"] == "verified", ran
    assert [s["status"] for s in ran["steps"]] == ["ok"] * 4 and ran["checks"][0]["passed"]
    assert ran["final_url"].startswith(f"{sites.base}/welcome.html?username=zoe") and Path(ran["run_dir"]).is_dir()
    assert [(done, total) for done, total, _ in progress] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert any(r.path == f"/welcome.html?username=zoe&password={PASSWORD}&otp_code=" for r in sites.received)
    assert PASSWORD not in json.dumps(ran) + json.dumps(found) + repr(progress)
    assert "Log in as emile" in text and "<procedural_memory>" in memory
    assert ProcedureStore().get(procedure_id).success_count == 1  # the verified run counted, as `showmehow run` counts it


def test_a_secret_from_the_model_is_refused(home: Path, sites: AttackerServer) -> None:
    procedure_id = store_login(sites.base)

    async def main() -> list[types.CallToolResult]:
        async with connected(home, SHOWMEHOW_PARAM_PASSWORD=PASSWORD) as client:
            as_param = await client.call_tool(
                "run_procedure", {"task": "Log in as zoe", "procedure_id": procedure_id, "params": {"password": "from-the-model"}}
            )
            in_task = await client.call_tool("run_procedure", {"task": 'Log in as zoe with password "from-the-model"'})
            return [as_param, in_task]

    for result in run_apart(main):
        assert result.is_error and "only the person gives it" in result.content[0].text
        assert "from-the-model" not in result.content[0].text
    assert sites.received == []  # no browser went anywhere


def test_a_missing_secret_is_asked_of_the_person_or_refused(home: Path, sites: AttackerServer) -> None:
    procedure_id = store_login(sites.base)
    asked: list[dict] = []

    async def elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:  # type: ignore[no-untyped-def]
        asked.append(params.requested_schema)
        return types.ElicitResult(action="accept", content={"password": PASSWORD})

    async def main() -> tuple[types.CallToolResult, dict]:
        arguments = {"task": "Log in as zoe", "procedure_id": procedure_id}
        async with connected(home) as client:  # the 2026 protocol: the server cannot ask in the middle of a call
            refused = await client.call_tool("run_procedure", arguments)
        async with connected(home, mode="legacy", elicit=elicit) as client:
            ran = structured(await client.call_tool("run_procedure", arguments))
        return refused, ran

    refused, ran = run_apart(main)
    assert refused.is_error and "SHOWMEHOW_PARAM_PASSWORD" in refused.content[0].text
    assert list(asked[0]["properties"]) == ["password"]
    assert ran["outcome"] == "verified" and PASSWORD not in json.dumps(ran)
    assert [r.path for r in sites.received if "password=" in r.path] == [
        f"/welcome.html?username=zoe&password={PASSWORD}&otp_code="
    ]


def test_malformed_arguments_are_tool_errors(home: Path, sites: AttackerServer) -> None:
    store_login(sites.base)
    bad = [
        ("run_procedure", {}),
        ("run_procedure", {"task": 5}),
        ("run_procedure", {"task": "Log in", "mode": "fly"}),
        ("run_procedure", {"task": "Log in", "params": "password=x"}),
        ("run_procedure", {"task": "Log in", "procedure_id": "no-such-id"}),
        ("find_procedures", {"task": "Log in", "limit": 0}),
        ("show_procedure", {"procedure_id": "nothing"}),
        ("show_procedure", {"procedure_id": ["a"]}),
    ]

    async def main() -> tuple[list[types.CallToolResult], list[str]]:
        async with connected(home) as client:
            results = [await client.call_tool(name, arguments) for name, arguments in bad]
            still = [t.name for t in (await client.list_tools()).tools]
        return results, still

    results, still = run_apart(main)
    assert [r.is_error for r in results] == [True] * len(bad)
    assert "no procedure" in results[4].content[0].text
    assert len(still) == 7  # the server kept answering
    assert sites.received == []
