"""A real MCP client session against `showmehow mcp` spawned over stdio (or HTTP), with fixture sites on
127.0.0.1 that keep every request they receive, and procedures stored for them."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.session import ElicitationFnT

from procedures.models import Abstract, Check, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from tests.attacker import AttackerServer
from tests.conftest import SITES
from tests.helpers import ROOT


@pytest.fixture
def sites() -> Iterator[AttackerServer]:
    """tests/sites at http://localhost:PORT, with every request it received."""
    server = AttackerServer(root=SITES)
    yield server
    server.close()


def server_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SHOWMEHOW_PARAM_")}
    return env | {"PYTHONPATH": str(ROOT), "SHOWMEHOW_HOME": str(home)} | extra


@asynccontextmanager
async def connected(home: Path, mode: str = "auto", elicit: ElicitationFnT | None = None, **env: str) -> AsyncIterator[Client]:
    """A client session with `python -m app.cli mcp` spawned over stdio; `env` adds to its environment.
    mode "legacy" speaks the handshake protocol, in which the server can ask the person mid-call."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "app.cli", "mcp"], env=server_env(home, **env), cwd=str(ROOT)
    )
    async with Client(params, mode=mode, elicitation_callback=elicit, read_timeout_seconds=120) as client:
        yield client


def store_login(base: str) -> str:
    """'Log in as emile' on login.html: a username, a secret password, a check that the welcome shows the name."""
    procedure = Procedure(
        title="Log in as emile",
        abstract=Abstract(
            goal="Log in as emile",
            parameters=[Parameter(name="username", example="emile"), Parameter(name="password", secret=True)],
            flow=["Open the login page", "Enter the username", "Enter the password", "Log in"],
            domains=["localhost"],
        ),
        steps=[
            ProcedureStep(action="navigate", value=f"{base}/login.html", url=f"{base}/login.html"),
            ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=f"{base}/login.html"),
            ProcedureStep(
                action="fill", selector="#pass", selectors=["#pass"], value="{password}", secret=True, url=f"{base}/login.html"
            ),
            ProcedureStep(
                action="click",
                selector="button[type=submit]",
                selectors=["button[type=submit]"],
                url=f"{base}/login.html",
                navigates_to=f"{base}/welcome.html",
            ),
        ],
        checks=[Check(kind="text", expected="Welcome {username}")],
    )
    return ProcedureStore().add(procedure)


def store_slow(base: str) -> str:
    """'Greet a user': a page whose button shows after 1.5 s, then the welcome page for the user."""
    procedure = Procedure(
        title="Greet the user emile",
        abstract=Abstract(
            goal="Greet the user emile",
            parameters=[Parameter(name="username", example="emile")],
            flow=["Open the slow page", "Continue", "Open the welcome page"],
            domains=["localhost"],
        ),
        steps=[
            ProcedureStep(action="navigate", value=f"{base}/late.html", url=f"{base}/late.html"),
            ProcedureStep(action="click", selector="#late", selectors=["#late"], url=f"{base}/late.html"),
            ProcedureStep(
                action="navigate",
                value=f"{base}/welcome.html?username={{username}}",
                url=f"{base}/welcome.html?username={{username}}",
            ),
        ],
        checks=[Check(kind="text", expected="Welcome {username}")],
    )
    return ProcedureStore().add(procedure)


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return result.structured_content
