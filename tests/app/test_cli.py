import json
import os
import sqlite3
from pathlib import Path

import pytest

from procedures.store import ProcedureStore
from tests.helpers import call_cli as cli
from tests.helpers import proposed_fix, run_cli, sample_procedure


def test_list_show_export_import_delete(home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pid = ProcedureStore().add(sample_procedure())
    listed = cli(capsys, "list")
    assert listed.returncode == 0 and "Log in to the demo site" in listed.stdout and pid[:12] in listed.stdout

    shown = cli(capsys, "show", pid[:8])
    assert shown.returncode == 0
    assert "Goal: Log in to the demo site" in shown.stdout and "password: (secret)" in shown.stdout

    out = tmp_path / "p.json"
    assert cli(capsys, "export", pid, str(out)).returncode == 0
    data = json.loads(out.read_text())
    assert data["format"] == "showmehow.procedures" and data["version"] == 1

    again = cli(capsys, "import", str(out))  # the procedure is stored already: said, not duplicated
    assert again.returncode == 2 and f"Already stored: 'Log in to the demo site' as {pid}" in again.stdout
    assert "was imported before" in again.stderr and len(ProcedureStore()) == 1
    imported = cli(capsys, "import", str(out), "--force")
    assert imported.returncode == 0 and "Imported" in imported.stdout
    assert len(ProcedureStore()) == 2

    assert cli(capsys, "delete", pid).returncode == 0
    assert len(ProcedureStore()) == 1


def _dump(path: Path) -> list[str]:
    """The database's content as SQL (the file's bytes change when SQLite merges its WAL)."""
    db = sqlite3.connect(path)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def _assert_refused(result, needle: str) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


def test_bad_imports_change_nothing(home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ProcedureStore().add(sample_procedure())
    db_before = _dump(home / "showmehow.db")

    not_json = tmp_path / "a.json"
    not_json.write_text("{nope")
    _assert_refused(cli(capsys, "import", str(not_json)), "is not JSON")

    foreign = tmp_path / "b.json"
    foreign.write_text('{"hello": 1}')
    _assert_refused(cli(capsys, "import", str(foreign)), "nor a Chrome DevTools Recorder recording")

    good = json.loads(sample_procedure().model_dump_json())
    bad_step = json.loads(json.dumps(good))
    bad_step["steps"][1]["value"] = "{nickname}"
    wrong = tmp_path / "c.json"
    wrong.write_text(json.dumps({"format": "showmehow.procedures", "version": 1, "procedures": [good, bad_step]}))
    _assert_refused(cli(capsys, "import", str(wrong)), "unknown parameter(s): nickname")

    missing_field = tmp_path / "d.json"
    del good["abstract"]["goal"]
    missing_field.write_text(json.dumps({"format": "showmehow.procedures", "version": 1, "procedures": [good]}))
    _assert_refused(cli(capsys, "import", str(missing_field)), "procedures.0.abstract.goal")

    huge = tmp_path / "e.json"
    huge.write_bytes(b" " * (21 * 1024 * 1024))
    _assert_refused(cli(capsys, "import", str(huge)), "too large")

    _assert_refused(cli(capsys, "import", str(tmp_path / "missing.json")), "does not exist")
    assert len(ProcedureStore()) == 1
    assert _dump(home / "showmehow.db") == db_before


def test_unknown_id_and_corrupt_database(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _assert_refused(cli(capsys, "show", "zzz"), "no procedure with id 'zzz'")
    _assert_refused(cli(capsys, "delete", "zzz"), "no procedure with id 'zzz'")
    db = home / "showmehow.db"
    for suffix in ("-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    db.write_bytes(b"garbage" * 1000)
    _assert_refused(cli(capsys, "list"), "corrupt or not a database")
    assert db.read_bytes() == b"garbage" * 1000


def test_unwritable_data_directory(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    result = run_cli("list", env={"SHOWMEHOW_HOME": str(blocked / "home")})
    _assert_refused(result, "cannot write the data directory")


def test_config_get_set_and_validation(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "config", "set", "token_budget", "3000").returncode == 0
    assert cli(capsys, "config", "get", "token_budget").stdout.strip() == "3000"
    assert json.loads((home / "settings.json").read_text())["token_budget"] == 3000
    _assert_refused(cli(capsys, "config", "set", "token_budget", "lots"), "invalid value for token_budget")
    _assert_refused(cli(capsys, "config", "set", "colour", "blue"), "unknown setting 'colour'")
    _assert_refused(cli(capsys, "config", "set", "approval_policy", "sometimes"), "invalid value for approval_policy")
    assert cli(capsys, "config", "set", "approval_policy", "never").returncode == 0
    assert "approval_policy = never" in cli(capsys, "config", "get").stdout
    shown = cli(capsys, "config")  # no action: show them all
    assert shown.returncode == 0 and "approval_policy = never" in shown.stdout and "token_budget = 3000" in shown.stdout
    assert cli(capsys, "config", "set", "param_env", '{"password@example.org": "EXAMPLE_PASSWORD"}').returncode == 0
    assert json.loads((home / "settings.json").read_text())["param_env"] == {"password@example.org": "EXAMPLE_PASSWORD"}
    refused = cli(capsys, "config", "set", "param_env", '{"password": "hunter2!"}')  # a value where a variable's name belongs
    _assert_refused(refused, "invalid value for param_env")
    assert "hunter2!" not in (home / "settings.json").read_text()


def test_doctor_finds_chromium_and_names_problems(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = cli(capsys, "doctor")
    assert "ok       chromium: Chromium" in result.stdout, result.stdout
    assert result.returncode == 0
    monkeypatch.setenv("SHOWMEHOW_CHROMIUM", str(tmp_path / "no-chromium"))
    missing = cli(capsys, "doctor")
    assert missing.returncode == 1
    assert "PROBLEM  chromium: Chromium not found" in missing.stdout and "apt-get install -y chromium" in missing.stdout
    monkeypatch.delenv("SHOWMEHOW_CHROMIUM")
    cli(capsys, "config", "set", "model", "openai/test")
    monkeypatch.setenv("OPENAI_API_KEY", "")
    no_key = cli(capsys, "doctor")
    assert "PROBLEM  llm:" in no_key.stdout and "$OPENAI_API_KEY is empty" in no_key.stdout
    cli(capsys, "config", "set", "model", "ollama/llama3")  # a local model needs no key
    keyless = cli(capsys, "doctor")
    assert "ok       llm: ollama/llama3" in keyless.stdout and keyless.returncode == 0, keyless.stdout


def test_doctor_without_a_display_is_fine_for_the_command_line(home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    import subprocess
    import sys

    from tests.helpers import ROOT

    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "doctor"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert result.returncode == 0, result.stdout
    assert "note     display: none: the command line works" in result.stdout and "PROBLEM" not in result.stdout


def test_lessons_list_tier_promote_forget(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from retrieval.lessons import LessonStore

    store = LessonStore()
    store.load()
    store.add_lesson(
        "When goto fails with 'timeout', try reload instead.", "error_recovery", failed_command="goto", error_pattern="timeout"
    )
    listed = cli(capsys, "lessons")
    assert listed.returncode == 0 and "If fill fails" in listed.stdout and "When goto fails" in listed.stdout
    assert "When goto fails" not in cli(capsys, "lessons", "tier").stdout
    tier2 = cli(capsys, "lessons", "tier", "2").stdout
    assert "When goto fails" in tier2 and "If fill fails" not in tier2
    _assert_refused(cli(capsys, "lessons", "tier", "3"), "usage: showmehow lessons tier 1|2")
    _assert_refused(cli(capsys, "lessons", "promote", "1"), "lesson 1 is in Tier 1 already (tool_fallback)")
    assert LessonStore().load()[0].category == "tool_fallback"  # unchanged
    assert cli(capsys, "lessons", "promote", "4").returncode == 0
    assert "When goto fails" in cli(capsys, "lessons", "tier", "1").stdout
    assert cli(capsys, "lessons", "tier", "2").stdout.strip() == "No Tier-2 lessons yet."
    assert cli(capsys, "lessons", "forget", "4").returncode == 0
    assert "When goto fails" not in cli(capsys, "lessons").stdout
    _assert_refused(cli(capsys, "lessons", "forget", "99"), "no lesson number 99")


def test_the_app_without_a_display_says_what_to_do(home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    import subprocess
    import sys

    from tests.helpers import ROOT

    result = subprocess.run([sys.executable, "-m", "app.cli"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    # not an error: the README's set-up command ends with `&& showmehow`, and on a server it must end well
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "xvfb-run -a showmehow" in lines[0], result.stdout


def test_revisions_list_show_accept_reject(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from app.cli import main

    store = ProcedureStore()
    pid, revision = proposed_fix(store)
    other, second = proposed_fix(store)
    assert main(["revisions"]) == 0
    listed = capsys.readouterr().out
    assert revision.id[:12] in listed and second.id[:12] in listed and "proposed" in listed
    assert main(["revisions", "show", revision.id[:8]]) == 0
    shown = capsys.readouterr().out
    assert "step 4 failed: no element" in shown and '+click @ internal:role=button[name="Sign in"s] | #go' in shown
    assert '- step 4 (Click "Sign in"): now Click "Sign in", as the agent did; replay could not do it' in shown
    assert main(["revisions", "accept", revision.id[:8]]) == 0
    assert "now has 4 steps" in capsys.readouterr().out
    assert store.get(pid).steps[3].selector == 'internal:role=button[name="Sign in"s]'
    assert main(["revisions", "reject", second.id]) == 0
    assert store.get(other).steps[3].selectors == ["#go"]
    assert main(["revisions", "accept", second.id]) == 2
    assert "already rejected" in capsys.readouterr().err
    assert main(["revisions"]) == 0 and "No revisions waiting." in capsys.readouterr().out
    assert main(["revisions", "list", "--all"]) == 0 and "accepted" in capsys.readouterr().out


def test_a_reader_that_stops_early_gets_no_traceback(home: Path) -> None:
    import subprocess
    import sys

    from retrieval.lessons import Lesson, LessonFile
    from tests.helpers import ROOT

    ProcedureStore().add_many(sample_procedure(title=f"Log in to site number {n} " + "x" * 80) for n in range(1500))
    lessons = [
        Lesson(
            lesson=f"Lesson {n} " + "y" * 80,
            category="site_specific",
            created_at="2026-01-01",
            last_used="2099-01-01",
            use_count=9,
        )
        for n in range(1500)
    ]
    (home / "lessons.json").write_text(LessonFile(lessons=lessons).model_dump_json())
    for command, lines in (("list", 1), ("lessons", 3)):  # far more than a pipe holds: the writer meets a closed pipe
        shell = f"set -o pipefail; {sys.executable} -m app.cli {command} | head -{lines}"
        result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert result.stderr == "", result.stderr
        assert len(result.stdout.splitlines()) == lines and result.returncode == 141  # as `ls | head` in a pipefail shell


def test_recordings_are_listed_and_built_once_by_short_id(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from recorder.models import RecordedStep, Recording
    from recorder.recordings import RecordingStore

    def recording(rid: str, title: str) -> Recording:
        url = "http://127.0.0.1/login.html"
        return Recording(id=rid, title=title, steps=[RecordedStep(action="navigate", value=url, url=url)])

    recordings = RecordingStore()
    for rid, title in (("ab12" + "0" * 28, "Open the login page"), ("ab34" + "0" * 28, "Open it again")):
        recordings.add(recording(rid, title))
    listed = cli(capsys, "recordings")
    assert listed.returncode == 0 and listed.stdout.count("not built") == 2 and "Open the login page" in listed.stdout

    _assert_refused(cli(capsys, "build", "ab"), "recording id 'ab' is ambiguous")
    _assert_refused(cli(capsys, "build", "zz"), "no recording with id 'zz'; `showmehow recordings` shows the ids")
    built = cli(capsys, "build", "ab12")
    assert built.returncode == 0, built.stderr
    (procedure,) = ProcedureStore().list()
    assert procedure.recording_id == "ab12" + "0" * 28
    assert procedure.id[:12] in cli(capsys, "recordings").stdout

    again = cli(capsys, "build", "ab12")  # the same recording twice: said, not duplicated
    _assert_refused(again, f"recording ab1200000000 is already procedure {procedure.id[:12]}")
    assert "--force" in again.stderr and len(ProcedureStore()) == 1
    assert cli(capsys, "build", "ab12", "--force").returncode == 0 and len(ProcedureStore()) == 2


def test_short_procedure_ids_that_fit_several_say_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = ProcedureStore()
    for pid in ("cafe01", "cafe02", "cafe"):
        store.add(sample_procedure(id=pid))
    _assert_refused(cli(capsys, "show", "caf"), "procedure id 'caf' is ambiguous")
    assert "(cafe)" in cli(capsys, "show", "cafe").stdout  # an id that is also a prefix of others is itself
    assert "(cafe02)" in cli(capsys, "show", "cafe02").stdout


def test_show_and_explain_say_what_each_check_covers(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from procedures.models import Check

    procedure = sample_procedure(checks=[Check(kind="text", expected="Welcome {username}", source="demonstration")])
    procedure.abstract.parameters.append(procedure.abstract.parameters[0].model_copy(update={"name": "team", "required": False}))
    procedure.abstract.parameters[-1].example = "blue"
    pid = ProcedureStore().add(procedure)
    shown = cli(capsys, "show", pid[:8]).stdout
    assert "1. the page shows 'Welcome <the username>'  [at the end, demonstration]  covers username" in shown
    assert "password: (secret)  [no check covers it]" in shown and "username: 'emile'\n" in shown
    assert "team: 'blue' (optional: the demonstrated value unless the task gives one)  [no check covers it]" in shown
    explained = cli(capsys, "retrieve", 'Log in to the demo site as "bob"', "--explain").stdout
    assert "optional (the demonstrated value unless the task gives one): team" in explained
    assert "no check covers: password, team" in explained


def test_a_deprecated_procedure_picked_says_so_and_restore_brings_it_back(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ProcedureStore()
    pid = store.add(sample_procedure())
    store.set_deprecated(pid, True)
    picked = run_cli("run", "Log in to the demo site", "--mode", "replay", "--procedure", pid[:8])  # a browser: its own process
    assert picked.returncode != 0 and "is deprecated" in picked.stderr and f"showmehow restore {pid[:12]}" in picked.stderr
    assert cli(capsys, "restore", pid[:8]).returncode == 0 and not ProcedureStore().get(pid).deprecated
    assert "is not deprecated" in cli(capsys, "restore", pid[:8]).stdout
    missing = cli(capsys, "export", pid, str(tmp_path / "no" / "where.py"))
    assert missing.returncode == 2 and "does not exist" in missing.stderr and "Traceback" not in missing.stderr
