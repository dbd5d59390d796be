"""Issue 29: what tells look-alike procedures apart (values that fit, the page, names of what was acted on), and
rankings that runs do not spoil. The store is the second labelled set's (built from recordings, no browser); the
requests here are worded anew, not taken from its labelled requests."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from procedures.search import search_text, shapes
from procedures.store import ProcedureStore
from retrieval import Retriever, standings
from retrieval.retriever import candidate
from retrieval.similarity import Evidence
from tests.helpers import sample_procedure
from tests.retrieval.labelled_set_2 import ADMIN, UI, procedures

BOOKS = f"{ADMIN}/catalog/book/"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProcedureStore]:
    store = ProcedureStore(tmp_path / "showmehow.db")
    store.add_many(procedures().values())
    yield store
    store.close()


def top(store: ProcedureStore, task: str, url: str | None = None) -> str | None:
    matches = Retriever(store).retrieve(task, url=url, k=3)
    return matches[0].procedure.id if matches else None


def test_a_click_on_the_page_body_is_no_evidence_of_what_a_procedure_does(store: ProcedureStore) -> None:
    banner = procedures()["ui_banner"]
    text = search_text(banner)
    assert "picker" not in f"{text.steps} {text.about}" and "checkbox" not in f"{text.steps} {text.about}"
    assert "Welcome to the UI playground" not in " ".join(banner.abstract.flow)
    for task in ("pick a time in the time picker", "tick both checkboxes", "choose a date in the date picker"):
        assert "ui_banner" not in [m.procedure.id for m in Retriever(store).retrieve(task, url=f"{UI}/color", k=3)], task


def test_values_that_fit_a_procedure_tell_look_alikes_apart(store: ProcedureStore) -> None:
    (match, *_) = Retriever(store).retrieve("put 10:30 in the field")
    assert match.procedure.id == "ui_time" and '"a time" (value shape, in the parameters\' values)' in match.evidence
    (match, *_) = Retriever(store).retrieve("go with Japan")
    assert match.procedure.id == "ui_dropdown" and any("an allowed value" in e for e in match.evidence)
    assert shapes("from 05/01/2025 until 9 March, at 8:15 am, to ana@acme.io, file cv.docx, #ff8800, 12") == [
        "email",
        "file",
        "date",
        "date",
        "time",
        "colour",
        "number",
    ]


def test_on_a_page_where_a_procedure_ran_one_shared_word_makes_it_a_candidate(store: ProcedureStore) -> None:
    assert top(store, "expand everything here", f"{UI}/accordion") == "ui_accordion"
    assert top(store, "expand everything here", f"{UI}/buttons") is None
    assert top(store, "expand everything here") is None
    assert not candidate(0.3, [], 1.0), "a shared word is needed, not the page alone"
    assert candidate(0.3, [Evidence("expand", "expand", "same word", "goal")], 1.0)
    assert not candidate(0.3, [Evidence("expand", "expand", "same word", "goal")], 0.75)
    assert not candidate(0.3, [Evidence("expand", "expand", "same word", "goal")], 1.0, unknown_verb=True)


def test_on_its_page_a_request_with_a_verb_nothing_links_to_the_title_is_no_candidate(store: ProcedureStore) -> None:
    assert top(store, "Import authors from a CSV file", f"{ADMIN}/catalog/author/") is None
    assert top(store, "Delete the author Calvino", f"{ADMIN}/catalog/author/") == "author_delete"


def test_many_verified_runs_do_not_make_a_look_alike_overtake_the_right_procedure(store: ProcedureStore) -> None:
    task, url = "Delete the author Calvino", f"{ADMIN}/catalog/author/"
    assert top(store, task, url) == "author_delete"
    for _ in range(6):
        store.record_outcome("authors_bulk_delete", success=True)
    matches = Retriever(store).retrieve(task, url=url, k=3)
    assert matches[0].procedure.id == "author_delete"
    (lookalike,) = [m for m in matches if m.procedure.id == "authors_bulk_delete"]
    assert lookalike.breakdown.confidence < lookalike.procedure.confidence  # its runs count for less
    assert any("runs decide only between near-ties" in reason for reason in lookalike.reasons())


def test_standings_say_why_each_of_the_top_three_ranks_where_it_does(store: ProcedureStore) -> None:
    matches = Retriever(store).retrieve("Delete the author Calvino", url=f"{ADMIN}/catalog/author/", k=3)
    lines = standings(matches)
    assert len(lines) == len(matches) >= 2
    assert lines[0].startswith("1st: ") and " ahead of 2nd: " in lines[0] and "goal +" in lines[0]
    assert lines[1].startswith("2nd: ") and " behind 1st: " in lines[1]


def test_document_frequencies_follow_the_store_as_it_changes(tmp_path: Path) -> None:
    first = ProcedureStore(tmp_path / "s.db")
    other = ProcedureStore(tmp_path / "s.db")
    assert first.index.term_counts(["newsletter"]) == {}
    first.add(sample_procedure(title="Subscribe to the newsletter"))
    assert first.index.term_counts(["newsletter"]) == {"newsletter": 1}
    assert other.index.term_counts(["newsletter"]) == {"newsletter": 1}
    other.add(sample_procedure(title="Unsubscribe from the newsletter"))
    assert first.index.term_counts(["newsletter"], "goal") == {"newsletter": 2}
    assert first.index.term_counts(["newsletter"]) == {"newsletter": 2}
    first.close()
    other.close()


def test_on_its_page_a_question_that_shares_a_word_is_no_task_for_a_procedure(store: ProcedureStore) -> None:
    pagination = f"{UI}/pagination"
    assert top(store, "How many pages does this report have?", pagination) is None
    assert top(store, "Who wrote the page I'm reading?", pagination) is None
    assert top(store, "jump to the last page", pagination) == "ui_pagination"
    assert top(store, "How do I go to the last page", pagination) == "ui_pagination"
