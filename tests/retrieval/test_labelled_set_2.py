"""The second labelled retrieval set (issue 29) is well formed (no retrieval/ code)."""

from collections import Counter
from urllib.parse import urlsplit

from tests.retrieval.labelled_set_2 import BANNER_TEXT, REQUESTS, SLICES, procedures
from tests.retrieval.scorecard import ELSEWHERE, ON_PAGE, Case, second_set, title_jaccard, where


def test_look_alike_procedures_recorded_on_distinct_pages() -> None:
    stored = procedures()
    assert len(stored) >= 40
    assert all(key == procedure.id for key, procedure in stored.items())
    for procedure in stored.values():
        assert procedure.steps[0].action == "navigate" and procedure.steps[0].url, procedure.id
        assert procedure.abstract.flow and procedure.abstract.domains, procedure.id
    ui = [p for key, p in stored.items() if key.startswith("ui_")]
    assert len(ui) >= 20 and len({p.abstract.domains[0] for p in ui}) == 1
    assert len({urlsplit(p.steps[0].url).path for p in ui}) == len(ui)  # one page each
    assert sum(key.startswith("login_") for key in stored) >= 4
    assert any(step.label == BANNER_TEXT for step in stored["ui_banner"].steps)  # the click that landed on body


def test_demonstrated_values_are_parameters() -> None:
    stored = procedures()
    assert stored["ui_dropdown"].abstract.parameters[0].allowed  # a select keeps its options
    examples = {p.example for p in stored["book_add"].abstract.parameters}
    assert {"The Hobbit", "Tolkien, J.R.R."} <= examples


def test_requests_cover_every_slice_with_valid_labels() -> None:
    stored = procedures()
    slices = Counter(request.slice for request in REQUESTS)
    assert set(slices) == set(SLICES) and len(REQUESTS) >= 300
    assert slices["task-text"] >= 90 and slices["misspelled"] >= 40 and slices["unrelated"] >= 30
    assert 0.3 <= slices["reworded-heldout"] / (slices["reworded"] + slices["reworded-heldout"]) <= 0.4
    for request in REQUESTS:
        assert (request.expected is None) == (request.slice == "unrelated"), request
        assert request.expected is None or request.expected in stored, request
    assert len({(request.text, request.url) for request in REQUESTS}) == len(REQUESTS)
    assert {r.expected for r in REQUESTS if r.slice == "reworded-heldout"} == set(stored)  # spread over all
    places = Counter(where(Case(r.text, r.url, r.expected, r.slice), stored) for r in REQUESTS)
    assert places[ON_PAGE] >= 60 and places[ELSEWHERE] >= 60
    assert sum(r.url is not None for r in REQUESTS if r.expected is None) >= 15  # unrelated, asked on the sites


def test_rewordings_share_few_words_with_their_title() -> None:
    labelled = second_set()
    jaccard = title_jaccard(labelled.procedures)
    reworded = [c for c in labelled.cases if c.slice.startswith("reworded")]
    assert sum(jaccard.rank(c.text) == c.expected for c in reworded) / len(reworded) < 0.5
