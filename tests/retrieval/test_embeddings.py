"""Optional semantic similarity through an embedding model on a local OpenAI-compatible server: stored with
the procedures, made once, blended into the goal part, and never in the way when the server is gone."""

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.settings import Settings
from procedures.store import ProcedureStore
from retrieval import Retriever
from tests.helpers import sample_procedure
from tests.llm_server import LLMServer

TOPICS = [("rubbish", "trash", "bin"), ("invoice", "bill", "payment")]  # words that share a meaning


def embed(text: str) -> list[float]:
    """A toy embedding: one dimension per topic, counting its words."""
    lower = text.lower()
    return [float(sum(word in lower for word in topic)) + 0.01 for topic in TOPICS]


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMServer]:
    llm = LLMServer(embed=embed)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield llm
    llm.close()


def _store(tmp_path: Path) -> tuple[ProcedureStore, str]:
    store = ProcedureStore(tmp_path / "s.db")
    pid = store.add(sample_procedure(title="Take out the rubbish", domain="chores.example.org"))
    store.add(sample_procedure(title="Pay the invoice", domain="bank.example.org"))
    return store, pid


def test_embeddings_find_what_words_miss_and_are_stored_once(tmp_path: Path, server: LLMServer) -> None:
    store, pid = _store(tmp_path)
    task = "Empty the trash bin"
    assert Retriever(store, Settings()).retrieve(task) == []  # no shared word
    settings = Settings(embedding_model="openai/toy-embed", api_base=server.url)
    (match, *_) = Retriever(store, settings).retrieve(task)
    assert match.procedure.id == pid and "meaning close to the task (embeddings" in match.evidence[-1]
    stored = sqlite3.connect(tmp_path / "s.db").execute("SELECT id, model FROM procedure_embeddings").fetchall()
    assert (pid, "openai/toy-embed") in stored
    calls = len(server.requests)
    Retriever(store, settings).retrieve(task)
    assert len(server.requests) == calls + 1 and server.requests[-1]["input"] == [task]  # only the task is embedded again


def test_a_changed_procedure_is_embedded_again(tmp_path: Path, server: LLMServer) -> None:
    store, pid = _store(tmp_path)
    settings = Settings(embedding_model="openai/toy-embed", api_base=server.url)
    Retriever(store, settings).retrieve("Empty the trash bin")
    changed = store.get(pid)
    changed.title = changed.abstract.goal = "Settle the bill"
    store.update(changed)
    assert store.index.embeddings("openai/toy-embed", [pid]) == {}
    Retriever(store, settings).retrieve("Empty the trash bin")
    assert any("Settle the bill" in text for text in server.requests[-1]["input"])
    assert list(store.index.embeddings("openai/toy-embed", [pid])) == [pid]


def test_without_the_server_words_alone_answer(tmp_path: Path, server: LLMServer, caplog: pytest.LogCaptureFixture) -> None:
    store, pid = _store(tmp_path)
    settings = Settings(embedding_model="openai/toy-embed", api_base=server.url)
    server.close()
    with caplog.at_level(logging.WARNING):
        (match, *_) = Retriever(store, settings).retrieve("take out the rubbish")
    assert match.procedure.id == pid
    assert "semantic similarity is off for this search: cannot reach openai/toy-embed" in caplog.text
