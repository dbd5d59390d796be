"""The labelled retrieval set is well formed and the harness runs (no browser, no retrieval/ code)."""

from collections import Counter

from tests.retrieval.evaluate import BUCKETS, evaluate
from tests.retrieval.jaccard_baseline import baseline
from tests.retrieval.labelled_set import PARTS, REQUESTS, procedures


def test_procedures_are_many_and_keyed_by_id() -> None:
    stored = procedures()
    assert len(stored) >= 32
    assert all(key == procedure.id for key, procedure in stored.items())
    for procedure in stored.values():
        first = procedure.steps[0]
        assert first.action == "navigate" and first.url, procedure.id
        assert procedure.abstract.goal and procedure.abstract.flow and procedure.abstract.tags, procedure.id


def test_requests_cover_every_part_with_valid_labels() -> None:
    stored = procedures()
    parts = Counter(request.part for request in REQUESTS)
    assert set(parts) == set(PARTS)
    assert parts["own_wording"] >= 40 and parts["reworded"] >= 60 and parts["misspelled"] >= 20
    assert parts["place"] >= 10 and parts["unrelated"] >= 25 and len(REQUESTS) >= 170
    for request in REQUESTS:
        assert (request.expected is None) == (request.part == "unrelated"), request
        assert request.expected is None or request.expected in stored, request
        assert not request.held_out or request.part == "reworded", request
        assert request.part != "place" or request.url, request
    held = sum(request.held_out for request in REQUESTS)
    assert 0.25 <= held / parts["reworded"] <= 0.4
    assert len({request.expected for request in REQUESTS if request.held_out}) >= 20  # spread over procedures
    assert len({(request.text, request.url) for request in REQUESTS}) == len(REQUESTS)


def test_place_requests_share_their_wording_with_another_page() -> None:
    stored = procedures()
    for request in (r for r in REQUESTS if r.part == "place"):
        goal = stored[request.expected].abstract.goal  # type: ignore[index]
        others = [
            p
            for p in stored.values()
            if p.id != request.expected and p.abstract.domains == stored[request.expected].abstract.domains
        ]  # type: ignore[index]
        assert any(p.title.split('"')[0] == goal.split('"')[0] for p in others), request


def test_harness_reports_every_part() -> None:
    jaccard = baseline()
    results = evaluate(jaccard.rank, unrelated_rank=jaccard.rank_with_threshold)
    assert list(results) == [*BUCKETS, "overall"]
    assert all(0.0 <= value <= 1.0 for value in results.values())
    assert evaluate(lambda text, url: None)["unrelated"] == 1.0
