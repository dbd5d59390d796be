import json
import os
import sqlite3
from pathlib import Path

from procedures.store import ProcedureStore
from tests.helpers import proposed_fix, run_cli, sample_procedure


def test_list_show_export_import_delete(home: Path, tmp_path: Path) -> None:
    pid = ProcedureStore().add(sample_procedure())
    listed = run_cli("list")
    assert listed.returncode == 0 and "Log in to the demo site" in listed.stdout and pid[:12] in listed.stdout

    shown = run_cli("show", pid[:8])
    assert shown.returncode == 0
    assert "Goal: Log in to the demo site" in shown.stdout and "password: (secret)" in shown.stdout

    out = tmp_path / "p.json"
    assert run_cli("export", pid, str(out)).returncode == 0
    data = json.loads(out.read_text())
    assert data["format"] == "showmehow.procedures" and data["version"] == 1

    imported = run_cli("import", str(out))
    assert imported.returncode == 0 and "Imported" in imported.stdout
    assert len(ProcedureStore()) == 2

    assert run_cli("delete", pid).returncode == 0
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


def test_bad_imports_change_nothing(home: Path, tmp_path: Path) -> None:
    ProcedureStore().add(sample_procedure())
    db_before = _dump(home / "showmehow.db")

    not_json = tmp_path / "a.json"
    not_json.write_text("{nope")
    _assert_refused(run_cli("import", str(not_json)), "is not JSON")

    foreign = tmp_path / "b.json"
    foreign.write_text('{"hello": 1}')
    _assert_refused(run_cli("import", str(foreign)), "not a ShowMeHow procedure file")

    good = json.loads(sample_procedure().model_dump_json())
    bad_step = json.loads(json.dumps(good))
    bad_step["steps"][1]["value"] = "{nickname}"
    wrong = tmp_path / "c.json"
    wrong.write_text(json.dumps({"format": "showmehow.procedures", "version": 1, "procedures": [good, bad_step]}))
    _assert_refused(run_cli("import", str(wrong)), "unknown parameter(s): nickname")

    missing_field = tmp_path / "d.json"
    del good["abstract"]["goal"]
    missing_field.write_text(json.dumps({"format": "showmehow.procedures", "version": 1, "procedures": [good]}))
    _assert_refused(run_cli("import", str(missing_field)), "procedures.0.abstract.goal")

    huge = tmp_path / "e.json"
    huge.write_bytes(b" " * (21 * 1024 * 1024))
    _assert_refused(run_cli("import", str(huge)), "too large")

    _assert_refused(run_cli("import", str(tmp_path / "missing.json")), "does not exist")
    assert len(ProcedureStore()) == 1
    assert _dump(home / "showmehow.db") == db_before


def test_unknown_id_and_corrupt_database(home: Path) -> None:
    _assert_refused(run_cli("show", "zzz"), "no procedure with id 'zzz'")
    _assert_refused(run_cli("delete", "zzz"), "no procedure with id 'zzz'")
    db = home / "showmehow.db"
    for suffix in ("-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    db.write_bytes(b"garbage" * 1000)
    _assert_refused(run_cli("list"), "corrupt or not a database")
    assert db.read_bytes() == b"garbage" * 1000


def test_unwritable_data_directory(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    result = run_cli("list", env={"SHOWMEHOW_HOME": str(blocked / "home")})
    _assert_refused(result, "cannot write the data directory")


def test_config_get_set_and_validation(home: Path) -> None:
    assert run_cli("config", "set", "token_budget", "3000").returncode == 0
    assert run_cli("config", "get", "token_budget").stdout.strip() == "3000"
    assert json.loads((home / "settings.json").read_text())["token_budget"] == 3000
    _assert_refused(run_cli("config", "set", "token_budget", "lots"), "invalid value for token_budget")
    _assert_refused(run_cli("config", "set", "colour", "blue"), "unknown setting 'colour'")
    _assert_refused(run_cli("config", "set", "approval_policy", "sometimes"), "invalid value for approval_policy")
    assert run_cli("config", "set", "approval_policy", "never").returncode == 0
    assert "approval_policy = never" in run_cli("config", "get").stdout
    assert run_cli("config", "set", "param_env", '{"password@example.org": "EXAMPLE_PASSWORD"}').returncode == 0
    assert json.loads((home / "settings.json").read_text())["param_env"] == {"password@example.org": "EXAMPLE_PASSWORD"}
    refused = run_cli("config", "set", "param_env", '{"password": "hunter2!"}')  # a value where a variable's name belongs
    _assert_refused(refused, "invalid value for param_env")
    assert "hunter2!" not in (home / "settings.json").read_text()


def test_doctor_finds_chromium_and_names_problems(home: Path, tmp_path: Path) -> None:
    result = run_cli("doctor")
    assert "ok       chromium: Chromium" in result.stdout, result.stdout
    assert result.returncode == 0
    missing = run_cli("doctor", env={"SHOWMEHOW_CHROMIUM": str(tmp_path / "no-chromium")})
    assert missing.returncode == 1
    assert "PROBLEM  chromium: Chromium not found" in missing.stdout and "apt-get install -y chromium" in missing.stdout
    run_cli("config", "set", "model", "openai/test")
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    no_key = run_cli("doctor", env=env | {"OPENAI_API_KEY": ""})
    assert "PROBLEM  llm:" in no_key.stdout and "$OPENAI_API_KEY is empty" in no_key.stdout


def test_lessons_list_tier_promote_forget(home: Path) -> None:
    from retrieval.lessons import LessonStore

    store = LessonStore()
    store.load()
    store.add_lesson(
        "When goto fails with 'timeout', try reload instead.", "error_recovery", failed_command="goto", error_pattern="timeout"
    )
    listed = run_cli("lessons")
    assert listed.returncode == 0 and "If fill fails" in listed.stdout and "When goto fails" in listed.stdout
    assert "When goto fails" not in run_cli("lessons", "tier").stdout
    assert run_cli("lessons", "promote", "4").returncode == 0
    assert "When goto fails" in run_cli("lessons", "tier").stdout
    assert run_cli("lessons", "forget", "4").returncode == 0
    assert "When goto fails" not in run_cli("lessons").stdout
    _assert_refused(run_cli("lessons", "forget", "99"), "no lesson number 99")


def test_the_app_without_a_display_says_what_to_do(home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    import subprocess
    import sys

    from tests.helpers import ROOT

    result = subprocess.run([sys.executable, "-m", "app.cli"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    _assert_refused(result, "no display")
    assert "xvfb-run -a showmehow" in result.stderr


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
    assert main(["revisions", "accept", revision.id[:8]]) == 0
    assert "now has 4 steps" in capsys.readouterr().out
    assert store.get(pid).steps[3].selector == 'internal:role=button[name="Sign in"s]'
    assert main(["revisions", "reject", second.id]) == 0
    assert store.get(other).steps[3].selectors == ["#go"]
    assert main(["revisions", "accept", second.id]) == 2
    assert "already rejected" in capsys.readouterr().err
    assert main(["revisions"]) == 0 and "No revisions waiting." in capsys.readouterr().out
    assert main(["revisions", "list", "--all"]) == 0 and "accepted" in capsys.readouterr().out
