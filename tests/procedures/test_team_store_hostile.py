"""The team store against hostile input and a server that goes away (issue 41): a password in the store's URL in
any form refused and never written or printed; NUL characters, a read-only role and a stopped server end in one
line; pooled connections checked, so that a long-lived process survives a restart; a task word of kilobytes."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures
from retrieval import Retriever
from tests.helpers import call_cli, sample_procedure
from tests.postgres import Cluster

PASSWORD = "Pw-7731-secret"


def test_a_password_in_the_store_url_is_refused_and_never_shown(team_url: str, home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    base = team_url.split("?")[0]
    forms = [f"{base}?password={PASSWORD}", f"{base}?sslmode=prefer&password={PASSWORD}", base.replace("@", f":{PASSWORD}@")]
    assert all(PASSWORD in conninfo_to_dict(f).values() for f in forms)  # the control: libpq takes each as the password
    for form in forms:
        results = [call_cli(capsys, "config", "set", "store", form), call_cli(capsys, "store", "migrate", "--to", form)]
        for result in results:
            assert result.returncode != 0 and "PGPASSWORD" in result.stderr
            assert PASSWORD not in result.stdout + result.stderr
    assert PASSWORD not in "".join(p.read_text() for p in home.rglob("*.json"))
    with pytest.raises(ShowMeHowError, match="never in the store's URL") as refused:
        ProcedureStore(forms[0])
    assert PASSWORD not in str(refused.value)


def test_data_the_database_cannot_hold_ends_in_one_line(team_url: str, tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    export_procedures([sample_procedure(title="Log in\u0000 now")], tmp_path / "nul.json")
    with pytest.raises(psycopg.DataError), psycopg.connect(team_url) as conn:  # the control: the database refuses the character
        conn.execute("SELECT %s::text", ("Log in\u0000 now",))
    monkeypatch.setenv("SHOWMEHOW_STORE", team_url)
    result = call_cli(capsys, "import", str(tmp_path / "nul.json"))
    assert result.returncode != 0 and "cannot hold this data" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_read_only_role_reads_and_is_named(postgres: Cluster, team_url: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pid = ProcedureStore(team_url).add(sample_procedure())
    schema = team_url.rsplit("%3D", 1)[1]
    role = f"reader_{schema}"
    with psycopg.connect(f"{postgres.url}/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
        conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role}")
    reader = team_url.replace("showmehow@", f"{role}@")
    with (
        pytest.raises(psycopg.errors.InsufficientPrivilege),
        psycopg.connect(reader) as conn,
    ):  # the control: what opening the store ran before
        conn.execute("CREATE TABLE IF NOT EXISTS schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    monkeypatch.setenv("SHOWMEHOW_STORE", reader)
    listed = call_cli(capsys, "list")
    assert listed.returncode == 0 and pid[:8] in listed.stdout
    doctor = call_cli(capsys, "doctor")
    assert "PROBLEM  database: the team store" in doctor.stdout and repr(role) in doctor.stdout
    deleted = call_cli(capsys, "delete", pid)
    assert deleted.returncode != 0 and "does not let this role write" in deleted.stderr
    assert len(deleted.stderr.strip().splitlines()) == 1


def test_a_long_lived_store_survives_a_restart_and_a_stopped_server_is_one_line(postgres: Cluster, team_url: str, capfd) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore(team_url)
    pid = store.add(sample_procedure())
    unchecked = ConnectionPool(team_url, min_size=2, max_size=2, kwargs={"autocommit": True}, open=True)
    unchecked.wait()
    postgres.pg_ctl("stop")
    with pytest.raises(ShowMeHowError) as stopped:
        store.get(pid)
    postgres.pg_ctl("start")
    failed = 0
    for _ in range(10):
        try:
            store.record_outcome(pid, success=True)
            store.get(pid)
        except ShowMeHowError:
            failed += 1
    with (
        pytest.raises(psycopg.OperationalError),
        unchecked.connection() as conn,
    ):  # the control: a pool that does not check hands out a dead connection
        conn.execute("SELECT 1")
    unchecked.close()
    assert failed == 0 and store.get(pid).success_count == 10
    assert "failed" in str(stopped.value) and "\n" not in str(stopped.value)
    assert "WARNING" not in capfd.readouterr().err  # nor the pool's retries


def test_a_task_word_of_kilobytes_is_searched(team_url: str) -> None:
    store = ProcedureStore(team_url)
    token = "t0k" * 1000
    procedure = sample_procedure(title="Open the ticket")
    procedure.abstract.parameters[0].example = token  # a pasted token, a word of the search text
    pid = store.add(procedure)
    with (
        pytest.raises(psycopg.errors.ProgramLimitExceeded),
        psycopg.connect(team_url) as conn,
    ):  # the control: such a word is no tsquery
        conn.execute("SELECT %s::tsquery", (token,))
    assert [row.id for row in store.index.search(f'"{token}"', 5)] == [pid]
    assert [m.procedure.id for m in Retriever(store).retrieve(f"open the ticket {token}")] == [pid]
