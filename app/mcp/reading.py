"""The store that the MCP server's calls read: opened once (a 10k store answers in half the time when it
stays open), read in a worker thread off the event loop, one call at a time."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio
import anyio.to_thread
from mcp.server.mcpserver.exceptions import ToolError

from core.errors import ShowMeHowError
from procedures.store import ProcedureStore

T = TypeVar("T")


async def tool_errors(call: Awaitable[T]) -> T:
    """The call's ShowMeHowError as a tool error the agent reads (an unknown id, a store that cannot be read)."""
    try:
        return await call
    except ShowMeHowError as exc:
        raise ToolError(str(exc)) from exc


class Reader:
    """The open store, read by one call at a time in a worker thread."""

    def __init__(self) -> None:
        self._store: ProcedureStore | None = None
        self._one_at_a_time = anyio.CapacityLimiter(1)

    async def __call__(self, work: Callable[[ProcedureStore], T]) -> T:
        """`work` on the open store, in a worker thread."""

        def read() -> T:
            if self._store is None:
                self._store = ProcedureStore()
            return work(self._store)

        return await tool_errors(anyio.to_thread.run_sync(read, limiter=self._one_at_a_time))
