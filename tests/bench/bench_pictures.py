"""Step pictures: what the element picture of each replayed step costs (target: at most 15% of a replay's
time, at most 200 KB a picture on average), and how soon the Run tab shows the first step's picture once
the step's record reaches the window (target: the picture's own time plus that, at most 300 ms)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from agent import replay
from agent.run_log import RunLog
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.bench.common import isolated_home, report, served_sites
from tests.helpers import log_in, record

RUNS = 8
ROOT = Path(__file__).resolve().parents[2]


def _replay_costs(site: str) -> tuple[list[float], list[float], list[int]]:
    """(whole replay ms, element pictures' ms within it, picture sizes) over RUNS replays."""
    spent: list[float] = []
    original = RunLog.element_picture

    def timed(self: RunLog, *args, **kwargs):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            spent.append((time.perf_counter() - started) * 1000)

    RunLog.element_picture = timed  # type: ignore[method-assign]  # measured, not replaced
    totals, shares, sizes = [], [], []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright, headless=True)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            procedure = build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title="Log in"))
            for _ in range(RUNS):
                page = context.new_page()
                log = RunLog()
                spent.clear()
                started = time.perf_counter()
                result = replay(page, procedure, {"username": "bob", "password": "pw"}, log=log)
                totals.append((time.perf_counter() - started) * 1000)
                assert result.success, result.error
                shares.append(sum(spent))
                sizes += [Path(s.picture).stat().st_size for s in result.steps if s.picture]
                page.close()
            browser.close()
    finally:
        RunLog.element_picture = original  # type: ignore[method-assign]
    return totals, shares, sizes


def _first_picture_shown(site: str) -> list[float]:
    """ms from the first step's record leaving the browser's thread to its picture in the Run tab."""
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
    sent: list[float] = []
    delays = []
    for _ in range(RUNS):
        sent.clear()
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
        delays.append((time.perf_counter() - sent[0]) * 1000)
        while not window.run_tab.run_button.isEnabled() and time.perf_counter() < deadline:
            QTest.qWait(10)
    window.close()
    return delays


def _shown_in_a_process_of_its_own(site: str) -> list[float]:
    """`_first_picture_shown` in a new process: PySide6 6.12 loses references to None, True and False in
    signals and may abort the interpreter as it ends, which must not end the other benchmarks."""
    code = f"import json; from tests.bench.bench_pictures import _first_picture_shown; print(json.dumps(_first_picture_shown({site!r})))"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    lines = [line for line in out.stdout.splitlines() if line.startswith("[")]
    if not lines:
        raise RuntimeError(f"the Run tab measurement failed: {out.stderr[-2000:]}")
    return json.loads(lines[-1])


def main() -> None:
    isolated_home()
    with served_sites() as site:
        totals, pictures, sizes = _replay_costs(site)
        shown = _shown_in_a_process_of_its_own(site)
    share = statistics.median(p / t for p, t in zip(pictures, totals)) * 100
    per_picture = statistics.median(pictures) / (len(sizes) / RUNS)  # the median replay's pictures, each
    report("replay of 4 steps, element pictures included", totals)
    print(f"element pictures: median {share:.1f}% of a replay's time{'  OK' if share <= 15 else '  OVER TARGET 15%'}")
    mean_kb = statistics.mean(sizes) / 1000
    print(
        f"element picture size: mean {mean_kb:.1f} KB, max {max(sizes) / 1000:.1f} KB{'  OK' if mean_kb <= 200 else '  OVER TARGET 200 KB'}"
    )
    report("Run tab: step record to its picture shown", shown)
    total = per_picture + statistics.median(shown)
    print(
        f"first step's picture on screen after the step ends: ~{total:.0f} ms (picture {per_picture:.0f} + window {statistics.median(shown):.0f}){'  OK' if total <= 300 else '  OVER TARGET 300 ms'}"
    )


if __name__ == "__main__":
    main()
