"""The MCP server's newer doors (issue 41): secret-ness judged from the procedure that will run, however it ranks;
each procedure a resource; an unknown procedure:// id answered with the store's own message; a client that
passes no DISPLAY still records on the person's display."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from mcp import types
from mcp.shared.exceptions import MCPError

from app.mcp.running import model_secrets
from app.operations import find_procedures
from procedures.models import Parameter
from procedures.store import ProcedureStore
from recorder.display import NO_DISPLAY, find_display, use_person_display
from tests.attacker import AttackerServer
from tests.helpers import titled
from tests.mcp_server import run_apart
from tests.mcp_server.conftest import connected, store_login

TASK = "Log in as zoe"


def _fourth(base: str) -> str:
    """A log-in with a secret of no secret-sounding name, below three look-alikes that have no secret."""
    store = ProcedureStore()
    login = store.get(store_login(base))
    answer = Parameter(name="answer", secret=True)
    params = [login.abstract.parameters[0], answer]
    steps = [s.model_copy(update={"value": "{answer}"}) if s.secret else s for s in login.steps]
    abstract = login.abstract.model_copy(update={"parameters": params, "goal": "Sign in to the staff area as emile"})
    store.update(login.model_copy(update={"title": abstract.goal, "abstract": abstract, "steps": steps}))
    for site in ("wiki", "forum", "shop"):
        look_alike = titled(f"Log in as zoe to the {site}", Parameter(name="username", example="zoe"))
        store.add(look_alike.model_copy(update={"success_count": 30}))
    return login.id


def test_a_procedure_picked_by_id_is_judged_by_its_own_secrets(home: Path, sites: AttackerServer) -> None:
    procedure_id = _fourth(sites.base)
    params = {"answer": "from-the-model"}
    top = find_procedures(ProcedureStore(), TASK)
    assert procedure_id not in [m.procedure.id for m in top] and model_secrets(top, params) == []  # the control

    async def main() -> tuple[types.CallToolResult, list[str], str]:
        async with connected(home) as client:
            ran = await client.call_tool("run_procedure", {"task": TASK, "procedure_id": procedure_id, "params": params})
            listed = [str(r.uri) for r in (await client.list_resources()).resources]
            with pytest.raises(MCPError) as unknown:
                await client.read_resource("procedure://no-such-id")
        return ran, listed, str(unknown.value)

    ran, listed, unknown = run_apart(main)
    assert ran.is_error and "answer: secret, so only the person gives it" in ran.content[0].text
    assert sites.received == []  # no browser went anywhere
    assert sorted(listed) == sorted(f"procedure://{p.id}" for p in ProcedureStore().list())
    assert "no procedure" in unknown and "Error reading resource" not in unknown


def test_recording_finds_the_person_display(home: Path, sites: AttackerServer) -> None:
    async def main() -> None:
        async with connected(home, DISPLAY="", WAYLAND_DISPLAY="") as client:
            with anyio.move_on_after(60):
                async with anyio.create_task_group() as group:
                    group.start_soon(
                        client.call_tool, "record_demonstration", {"url": f"{sites.base}/login.html", "title": "Log in"}
                    )
                    while not sites.received:
                        await anyio.sleep(0.1)
                    group.cancel_scope.cancel()  # the person's window is open on the page: enough

    run_apart(main)
    assert [r.path for r in sites.received][:1] == ["/login.html"]


def test_without_a_display_the_message_says_what_to_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert find_display(tmp_path) is None
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("recorder.display.X11_SOCKETS", tmp_path)
    with pytest.raises(Exception, match="set DISPLAY"):
        use_person_display()
    assert "DISPLAY=:0" in NO_DISPLAY
