"""The SQLite file: WAL, the ShowMeHow mark, per-store schemas and their migrations, refusal of foreign files."""

import sqlite3
from pathlib import Path

import pytest

from core import database
from core.database import APPLICATION_ID, SCHEMA_VERSION, Schema, connect
from core.errors import ShowMeHowError

NOTES = Schema("notes", (lambda db: db.execute("CREATE TABLE notes (text TEXT)"),))


class _Opened:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __len__(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM notes").fetchone()[0]

    def close(self) -> None:
        self.db.close()


def _open(path: Path) -> _Opened:
    return _Opened(connect(path, NOTES))


def test_each_store_migrates_its_own_tables(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _open(path).close()
    later = Schema("notes", (*NOTES.migrations, lambda db: db.execute("ALTER TABLE notes ADD COLUMN at REAL")))
    db = connect(path, later)
    db.execute("INSERT INTO notes VALUES ('x', 1.0)")
    assert db.execute("SELECT version FROM schema_versions WHERE name = 'notes'").fetchone() == (2,)
    with pytest.raises(ShowMeHowError, match="newer ShowMeHow"):
        connect(path, NOTES)  # this code knows version 1 of the notes only


def test_a_version_1_file_keeps_its_recordings_and_procedures(tmp_path: Path) -> None:
    """Version 1 files held both stores' tables under one schema version."""
    from procedures.store import ProcedureStore
    from tests.helpers import age_database, sample_procedure

    path = tmp_path / "old.db"
    ProcedureStore(path).add(sample_procedure())
    age_database(path, "DROP TABLE schema_versions", "PRAGMA user_version=1")
    store = ProcedureStore(path)
    assert [p.title for p in store.list()] == [sample_procedure().title]
    assert store.recordings.list() == []


def test_database_is_wal_versioned_and_marked(tmp_path: Path) -> None:
    _open(tmp_path / "s.db")
    db = sqlite3.connect(tmp_path / "s.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    _open(tmp_path / "s.db").close()
    db = sqlite3.connect(tmp_path / "s.db")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(ShowMeHowError, match="newer ShowMeHow"):
        _open(tmp_path / "s.db")


def test_a_file_another_process_is_still_creating_is_not_taken_for_foreign(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    starting = sqlite3.connect(path)  # what a second process sees while the first is between WAL and its migration
    starting.execute("PRAGMA journal_mode=WAL")
    starting.close()
    assert path.stat().st_size > 0
    store = _open(path)
    assert len(store) == 0


@pytest.mark.parametrize("lock", ["BEGIN", "BEGIN EXCLUSIVE"])  # a reader stops the change to WAL; a writer, everything
def test_a_file_that_stays_busy_says_so_and_opens_once_free(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lock: str) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.3)
    path = tmp_path / "s.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(lock)
    holder.execute("SELECT * FROM sqlite_master").fetchall()
    with pytest.raises(ShowMeHowError, match=r"stayed busy for 0.3 s while another program used it; try again"):
        _open(path)
    holder.execute("COMMIT")
    holder.close()
    assert len(_open(path)) == 0


def test_foreign_and_corrupt_files_are_refused_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    before = foreign.read_bytes()
    with pytest.raises(ShowMeHowError, match="not a ShowMeHow database"):
        _open(foreign)
    assert foreign.read_bytes() == before

    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(ShowMeHowError, match="corrupt or not a database"):
        _open(corrupt)
    assert corrupt.read_bytes() == b"this is not sqlite at all" * 100
