"""The scorecard judges figures against issue 29's targets (pure, no store)."""

from tests.retrieval.scorecard import Case, LabelledSet, Scorecard, first_set, top1


def card(ours: dict[str, tuple[int, int]], jaccard: dict[str, tuple[int, int]]) -> Scorecard:
    return Scorecard(LabelledSet("test", {}, []), ours, dict(ours), jaccard, [], [], 0)


def test_targets_are_floors_and_jaccard_is_one_too() -> None:
    perfect = {"task-text": (50, 50), "reworded": (9, 10), "unrelated": (5, 5), "misspelled": (1, 4)}
    assert (
        card(perfect, {"task-text": (50, 50), "reworded": (1, 10), "unrelated": (5, 5), "misspelled": (1, 4)}).missed_targets()
        == []
    )
    missed = card(perfect, {"task-text": (50, 50), "reworded": (1, 10), "unrelated": (5, 5), "misspelled": (2, 4)})
    assert [line.split(":")[0] for line in missed.missed_targets()] == [
        "test set, misspelled",
        "test set, misspelled after 100 random outcomes",
    ]
    short = {"task-text": (48, 50), "reworded": (8, 10), "unrelated": (4, 5)}
    assert len(card(short, {"task-text": (0, 50), "reworded": (0, 10), "unrelated": (0, 5)}).missed_targets()) == 6


def test_top1_counts_slices_pages_and_overall() -> None:
    labelled = first_set()
    key, procedure = next(iter(labelled.procedures.items()))
    page = procedure.steps[0].url
    cases = [
        Case("a", page, key, "task-text"),
        Case("b", "https://elsewhere.example/x", key, "reworded"),
        Case("c", None, None, "unrelated"),
    ]
    figures = top1(LabelledSet("t", labelled.procedures, cases), [key, None, None])
    assert figures == {
        "task-text": (1, 1),
        "reworded": (0, 1),
        "unrelated": (1, 1),
        "on its page": (1, 1),
        "elsewhere": (0, 1),
        "overall": (2, 3),
    }
