"""The retriever on the labelled set (issue 14): on every part at least as good as plain word-set Jaccard over
goals, far better on rewordings, and nothing at all for requests that no procedure serves."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from procedures.store import ProcedureStore
from retrieval import Retriever
from tests.retrieval.evaluate import evaluate, outcomes, table
from tests.retrieval.jaccard_baseline import baseline
from tests.retrieval.labelled_set import REQUESTS, procedures
from tests.retrieval.scorecard import retriever_rank


@pytest.fixture(scope="module")
def retriever(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Retriever]:
    store = ProcedureStore(Path(tmp_path_factory.mktemp("labelled")) / "showmehow.db")
    store.add_many(procedures().values())
    yield Retriever(store)
    store.close()


def test_every_part_at_least_as_good_as_jaccard(retriever: Retriever) -> None:
    jaccard = baseline()
    theirs = evaluate(jaccard.rank, unrelated_rank=jaccard.rank_with_threshold)
    ours = evaluate(retriever_rank(retriever))
    print("\n" + table({"retriever": ours, "jaccard": theirs}))
    for part, figure in theirs.items():
        assert ours[part] >= figure, (part, ours[part], figure)
    for part in ("reworded_tuned", "reworded_held_out", "place"):
        assert ours[part] >= theirs[part] + 0.15, part
    assert ours["overall"] >= 0.9


def test_unrelated_requests_return_nothing(retriever: Retriever) -> None:
    unrelated = [r for r in REQUESTS if r.part == "unrelated"]
    assert [request.text for request, answer in outcomes(retriever_rank(retriever), unrelated) if answer is not None] == []
