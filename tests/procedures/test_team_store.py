"""The team store (issue 27): versioned edits, revision acceptance and retrieval on both backends; on PostgreSQL,
writers in several processes at once, NOTIFY, the schema's version, and copying a library both ways."""

import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import ShowMeHowError
from core.settings import set_setting, store_location
from procedures.backends.postgres import TeamProcedureStore
from procedures.store import EditConflict, ProcedureStore
from procedures.store_copy import Copied, copy_store
from procedures.store_rules import procedure_row
from retrieval import Retriever
from retrieval.lessons import LessonStore
from tests.helpers import ROOT, call_cli, proposed_fix, sample_procedure


def test_a_save_of_an_older_version_is_refused_naming_who_saved_since(store_location: str) -> None:
    mine, theirs = ProcedureStore(store_location), ProcedureStore(store_location)
    theirs.user = "alice"
    pid = mine.add(sample_procedure())
    read_by_me, read_by_them = mine.get(pid), theirs.get(pid)
    assert theirs.update(read_by_them.model_copy(update={"title": "Sign in"})).version == 1
    with pytest.raises(
        EditConflict, match=r"'Log in quickly' was changed by alice at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(version 1\)"
    ):
        mine.update(read_by_me.model_copy(update={"title": "Log in quickly"}))
    assert mine.get(pid).title == "Sign in" and mine.get(pid).changed_by == "alice"
    again = mine.update(mine.get(pid).model_copy(update={"title": "Log in quickly"}))
    assert (again.version, again.created_by, again.changed_by) == (2, mine.user, mine.user)


def test_accepting_a_revision_changes_the_procedure_and_the_revision_together(store_location: str) -> None:
    store = ProcedureStore(store_location)
    pid, revision = proposed_fix(store)
    store.record_outcome(pid, success=False, step_failed=3)
    accepted = store.revisions.accept(revision.id)
    assert accepted.steps[3].selectors[0].startswith("internal:role=button") and accepted.failure_count == 0
    decided = store.revisions.get(revision.id)
    assert (decided.status, decided.created_by, decided.decided_by) == ("accepted", store.user, store.user)
    with pytest.raises(ShowMeHowError, match="already accepted"):
        store.revisions.accept(revision.id)


def test_retrieval_finds_the_procedure_of_the_task(store_location: str) -> None:
    store = ProcedureStore(store_location)
    wiki = store.add(sample_procedure(title="Log in to the wiki", domain="wiki.example.com"))
    store.add(sample_procedure(title="Export the monthly report", domain="reports.example.com"))
    (match,) = Retriever(store, min_score=0.3).retrieve("log in to the wiki as emile", k=1)
    assert match.procedure.id == wiki and match.breakdown.goal > 0.5


WRITER = """
import sys
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure
store = ProcedureStore(sys.argv[1])
store.user = sys.argv[2]
for number in range(12):
    store.add(sample_procedure(title=f"{sys.argv[2]} {number}"))
    store.record_outcome(sys.argv[3], success=number % 4 != 0, step_failed=2)
    merged, _ = store.add_or_merge(sample_procedure(title="Order a pizza", domain="pizza.example.com"))
"""


def test_writers_in_two_processes_at_once_lose_nothing(team_url: str) -> None:
    store = ProcedureStore(team_url)
    shared = store.add(sample_procedure())
    pizza = store.add(sample_procedure(title="Order a pizza", domain="pizza.example.com"))
    names = ["ann", "bob"]
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, team_url, name, shared], cwd=ROOT) for name in names]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    procedure = store.get(shared)
    assert (procedure.success_count, procedure.failure_count, procedure.steps[2].failure_count) == (18, 6, 6)
    assert procedure.version == 24 and procedure.changed_by in names
    assert len(store) == 2 + 2 * 12 and {p.created_by for p in store.list()} == {store.user, *names}
    assert store.get(pizza).version == 24  # every merge saved, none over another
    assert len(store.index.search('"pizza"', 10)) == 1


def test_a_change_reaches_a_listener_on_another_connection(team_url: str) -> None:
    store = ProcedureStore(team_url)
    assert isinstance(store.backend, TeamProcedureStore)
    with store.listen() as listener:
        other = ProcedureStore(team_url)
        pid = other.add(sample_procedure())
        assert listener.wait(timeout=5) == [pid]
        other.record_outcome(pid, success=True)
        assert listener.wait(timeout=5) == [pid]
        assert listener.wait(timeout=0.2) == []


def test_a_newer_schema_is_refused(team_url: str) -> None:
    ProcedureStore(team_url).backend._db.execute("UPDATE schema_versions SET version = 9 WHERE name = 'revisions'")
    with pytest.raises(ShowMeHowError, match=r"written by a newer ShowMeHow \(revisions schema 9, this one knows 1\)"):
        ProcedureStore(team_url)


def test_a_team_store_of_the_first_schema_keeps_its_procedures_and_counts_their_outcomes(team_url: str) -> None:
    import psycopg

    from procedures.backends.postgres import SCHEMAS

    with psycopg.connect(team_url, autocommit=True) as conn, conn.transaction():
        conn.execute("CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)")
        for schema in SCHEMAS[:3]:
            schema.migrations[0](conn)
            conn.execute("INSERT INTO schema_versions VALUES (%s, 1)", (schema.name,))
        procedure = sample_procedure()
        conn.execute(
            "INSERT INTO procedures (id, title, goal, domains, deprecated, success_count, failure_count, updated_at, data)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            procedure_row(procedure),
        )
    store = ProcedureStore(team_url)
    assert store.get(procedure.id) == procedure
    for success in (True, True, False):
        store.record_outcome(procedure.id, success=success, step_failed=1)
    counted = store.get(procedure.id)
    assert (counted.success_count, counted.failure_count, counted.steps[1].failure_count, counted.version) == (2, 1, 1, 3)


