"""The command line against damaged databases, hostile files and mistaken settings: one clear line, no traceback."""

import sqlite3
from pathlib import Path

from procedures.store import ProcedureStore
from procedures.transfer import export_procedures
from tests.attacker import HOSTILE
from tests.helpers import call_cli, run_cli, sample_procedure


def _one_line(result, needle: str) -> None:  # type: ignore[no-untyped-def]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.stderr, result.stderr


def test_a_row_that_fails_validation_is_skipped_and_listed_by_doctor(home: Path) -> None:
    store = ProcedureStore()
    good = store.add(sample_procedure(title="Good one"))
    store.add(sample_procedure(title="Bad one", id="bad-row"))
    db = sqlite3.connect(store.path)
    db.execute("""UPDATE procedures SET data = '{"title": 5}' WHERE id = 'bad-row'""")
    db.commit()
    db.close()
    listed = run_cli("list")
    assert listed.returncode == 0 and good[:12] in listed.stdout and "bad-row" not in listed.stdout
    _one_line(listed, "warning: skipped procedure bad-row")
    doctor = run_cli("doctor")
    assert doctor.returncode == 1 and "PROBLEM  database: 1 stored procedure(s) fail validation" in doctor.stdout
    assert "bad-row" in doctor.stdout


def test_a_database_damaged_past_its_first_page(home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    for number in range(60):
        store.add(sample_procedure(title=f"Procedure number {number}", description="x" * 2000))
    procedures = tmp_path / "p.json"
    export_procedures([sample_procedure(title="Imported later")], procedures)
    store.close()
    path = home / "showmehow.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(3 * page, len(data) - page, 2 * page):  # scribble over every other page after the schema
        data[offset : offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))

    _one_line(call_cli(capsys, "list"), "showmehow.db")
    doctor = run_cli("doctor")
    assert doctor.returncode == 1 and "PROBLEM  database:" in doctor.stdout and "damaged" in doctor.stdout
    imported = call_cli(capsys, "import", str(procedures))
    _one_line(imported, "showmehow.db")
    assert imported.returncode == 2 and ("damaged" in imported.stderr or "malformed" in imported.stderr)


def test_deeply_nested_json_is_refused(home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    _one_line(call_cli(capsys, "import", str(HOSTILE / "nested.json")), "nests too deeply")
    bomb = tmp_path / "bomb.json"
    bomb.write_text("[" * 200_000 + "]" * 200_000)
    _one_line(call_cli(capsys, "import", str(bomb)), "nests too deeply")
    assert len(ProcedureStore()) == 0


def test_a_key_is_refused_where_a_variable_name_belongs(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    key = "sk_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
    refused = call_cli(capsys, "config", "set", "api_key_env", key)
    _one_line(refused, "never the secret itself")
    assert key not in refused.stdout + refused.stderr
    assert not (home / "settings.json").exists() or key not in (home / "settings.json").read_text()
    assert call_cli(capsys, "config", "set", "api_key_env", "MY_LLM_KEY").returncode == 0
