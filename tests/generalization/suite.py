"""The generalization suite: each shape is demonstrated once (a real recording), built into a
procedure, and replayed on new instances with new values. An instance passes when the fixture
server received exactly what the task asked for; replay's own success flag is never consulted.

`python -m tests.generalization [shape ...]` prints the table.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.generalization.server import Fields, GenServer, Received, normalized, serving
from tests.generalization.shapes import SHAPES, Instance, Shape

TARGET = 0.95  # the share of instances that must pass, overall and for each shape
REPLAY_TIMEOUT_MS = 5000  # per step: the fixtures answer at once, but the machine may be busy
ABSENT = "(absent)"  # a field the site did not get, e.g. an unticked checkbox
CONTEXT_OPTIONS: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US", "timezone_id": "UTC"}


@dataclass
class InstanceResult:
    shape: str
    index: int
    task: str
    passed: bool
    reason: str = ""  # why it failed, one line
    params: dict[str, str] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    replay_error: str | None = None


@dataclass
class ShapeResult:
    shape: str
    instances: list[InstanceResult] = field(default_factory=list)
    error: str | None = None  # the demonstration could not be recorded or built
    parameters: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.instances)

    @property
    def rate(self) -> float:
        return self.passed / len(self.instances) if self.instances else 0.0


@dataclass
class SuiteResult:
    shapes: list[ShapeResult]
    seconds: float = 0.0

    @property
    def passed(self) -> int:
        return sum(s.passed for s in self.shapes)

    @property
    def total(self) -> int:
        return sum(len(s.instances) for s in self.shapes)

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    def table(self) -> str:
        width = max(len(s.shape) for s in self.shapes) if self.shapes else 5
        lines = [f"{'shape':<{width}}  pass  rate  time  parameters"]
        for s in self.shapes:
            params = ", ".join(s.parameters) if not s.error else "-"
            lines.append(f"{s.shape:<{width}}  {s.passed}/{len(s.instances)}  {s.rate:4.0%}  {s.seconds:3.0f} s  {params}")
        lines.append(f"{'overall':<{width}}  {self.passed}/{self.total}  {self.rate:4.0%}  {self.seconds:3.0f} s")
        failures = [(s, r) for s in self.shapes for r in s.instances if not r.passed]
        if failures:
            lines.append("")
            lines.append("failures:")
            for s, r in failures:
                lines.append(f"  {s.shape} #{r.index + 1} {r.task!r}: {r.reason}")
        return "\n".join(lines)


def _one_line(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(fields: Fields) -> str:
    return json.dumps(fields, ensure_ascii=False)


def judge(shape: Shape, expected: Fields, outcomes: list[Received]) -> str:
    """Why what the site received is not what the task asked for; "" when it is."""
    if not outcomes:
        return f"nothing received (expected {shape.endpoint} {_show(expected)})"
    if len(outcomes) == 1 and outcomes[0].path == shape.endpoint and normalized(outcomes[0].fields) == normalized(expected):
        return ""
    if len(outcomes) == 1 and outcomes[0].path == shape.endpoint:
        want, got = normalized(expected), normalized(outcomes[0].fields)
        keys = [k for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
        differ = {k: want.get(k, ABSENT) for k in keys}, {k: got.get(k, ABSENT) for k in keys}
        return f"wrong data received: expected {_show(differ[0])} got {_show(differ[1])}"
    got = "; ".join(r.short() for r in outcomes)
    return f"wrong data received: expected one {shape.endpoint} {_show(expected)} got {len(outcomes)}: {got}"


def _masked(procedure: Any, params: dict[str, str]) -> dict[str, str]:
    secret = {p.name for p in procedure.abstract.parameters if p.secret}
    return {k: ("••••" if k in secret else v) for k, v in params.items()}


def run_instance(context: Any, server: GenServer, shape: Shape, procedure: Any, index: int, instance: Instance) -> InstanceResult:
    from agent import bind_parameters, replay

    result = InstanceResult(shape=shape.name, index=index, task=instance.task, passed=False)
    server.set_instance(shape.page, instance.query)
    page = context.new_page()
    try:
        page.goto(server.url + shape.path)
        server.clear()
        try:
            params = bind_parameters(procedure, instance.task)
        except Exception as exc:  # noqa: BLE001 - any failure to bind fails the instance
            result.reason = f"binding error: {_one_line(f'{type(exc).__name__}: {exc}')}"
            return result
        result.params = _masked(procedure, params)
        try:
            outcome = replay(page, procedure, params, timeout_ms=REPLAY_TIMEOUT_MS)
            result.replay_error = None if outcome.success else _one_line(outcome.error or "failed")
        except Exception as exc:  # noqa: BLE001 - a replay that raises fails only by what the site got
            result.replay_error = _one_line(f"{type(exc).__name__}: {exc}")
        wait = 3.0 if result.replay_error is None else 0.3  # a click reports by fetch, after replay has returned
        result.received = server.wait_for_outcomes(1, timeout_s=wait)
        why = judge(shape, instance.expected, result.received)
        result.passed = not why
        if why:
            bound = f"; params {_show(result.params)}"
            replay_note = f"; replay error: {result.replay_error}" if result.replay_error else ""
            if not result.received and result.replay_error:
                why = f"replay error: {result.replay_error}"
                replay_note = ""
            result.reason = _one_line(why + bound + replay_note, 400)
        return result
    finally:
        page.close()


def run_shape(browser: Any, server: GenServer, shape: Shape) -> ShapeResult:
    from procedures import build_procedure
    from tests.helpers import record

    started = time.perf_counter()
    result = ShapeResult(shape=shape.name)
    recording_context = browser.new_context(**CONTEXT_OPTIONS)  # the recorder stays hooked into it after stop
    try:
        server.set_instance(shape.page, shape.demo_query)
        recording = record(
            recording_context, server.url + shape.path, shape.demo, title=shape.title, description=shape.description
        )
        procedure = build_procedure(recording)
    except Exception as exc:  # noqa: BLE001 - a demonstration that cannot be recorded or built fails every instance
        result.error = _one_line(f"demonstration failed: {type(exc).__name__}: {exc}")
        result.instances = [
            InstanceResult(shape.name, i, inst.task, False, result.error) for i, inst in enumerate(shape.instances)
        ]
        result.seconds = time.perf_counter() - started
        return result
    finally:
        recording_context.close()
    result.parameters = [p.name + ("*" if p.secret else "") for p in procedure.abstract.parameters]
    context = browser.new_context(**CONTEXT_OPTIONS)  # replays run in a fresh browser session, as a later task does
    try:
        for index, instance in enumerate(shape.instances):
            result.instances.append(run_instance(context, server, shape, procedure, index, instance))
    finally:
        context.close()
        result.seconds = time.perf_counter() - started
    return result


def run_suite(browser: Any, server: GenServer, shapes: Iterable[Shape] = SHAPES) -> SuiteResult:
    started = time.perf_counter()
    results = [run_shape(browser, server, shape) for shape in shapes]
    return SuiteResult(results, seconds=time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in {s.name for s in SHAPES}]
    if unknown:
        print(f"unknown shapes: {', '.join(unknown)}; known: {', '.join(s.name for s in SHAPES)}", file=sys.stderr)
        return 2
    os.environ["SHOWMEHOW_HOME"] = tempfile.mkdtemp(prefix="showmehow-gen-")  # never the user's own data
    from playwright.sync_api import sync_playwright

    from recorder.browser import launch

    shapes = [s for s in SHAPES if not names or s.name in names]
    with serving() as server, sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        try:
            result = run_suite(browser, server, shapes)
        finally:
            browser.close()
    print(result.table())
    return 0 if result.rate >= TARGET else 1
