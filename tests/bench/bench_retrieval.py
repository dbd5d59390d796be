"""Retrieval figures at 10,000 and 100,000 procedures: adding them, the first retrieve() of a fresh process,
and the median retrieve(), against a plain Python loop of the seed's word-set Jaccard over the same procedures.

Targets (issue 14): adding 10,000 procedures <= 5 s. Issue 29: faster than the seed's Jaccard loop over
pre-tokenized titles at every size, in the same run (the ratio is printed: the machine may be loaded); retrieve p95
<= 10 ms at 10,000 and median <= 15 ms at 100,000; the first retrieve of a new process <= 50 ms at 100,000.

First, top-1 per slice on both labelled sets beside the seed's Jaccard of title words, before and after 100 runs
with random outcomes (tests/retrieval/scorecard.py, issue 29's targets)."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from retrieval import Retriever

VERBS = [
    "create",
    "delete",
    "edit",
    "search",
    "export",
    "archive",
    "share",
    "approve",
    "invite",
    "book",
    "cancel",
    "upload",
    "download",
    "rename",
    "assign",
]
OBJECTS = [
    "issue",
    "invoice",
    "report",
    "project",
    "user",
    "team",
    "document",
    "order",
    "ticket",
    "comment",
    "flight",
    "hotel",
    "meeting",
    "budget",
    "contract",
    "playlist",
    "album",
    "photo",
    "recipe",
    "course",
    "lesson",
    "patient",
    "shipment",
    "warehouse",
    "product",
    "campaign",
    "lead",
    "deal",
    "survey",
    "release",
]
QUALIFIERS = [
    "monthly",
    "weekly",
    "draft",
    "urgent",
    "shared",
    "private",
    "archived",
    "new",
    "old",
    "quarterly",
    "annual",
    "team",
    "personal",
    "public",
    "internal",
]
SITES = [
    f"{name}.example.{tld}"
    for name in ["acme", "globex", "initech", "umbrella", "hooli", "stark", "wayne", "wonka", "tyrell", "cyberdyne"]
    for tld in ["com", "org", "io"]
]
TASKS = [
    "create an urgent issue",
    "delete the old invoice",
    "export the monthly report as pdf",
    "book a hotel for the team offsite",
    "invite a new user to the project",
    "search for a recipe with lentils",
    "approve the quarterly budget",
    "share the draft contract with legal",
    "cancel my flight to Oslo",
    "upload a photo to the album",
    "rename the private playlist",
    "assign the ticket to Ana",
    "archive the weekly survey",
]


def synthetic(i: int, rng: random.Random) -> Procedure:
    verb, obj, qual = rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(QUALIFIERS)
    site = rng.choice(SITES)
    title = f"{verb.capitalize()} the {qual} {obj} #{i}"
    return Procedure(
        title=title,
        abstract=Abstract(
            goal=f"{verb.capitalize()} a {qual} {obj} in {site.split('.')[0]}",
            parameters=[Parameter(name="name", example=f"{obj} {i}")],
            flow=[f"Open the {obj}s page", f'Click "{verb.capitalize()} {obj}"', "Enter the name", "Submit"],
            domains=[site],
            tags=[obj, verb],
        ),
        steps=[
            ProcedureStep(action="navigate", value=f"https://{site}/{obj}s", url=f"https://{site}/{obj}s"),
            ProcedureStep(
                action="click",
                selector=f'internal:role=button[name="{verb.capitalize()} {obj}"s]',
                selectors=[f'internal:role=button[name="{verb.capitalize()} {obj}"s]'],
                label=f"{verb.capitalize()} {obj}",
            ),
            ProcedureStep(action="fill", selector="#name", selectors=["#name"], value="{name}", field="Name"),
            ProcedureStep(action="click", selector="#save", selectors=["#save"], label="Save"),
        ],
    )


def jaccard_top(goals: list[tuple[str, set[str]]], task: str) -> str | None:
    words = set(task.lower().split())
    best, best_id = 0.0, None
    for procedure_id, goal in goals:
        union = words | goal
        score = len(words & goal) / len(union) if union else 0.0
        if score > best:
            best, best_id = score, procedure_id
    return best_id


FIRST_RETRIEVE = """
import sys, time
started = time.perf_counter()
from procedures.store import ProcedureStore
from retrieval import Retriever
imported, cpu = time.perf_counter(), time.process_time()
Retriever(ProcedureStore(sys.argv[1])).retrieve("create an urgent issue", url="https://acme.example.com/x", k=3)
print(imported - started, time.perf_counter() - imported, time.process_time() - cpu)
"""


def verdict(value: float, target: float) -> str:
    return "  OK" if value <= target else f"  OVER TARGET {target:g}"


def measure(count: int) -> None:
    rng = random.Random(count)
    path = Path(tempfile.mkdtemp()) / "bench.db"
    store = ProcedureStore(path)
    procedures = [synthetic(i, rng) for i in range(count)]
    started, started_cpu = time.perf_counter(), time.process_time()
    for start in range(0, count, 1000):
        store.add_many(procedures[start : start + 1000])
    added, added_cpu = time.perf_counter() - started, time.process_time() - started_cpu
    per_10k = added * 10_000 / count
    print(
        f"{count:,} procedures: store add {added:.2f} s ({per_10k:.2f} s per 10,000{verdict(per_10k, 5)} s;"
        f" CPU time {added_cpu * 10_000 / count:.2f} s per 10,000)"
    )

    run = subprocess.run([sys.executable, "-c", FIRST_RETRIEVE, str(path)], capture_output=True, text=True, check=True)
    imports, first, first_cpu = map(float, run.stdout.split())
    print(
        f"{count:,} procedures: first retrieve() of a new process {first * 1000:.0f} ms{verdict(first * 1000, 50)} ms"
        f" (CPU time {first_cpu * 1000:.0f} ms; opening the store included; importing ShowMeHow before it {imports * 1000:.0f} ms)"
    )

    retriever = Retriever(store)
    ours, cpu = [], []
    for task in TASKS * 4:
        started, started_cpu = time.perf_counter(), time.process_time()
        retriever.retrieve(task, url="https://acme.example.com/x", k=3)
        ours.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    goals = [(p.id, set(p.title.lower().split())) for p in procedures]
    baseline = []
    for task in TASKS * 2:
        started = time.perf_counter()
        jaccard_top(goals, task)
        baseline.append((time.perf_counter() - started) * 1000)
    ours_median, base_median = statistics.median(ours), statistics.median(baseline)
    p95, cpu_p95 = sorted(ours)[int(len(ours) * 0.95) - 1], sorted(cpu)[int(len(cpu) * 0.95) - 1]
    judged = f"p95{verdict(p95, 10)} ms" if count <= 10_000 else f"median{verdict(ours_median, 15)} ms"
    print(
        f"{count:,} procedures: retrieve() median {ours_median:.1f} ms, p95 {p95:.1f} ms ({judged}); CPU time median"
        f" {statistics.median(cpu):.1f} ms, p95 {cpu_p95:.1f} ms; seed Jaccard loop over titles median {base_median:.1f} ms:"
        f" ours / Jaccard {ours_median / base_median:.2f}{verdict(ours_median / base_median, 1)}; load average"
        f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    labelled_among(store, count)
    store.close()


def labelled_among(store: ProcedureStore, count: int) -> None:
    """Top-1 on the labelled set (tests/retrieval/labelled_set.py) with its procedures among the synthetic ones."""
    from tests.retrieval.evaluate import evaluate
    from tests.retrieval.labelled_set import procedures
    from tests.retrieval.scorecard import retriever_rank

    store.add_many(procedures().values())
    parts = ", ".join(f"{part} {share:.1%}" for part, share in evaluate(retriever_rank(Retriever(store))).items())
    print(f"{count:,} procedures: labelled set among them, top-1: {parts}")


def labelled_set_tables() -> None:
    from tests.retrieval.scorecard import labelled_sets, score

    for labelled in labelled_sets():
        card = score(labelled)
        print(card.table())
        missed = card.missed_targets()
        print("  targets met" if not missed else "\n".join(f"  MISSED {line}" for line in missed))


def main() -> None:
    labelled_set_tables()
    sizes = os.environ.get("SHOWMEHOW_BENCH_SIZES")  # e.g. "10000" for a quick run
    counts = [int(size) for size in sizes.split(",")] if sizes else [10_000, 100_000]
    for count in counts:
        measure(count)


if __name__ == "__main__":
    main()
