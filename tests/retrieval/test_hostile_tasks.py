"""Hostile task text (issue 41): a task of one 120 KB word is read to a bound before retrieval, on both stores."""

import time

from procedures.store import ProcedureStore
from retrieval import Retriever
from retrieval.text import WORD_LENGTH, analyze, bounded
from tests.helpers import sample_procedure


def test_a_task_of_one_huge_word_returns_at_once(store_location: str) -> None:
    store = ProcedureStore(store_location)
    pid = store.add(sample_procedure(title="Log in to the wiki", domain="wiki.example.com"))
    token = "x3" * 60_000
    started = time.monotonic()
    assert Retriever(store).retrieve(token) == []
    (match,) = Retriever(store).retrieve(f"log in to the wiki with token {token}")
    bounded_s = time.monotonic() - started
    assert match.procedure.id == pid and bounded_s < 5
    if store_location.startswith("postgresql"):
        return
    started = time.monotonic()  # the control: the same reading of a twentieth of the word, unbounded
    analyze(token[:6000])
    assert time.monotonic() - started > bounded_s


def test_long_words_are_cut_not_spelled() -> None:
    assert bounded("open " + "a" * 500 + " now") == "open " + "a" * WORD_LENGTH + " now"
    assert len(bounded("word " * 100_000)) == 2000
