"""Replay figures: median time per replayed step on the fixture sites, the part of it its checks take
(target: at most 20 ms per step, the end checks included), and a whole replay against
the same task through the LLM agent loop with a local server that answers at once (and with one
that takes 0.5 s and 1 s per answer). Both are also set against the browser work they share: the
same page loads, fills, click and a screenshot per step in plain Playwright, with no ShowMeHow code."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from agent import RunControls, replay, run_task
from core.settings import set_setting
from procedures import build_procedure
from procedures.runtime.playback import Player
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.bench.common import isolated_home, report, served_sites
from tests.helpers import log_in, record
from tests.llm_server import LLMServer, Reply, tool_call


def scripted_login(request: dict) -> Reply:  # type: ignore[type-arg]
    """An instant 'model' that logs in: it reads the refs from the observation it was sent."""
    import re

    text = next(m["content"] for m in reversed(request["messages"]) if m["role"] == "user")
    done = sum(1 for m in request["messages"] if m["role"] == "tool")
    ref = lambda name: re.search(rf"^(e\d+): \w+ \"{name}\"", text, re.MULTILINE).group(1)  # noqa: E731
    plan = [
        ("fill", {"ref": ref("Username"), "text": "bob"}) if "Username" in text else None,
        ("fill", {"ref": ref("Password"), "text": "pw"}) if "Password" in text else None,
        ("click", {"ref": ref("Log in")}) if "Log in" in text else None,
        ("finish", {"success": True, "summary": "done"}),
    ]
    name, args = plan[done] if done < len(plan) and plan[done] else ("finish", {"success": True, "summary": "done"})
    return Reply(tool_calls=[tool_call(name, **args)])


def browser_floor(page, base: str, shots: Path) -> float:  # type: ignore[no-untyped-def]
    """The login done in plain Playwright with a screenshot per step: what any run of it must spend, in ms."""
    page.goto("about:blank")
    started = time.perf_counter()
    page.goto(f"{base}/login.html")
    page.screenshot(path=shots / "1.png")
    page.get_by_role("textbox", name="Username").fill("bob")
    page.screenshot(path=shots / "2.png")
    page.get_by_role("textbox", name="Password").fill("pw")
    page.screenshot(path=shots / "3.png")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/welcome.html*")
    page.screenshot(path=shots / "4.png")
    return (time.perf_counter() - started) * 1000


def agent_run(page, base: str, server: LLMServer, delay: float = 0.0) -> float:  # type: ignore[no-untyped-def]
    """The login through the LLM agent loop (run_task, mode agent) with a model that answers after `delay` s, in ms."""
    server.replies = [lambda request: Reply(**{**scripted_login(request).__dict__, "delay": delay})] * 6
    page.goto("about:blank")
    started = time.perf_counter()
    result = run_task(
        "Log in as bob",
        page=page,
        store=ProcedureStore(),
        mode="agent",
        model="openai/instant",
        url=f"{base}/login.html",
        controls=RunControls(max_steps=8),
    )
    assert result.success, result.error
    return (time.perf_counter() - started) * 1000


class UncheckedPlayer(Player):
    """The same engine with its step checks left out: the baseline that says what the checks add."""

    def _verify_step(self, *args: object) -> None:
        pass

    def _document_state(self, *args: object) -> None:
        return None


def check_time(page, procedure) -> None:  # type: ignore[no-untyped-def]
    """What checks add per replayed step: whole runs of the same steps with and without them (per step, medians
    over runs), interleaved so that both share the machine's ups and downs, plus the end checks spread over the steps. The checks' own
    time (check_ms) is larger: their first page call also waits out the page's work after the action,
    which the next step would otherwise wait for."""
    steps = [step.model_dump() for step in procedure.steps]
    params = {"username": "bob", "password": "pw"}
    checked, unchecked, own, end = [], [], [], []
    for round_ in range(30):
        for kind in (Player, UncheckedPlayer) if round_ % 2 else (UncheckedPlayer, Player):  # neither always goes first
            page.goto("about:blank")
            player = kind(page, params)
            started = time.perf_counter()
            results = player.run(steps)
            (checked if kind is Player else unchecked).append((time.perf_counter() - started) * 1000 / len(results))
            if kind is Player:
                own += [r.check_ms for r in results]
                started = time.perf_counter()
                assert all(problem is None for _, problem in player.verify([c.model_dump() for c in procedure.outcome_checks()]))
                end.append((time.perf_counter() - started) * 1000 / len(results))
    added = statistics.median(checked) - statistics.median(unchecked) + statistics.median(end)
    print(
        f"checks add per replayed step (login fixture): median {added:.1f} ms "
        f"(a run's mean step {statistics.median(checked):.1f} ms with checks, {statistics.median(unchecked):.1f} ms without; end checks "
        f"{statistics.median(end):.1f} ms per step){'  OK' if added <= 20 else '  OVER TARGET 20 ms'}"
    )
    report("  the checks' own time per step, waiting for the page included", own)


def main() -> None:
    isolated_home()
    server = LLMServer(default=None)
    set_setting("api_base", server.url)
    os.environ.setdefault("OPENAI_API_KEY", "bench")
    with served_sites() as base, sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        context = browser.new_context()
        recording = record(context, f"{base}/login.html", log_in("kanesha", "xyz"), title='Log in as "kanesha"')
        store = ProcedureStore()
        procedure = store.get(store.add(build_procedure(recording)))
        page = context.new_page()
        per_step = []
        for _ in range(15):
            page.goto("about:blank")
            outcome = replay(page, procedure, {"username": "bob", "password": "pw"})
            assert outcome.success, outcome.error
            per_step += [s.duration_ms for s in outcome.steps]
        report("replayed step (login fixture)", per_step, target_ms=300)
        check_time(page, procedure)
        shots = Path(tempfile.mkdtemp(prefix="showmehow-floor-"))
        replays, agent_runs, floors = [], [], []  # interleaved, so that they share the machine's ups and downs
        for _ in range(10):
            page.goto("about:blank")
            started = time.perf_counter()  # the whole task through run_task, run log and screenshots included, as the agent's
            result = run_task("Log in as bob", page=page, store=store, mode="replay", params={"password": "pw"})
            replays.append((time.perf_counter() - started) * 1000)
            assert result.success, result.error
            agent_runs.append(agent_run(page, base, server))
            floors.append(browser_floor(page, base, shots))
        floor = statistics.median(floors)
        replay_ms, agent_ms = statistics.median(replays), statistics.median(agent_runs)
        ratio = agent_ms / replay_ms
        print(
            f"whole task: replay median {replay_ms:.0f} ms, LLM agent loop median {agent_ms:.0f} ms (instant local model); "
            f"replay is {ratio:.1f}x faster{'  OK' if ratio >= 10 else '  UNDER TARGET 10x'}"
        )
        print(
            f"  the browser work both share (plain Playwright, same steps and screenshots): {floor:.0f} ms; above it the "
            f"replay adds {replay_ms - floor:.0f} ms and the agent loop {agent_ms - floor:.0f} ms; 10x would need a "
            f"whole replay of {agent_ms / 10:.0f} ms"
        )
        for delay in (0.5, 1.0):  # as hosted models answer
            slow = statistics.median(agent_run(page, base, server, delay) for _ in range(2))
            print(
                f"whole task with a {delay} s model: LLM agent loop median {slow:.0f} ms; replay is {slow / replay_ms:.1f}x faster"
            )
        browser.close()
    server.close()


if __name__ == "__main__":
    main()
