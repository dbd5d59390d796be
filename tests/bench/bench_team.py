"""The team store beside the local SQLite file, in one run (issue 27), on a PostgreSQL cluster started for the run:
adding the procedures, the median retrieve() among 100,000 of them; 8 writer processes recording outcomes on the same
procedures at once (outcomes per second, none lost); how long a procedure stored by one connection takes to reach
another (NOTIFY on PostgreSQL; the next read on SQLite).

Targets: retrieve median <= 50 ms at 100,000; >= 1,000 outcomes/s from 8 writers with none lost, and on PostgreSQL
at least 80% of the rate of plain psycopg one-row UPDATEs by the same 8 processes on the same rows, measured in the same
run (the machine's own ceiling); a new procedure visible to another connection <= 1 s after it is stored.
`SHOWMEHOW_BENCH_TEAM_SIZE=10000` for a quick run."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from procedures.backends.postgres import TeamProcedureStore
from procedures.store import ProcedureStore
from retrieval import Retriever
from tests.bench.bench_retrieval import TASKS, synthetic, verdict
from tests.helpers import ROOT, sample_procedure
from tests.postgres import Cluster

WRITERS = 8
WRITE_SECONDS = 5.0
WRITER = """
import sys, time
from procedures.store import ProcedureStore
store = ProcedureStore(sys.argv[1])
ids = sys.argv[3:]
print("ready", flush=True)
sys.stdin.readline()
deadline, done, cpu = time.monotonic() + float(sys.argv[2]), 0, time.process_time()
while time.monotonic() < deadline:
    store.record_outcome(ids[done % len(ids)], success=done % 3 != 0)
    done += 1
print(done, time.process_time() - cpu, flush=True)
"""
PLAIN_WRITER = """
import sys, time
import psycopg
conn = psycopg.connect(sys.argv[1], autocommit=True)
ids = sys.argv[3:]
print("ready", flush=True)
sys.stdin.readline()
deadline, done, cpu = time.monotonic() + float(sys.argv[2]), 0, time.process_time()
while time.monotonic() < deadline:
    conn.execute("UPDATE procedures SET success_count = success_count + 1 WHERE id = %s", (ids[done % len(ids)],))
    done += 1
print(done, time.process_time() - cpu, flush=True)
"""
RATIO_TARGET = 0.8


def _fill(store: ProcedureStore, count: int) -> float:
    rng = random.Random(7)
    started = time.perf_counter()
    for start in range(0, count, 1000):
        store.add_many([synthetic(i, rng) for i in range(start, min(start + 1000, count))])
    return time.perf_counter() - started


def _retrieve_median_ms(store: ProcedureStore) -> float:
    retriever = Retriever(store, min_score=0.0)
    for task in TASKS:
        retriever.retrieve(task)  # warm
    times = []
    for task in TASKS * 3:
        started = time.perf_counter()
        retriever.retrieve(task)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _outcomes(location: str, ids: list[str], script: str = WRITER) -> tuple[float, bool, float]:
    """Outcomes per second from WRITERS processes at once running `script`, whether every one was counted, and the
    writers' CPU time per outcome in ms (the machine's load moves it little)."""
    store = ProcedureStore(location)
    before = sum(store.get(pid).uses for pid in ids)
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", script, location, str(WRITE_SECONDS), *ids],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(WRITERS)
    ]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    counted = [writer.communicate(timeout=120)[0].split() for writer in writers]
    done, cpu = sum(int(n) for n, _ in counted), sum(float(seconds) for _, seconds in counted)
    after = sum(store.get(pid).uses for pid in ids)
    store.close()
    return done / WRITE_SECONDS, after - before == done, cpu / done * 1000


def _visible_ms(location: str) -> float:
    """From add() returning on one connection to another connection knowing of the procedure, median of 10."""
    writer, reader = ProcedureStore(location), ProcedureStore(location)
    times = []
    listener = reader.listen() if isinstance(reader.backend, TeamProcedureStore) else None
    for number in range(10):
        pid = writer.add(sample_procedure(title=f"Visible {number}"))
        stored = time.perf_counter()
        if listener is not None:
            while pid not in listener.wait(timeout=5):
                pass
        assert reader.has(pid)
        times.append((time.perf_counter() - stored) * 1000)
    if listener is not None:
        listener.close()
    writer.close()
    reader.close()
    return statistics.median(times)


def main() -> None:
    count = int(os.environ.get("SHOWMEHOW_BENCH_TEAM_SIZE") or 100_000)
    cluster = Cluster()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, location in (("sqlite", str(Path(tmp) / "bench.db")), ("postgresql", cluster.database())):
                store = ProcedureStore(location)
                added = _fill(store, count)
                median = _retrieve_median_ms(store)
                ids = [p.id for p in store.list()[:50]]
                store.close()
                rate, exact, cpu = _outcomes(location, ids)
                visible = _visible_ms(location)
                print(f"{name}: {count} procedures added in {added:.1f} s ({count / added:.0f}/s)")
                print(f"{name}: retrieve median {median:.1f} ms {verdict(median, 50)}")
                print(
                    f"{name}: {WRITERS} writers, {rate:.0f} outcomes/s {'  OK' if rate >= 1000 else '  UNDER TARGET 1000'}, "
                    f"{'none lost' if exact else 'SOME LOST'}; the writers' CPU {cpu:.2f} ms per outcome; load average "
                    f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
                )
                if name == "postgresql":
                    plain, _, plain_cpu = _outcomes(location, ids, PLAIN_WRITER)
                    ratio = rate / plain
                    print(
                        f"{name}: plain psycopg one-row UPDATEs by the same {WRITERS} processes {plain:.0f}/s (CPU {plain_cpu:.2f} ms"
                        f" each); outcomes at {ratio:.0%} of them {'  OK' if ratio >= RATIO_TARGET else '  UNDER TARGET 80%'}"
                    )
                print(f"{name}: a new procedure visible to another connection after {visible:.1f} ms {verdict(visible, 1000)}")
    finally:
        cluster.stop()
