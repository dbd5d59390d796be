"""Pages that stop a run (issue 41): a page whose script never ends ends the run as the site's fault, naming what
the page did, instead of waiting for ever; a page that floods the screen with windows is said to have done so.
The pages run in a browser of this test's own, closed whatever happens: a renderer that never answers must not
hold up the worker's shared browser."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from playwright.sync_api import Browser, BrowserContext
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from agent import run_task
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.attacker import AttackerServer
from tests.helpers import ROOT


@pytest.fixture
def own_context(browser: Browser) -> Iterator[BrowserContext]:
    own = launch(SimpleNamespace(chromium=browser.browser_type), headless=True)  # type: ignore[arg-type]
    try:
        yield own.new_context(viewport={"width": 1280, "height": 800})
    finally:
        own.close()


def _stored(base: str, page: str) -> str:
    url = f"{base}/{page}"
    return ProcedureStore().add(
        Procedure(
            title="Sign in as emile",
            abstract=Abstract(goal="Sign in as emile", parameters=[Parameter(name="username", example="emile")]),
            steps=[
                ProcedureStep(action="navigate", value=url, url=url),
                ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=url),
                ProcedureStep(action="click", selector="#go", selectors=["#go"], url=url),
            ],
        )
    )


def test_a_page_whose_script_never_ends_ends_the_run(own_context: BrowserContext, attacker: AttackerServer, home) -> None:  # type: ignore[no-untyped-def]
    pid = _stored(attacker.base, "frozen.html")
    probe = own_context.new_page()
    probe.goto(f"{attacker.base}/frozen.html")
    probe.wait_for_timeout(500)
    with pytest.raises(PlaywrightTimeout):  # the control: the page answers nothing (an evaluate would wait for ever)
        own_context.new_cdp_session(probe).send("Runtime.evaluate", {"expression": "1"}, timeout=1000)
    started = time.monotonic()
    ran = subprocess.run(  # the run as a person starts it, in a process of its own: were it to hang, only it would
        [sys.executable, "-m", "app.cli", "run", "Sign in as zoe", "--mode", "replay", "--procedure", pid, "--headless"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        timeout=170,
    )
    assert "Failed (the site's fault)" in ran.stdout and "a script on it never ends" in ran.stdout, ran.stdout + ran.stderr
    assert time.monotonic() - started < 120


def test_a_popup_flood_is_said_to_be_one(own_context: BrowserContext, attacker: AttackerServer) -> None:
    pid = _stored(attacker.base, "popups.html")
    result = run_task("Sign in as zoe", page=own_context.new_page(), mode="replay", procedure_ids=[pid], timeout_ms=3000)
    verdict = result.verdict()
    assert result.outcome == "environment" and "(a popup flood)" in verdict, verdict
    assert "could not be reached" not in verdict
    assert len(own_context.pages) > 5  # the control: the page did open the windows
    assert not [r for r in attacker.received if "/sent" in r.path]
