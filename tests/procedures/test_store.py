import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from recorder import database
from recorder.database import APPLICATION_ID, SCHEMA_VERSION
from recorder.errors import ShowMeHowError
from procedures.store import ProcedureStore
from tests.helpers import ROOT, sample_procedure


def test_round_trip_and_indexed_columns(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    procedure = sample_procedure()
    pid = store.add(procedure)
    assert store.get(pid) == procedure
    assert [p.id for p in store.list()] == [pid]
    row = sqlite3.connect(tmp_path / "s.db").execute("SELECT title, goal, domains, deprecated FROM procedures").fetchone()
    assert row == (procedure.title, procedure.abstract.goal, '["127.0.0.1"]', 0)


def test_database_is_wal_versioned_and_marked(tmp_path: Path) -> None:
    ProcedureStore(tmp_path / "s.db")
    db = sqlite3.connect(tmp_path / "s.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_default_path_is_in_the_data_directory(home: Path) -> None:
    assert ProcedureStore().path == home / "showmehow.db"


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    ProcedureStore(tmp_path / "s.db").close()
    db = sqlite3.connect(tmp_path / "s.db")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(ShowMeHowError, match="newer ShowMeHow"):
        ProcedureStore(tmp_path / "s.db")


def test_a_file_another_process_is_still_creating_is_not_taken_for_foreign(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    starting = sqlite3.connect(path)  # what a second process sees while the first is between WAL and its migration
    starting.execute("PRAGMA journal_mode=WAL")
    starting.close()
    assert path.stat().st_size > 0
    store = ProcedureStore(path)
    assert len(store) == 0 and store.get(store.add(sample_procedure())).title == sample_procedure().title


@pytest.mark.parametrize("lock", ["BEGIN", "BEGIN EXCLUSIVE"])  # a reader stops the change to WAL; a writer, everything
def test_a_file_that_stays_busy_says_so_and_opens_once_free(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lock: str) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.3)
    path = tmp_path / "s.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(lock)
    holder.execute("SELECT * FROM sqlite_master").fetchall()
    with pytest.raises(ShowMeHowError, match=r"stayed busy for 0.3 s while another program used it; try again"):
        ProcedureStore(path)
    holder.execute("COMMIT")
    holder.close()
    assert len(ProcedureStore(path)) == 0


def test_foreign_and_corrupt_files_are_refused_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    before = foreign.read_bytes()
    with pytest.raises(ShowMeHowError, match="not a ShowMeHow database"):
        ProcedureStore(foreign)
    assert foreign.read_bytes() == before

    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(ShowMeHowError, match="corrupt or not a database"):
        ProcedureStore(corrupt)
    assert corrupt.read_bytes() == b"this is not sqlite at all" * 100


def test_unknown_id(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    with pytest.raises(ShowMeHowError, match="no procedure with id 'nope'"):
        store.get("nope")
    with pytest.raises(ShowMeHowError):
        store.delete("nope")


def test_add_many_is_all_or_nothing(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    first = sample_procedure()
    store.add(first)
    with pytest.raises(ShowMeHowError, match="already exists"):
        store.add_many([sample_procedure(title="new one"), first])
    assert len(store) == 1


def test_two_connections_see_each_others_writes(tmp_path: Path) -> None:
    gui, cli = ProcedureStore(tmp_path / "s.db"), ProcedureStore(tmp_path / "s.db")
    before = gui.revision()
    pid = cli.add(sample_procedure())
    assert gui.revision() != before
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
        subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
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
    assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    count = len(store)
    assert count > 0 and count % 50 == 0  # whole batches only
    assert all(p.title.startswith("p") for p in store.list())
