"""Retrieval on both labelled sets, in one run beside the seed's Jaccard of title words, and again after 100 runs
with random outcomes (`python -m tests.retrieval.scorecard -v` prints the table and every wrong answer).

Issue 29's targets (98% on task texts, 90% on rewordings held out or not, nothing for every unrelated request,
never below Jaccard) are not all met: `python -m tests.bench retrieval` lists the ones missed. This test holds
each slice at least at the right answers this round reached, before and after the outcomes, so that no change
lowers a figure, and at least at Jaccard's on every slice where it already is."""

from pathlib import Path

import pytest

from tests.retrieval.scorecard import first_set, score, second_set, third_set

# right answers per slice: (before the random outcomes, after them), as reached at the close of the round
REACHED = {
    "first": {
        "task-text": (49, 49),
        "reworded": (46, 47),
        "reworded-heldout": (22, 22),
        "misspelled": (30, 30),
        "place": (13, 13),
        "unrelated": (31, 31),
    },
    "second": {
        "task-text": (96, 96),
        "reworded": (
            85,
            85,
        ),  # one rewording of a set of boxes ("select the SMS and Email options ...") lost to a radio group when ticked boxes became one list
        "reworded-heldout": (21, 21),
        "misspelled": (47, 48),
        "unrelated": (30, 30),
    },
    "third": {  # issue 40's look-alikes that differ by verb and by fields
        "task-text": (20, 20),
        "reworded": (18, 16),
        "fields": (8, 8),
        "unrelated": (5, 5),
    },
}
BELOW_JACCARD = {
    ("second", "unrelated"),  # 30 of 32 against Jaccard's 31: two unrelated requests still find a procedure
    ("third", "unrelated"),  # 5 of 8 against Jaccard's 7: a shared noun ("ticket") still finds one
}


@pytest.mark.parametrize("labelled", [first_set, second_set, third_set], ids=["first", "second", "third"])
def test_top1_keeps_what_was_reached_before_and_after_random_outcomes(labelled, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    card = score(labelled(), tmp_path)
    print("\n" + card.table())
    lower = []
    for row, (before, after) in REACHED[card.labelled.name].items():
        now = (card.ours[row][0], card.ours_after[row][0])
        if now[0] < before or now[1] < after:
            lower.append(f"{row}: {now} right, was {(before, after)}")
        if (card.labelled.name, row) not in BELOW_JACCARD and min(now) < card.jaccard[row][0]:
            lower.append(f"{row}: {min(now)} right, below Jaccard's {card.jaccard[row][0]}")
    assert not lower, "\n".join(lower)
