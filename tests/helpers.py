"""Small builders shared by tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from procedures.merging import with_selectors
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


def proposed_fix(store: ProcedureStore) -> tuple[str, Revision]:
    """A stored sample procedure and a proposed revision of it: its button found by a new name first."""
    procedure = sample_procedure()
    pid = store.add(procedure)
    steps = list(procedure.steps)
    steps[3] = with_selectors(steps[3], ['internal:role=button[name="Sign in"s]'], steps[3].selectors)
    revision = Revision(procedure_id=pid, base_steps=procedure.steps, steps=steps, reason="step 4 failed: no element")
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


def record(context, url: str, actions, title: str = "", description: str = "", home: Path | None = None):  # type: ignore[no-untyped-def]
    """A real recording: open `url`, let `actions(page)` drive the browser, return the Recording."""
    from recorder import RecordingSession
    from recorder.recordings import RecordingStore

    page = context.new_page()
    store = RecordingStore(home / "showmehow.db") if home else None
    session = RecordingSession(context, title=title, description=description, store=store, home=home)
    session.start()
    page.goto(url)
    actions(page)
    page.wait_for_timeout(150)
    recording = session.stop()
    page.close()
    return recording


def log_in(username: str, password: str):  # type: ignore[no-untyped-def]
    def actions(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#user").press_sequentially(username)
        page.locator("#pass").press_sequentially(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/welcome.html*")

    return actions
