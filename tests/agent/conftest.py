"""A scripted LLM that drives the agent through tool calls, finding refs by element name."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.llm_server import MODEL, Reply, tool_call

__all__ = ["MODEL", "act", "ref_of"]  # MODEL: what tests pass as model=


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
