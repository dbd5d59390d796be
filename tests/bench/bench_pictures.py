"""Step pictures, on a replay of the 12-step order form of tests/generalization/wordings.py. Each replayed step
takes one capture of the page and cuts the element's picture out of it. Figures: what a step's pictures add
to a replay (replays with a run log against replays without one, taken in turns), what the element pictures
themselves add (finding the element's box and cutting it out; target: at most 15% of a replay's time), their
size (target: at most 200 KB a step on average), and how soon the Run tab shows the first step's picture once
the step has ended (measured in the app, from the step's end to the picture painted; target: at most 300 ms),
beside a bare capture of the same page as the reference of the machine's load."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

import recorder.pictures
from agent import bind_parameters, replay
from agent.run_log import RunLog
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.bench.common import isolated_home, report, served_sites
from tests.generalization.server import serving
from tests.generalization.suite import CONTEXT_OPTIONS, REPLAY_TIMEOUT_MS
from tests.generalization.wordings import WORDINGS, demonstrate
from tests.helpers import log_in, record

RUNS = 8
ROOT = Path(__file__).resolve().parents[2]


class _Timed:
    """Times every call of a function of a module (measured, not replaced) while it is in use."""

    def __init__(self, owner: Any, name: str) -> None:
        self.owner, self.name, self.spent = owner, name, [0.0]
        self.original: Callable[..., Any] = getattr(owner, name)

    def __enter__(self) -> _Timed:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return self.original(*args, **kwargs)
            finally:
                self.spent[-1] += (time.perf_counter() - started) * 1000

        setattr(self.owner, self.name, timed)
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(self.owner, self.name, self.original)


def _replay_costs() -> dict[str, list[float]]:
    """Per replay: its time with pictures and without (ms), the time its pictures and its element pictures
    took (ms), and the size of each element picture and page picture (bytes)."""
    figures: dict[str, list[float]] = {k: [] for k in ("with", "without", "pictures", "elements", "element_kb", "page_kb")}
    with serving() as server, sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        procedure = demonstrate(browser, server)
        values = bind_parameters(procedure, WORDINGS[0].instance.task)
        timers = _Timed(RunLog, "pictures"), _Timed(recorder.pictures, "element_clip"), _Timed(recorder.pictures, "cut_out")
        with timers[0], timers[1], timers[2]:
            for turn in range(2 * RUNS):
                context = browser.new_context(**CONTEXT_OPTIONS)
                page = context.new_page()
                log = RunLog() if turn % 2 else None
                for timer in timers:
                    timer.spent.append(0.0)
                started = time.perf_counter()
                result = replay(page, procedure, values, log=log, timeout_ms=REPLAY_TIMEOUT_MS)
                figures["with" if log else "without"].append((time.perf_counter() - started) * 1000)
                assert result.outcome == "verified", result.error
                if log is not None:
                    figures["pictures"].append(timers[0].spent[-1])
                    figures["elements"].append(timers[1].spent[-1] + timers[2].spent[-1])
                    figures["element_kb"] += [Path(s.picture).stat().st_size / 1000 for s in result.steps if s.picture]
                    figures["page_kb"] += [Path(s.screenshot).stat().st_size / 1000 for s in result.steps if s.screenshot]
                context.close()
        browser.close()
    figures["steps"] = [len(procedure.steps)]
    return figures


def _first_picture_shown(site: str) -> list[list[float]]:
    """For each run from the Run tab: ms from the first step's end (its pictures begin) to its record leaving
    the browser's thread, and to its picture painted in the Run tab; and, as the reference of the machine's
    load, the ms of a bare capture of the page (no masks, no marks) taken just before."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from app.qt import MainWindow

    app = QApplication.instance() or QApplication([])  # noqa: F841 (kept alive while the window lives)
    with sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        context = browser.new_context()
        ProcedureStore().add(
            build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title="Log in as kanesha"))
        )
        browser.close()
    window = MainWindow(headless=True)
    window.show()
    ended: list[float] = []
    sent: list[float] = []
    bare: list[float] = []
    pictures = RunLog.pictures

    def timed_pictures(log: RunLog, page: Any, step: int, *args: Any) -> Any:
        if step == 1:  # the reference first: a bare capture of the same page at the same moment
            started = time.perf_counter()
            page.screenshot(type="jpeg", quality=recorder.pictures.PAGE_QUALITY, scale="css")
            bare.append((time.perf_counter() - started) * 1000)
            ended.append(time.perf_counter())  # the step is done: its pictures are what comes next
        return pictures(log, page, step, *args)

    RunLog.pictures = timed_pictures  # type: ignore[method-assign]
    delays = []
    for _ in range(RUNS):
        ended.clear()
        sent.clear()
        bare.clear()
        window.run_tab.task.setText('Log in as "bob"')
        window.run_tab.mode.setCurrentText("replay")
        window.run_tab.run_secrets.setText("password=pw")
        window.run_tab.start_run()
        controls = window.worker._controls  # the run's controls: note when each step's record leaves for the window
        assert controls is not None and controls.on_progress is not None
        emit = controls.on_progress
        controls.on_progress = lambda step, emit=emit: (sent.append(time.perf_counter()), emit(step))[1]
        model = window.run_tab.log_model
        deadline = time.perf_counter() + 60
        while not (model.rowCount() and model.thumbnail(0) is not None) and time.perf_counter() < deadline:
            QTest.qWait(1)
        window.run_tab.log_view.viewport().repaint()
        shown = time.perf_counter()
        delays.append([(sent[0] - ended[0]) * 1000, (shown - ended[0]) * 1000, bare[0]])
        print(json.dumps(delays[-1]), flush=True)  # each run's figures as they come (see below)
        while not window.run_tab.run_button.isEnabled() and time.perf_counter() < deadline:
            QTest.qWait(10)
    window.close()
    return delays


