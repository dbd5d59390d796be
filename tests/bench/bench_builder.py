"""Heuristic builder figure: a 100-step recording (target: under 10 ms)."""

from __future__ import annotations

import time

from procedures.building.heuristic import build_heuristic
from recorder.models import RecordedStep, Recording
from tests.bench.common import report


def main() -> None:
    steps = []
    for i in range(100):
        if i % 4 == 0:
            steps.append(
                RecordedStep(
                    action="click",
                    selector=f"#b{i}",
                    selectors=[f"#b{i}", f"button:nth-of-type({i})"],
                    label=f"Button {i}",
                    url="http://app.example.com/form",
                )
            )
        else:
            steps.append(
                RecordedStep(
                    action="fill",
                    selector=f"#f{i}",
                    selectors=[f"#f{i}", f"input:nth-of-type({i})"],
                    value=f"value {i}",
                    field=f"Field {i}",
                    url="http://app.example.com/form",
                )
            )
    recording = Recording(title="Fill the long form with Button 8", steps=steps)
    timings = []
    for _ in range(30):
        started = time.perf_counter()
        build_heuristic(recording)
        timings.append((time.perf_counter() - started) * 1000)
    report("heuristic build of a 100-step recording", timings, target_ms=10)


if __name__ == "__main__":
    main()
