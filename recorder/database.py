"""The SQLite file that holds recordings and procedures: connection, schema and migrations.

WAL lets the GUI and the command line read and write the same file at once; every write
runs in an immediate transaction, so a crash leaves the last committed state.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from recorder.errors import ShowMeHowError

APPLICATION_ID = 0x534D4857  # "SMHW": marks a ShowMeHow database
DB_FILE = "showmehow.db"


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Statement by statement: executescript() would commit the migration's transaction halfway."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _run_script(
        db,
        """
        CREATE TABLE recordings (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            created_at REAL NOT NULL,
            step_count INTEGER NOT NULL,
            data TEXT NOT NULL
        );
        CREATE TABLE procedures (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            goal TEXT NOT NULL,
            domains TEXT NOT NULL,
            deprecated INTEGER NOT NULL,
            success_count INTEGER NOT NULL,
            failure_count INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            data TEXT NOT NULL
        );
        CREATE INDEX procedures_by_title ON procedures(title);
        CREATE INDEX procedures_by_deprecated ON procedures(deprecated);
        """
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1]  # MIGRATIONS[n] moves version n to n + 1
SCHEMA_VERSION = len(MIGRATIONS)


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating or migrating) a ShowMeHow database; refuse foreign, corrupt or newer files."""
    existed = path.exists() and path.stat().st_size > 0
    try:
        db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise ShowMeHowError(f"cannot open the database {path}: {exc}") from exc
    try:
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if existed and app_id != APPLICATION_ID:
            raise ShowMeHowError(f"{path} is not a ShowMeHow database; move it away or set SHOWMEHOW_HOME")
        if version > SCHEMA_VERSION:
            raise ShowMeHowError(
                f"{path} was written by a newer ShowMeHow (schema {version}, this one knows {SCHEMA_VERSION}); upgrade ShowMeHow"
            )
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=30000")
        if version < SCHEMA_VERSION:
            with transaction(db):
                version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have migrated
                for migrate in MIGRATIONS[version:]:
                    migrate(db)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    except sqlite3.DatabaseError as exc:
        db.close()
        raise ShowMeHowError(f"{path} is corrupt or not a database ({exc}); move it away or set SHOWMEHOW_HOME") from exc
    except ShowMeHowError:
        db.close()
        raise
    return db


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """An immediate transaction: all its writes land together or none do."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
