"""Issue 40: a task of a stored title's shape (its words outside the values) finds that procedure first."""

from pathlib import Path

from procedures.search import SLOT
from procedures.store import ProcedureStore
from retrieval import Retriever
from retrieval.shape import same_shape
from retrieval.text import analyze
from tests.helpers import sample_procedure


def shaped(task: str, *title: str) -> bool:
    return same_shape(analyze(task).stems, tuple(title))


def test_new_values_where_the_title_had_its_own_keep_the_shape() -> None:
    assert shaped("Delete ticket 977", "delet", "ticket", "412")  # a number the title names is a value
    assert shaped('Search the tickets for "badge"', "search", "the", "ticket", "for", SLOT)
    assert shaped("Assign ticket 15 to tiago lima", "assign", "ticket", "412", "to", SLOT)
    assert shaped("Change my password", "chang", "my", "password")  # no value at all


def test_other_words_or_a_value_made_of_task_words_are_another_shape() -> None:
    assert not shaped("Delete ticket 977 and 978", "delet", "ticket", "412")
    assert not shaped("Select Bolivia from the list and click Submit.", "select", SLOT, "and", "click", "submit")
    assert not shaped("Delete ticket", "delet", "ticket", "412")  # a value is at least one word
    assert not shaped("Remove ticket 977", "delet", "ticket", "412")
    assert not shaped("anything at all", SLOT)  # a title of values only has no shape


def test_a_task_of_a_titles_shape_finds_it_first_whatever_else_scores(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    store.add(sample_procedure(title="Archive ticket 412 now", domain="tracker.example"))
    lookalike = store.add(sample_procedure(title="Archive ticket now", domain="tracker.example"))
    for _ in range(8):  # a look-alike with many verified runs
        store.record_outcome(lookalike, success=True)
    (first, *_) = Retriever(store).retrieve("Archive ticket 977 now", url="http://tracker.example/login.html", k=3)
    assert first.procedure.title == "Archive ticket 412 now"
    assert any("the title's own words" in e for e in first.evidence)
    store.close()