def test_an_unreachable_team_store_is_one_clear_message(postgres: object) -> None:
    with pytest.raises(ShowMeHowError, match="cannot reach the team store postgresql://127.0.0.1:1/x"):
        ProcedureStore("postgresql://nobody@127.0.0.1:1/x")


def test_the_store_setting_and_its_variable_choose_the_team_store(team_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ShowMeHowError, match="PGPASSWORD"):
        set_setting("store", "postgresql://me:secret@db.example.org/team")
    set_setting("store", team_url.split("?")[0])
    assert store_location() == team_url.split("?")[0]
    monkeypatch.setenv("SHOWMEHOW_STORE", team_url)
    pid = ProcedureStore(team_url).add(sample_procedure())
    assert ProcedureStore().has(pid)


def test_a_library_copies_to_a_team_store_and_back_idempotently(tmp_path: Path, team_url: str) -> None:
    local = ProcedureStore(tmp_path / "local.db")
    pid, revision = proposed_fix(local)
    local.record_outcome(pid, success=True)
    other = local.add(sample_procedure(title="Export the monthly report"))
    LessonStore(local).load()
    LessonStore(local).add_lesson("When goto fails with 'timed out', try reload instead.", "error_recovery", "goto", "timed out")
    team = ProcedureStore(team_url)
    assert copy_store(local, team) == Copied(2, 0, 0, 1, 4)
    assert copy_store(local, team) == Copied(0, 0, 2, 0, 0)
    assert team.get(pid) == local.get(pid) and team.get(other) == local.get(other)
    assert team.revisions.get(revision.id) == revision and [r.id for r in team.index.search('"monthly"', 5)] == [other]
    assert LessonStore(team).load() == LessonStore(local).load()
    team.record_outcome(other, success=False)
    LessonStore(team).add_lesson("When goto fails with 'timed out', try reload instead.", "error_recovery", "goto", "timed out")
    back = ProcedureStore(tmp_path / "back.db")
    assert copy_store(team, back) == Copied(2, 0, 0, 1, 4)
    assert copy_store(team, local) == Copied(0, 1, 1, 0, 1)
    assert local.get(other) == team.get(other) == back.get(other)
    assert LessonStore(local).load() == LessonStore(team).load() == LessonStore(back).load()
    assert LessonStore(local).load()[-1].use_count == 2
    LessonStore(team).promote(4)
    assert copy_store(team, local) == Copied(0, 0, 2, 0, 1)
    assert LessonStore(local).load()[-1].category == "best_practice"


def test_the_command_line_migrates_lists_who_and_doctor_checks_the_team_store(
    home: Path, team_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    local = ProcedureStore()
    pid = local.add(sample_procedure())
    local.close()
    migrated = call_cli(capsys, "store", "migrate", "--to", team_url)
    assert (
        migrated.returncode == 0 and "1 procedures added, 0 updated, 0 already there; 0 revisions, 3 lessons" in migrated.stdout
    )
    assert "showmehow@" not in migrated.stdout  # the URL as shown: no user, never a password
    assert "0 updated, 1 already there; 0 revisions, 0 lessons" in call_cli(capsys, "store", "migrate", "--to", team_url).stdout
    monkeypatch.setenv("SHOWMEHOW_STORE", team_url)
    listed = call_cli(capsys, "list")
    assert listed.returncode == 0 and listed.stdout.split("\n")[0].split()[-1] == "BY"
    assert pid[:12] in listed.stdout and ProcedureStore().user in listed.stdout.split("\n")[-2]
    doctor = call_cli(capsys, "doctor")
    assert "postgresql://127.0.0.1" in doctor.stdout and "(1 procedures, integrity ok)" in doctor.stdout
    back = call_cli(capsys, "store", "migrate", "--to", str(home / "back.db"))
    assert back.returncode == 0 and ProcedureStore(home / "back.db").get(pid) == ProcedureStore(team_url).get(pid)


def test_a_secret_a_title_names_never_reaches_the_team_store(team_url: str) -> None:
    store = ProcedureStore(team_url)
    store.add(sample_procedure(title='Log in with the password "hunter2"'))
    rows = store.backend._db.execute("SELECT title, goal, data, search_goal, document::text FROM procedures").fetchall()
    assert rows and not any("hunter2" in str(value) for value in rows[0])
    assert store.index.known_words(["hunter2"]) == set()


def test_embeddings_are_kept_with_their_procedure_until_it_changes(store_location: str) -> None:
    store = ProcedureStore(store_location)
    pid = store.add(sample_procedure())
    store.index.save_embeddings("toy", {pid: b"\x00\x00\x80?", "gone": b"\x00\x00\x00\x00"})
    store.index.save_embeddings("toy", {pid: b"\x00\x00\x00@"})
    assert store.index.embeddings("toy", [pid, "gone"]) == {pid: b"\x00\x00\x00@"}
    store.update(store.get(pid).model_copy(update={"title": "Sign in"}))
    assert store.index.embeddings("toy", [pid]) == {}
