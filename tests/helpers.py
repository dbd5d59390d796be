"""Small builders shared by tests."""

from __future__ import annotations

import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from procedures.building.merging import with_selectors
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.revisions import Revision
from procedures.store import ProcedureStore

ROOT = Path(__file__).resolve().parent.parent


def sample_procedure(title: str = "Log in to the demo site", domain: str = "127.0.0.1", **changes: object) -> Procedure:
    procedure = Procedure(
        title=title,
        abstract=Abstract(
            goal=title,
            parameters=[Parameter(name="username", example="emile"), Parameter(name="password", secret=True)],
            flow=["Open the login page", "Enter the username", "Enter the password", "Submit"],
            domains=[domain],
            tags=["login"],
        ),
        steps=[
            ProcedureStep(action="navigate", value=f"http://{domain}/login.html", url=f"http://{domain}/login.html"),
            ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}"),
            ProcedureStep(action="fill", selector="#pass", selectors=["#pass"], value="{password}", secret=True),
            ProcedureStep(action="click", selector="#go", selectors=["#go"]),
        ],
    )
    return procedure.model_copy(update=changes)


def titled(title: str, *parameters: Parameter) -> Procedure:
    """A procedure of no steps whose goal is its title: what binding reads."""
    return Procedure(title=title, abstract=Abstract(goal=title, parameters=list(parameters)), steps=[])


def proposed_fix(store: ProcedureStore) -> tuple[str, Revision]:
    """A stored sample procedure and a proposed revision of it: its button found by a new name first."""
    procedure = sample_procedure()
    pid = store.add(procedure)
    steps = list(procedure.steps)
    steps[3] = with_selectors(steps[3], ['internal:role=button[name="Sign in"s]'], steps[3].selectors)
    change = 'step 4 (Click "Sign in"): now Click "Sign in", as the agent did; replay could not do it'
    revision = Revision(
        procedure_id=pid, base_steps=procedure.steps, steps=steps, reason="step 4 failed: no element", changes=[change]
    )
    return pid, store.revisions.propose(revision)


def age_database(path: Path, *statements: str) -> None:
    """Make a database file look as an older ShowMeHow left it, by running `statements` on it."""
    import sqlite3

    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`showmehow ARGS` in a child process, as a user would run it."""
    import os

    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def call_cli(capsys, *args: str) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    """`showmehow ARGS` through the same entry point in this process: faster than run_cli, for commands
    that need no process of their own (signals, pipes, a different environment)."""
    from app.cli import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["showmehow", *args], code, out, err)


@contextmanager
def recording_session(context, url: str, title: str = "", description: str = "", home: Path | None = None):  # type: ignore[no-untyped-def]
    """A real recording under way on a page at `url`: yields (page, session), stops it on leaving."""
    from recorder import RecordingSession
    from recorder.recordings import RecordingStore

    page = context.new_page()
    store = RecordingStore(home / "showmehow.db") if home else None
    session = RecordingSession(context, title=title, description=description, store=store, home=home)
    session.start()
    page.goto(url)
    yield page, session
    settle(session)
    session.stop()
    page.close()


def record(context, url: str, actions, title: str = "", description: str = "", home: Path | None = None):  # type: ignore[no-untyped-def]
    """A real recording: open `url`, let `actions(page)` drive the browser, return the Recording."""
    with recording_session(context, url, title, description, home) as (page, session):
        actions(page)
    return session.recording


def settle(session, timeout_s: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    """Let a recording catch up with the browser. The listener sends a step over the recorder's CDP
    session of its page (or out-of-process frame) while the page handles the input, before Playwright's
    action returns; the answer to a command sent afterwards on the same session comes after it. So: one
    round trip on each session, then wait until the recorder has handled what came (handling a step
    may itself wait on the browser, to find the frame it came from)."""
    from playwright.sync_api import Error as PlaywrightError

    for target in list(session._channel._targets.values()):
        try:
            target.cdp.send("Runtime.evaluate", {"expression": "0"})
        except PlaywrightError:
            continue  # closed: nothing more comes from it
    deadline = time.monotonic() + timeout_s
    while session._handling or session._inbox:
        assert time.monotonic() < deadline, "the recorder never finished handling what the page sent"
        if not session.pump(10):
            return


def log_in(username: str, password: str):  # type: ignore[no-untyped-def]
    def actions(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#user").press_sequentially(username)
        page.locator("#pass").press_sequentially(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/welcome.html*")

    return actions
