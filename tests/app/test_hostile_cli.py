"""Hostile input at the command line (issue 24): task text of any bytes, a title that names a password,
judged by the exit code, what was printed and what the data directory holds."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from app.cli import main
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures
from tests.attacker import where_it_went
from tests.helpers import ROOT, call_cli, record, run_cli, sample_procedure


def test_a_task_of_latin_1_bytes_ends_cleanly(home: Path) -> None:
    task = "Log in as \xe9mile with password caf\xe9".encode("latin-1")
    ran = subprocess.run(
        [sys.executable, "-m", "app.cli", "run", task, "--mode", "replay", "--headless"],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    out, err = ran.stdout.decode("utf-8"), ran.stderr.decode("utf-8")
    assert ran.returncode == 1 and "Traceback" not in err and "no stored procedure fits this task" in out, out + err
    (run_dir,) = (home / "runs").iterdir()
    for path in run_dir.iterdir():
        path.read_text(encoding="utf-8")  # every file of the run is valid UTF-8
    assert "caf" not in (run_dir / "memory_events.jsonl").read_text()  # the password the task names is masked
    control = run_cli("run", "Log in as émile", "--mode", "replay", "--headless")  # the same task as UTF-8
    assert control.returncode == 1 and "no stored procedure fits this task" in control.stdout


def test_a_title_that_names_a_password_keeps_its_placeholder(
    context: BrowserContext, site: str, home: Path, tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    secret = "Xy-77pw"

    def username_only(page: Page) -> None:
        page.locator("#user").press_sequentially("bob")

    recording = record(context, f"{site}/secrets/get-form.html", username_only, title=f"Log in as bob with password {secret}")
    assert recording.title == "Log in as bob with password {password}"
    assert main(["build", recording.id]) == 0
    (procedure,) = ProcedureStore().list()
    procedure_id = procedure.id
    for command in (["list"], ["show", procedure_id], ["retrieve", "Log in as bob", "--explain"]):
        assert main(command) == 0
    for name in ("p.json", "p.py"):
        assert main(["export", procedure_id, str(tmp_path / name)]) == 0
    printed = capsys.readouterr().out
    assert "Log in as bob with password {password}" in printed  # the control: the title is there, with its placeholder
    assert where_it_went(secret, [], home, printed) == set()
    assert where_it_went(secret, [], tmp_path) == set()


def _damaged_store(home: Path, tmp_path: Path) -> Path:
    """A store of 60 procedures whose file has damaged pages after the schema; an export of one of them."""
    store = ProcedureStore()
    for number in range(60):
        store.add(sample_procedure(title=f"Procedure number {number}", description="x" * 2000))
    exported = tmp_path / "p.json"
    export_procedures([sample_procedure(title="Imported later")], exported)
    store.close()
    path = home / "showmehow.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(path.read_bytes())
    for offset in range(3 * 4096, len(data) - 4096, 2 * 4096):  # every other page after the schema
        data[offset : offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    return exported


def test_every_command_on_a_damaged_database_fails_with_what_doctor_says(home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    exported = _damaged_store(home, tmp_path)
    doctor = run_cli("doctor")  # a process of its own, as a person runs it; the commands below run in this one
    (problem,) = [line for line in doctor.stdout.splitlines() if line.startswith("PROBLEM  database: ")]
    said = problem.removeprefix("PROBLEM  database: ")
    assert doctor.returncode == 1 and "damaged" in said
    commands = [
        ["list"],
        ["show", "abc"],
        ["retrieve", "Procedure number 7"],
        ["run", "Procedure number 7", "--mode", "replay", "--headless"],
        ["export", "abc", str(tmp_path / "out.json")],
        ["import", str(exported)],
        ["delete", "abc"],
        ["recordings"],
        ["revisions"],
        ["lessons"],
    ]
    for command in commands:
        ran = call_cli(capsys, *command)  # the database is refused before any browser starts
        assert ran.returncode != 0 and ran.stderr.strip() == f"showmehow: {said}", (command, ran.stdout, ran.stderr)
        assert "Procedure number" not in ran.stdout, command  # nothing answered from what could still be read
    assert call_cli(capsys, "config", "get").returncode == 0  # the settings stay reachable, to move the data elsewhere
