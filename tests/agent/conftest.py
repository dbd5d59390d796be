"""A scripted LLM that drives the agent through tool calls, finding refs by element name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from core.settings import set_setting
from tests.llm_server import LLMServer, Reply, tool_call

MODEL = "openai/scripted"


def ref_of(request: dict[str, Any], name: str) -> str:
    """The ref of the element called `name` in the latest observation the agent sent."""
    text = next(m["content"] for m in reversed(request["messages"]) if m["role"] == "user")
    match = re.search(rf"^(e\d+): \w+ {re.escape(json.dumps(name))}", text, re.MULTILINE)
    assert match, f"no element {name!r} in:\n{text}"
    return match.group(1)


def act(tool: str, **args: Any) -> Any:
    """A reply calling `tool`; an argument `ref_name="Username"` becomes the ref of that element."""

    def reply(request: dict[str, Any]) -> Reply:
        resolved = {k: v for k, v in args.items() if k != "ref_name"}
        if "ref_name" in args:
            resolved["ref"] = ref_of(request, args["ref_name"])
        return Reply(tool_calls=[tool_call(tool, **resolved)])

    return reply


@pytest.fixture
def llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMServer]:
    server = LLMServer()
    set_setting("api_base", server.url)
    set_setting("model", MODEL)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield server
    server.close()