def _shown_in_a_process_of_its_own(site: str) -> list[list[float]]:
    """`_first_picture_shown` in a new process: PySide6 6.12 loses references to None, True and False in
    signals and may abort the interpreter, as it ends or sooner, which must not end the other benchmarks;
    the runs measured before an abort count."""
    code = f"from tests.bench.bench_pictures import _first_picture_shown; _first_picture_shown({site!r})"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    runs = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("[")]
    if not runs:
        raise RuntimeError(f"the Run tab measurement failed: {out.stderr[-2000:]}")
    return runs


def main() -> None:
    isolated_home()
    costs = _replay_costs()
    with served_sites() as site:
        shown = _shown_in_a_process_of_its_own(site)
    steps = int(costs["steps"][0])
    with_, without = statistics.median(costs["with"]), statistics.median(costs["without"])
    report(f"replay of {steps} steps with pictures", costs["with"])
    report(f"replay of {steps} steps without pictures (no run log)", costs["without"])
    print(f"all pictures (page + element): median {statistics.median(costs['pictures']):.0f} ms a replay, ", end="")
    print(f"a replay with them takes {(with_ / without - 1) * 100:.0f}% longer (medians)")
    share = statistics.median(e / t for e, t in zip(costs["elements"], costs["with"])) * 100
    print(f"element pictures: median {share:.1f}% of a replay's time{'  OK' if share <= 15 else '  OVER TARGET 15%'}")
    element_kb, page_kb = statistics.mean(costs["element_kb"]), statistics.mean(costs["page_kb"])
    print(
        f"element picture size: mean {element_kb:.1f} KB, max {max(costs['element_kb']):.1f} KB"
        f"{'  OK' if element_kb <= 200 else '  OVER TARGET 200 KB'}; page picture: mean {page_kb:.1f} KB"
    )
    report("Run tab: first step's end to its record sent", [taken for taken, _, _ in shown])
    report("Run tab: first step's end to its picture shown", [total for _, total, _ in shown], target_ms=300)
    report("reference: a bare capture of the same page just before", [bare for _, _, bare in shown])
    ratio = statistics.median(total / bare for _, total, bare in shown)
    print(f"first picture shown / bare capture: median {ratio:.1f}x (load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
