"""The team store: the procedure library on PostgreSQL, for a team or a fleet of agents that learn from each other.

The local backend, with the statements that differ: the schema (versioned as the SQLite file's is, a newer
one refused), the search text in a `tsvector` column with a GIN index (written in the same statement as the
procedure), outcomes counted by one atomic UPDATE, and a NOTIFY on every change (LISTEN with `changes`).
Needs the `team` extra (psycopg 3 and psycopg-pool)."""

from __future__ import annotations

import functools
import json
import logging
import re
import select
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from core.database import DB_FILE, Schema, migrate_schema, run_script
from core.errors import ShowMeHowError
from core.settings import check_store_url, data_dir, user_name
from procedures.backends import shown
from procedures.backends.notices import BatchedNotices
from procedures.backends.sqlite import LocalProcedureStore
from procedures.lesson_table import LessonTable
from procedures.models import Procedure
from procedures.revision_store import RevisionStore
from procedures.search import search_text
from procedures.search_index import SEARCH_WEIGHTS, SearchIndex, SearchRow, save_words
from procedures.store_rules import DEPRECATE_BELOW_RATE, DEPRECATE_MIN_USES, Counted, procedure_row
from recorder.recordings import RecordingStore

CHANNEL = "showmehow_procedures"  # NOTIFY payload: the id of the procedure added, changed or deleted
POOL_SIZE = 8
CONNECT_TIMEOUT_S = 10
TERMS_LOCK = 0x534D4854  # pg_advisory_xact_lock key: one transaction at a time changes the words' counts
MIGRATION_LOCK = 0x534D4857  # pg_advisory_xact_lock key: one process migrates at a time


def _procedures_v1(db: Any) -> None:
    run_script(
        db,
        """
        CREATE TABLE procedures (
            seq BIGSERIAL UNIQUE NOT NULL,
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            goal TEXT NOT NULL,
            domains TEXT NOT NULL,
            deprecated INTEGER NOT NULL,
            success_count INTEGER NOT NULL,
            failure_count INTEGER NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            data TEXT NOT NULL
        );
        CREATE INDEX procedures_by_title ON procedures(title);
        CREATE INDEX procedures_by_deprecated ON procedures(deprecated);
        CREATE INDEX procedures_by_updated_at ON procedures(updated_at)
        """,
    )


def _procedures_v2(db: Any) -> None:
    """An outcome updates its row in place (a HOT update, which writes no index entry, the GIN index's many
    included): no index on a column that an outcome changes, and room on each page for a row's next version; and
    the procedure's JSON is kept parsed (JSONB), so that an outcome changes its counts without parsing it again."""
    run_script(
        db,
        "DROP INDEX procedures_by_updated_at; ALTER TABLE procedures SET (fillfactor = 60);"
        " ALTER TABLE procedures ALTER COLUMN data TYPE JSONB USING data::jsonb",
    )


def _procedures_v3(db: Any) -> None:
    """An outcome changes columns only, as a plain one-row UPDATE does (rewriting the JSON cost the server twice
    the statement): the save's version, who made it and the other runs get columns too, and the failures counted
    on steps since the JSON was written are kept in `step_failures` (1-based); reads lay the columns over the JSON
    (TeamProcedureStore.DATA), and every write of the whole procedure makes them one again."""
    run_script(
        db,
        "ALTER TABLE procedures ADD COLUMN version INTEGER NOT NULL DEFAULT 0,"
        " ADD COLUMN changed_by TEXT NOT NULL DEFAULT '', ADD COLUMN other_runs INTEGER NOT NULL DEFAULT 0,"
        " ADD COLUMN step_failures INTEGER[];"
        " UPDATE procedures SET version = COALESCE((data ->> 'version')::int, 0),"
        " changed_by = COALESCE(data ->> 'changed_by', ''), other_runs = COALESCE((data ->> 'other_runs')::int, 0)",
    )


