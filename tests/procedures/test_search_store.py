"""The search text in FTS5: written with each procedure in the same transaction, gone with it, never for a
deprecated one, and filled in when an older database is opened."""

import json
import sqlite3
from pathlib import Path

import pytest

from core.database import Schema, connect
from core.errors import ShowMeHowError
from procedures.backends.sqlite import SCHEMA, _v1
from procedures.search import search_text
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure


def _found(store: ProcedureStore, word: str) -> list[str]:
    return [row.id for row in store.index.search(f'"{word}"', 10)]


def test_search_text_follows_add_update_delete_and_deprecation(store_location: str) -> None:
    store = ProcedureStore(store_location)
    pid = store.add(sample_procedure(title="Log in to the wiki", domain="wiki.example.com"))
    assert _found(store, "wiki") == [pid]
    assert store.index.known_words(["wiki", "zebra"]) == {"wiki"}
    renamed = store.get(pid)
    renamed.title = renamed.abstract.goal = "Export the monthly report"
    store.update(renamed)
    assert _found(store, "wiki") == [] and _found(store, "monthly") == [pid]
    assert store.index.term_counts(["monthly", "wiki"]) == {"monthly": 1}
    assert store.index.term_counts(["monthly"], "goal") == {"monthly": 1} and store.index.term_counts(["monthly"], "steps") == {}
    assert [r.id for r in store.index.search('goal : "monthly"', 10)] == [pid] and store.index.search(
        'steps : "monthly"', 10
    ) == []
    store.set_deprecated(pid, True)
    assert _found(store, "monthly") == [] and store.index.searchable_count() == 0
    store.set_deprecated(pid, False)
    assert _found(store, "monthly") == [pid]
    store.delete(pid)
    assert _found(store, "monthly") == []


def test_a_failed_batch_leaves_no_search_text(store_location: str) -> None:
    store = ProcedureStore(store_location)
    first = sample_procedure(title="Log in to the wiki")
    store.add(first)
    with pytest.raises(ShowMeHowError, match="already exists"):
        store.add_many([sample_procedure(title="Order a pizza"), first])
    assert _found(store, "pizza") == [] and _found(store, "wiki") == [first.id]


def test_another_connection_sees_new_search_text_at_once(store_location: str) -> None:
    reader = ProcedureStore(store_location)
    pid = ProcedureStore(store_location).add(sample_procedure(title="Log in to the wiki"))
    assert _found(reader, "wiki") == [pid]


def test_an_older_database_gets_its_search_text_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    old = connect(path, Schema("procedures", (_v1,)))  # the tables as version 1 of the store made them
    procedure = sample_procedure(title="Track a parcel", domain="ups.com")
    old.execute(
        "INSERT INTO procedures VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?)",
        (procedure.id, procedure.title, procedure.abstract.goal, json.dumps(["ups.com"]), 1.0, procedure.model_dump_json()),
    )
    old.close()
    store = ProcedureStore(path)
    (row,) = store.index.search('"parcel"', 10)
    assert (row.id, row.domains, row.places) == (procedure.id, ["ups.com"], ["http://ups.com/login.html"])
    version = sqlite3.connect(path).execute("SELECT version FROM schema_versions WHERE name = 'procedures'").fetchone()
    assert version == (len(SCHEMA.migrations),)


def test_search_text_keeps_values_apart_and_reads_roles_from_selectors() -> None:
    text = search_text(sample_procedure(title='Log in as "emile"'))
    assert text.goal == "log in as _" and text.values == "emil" and "emile" not in text.words
    assert "textbox" in text.steps.split() and "click" in text.steps.split()
