"""The thesaurus (core.thesaurus): the first question of a new process (the files are opened then), the next ones
(new words, then cached), and how well it tells apart groups of words of one meaning: pairs of one group that it
finds near, pairs of two groups that it finds near (a word list written for this benchmark, not from any task)."""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import sys
import time

FIRST = """
import time
started = time.perf_counter()
from core.thesaurus import closeness
imported = time.perf_counter()
closeness("writer", "author")
print(imported - started, time.perf_counter() - imported)
"""

GROUPS = [
    ["buy", "purchase", "acquire"],
    ["quick", "fast", "rapid", "speedy"],
    ["begin", "start", "commence"],
    ["shop", "store", "boutique"],
    ["error", "mistake", "fault"],
    ["delete", "erase", "remove"],
    ["picture", "image", "photo", "photograph"],
    ["calm", "tranquil", "serene"],
    ["help", "assist", "aid"],
    ["bright", "luminous", "brilliant"],
    ["choose", "select", "pick"],
    ["road", "street", "avenue"],
]


def main() -> None:
    run = subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True, check=True)
    imported, first = map(float, run.stdout.split())
    print(f"first question of a new process: {first * 1000:.1f} ms (importing core.thesaurus before it {imported * 1000:.1f} ms)")
    from core.thesaurus import closeness

    words = sorted({w for group in GROUPS for w in group})
    pairs = list(itertools.combinations(words, 2))
    timings = []
    for a, b in pairs:
        started = time.perf_counter()
        closeness(a, b)
        timings.append((time.perf_counter() - started) * 1e6)
    started = time.perf_counter()
    for a, b in pairs:
        closeness(a, b)
    cached = (time.perf_counter() - started) * 1e6 / len(pairs)
    print(
        f"{len(pairs)} pairs of {len(words)} words: median {statistics.median(timings):.0f} µs a new pair, {cached:.1f} µs"
        f" cached; load average {os.getloadavg()[0]:.1f}"
    )
    group_of = {w: i for i, group in enumerate(GROUPS) for w in group}
    inside = [(a, b) for a, b in pairs if group_of[a] == group_of[b]]
    across = [(a, b) for a, b in pairs if group_of[a] != group_of[b]]
    for floor in (1.0, 0.7, 0.4):
        found = sum(closeness(a, b) >= floor for a, b in inside)
        wrong = sum(closeness(a, b) >= floor for a, b in across)
        print(f"closeness >= {floor}: {found}/{len(inside)} pairs of one group, {wrong}/{len(across)} pairs of two groups")


if __name__ == "__main__":
    main()
