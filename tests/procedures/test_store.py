import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from tests.helpers import ROOT, age_database, proposed_fix, sample_procedure


def test_round_trip_and_indexed_columns(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    procedure = sample_procedure()
    pid = store.add(procedure)
    assert store.get(pid) == procedure.model_copy(update={"created_by": store.user, "changed_by": store.user})
    assert [p.id for p in store.list()] == [pid]
    row = sqlite3.connect(tmp_path / "s.db").execute("SELECT title, goal, domains, deprecated FROM procedures").fetchone()
    assert row == (procedure.title, procedure.abstract.goal, '["127.0.0.1"]', 0)


def test_default_path_is_in_the_data_directory(home: Path) -> None:
    assert ProcedureStore().path == home / "showmehow.db"


def test_unknown_id(store_location: str) -> None:
    store = ProcedureStore(store_location)
    with pytest.raises(ShowMeHowError, match="no procedure with id 'nope'"):
        store.get("nope")
    with pytest.raises(ShowMeHowError):
        store.delete("nope")


def test_add_many_is_all_or_nothing(store_location: str) -> None:
    store = ProcedureStore(store_location)
    first = sample_procedure()
    store.add(first)
    with pytest.raises(ShowMeHowError, match="already exists"):
        store.add_many([sample_procedure(title="new one"), first])
    assert len(store) == 1


def test_two_connections_see_each_others_writes(store_location: str) -> None:
    gui, cli = ProcedureStore(store_location), ProcedureStore(store_location)
    pid = cli.add(sample_procedure())
    assert gui.get(pid).title == "Log in to the demo site"


WRITER = """
import sys
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure
store = ProcedureStore(sys.argv[1])
print("ready", flush=True)
while True:
    store.add_many([sample_procedure(title=f"p{i}") for i in range(50)])
"""


def test_store_survives_kill_9_mid_batch(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True) for _ in range(2)
    ]
    try:
        for writer in writers:
            assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 60
        watcher = sqlite3.connect(path, timeout=30)
        while watcher.execute("SELECT COUNT(*) FROM procedures").fetchone()[0] < 200:  # both writers well under way
            assert time.monotonic() < deadline, "the writers never got going"
            time.sleep(0.05)
        watcher.close()
    finally:
        for writer in writers:
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
            writer.stdout.close()  # type: ignore[union-attr]
    store = ProcedureStore(path)
    assert store.backend._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    count = len(store)
    assert count > 0 and count % 50 == 0  # whole batches only
    assert all(p.title.startswith("p") for p in store.list())


def test_a_store_from_before_revisions_gains_their_table_and_keeps_its_procedures(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    store = ProcedureStore(path)
    pid = store.add(sample_procedure())
    store.close()
    age_database(
        path,
        "DROP TABLE revisions",
        "UPDATE schema_versions SET version = 2 WHERE name = 'procedures'",
        "DELETE FROM schema_versions WHERE name IN ('procedure_index', 'revisions')",  # parts with no schema of their own yet
    )
    reopened = ProcedureStore(path)
    assert reopened.get(pid).title == sample_procedure().title and reopened.revisions.list() == []
    _, revision = proposed_fix(reopened)
    assert [r.id for r in reopened.revisions.list(status="proposed")] == [revision.id]


def test_a_version_3_store_keeps_its_search_text_embeddings_and_revisions_as_parts_gain_their_schemas(tmp_path: Path) -> None:
    """Until the search index and the revisions had schemas of their own, version 3 of the procedures' schema held their tables."""
    path = tmp_path / "old.db"
    store = ProcedureStore(path)
    pid, revision = proposed_fix(store)
    store.index.save_embeddings("toy", {pid: b"\0\0\0\0"})
    store.close()
    age_database(path, "DELETE FROM schema_versions WHERE name IN ('procedure_index', 'revisions')")
    reopened = ProcedureStore(path)
    assert [r.id for r in reopened.revisions.list(pid)] == [revision.id]
    assert [row.id for row in reopened.index.search(None, 10)] == [pid] and list(reopened.index.embeddings("toy", [pid])) == [pid]
    versions = dict(sqlite3.connect(path).execute("SELECT name, version FROM schema_versions").fetchall())
    assert versions == {"recordings": 1, "procedures": 3, "procedure_index": 2, "revisions": 1, "lessons": 1, "learned": 1}
