"""The SQLite file that holds recordings and procedures: connection, schema and migrations.

WAL lets the GUI and the command line read and write the same file at once; every write
runs in an immediate transaction, so a crash leaves the last committed state.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeAlias

from core.errors import ShowMeHowError

APPLICATION_ID = 0x534D4857  # "SMHW": marks a ShowMeHow database
DB_FILE = "showmehow.db"
BUSY_TIMEOUT_S = 30  # how long a connection waits for another process's write to finish


class Pooled(Protocol):
    """A database that is no sqlite3 connection but runs the stores' statements as one (a team store's pool)."""

    def execute(self, sql: str, params: Any = ..., /) -> Any: ...

    def transaction(self) -> AbstractContextManager[Any]: ...


Database: TypeAlias = sqlite3.Connection | Pooled  # what a store's tables live on


def run_script(db: Database, script: str) -> None:
    """Statement by statement: executescript() would commit the migration's transaction halfway."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


@dataclass(frozen=True)
class Schema:
    """The tables one store owns: `migrations[n]` moves that store's tables from version n to n + 1."""

    name: str
    migrations: tuple[Callable[[sqlite3.Connection], None], ...]


def _file_v2(db: sqlite3.Connection) -> None:
    """Version 1 held both stores' tables under one version; from version 2 each store versions its own."""
    db.execute("CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for store in ("recordings", "procedures"):
        if store in tables:
            db.execute("INSERT INTO schema_versions VALUES (?, 1)", (store,))


# FILE_MIGRATIONS[n] moves the file's layout from version n to n + 1 (a new file is version 0)
FILE_MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [lambda db: None, _file_v2]
SCHEMA_VERSION = len(FILE_MIGRATIONS)  # the file's layout (PRAGMA user_version); each store's tables have their own


def connect(path: Path, *schemas: Schema) -> sqlite3.Connection:
    """Open a ShowMeHow database, creating or migrating the file and the tables of each of `schemas`, in
    order (a later one may read an earlier one's tables); refuse foreign, corrupt or newer files."""
    try:
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise ShowMeHowError(f"cannot open the database {path}: {exc}") from exc
    try:
        app_id, version, has_tables = _stamp(db)
        # Tables without our id: someone else's file. A file with no tables is new, perhaps being created
        # by another process right now (its migration commits the tables and the id together).
        if has_tables and app_id != APPLICATION_ID:
            raise ShowMeHowError(f"{path} is not a ShowMeHow database; move it away or set SHOWMEHOW_HOME")
        if version > SCHEMA_VERSION:
            raise ShowMeHowError(
                f"{path} was written by a newer ShowMeHow (schema {version}, this one knows {SCHEMA_VERSION}); upgrade ShowMeHow"
            )
        _use_wal(db)
        db.execute("PRAGMA synchronous=NORMAL")
        if version < SCHEMA_VERSION:
            with transaction(db):
                version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have migrated
                for migrate in FILE_MIGRATIONS[version:]:
                    migrate(db)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        for schema in schemas:
            migrate_schema(db, path, schema)
    except sqlite3.DatabaseError as exc:
        db.close()
        if "locked" in str(exc):
            raise ShowMeHowError(f"{path} stayed busy for {BUSY_TIMEOUT_S} s while another program used it; try again") from exc
        raise ShowMeHowError(f"{path} is corrupt or not a database ({exc}); move it away or set SHOWMEHOW_HOME") from exc
    except ShowMeHowError:
        db.close()
        raise
    return db


def migrate_schema(db: Database, path: object, schema: Schema) -> None:
    """Bring one store's tables to the version this code knows (on a SQLite file or a team store's database)."""
    target = len(schema.migrations)
    with transaction(db):
        row = db.execute("SELECT version FROM schema_versions WHERE name = ?", (schema.name,)).fetchone()
        version = row[0] if row else 0
        if version > target:
            raise ShowMeHowError(
                f"{path} was written by a newer ShowMeHow ({schema.name} schema {version}, this one knows {target}); upgrade ShowMeHow"
            )
        for migrate in schema.migrations[version:]:
            migrate(db)
        if version < target:
            db.execute(
                "INSERT INTO schema_versions VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version",
                (schema.name, target),
            )


def _stamp(db: sqlite3.Connection) -> tuple[int, int, bool]:
    """(application id, schema version, whether it has tables), read in one snapshot of the file."""
    db.execute("BEGIN")
    try:
        return (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
            db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is not None,
        )
    finally:
        db.execute("COMMIT")


def _use_wal(db: sqlite3.Connection) -> None:
    """Put the file in WAL mode, which it keeps. Converting needs the file to itself, and SQLite does not
    wait for that (the busy timeout does not apply), so a conversion that finds the file busy is retried."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        if time.monotonic() > deadline:
            raise sqlite3.OperationalError("database is locked")
        try:
            db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.01)


def integrity_problems(db: sqlite3.Connection, limit: int = 20, quick: bool = False) -> list[str]:
    """What SQLite's integrity check (`quick`: its quick check) finds wrong with the file (empty: nothing)."""
    try:
        rows = [row[0] for row in db.execute(f"PRAGMA {'quick_check' if quick else 'integrity_check'}({limit})")]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    if rows == ["ok"]:
        return []
    return [line.strip() for row in rows for line in str(row).splitlines() if line.strip() and not line.startswith("***")]


def database_error(exc: sqlite3.Error, path: object = "the database") -> ShowMeHowError:
    """A database error as one message for the person."""
    if "locked" in str(exc) or "busy" in str(exc):
        return ShowMeHowError(f"{path} stayed busy while another program used it; try again")
    return ShowMeHowError(f"{path} failed ({exc}); `showmehow doctor` checks the file")


@contextmanager
def transaction(db: Database) -> Iterator[Database]:
    """An immediate transaction: all its writes land together or none do; one opened inside another joins it.
    A team store's database (which is no sqlite3 connection) runs its own."""
    if not isinstance(db, sqlite3.Connection):
        with db.transaction() as held:
            yield held
        return
    if db.in_transaction:  # inside another one, whose end decides
        yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def resolve_id(db: Database, table: str, prefix: str, noun: str, listing: str) -> str:
    """The full id in `table` that `prefix` names: the id itself, or the only id starting with it.
    `noun` and `listing` (the command that lists the ids) make the error messages."""
    prefix = prefix.strip()
    if prefix and db.execute(f"SELECT 1 FROM {table} WHERE id = ?", (prefix,)).fetchone():
        return prefix
    rows = db.execute(f"SELECT id FROM {table} WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 3", (len(prefix), prefix)).fetchall()
    if not prefix or not rows:
        raise ShowMeHowError(f"no {noun} with id {prefix!r}; `{listing}` shows the ids")
    if len(rows) > 1:
        shown = ", ".join(row[0][: len(prefix) + 4] + "…" for row in rows[:2])
        raise ShowMeHowError(
            f"{noun} id {prefix!r} is ambiguous: it starts {shown}{' and more' if len(rows) > 2 else ''}; give more characters"
        )
    return rows[0][0]
