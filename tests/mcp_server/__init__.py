"""MCP client sessions against `showmehow mcp`."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio


def run_apart(function: Callable[..., Any], *args: Any) -> Any:
    """`anyio.run` in a thread of its own: a test worker whose Playwright is open keeps an event loop running on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, function, *args).result()
