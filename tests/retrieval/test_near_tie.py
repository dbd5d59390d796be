"""Issue 40: when the best two procedures fit a task about as well, front ends name both instead of guessing."""

from pathlib import Path

from procedures.store import ProcedureStore
from retrieval import Retriever, near_tie, near_tie_note
from tests.helpers import sample_procedure


def test_near_ties_are_named_and_a_clear_best_or_a_titles_shape_is_none(tmp_path: Path) -> None:
    store = ProcedureStore(tmp_path / "s.db")
    store.add(sample_procedure(title="Archive the old tickets", domain="tracker.example"))
    store.add(sample_procedure(title="Archive the old tickets now", domain="tracker.example"))
    store.add(sample_procedure(title="Archive ticket 412", domain="tracker.example"))
    retriever = Retriever(store)
    tied = near_tie(retriever.retrieve("archive old tickets", k=3))
    assert {m.procedure.title for m in tied} == {"Archive the old tickets", "Archive the old tickets now"}
    assert "Near-tie: 'Archive the old tickets" in near_tie_note(retriever.retrieve("archive old tickets", k=3))
    shaped = retriever.retrieve("Archive ticket 977", k=3)
    assert shaped[0].procedure.title == "Archive ticket 412" and shaped[0].same_shape
    assert near_tie(shaped) == [] and near_tie_note(shaped) == ""
    store.close()
