"""The team store's speed, seen from the server (issue 41): an outcome is one statement (no check of the pooled
connection, no NOTIFY of its own: listeners hear of outcomes in batches), and the words' document counts that
retrieval weighs are kept as the search text changes instead of counted at each retrieval."""

import time
from pathlib import Path

import psycopg

from procedures.backends.notices import NOTICE_BATCH_S
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure
from tests.postgres import Cluster

OUTCOMES = 20


def _logged(log: Path, start: int, wanted: int) -> list[str]:
    """The statements the server logged after byte `start`, once `wanted` of them are there (or after 5 s)."""
    deadline = time.monotonic() + 5
    while True:
        lines = [line for line in log.read_text(errors="replace")[start:].splitlines() if "LOG:  " in line]
        statements = [line.split("LOG:  ", 1)[1] for line in lines if "statement: " in line or "execute " in line]
        if len(statements) >= wanted or time.monotonic() > deadline:
            return statements
        time.sleep(0.05)


def test_an_outcome_is_one_statement_and_listeners_hear_of_outcomes_in_batches(postgres: Cluster, team_url: str) -> None:
    logged_url = team_url.replace("options=", "options=-clog_statement%3Dall%20")  # this store's statements only
    store = ProcedureStore(logged_url)
    pid = store.add(sample_procedure())
    log = postgres.root / "log"
    with psycopg.connect(team_url, autocommit=True) as listener:
        listener.execute("LISTEN showmehow_procedures")
        time.sleep(0.3)  # the add's own notice, and the pool's connections made
        list(listener.notifies(timeout=0.2))
        start, began = log.stat().st_size, time.monotonic()
        for number in range(OUTCOMES):
            store.record_outcome(pid, success=number % 2 == 0, step_failed=1)
        batches = 2 + int((time.monotonic() - began) / NOTICE_BATCH_S)  # at most one batch of notices per period
        statements = _logged(log, start, OUTCOMES + 1)
        heard = [n.payload for n in listener.notifies(timeout=1, stop_after=OUTCOMES)]
        with psycopg.connect(logged_url, autocommit=True) as plain:  # the control: a NOTIFY per outcome is heard as many times
            for _ in range(3):
                plain.execute("SELECT pg_notify('showmehow_procedures', %s)", (pid,))
            assert len([n for n in listener.notifies(timeout=1, stop_after=3)]) == 3
    counting = [s for s in statements if "UPDATE procedures" in s]
    notices = [s for s in statements if "pg_notify" in s]
    assert len(counting) == OUTCOMES and len(counting) + len(notices) == len(statements), statements
    assert 1 <= len(notices) <= min(batches, OUTCOMES // 2) and 1 <= len(heard) <= len(notices) and set(heard) == {pid}
    counted = store.get(pid)
    assert (counted.success_count, counted.failure_count, counted.steps[1].failure_count) == (10, 10, 10)
    store.close()


def _kept_and_counted(url: str) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    """The counts the store keeps, and the counts of the documents stored now (PostgreSQL's ts_stat), by word and
    weight ('*': anywhere)."""
    with psycopg.connect(url) as conn:
        kept = {(w, g): n for w, g, n in conn.execute("SELECT word, weight, docs FROM procedure_terms WHERE docs <> 0")}
        counted: dict[tuple[str, str], int] = {}
        for weight in ("*", "A", "B", "C", "D"):
            rows = conn.execute(
                "SELECT word, ndoc FROM ts_stat('SELECT document FROM procedures WHERE document IS NOT NULL'"
                + ("" if weight == "*" else f", '{weight}'")
                + ")"
            )
            counted |= {(w, weight): n for w, n in rows}
    return kept, counted


def test_the_words_counts_follow_every_change_of_the_search_text(team_url: str) -> None:
    store = ProcedureStore(team_url)
    first = store.add(sample_procedure(title="Order a pizza margherita"))
    second, third = store.add_many([sample_procedure(title="Order a pizza"), sample_procedure(title="Book a room")])
    kept, counted = _kept_and_counted(team_url)
    assert kept == counted and kept[("pizza", "*")] == 2 and kept[("pizza", "A")] == 2
    edited = store.get(first)
    calzone = edited.abstract.model_copy(update={"goal": "Order a calzone"})
    store.update(edited.model_copy(update={"title": "Order a calzone", "abstract": calzone}))
    for _ in range(3):
        store.record_outcome(second, success=False)  # deprecated: search skips it, its words stay counted
    store.delete(third)
    kept, counted = _kept_and_counted(team_url)
    assert kept == counted and kept[("pizza", "*")] == 1 and ("margherita", "*") not in kept
    assert [r.id for r in store.index.search('"pizza"', 5)] == []
    assert store.index.term_counts(["pizza", "room", "nowhere"], "goal") == {"pizza": 1}
    store.set_deprecated(second, False)
    assert [r.id for r in store.index.search('"pizza"', 5)] == [second]
    kept, counted = _kept_and_counted(team_url)
    assert kept == counted and kept[("pizza", "*")] == 1  # restored: counted once, not twice
    store.close()
