"""Shared fixtures: an isolated data directory, the fixture sites over HTTP, a headless Chromium."""

from __future__ import annotations

import functools
import http.server
import os
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["SHOWMEHOW_HOME"] = tempfile.mkdtemp(prefix="showmehow-tests-")  # never the user's own data

SITES = Path(__file__).parent / "sites"
pytest_plugins = ["tests.postgres"]  # a PostgreSQL cluster for the team store's tests


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SHOWMEHOW_HOME."""
    path = tmp_path / "home"
    monkeypatch.setenv("SHOWMEHOW_HOME", str(path))
    return path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves tests/sites; `/slow/MS/path` is `/path` answered MS milliseconds late."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        slow = re.match(r"/slow/(\d+)(/.*)", self.path)
        if slow:
            time.sleep(int(slow.group(1)) / 1000)
            self.path = slow.group(2)
        super().do_GET()


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Base URL of tests/sites served on 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(SITES))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class ServedSite:
    """tests/sites over HTTP on 127.0.0.1, with the paths (and queries) it was asked for, in order."""

    def __init__(self) -> None:
        self.received: list[str] = []
        received = self.received

        class Handler(_QuietHandler):
            def do_GET(self) -> None:
                received.append(self.path)
                super().do_GET()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITES)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served() -> Iterator[ServedSite]:
    """The fixture sites on a server of this test's own, which keeps what it received."""
    server = ServedSite()
    yield server
    server.close()


@pytest.fixture
def attacker() -> Iterator[object]:
    """The attacker's server (tests/sites/hostile at http://localhost:PORT), with what it received."""
    from tests.attacker import AttackerServer

    server = AttackerServer()
    yield server
    server.close()


@pytest.fixture
def victim() -> Iterator[object]:
    """The victim's server (tests/sites at http://127.0.0.1:PORT), with what it received."""
    from tests.attacker import SITES, AttackerServer

    server = AttackerServer(root=SITES, name="127.0.0.1")
    yield server
    server.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    from recorder.browser import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


@pytest.fixture
def llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """The scripted OpenAI-compatible server (tests/llm_server.py), set as the model in the settings."""
    from core.settings import set_setting
    from tests.llm_server import MODEL, LLMServer

    server = LLMServer()
    set_setting("api_base", server.url)
    set_setting("model", MODEL)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield server
    server.close()