def _index_v1(db: Any) -> None:
    """The search text lives in the procedure's own row: `document` holds its words with their places and the
    column they came from as the weight (goal A, about B, steps C, values D)."""
    run_script(
        db,
        """
        ALTER TABLE procedures ADD COLUMN search_goal TEXT, ADD COLUMN search_about TEXT, ADD COLUMN search_steps TEXT,
            ADD COLUMN search_vals TEXT, ADD COLUMN search_places TEXT, ADD COLUMN search_fits TEXT,
            ADD COLUMN document TSVECTOR;
        CREATE INDEX procedures_document ON procedures USING GIN (document);
        CREATE TABLE procedure_words (word TEXT COLLATE "C" PRIMARY KEY);
        CREATE TABLE procedure_embeddings (
            id TEXT NOT NULL REFERENCES procedures(id) ON DELETE CASCADE,
            model TEXT NOT NULL,
            vector BYTEA NOT NULL,
            PRIMARY KEY (id, model)
        )
        """,
    )


def _index_v2(db: Any) -> None:
    """How many procedures' search text holds each word, anywhere and in each column, kept in `procedure_terms` as
    the search text changes (retrieval reads a word's count instead of counting the rows that hold it); filled from
    the documents stored."""
    run_script(
        db,
        'CREATE TABLE procedure_terms (word TEXT COLLATE "C" NOT NULL, weight TEXT NOT NULL, docs INTEGER NOT NULL,'
        " PRIMARY KEY (word, weight))",
    )
    db.execute(_terms_sql("p.document IS NOT NULL"), {"sign": 1})


def _terms_sql(rows: str) -> str:
    """Add %(sign)s (1 or -1) times the words of the documents of `rows` to their counts: each word once per
    procedure under `*` (anywhere) and once under each weight (column) it has there, in the words' order (so that
    writers never wait on each other in a circle)."""
    return (
        "INSERT INTO procedure_terms (word, weight, docs) SELECT word, weight, %(sign)s * COUNT(*) FROM ("
        "SELECT DISTINCT p.id, t.lexeme AS word, w.weight FROM procedures AS p, unnest(p.document) AS t,"
        f" unnest(array_prepend('*', t.weights::text[])) AS w(weight) WHERE {rows}) AS found"
        " GROUP BY word, weight ORDER BY word, weight"
        " ON CONFLICT (word, weight) DO UPDATE SET docs = procedure_terms.docs + excluded.docs"
    )


def _count_terms(db: Any, procedure_ids: list[str], sign: int) -> None:
    """Count the words of these procedures' documents in (1) or out (-1), one transaction at a time."""
    db.execute("SELECT pg_advisory_xact_lock(%(lock)s)", {"lock": TERMS_LOCK})
    db.execute(_terms_sql("p.id = ANY(%(ids)s)"), {"ids": procedure_ids, "sign": sign})


def _revisions_v1(db: Any) -> None:
    run_script(
        db,
        """
        CREATE TABLE revisions (
            id TEXT PRIMARY KEY,
            procedure_id TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            data TEXT NOT NULL
        );
        CREATE INDEX revisions_by_procedure ON revisions(procedure_id, status)
        """,
    )


def _lessons_v1(db: Any) -> None:
    db.execute("CREATE TABLE lessons (seq BIGSERIAL UNIQUE NOT NULL, id TEXT PRIMARY KEY, data TEXT NOT NULL)")


SCHEMAS = (
    Schema("procedures", (_procedures_v1, _procedures_v2, _procedures_v3)),
    Schema("procedure_index", (_index_v1, _index_v2)),
    Schema("revisions", (_revisions_v1,)),
    Schema("lessons", (_lessons_v1,)),
)


