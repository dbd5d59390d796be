"""Top-1 accuracy of a ranker on the labelled retrieval set (issue 14).

`evaluate(rank)` calls `rank(text, url)` for every labelled request; the ranker returns the key of the procedure
it would pick first (the procedures' ids are their keys, see labelled_set.procedures()) or None for nothing.
A request is correct when the answer equals `expected`; for `unrelated` requests that means None.
The result has top-1 per part, `reworded` split into `reworded_tuned` and `reworded_held_out`, and `overall`
(over all requests). Nothing here imports retrieval/.

    python -m tests.retrieval.evaluate        # the Jaccard baseline's figures
    python -m tests.retrieval.evaluate -v     # and the requests it gets wrong
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from tests.retrieval.labelled_set import REQUESTS, Request

Ranker = Callable[[str, str | None], str | None]

BUCKETS = ("own_wording", "reworded_tuned", "reworded_held_out", "misspelled", "place", "unrelated")


def bucket(request: Request) -> str:
    if request.part == "reworded":
        return "reworded_held_out" if request.held_out else "reworded_tuned"
    return request.part


def outcomes(
    rank: Ranker, requests: Sequence[Request] = REQUESTS, *, unrelated_rank: Ranker | None = None
) -> list[tuple[Request, str | None]]:
    """Every request with the ranker's answer. `unrelated_rank`, when given, answers the `unrelated` requests instead."""
    answers = []
    for request in requests:
        ranker = unrelated_rank if unrelated_rank is not None and request.part == "unrelated" else rank
        answers.append((request, ranker(request.text, request.url)))
    return answers


def evaluate(rank: Ranker, requests: Sequence[Request] = REQUESTS, *, unrelated_rank: Ranker | None = None) -> dict[str, float]:
    """Top-1 accuracy per part and overall, each in [0, 1]. A part without requests is left out."""
    totals: dict[str, list[int]] = {}
    for request, answer in outcomes(rank, requests, unrelated_rank=unrelated_rank):
        for name in (bucket(request), "overall"):
            right, seen = totals.get(name, [0, 0])
            totals[name] = [right + (answer == request.expected), seen + 1]
    order = [*BUCKETS, "overall"]
    return {name: totals[name][0] / totals[name][1] for name in order if name in totals}


def counts(requests: Sequence[Request] = REQUESTS) -> dict[str, int]:
    result = {name: 0 for name in BUCKETS}
    for request in requests:
        result[bucket(request)] += 1
    result["overall"] = len(requests)
    return result


def table(results: dict[str, dict[str, float]], requests: Sequence[Request] = REQUESTS) -> str:
    """A plain-text table: one row per part, one column per ranker."""
    n = counts(requests)
    names = list(results)
    width = max(len(name) for name in n)
    lines = [f"{'part':<{width}}  {'n':>4}  " + "  ".join(f"{name:>12}" for name in names)]
    for part in n:
        cells = "  ".join(f"{results[name][part]:>12.1%}" if part in results[name] else f"{'-':>12}" for name in names)
        lines.append(f"{part:<{width}}  {n[part]:>4}  {cells}")
    return "\n".join(lines)


def main(argv: Sequence[str] = ()) -> None:
    from tests.retrieval.jaccard_baseline import UNRELATED_THRESHOLD, baseline

    jaccard = baseline()
    results = {"jaccard": evaluate(jaccard.rank, unrelated_rank=jaccard.rank_with_threshold)}
    print(table(results))
    print("\nJaccard: top-1 = argmax of word-set Jaccard over goals, nothing when the best is 0;")
    print(f"unrelated requests count as correct only when nothing scores above {UNRELATED_THRESHOLD}.")
    if "-v" in argv:
        print("\nWrong answers:")
        for request, answer in outcomes(jaccard.rank, unrelated_rank=jaccard.rank_with_threshold):
            if answer != request.expected:
                where = f" @ {request.url}" if request.url else ""
                print(f"  [{bucket(request)}] {request.text!r}{where}: expected {request.expected}, got {answer}")


if __name__ == "__main__":
    main(sys.argv[1:])
