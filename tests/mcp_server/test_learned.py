"""Procedures learned from agent runs over MCP: listed with their text, accepted (then listed with source
agent_run) or rejected, through a real client session."""

from __future__ import annotations

from pathlib import Path

from procedures.learned_store import Learned
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure
from tests.mcp_server import run_apart
from tests.mcp_server.conftest import connected, structured


def test_learned_procedures_are_shown_accepted_and_rejected(home: Path) -> None:
    store = ProcedureStore()
    kept = store.learned.propose(Learned(procedure=sample_procedure(source="agent_run"), task="Log in as emile"))
    dropped = store.learned.propose(
        Learned(procedure=sample_procedure("Log in elsewhere", "other.example", source="agent_run"), task="x")
    )

    async def main() -> tuple[dict, str, str, dict]:  # type: ignore[type-arg]
        async with connected(home) as client:
            listed = structured(await client.call_tool("learned_procedures", {}))
            accepted = await client.call_tool("decide_learned_procedure", {"learned_id": kept.id[:8], "decision": "accept"})
            rejected = await client.call_tool("decide_learned_procedure", {"learned_id": dropped.id, "decision": "reject"})
            procedures = structured(await client.call_tool("list_procedures", {}))
        return listed, accepted.content[0].text, rejected.content[0].text, procedures  # type: ignore[union-attr]

    listed, accepted, rejected, procedures = run_apart(main)
    assert {x["id"] for x in listed["learned"]} == {kept.id, dropped.id}
    assert all("Source: agent_run" in x["text"] for x in listed["learned"])
    assert accepted.startswith("Accepted") and rejected.startswith("Rejected")
    assert [p["source"] for p in procedures["procedures"]] == ["agent_run"]
    assert ProcedureStore().learned.list("proposed") == []