class _Result:
    """What a statement returned, fetched before its connection went back to the pool."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self._rows, self.rowcount = rows, rowcount

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._rows)


def _result(cursor: Any) -> _Result:
    """What a statement returned (its rows, if it returns any: asked of the result, not of `description`, which
    builds its columns' descriptions each time)."""
    returned = cursor.pgresult is not None and cursor.pgresult.nfields
    return _Result(cursor.fetchall() if returned else [], cursor.rowcount)


def _placeholders(sql: str) -> str:
    """The store's statements (written with `?`, as SQLite takes them) as psycopg takes them."""
    return sql.replace("%", "%%").replace("?", "%s")


def _configure(conn: Any) -> None:
    """JSONB read as the text it is (the store validates it as JSON), not parsed into Python objects."""
    from psycopg.types.string import TextLoader

    conn.adapters.register_loader("jsonb", TextLoader)


class TeamDatabase:
    """A pool of connections to a team store that runs the store's statements as a sqlite3.Connection would:
    each on its own (autocommit), or all on one connection inside `transaction()` (per thread, nested ones join)."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise ShowMeHowError("a team store needs the team extra: pip install 'showmehow[team]'") from exc
        self.url = check_store_url(url)
        logging.getLogger("psycopg.pool").disabled = True  # its retries' warnings: the store's one message says it
        try:  # once, so that a wrong address fails at once with libpq's reason (the pool would retry)
            psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_S).close()
        except psycopg.Error as exc:
            raise ShowMeHowError(f"cannot reach the team store {shown(url)}: {str(exc).strip()}") from exc
        self._held = threading.local()
        self.pool = ConnectionPool(
            url,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S},
            configure=_configure,
            check=_check,  # a connection the server dropped (a restart) is replaced, not used
            timeout=CONNECT_TIMEOUT_S,
            open=False,
            name="showmehow",
        )
        try:
            self.pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
        except Exception as exc:
            self.pool.close()
            raise ShowMeHowError(f"cannot reach the team store {shown(url)}: {str(exc).strip() or type(exc).__name__}") from exc
        self._closer = weakref.finalize(self, _close_apart, self.pool)  # a store dropped unclosed still closes
        self._closer.atexit = False

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> _Result:
        """Run one statement (`?` placeholders with a sequence, psycopg's `%(name)s` with a dict); a statement on its
        own takes a pooled connection and gives it back with no context manager between (an outcome is little more)."""
        query = sql if isinstance(params, dict) else _placeholders(sql)
        held = getattr(self._held, "conn", None)
        if held is not None:
            cursor = held.execute(query, params)
            return _result(cursor)
        try:
            conn = self.pool.getconn()
            try:
                cursor = conn.execute(query, params)
                return _result(cursor)
            finally:
                self.pool.putconn(conn)
        except Exception as exc:
            said = _said(exc, shown(self.url))
            if said is None:
                raise
            raise said from exc

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._connection() as conn, conn.cursor() as cursor:
            cursor.executemany(_placeholders(sql), list(rows))

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        held = getattr(self._held, "conn", None)
        if held is not None:
            yield held
            return
        with self._reachable(), self.pool.connection() as conn:
            yield conn

    @contextmanager
    def _reachable(self) -> Iterator[None]:
        """A lost connection, a server gone, a role that may not write or data the database cannot hold (a NUL
        character) as one message; the other errors of the statements pass (a duplicate id, for the store)."""
        try:
            yield
        except Exception as exc:
            said = _said(exc, shown(self.url))
            if said is None:
                raise
            raise said from exc

    @contextmanager
    def transaction(self) -> Iterator[TeamDatabase]:
        if getattr(self._held, "conn", None) is not None:
            yield self
            return
        with self._reachable(), self.pool.connection() as conn, conn.transaction():
            self._held.conn = conn
            try:
                yield self
            finally:
                self._held.conn = None

    def close(self) -> None:
        self._closer.detach()
        self.pool.close()


def _said(exc: Exception, where: str) -> ShowMeHowError | None:
    """The one message for a database error that is no fault of the statement (see TeamDatabase._reachable)."""
    from psycopg import DataError, OperationalError, errors
    from psycopg_pool import PoolTimeout

    if isinstance(exc, (errors.InsufficientPrivilege, errors.ReadOnlySqlTransaction)):
        return ShowMeHowError(
            f"the team store {where} does not let this role write: {_first_line(exc)}; "
            "ask its administrator for INSERT, UPDATE and DELETE on its tables"
        )
    if isinstance(exc, DataError):
        return ShowMeHowError(f"the team store {where} cannot hold this data: {_first_line(exc)}")
    if isinstance(exc, (OperationalError, PoolTimeout)):
        return ShowMeHowError(f"the team store {where} failed: {_first_line(exc)}")
    return None


def _close_apart(pool: Any) -> None:
    """Close the pool of a database dropped without `close()`, from a thread of its own: the garbage collector may
    drop it in any thread, one of the pool's own among them, which cannot wait for itself to stop (the pool's
    `__del__` would try, and fail)."""
    threading.Thread(target=pool.close, name="showmehow-store-close", daemon=True).start()


def _check(conn: Any) -> None:
    """Raise for a pooled connection that the server has closed (a restart), so that the pool replaces it; one
    still open costs no round trip: an idle connection's socket has something to read only when the server said
    goodbye (or the connection is broken), and then the pool's own check runs."""
    if conn.closed or select.select([conn.fileno()], [], [], 0)[0]:
        from psycopg_pool import ConnectionPool

        ConnectionPool.check_connection(conn)


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _lexeme(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


COLUMN_WEIGHTS = {"goal": "A", "about": "B", "steps": "C", "vals": "D"}
RANK_WEIGHTS = "{" + ",".join(str(w / max(SEARCH_WEIGHTS)) for w in reversed(SEARCH_WEIGHTS)) + "}"  # {D,C,B,A}
LEXEME_CHARS = 500  # PostgreSQL's lexemes hold at most 2,047 bytes: 500 characters of up to 4 bytes
FTS_TERM = re.compile(r'(?:(\w+) : )?"([^"]*)"')


def tsquery(query: str) -> str:
    """The retriever's FTS5 queries (quoted words or phrases, each perhaps limited to a column as `goal : "w"`,
    joined by OR or AND) as a PostgreSQL tsquery."""
    joiner = " & " if " AND " in query else " | "
    terms = []
    for column, phrase in FTS_TERM.findall(query):
        weight = COLUMN_WEIGHTS[column] if column else ""
        words = [_lexeme(w) + (f":{weight}" if weight else "") for w in _words(phrase)]
        if words:
            terms.append("(" + " <-> ".join(words) + ")")
    return joiner.join(terms)


def _words(text: str) -> list[str]:
    """The words of a search text as FTS5's unicode61 tokenizer splits it (the text is stemmed, folded words), each
    cut to LEXEME_CHARS (a longer lexeme is refused: "word is too long"), in the documents and the queries alike."""
    return [w[:LEXEME_CHARS] for w in re.findall(r"[^\W_]+", text.lower())]


def document(goal: str, about: str, steps: str, values: str) -> str:
    """A tsvector literal: each word of each column at its place, weighted by its column."""
    places: dict[str, list[str]] = {}
    position = 0
    for text, weight in zip((goal, about, steps, values), "ABCD"):
        for word in _words(text):
            position = min(position + 1, 16383)
            places.setdefault(word, []).append(f"{position}{weight}")
    return " ".join(f"{_lexeme(word)}:{','.join(at[:256])}" for word, at in places.items())


class TeamSearchIndex(SearchIndex):
    """The search index in the procedures' rows: candidates from the GIN index on `document`, ranked by ts_rank
    with the same column weights as SQLite's bm25."""

    def search(self, query: str | None, limit: int) -> list[SearchRow]:
        columns = (
            "id, search_goal, search_about, search_steps, search_vals, search_places, search_fits, domains,"
            " success_count, failure_count"
        )
        if query:
            q = tsquery(query)
            if not q:
                return []
            rows = self._db.execute(
                f"SELECT {columns} FROM procedures WHERE document @@ %(q)s::tsquery AND deprecated = 0"
                " ORDER BY ts_rank(%(weights)s::float4[], document, %(q)s::tsquery) DESC, seq LIMIT %(limit)s",
                {"q": q, "weights": RANK_WEIGHTS, "limit": limit},
            ).fetchall()
        else:
            rows = self._db.execute(
                f"SELECT {columns} FROM procedures WHERE document IS NOT NULL AND deprecated = 0 LIMIT ?", (limit,)
            ).fetchall()
        return [_search_row(r) for r in rows]

    def term_counts(self, terms: Iterable[str], column: str | None = None) -> dict[str, int]:
        """Read in one query from the counts that every change of the search text keeps (see _index_v2)."""
        lexemes = {t[:LEXEME_CHARS]: t for t in set(terms)}
        found = self._db.execute(
            "SELECT word, docs FROM procedure_terms WHERE weight = ? AND word = ANY(?) AND docs > 0",
            (COLUMN_WEIGHTS[column] if column else "*", list(lexemes)),
        ).fetchall()
        return {lexemes[word]: docs for word, docs in found}

    def size_estimate(self) -> int:
        return self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM procedures").fetchone()[0]

    def put(self, procedure: Procedure) -> None:
        if procedure.deprecated:
            return
        columns, words = search_columns(procedure)
        self._db.execute(
            "UPDATE procedures SET search_goal = ?, search_about = ?, search_steps = ?, search_vals = ?, search_places = ?,"
            " search_fits = ?, document = ?::tsvector WHERE id = ?",
            (*columns, procedure.id),
        )
        _count_terms(self._db, [procedure.id], 1)
        save_words(self._db, words)

    def drop(self, procedure_id: str) -> None:
        _count_terms(self._db, [procedure_id], -1)
        self._db.execute(
            "UPDATE procedures SET search_goal = NULL, search_about = NULL, search_steps = NULL, search_vals = NULL,"
            " search_places = NULL, search_fits = NULL, document = NULL WHERE id = ?",
            (procedure_id,),
        )
        self._db.execute("DELETE FROM procedure_embeddings WHERE id = ?", (procedure_id,))


def search_columns(procedure: Procedure) -> tuple[tuple[str | None, ...], frozenset[str]]:
    """A procedure's search columns (goal, about, steps, values, places, fits, document; none for a deprecated
    one) and the words to remember for spelling."""
    if procedure.deprecated:
        return (None,) * 7, frozenset()
    text = search_text(procedure)
    tsv = document(text.goal, text.about, text.steps, text.values)
    return (text.goal, text.about, text.steps, text.values, text.places, text.fits, tsv), text.words


def _search_row(r: tuple[Any, ...]) -> SearchRow:
    return SearchRow(r[0], r[1], r[2], r[3], r[4], r[5].split(), r[6], json.loads(r[7]), r[8], r[9])


COUNTED = "RETURNING id, success_count, failure_count, other_runs, deprecated = 1, version"
STEP_COUNTED = (  # the JSON's steps with the failures counted since it was written
    "jsonb_set(data, '{steps}', COALESCE((SELECT jsonb_agg(CASE WHEN step_failures[n] IS NULL THEN s ELSE jsonb_set(s,"
    " '{failure_count}', to_jsonb(COALESCE((s ->> 'failure_count')::int, 0) + step_failures[n])) END ORDER BY n)"
    " FROM jsonb_array_elements(data -> 'steps') WITH ORDINALITY AS e(s, n)), '[]'::jsonb))"
)
DATA = (  # a procedure's JSON with what outcomes changed in its columns laid over it
    f"((CASE WHEN step_failures IS NULL THEN data ELSE {STEP_COUNTED} END) || jsonb_build_object("
    "'success_count', success_count, 'failure_count', failure_count, 'deprecated', deprecated = 1,"
    " 'updated_at', updated_at, 'version', version, 'changed_by', changed_by, 'other_runs', other_runs))"
)


@functools.cache
def _outcome_sql(with_step: bool) -> str:
    """One statement that counts an outcome in the procedure's columns, from the values the row holds as it runs,
    as a plain one-row UPDATE does (the JSON is not rewritten: reads lay the columns over it); it returns the
    counts. A procedure it deprecates keeps its search text, which search skips."""
    uses = "success_count + failure_count + 1"
    deprecated = (
        f"CASE WHEN deprecated = 1 OR ({uses} >= {DEPRECATE_MIN_USES}"
        f" AND (success_count + %(won)s)::float8 / ({uses}) < {DEPRECATE_BELOW_RATE}) THEN 1 ELSE 0 END"
    )
    step = ""
    if with_step:  # a step the procedure has (an index past its steps would grow the array)
        at = "%(step)s::int + 1"
        step = (
            f", step_failures[{at}] = CASE WHEN %(step)s::int < jsonb_array_length(data -> 'steps')"
            f" THEN COALESCE(step_failures[{at}], 0) + 1 ELSE step_failures[{at}] END"
        )
    return (
        "UPDATE procedures SET success_count = success_count + %(won)s, failure_count = failure_count + %(lost)s,"
        f" deprecated = {deprecated}, updated_at = %(now)s::float8, version = version + 1, changed_by = %(user)s{step}"
        f" WHERE id = %(id)s {COUNTED}"
    )


OTHER_RUN_SQL = (
    "UPDATE procedures SET other_runs = other_runs + 1, updated_at = %(now)s::float8, version = version + 1,"
    f" changed_by = %(user)s WHERE id = %(id)s {COUNTED}"
)


class ChangeListener:
    """LISTEN on a connection of its own: `wait(timeout)` returns the ids of the procedures changed since the last
    call (added, edited, outcomes counted, deleted, by any machine), waiting up to `timeout` seconds for the first."""

    def __init__(self, url: str) -> None:
        import psycopg

        self._conn = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        self._conn.execute(f"LISTEN {CHANNEL}")

    def wait(self, timeout: float) -> list[str]:
        ids = [note.payload for note in self._conn.notifies(timeout=timeout, stop_after=1)]
        ids += [note.payload for note in self._conn.notifies(timeout=0)] if ids else []
        return list(dict.fromkeys(ids))

    def fileno(self) -> int:
        """The connection's socket, readable when a change arrives (for an event loop to watch)."""
        return self._conn.fileno()

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> ChangeListener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TeamProcedureStore(LocalProcedureStore):
    """The procedures on a team store's PostgreSQL database (behind `ProcedureStore("postgresql://...")`)."""

    LOCK = " FOR UPDATE"
    RECORDING_LINKS = "data ->> 'recording_id', data ->> 'variants'"
    ROW_ORDER = "seq"
    DATA = DATA
    _db: TeamDatabase

    def __init__(self, url: str) -> None:
        from psycopg import errors

        self.DUPLICATE = (errors.UniqueViolation,)
        self.path = shown(url)
        self.user = user_name()
        self._db = TeamDatabase(url)
        try:
            self._migrate()
        except BaseException:
            self._db.close()
            raise
        self.index = TeamSearchIndex(self._db)
        self.revisions = RevisionStore(self._db, self)
        self.lesson_rows = LessonTable(self._db, order="seq", hold="LOCK TABLE lessons IN SHARE ROW EXCLUSIVE MODE")
        self.recordings = RecordingStore(data_dir() / DB_FILE)  # recordings stay on this machine
        self._notices = BatchedNotices(self._notify_all)

    def _migrate(self) -> None:
        with self._db.transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            if db.execute("SELECT to_regclass('schema_versions')").fetchone()[0] is None:  # a role that only reads makes none
                db.execute("CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)")
            for schema in SCHEMAS:
                migrate_schema(db, self.path, schema)

    def check_integrity(self, quick: bool = False) -> None:
        """The connection works, the schema is this code's (checked on opening) and, but for a `quick` check (a role that
        only reads may read), this role may read and write."""
        if quick:
            return
        tables = ("procedures", "revisions", "lessons", "procedure_words", "procedure_terms", "procedure_embeddings")
        rights = " AND ".join(f"has_table_privilege(t, '{right}')" for right in ("SELECT", "INSERT", "UPDATE", "DELETE"))
        missing = [  # each right asked alone: has_table_privilege of several says whether any one is held
            t for (t,) in self._db.execute(f"SELECT t FROM unnest(?::text[]) AS t WHERE NOT ({rights})", (list(tables),))
        ]
        if missing:
            role = self._db.execute("SELECT current_user").fetchone()[0]
            raise ShowMeHowError(
                f"the team store {self.path} does not let the role {role!r} read and write {', '.join(missing)}: "
                "ask its administrator for SELECT, INSERT, UPDATE and DELETE on them"
            )

    def record_outcome(self, procedure_id: str, success: bool, step_failed: int | None = None) -> Counted:
        """UPDATE phase in one atomic statement: concurrent outcomes from any number of machines all count.
        Listeners are told in the next batch of notices."""
        step = step_failed if not success and step_failed is not None and step_failed >= 0 else None
        params = {"won": int(success), "lost": int(not success), "now": time.time(), "user": self.user, "id": procedure_id}
        return self._counted(procedure_id, self._db.execute(_outcome_sql(step is not None), params | {"step": step}).fetchone())

    def record_other_run(self, procedure_id: str) -> Counted:
        """One more run that leaves the confidence as it was, in one atomic statement (see record_outcome)."""
        params = {"now": time.time(), "user": self.user, "id": procedure_id}
        return self._counted(procedure_id, self._db.execute(OTHER_RUN_SQL, params).fetchone())

    def _counted(self, procedure_id: str, row: tuple[Any, ...] | None) -> Counted:
        if row is None:
            raise ShowMeHowError(f"no procedure with id {procedure_id!r}; `showmehow list` shows the ids")
        self._notices.add(procedure_id)
        return Counted(*row)

    def _insert(self, db: Any, procedures: list[Procedure]) -> None:
        """All in a few statements, their search text in their rows (a thousand at a time stay fast)."""
        rows, words = [], set()
        for procedure in procedures:
            columns, procedure_words = search_columns(procedure)
            rows.append((*procedure_row(procedure), procedure.version, procedure.changed_by, procedure.other_runs, *columns))
            words |= procedure_words
        try:
            db.executemany(
                "INSERT INTO procedures (id, title, goal, domains, deprecated, success_count, failure_count, updated_at, data,"
                " version, changed_by, other_runs,"
                " search_goal, search_about, search_steps, search_vals, search_places, search_fits, document)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::tsvector)",
                rows,
            )
        except self.DUPLICATE as exc:
            key = re.search(r"\(id\)=\((.*)\)", exc.diag.message_detail or "")  # type: ignore[attr-defined]
            raise ShowMeHowError(f"a procedure with id {key.group(1) if key else '?'!r} already exists") from exc
        _count_terms(db, [p.id for p in procedures], 1)
        save_words(db, words)
        self._notify_all([p.id for p in procedures])

    def _write_back(self, db: Any, p: Procedure) -> int:
        """The whole procedure written: its JSON holds every count again, the columns say the same."""
        changed = super()._write_back(db, p)
        if changed:
            db.execute(
                "UPDATE procedures SET version = ?, changed_by = ?, other_runs = ?, step_failures = NULL WHERE id = ?",
                (p.version, p.changed_by, p.other_runs, p.id),
            )
            self._notify(p.id)
        return changed

    def delete(self, procedure_id: str) -> None:
        with self._db.transaction():
            super().delete(procedure_id)
            self._notify(procedure_id)

    def _notify(self, procedure_id: str) -> None:
        """Tell every listener (sent when the transaction commits, not before)."""
        self._notify_all([procedure_id])

    def _notify_all(self, procedure_ids: list[str]) -> None:
        self._db.execute("SELECT pg_notify(?, id) FROM unnest(?::text[]) AS id", (CHANNEL, procedure_ids))

    def listen(self) -> ChangeListener:
        """A listener for the procedures that anyone adds, changes or deletes from now on (see ChangeListener)."""
        return ChangeListener(self._db.url)

    def close(self) -> None:
        try:
            self._notices.close()
        finally:
            self.recordings.close()
            self._db.close()
