"""Replay figures: median time per replayed step on the fixture sites, and a whole replay against
the same task through the LLM agent loop with a local server that answers at once."""

from __future__ import annotations

import os
import statistics
import time

from playwright.sync_api import sync_playwright

from agent import RunControls, replay, run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder.browser import launch
from recorder.settings import set_setting
from tests.bench.common import isolated_home, report, served_sites
from tests.helpers import log_in, record
from tests.llm_server import LLMServer, Reply, tool_call


def scripted_login(request: dict) -> Reply:  # type: ignore[type-arg]
    """An instant 'model' that logs in: it reads the refs from the observation it was sent."""
    import re

    text = next(m["content"] for m in reversed(request["messages"]) if m["role"] == "user")
    done = sum(1 for m in request["messages"] if m["role"] == "tool")
    ref = lambda name: re.search(rf"^(e\d+): \w+ \"{name}\"", text, re.MULTILINE).group(1)  # noqa: E731
    plan = [("fill", {"ref": ref("Username"), "text": "bob"}) if "Username" in text else None,
            ("fill", {"ref": ref("Password"), "text": "pw"}) if "Password" in text else None,
            ("click", {"ref": ref("Log in")}) if "Log in" in text else None,
            ("finish", {"success": True, "summary": "done"})]  # fmt: skip
    name, args = plan[done] if done < len(plan) and plan[done] else ("finish", {"success": True, "summary": "done"})
    return Reply(tool_calls=[tool_call(name, **args)])


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
        replays = []  # the whole task through run_task, run log and screenshots included, as the agent's
        for _ in range(10):
            page.goto("about:blank")
            started = time.perf_counter()
            result = run_task("Log in as bob", page=page, store=store, mode="replay", params={"password": "pw"})
            replays.append((time.perf_counter() - started) * 1000)
            assert result.success, result.error
        agent_runs = []
        for _ in range(5):
            server.replies = [scripted_login] * 6
            page.goto("about:blank")
            started = time.perf_counter()
            result = run_task("Log in as bob", page=page, store=ProcedureStore(), mode="agent", model="openai/instant",
                              url=f"{base}/login.html", controls=RunControls(max_steps=8))  # fmt: skip
            agent_runs.append((time.perf_counter() - started) * 1000)
            assert result.success, result.error
        ratio = statistics.median(agent_runs) / statistics.median(replays)
        print(f"whole task: replay median {statistics.median(replays):.0f} ms, LLM agent loop median "
              f"{statistics.median(agent_runs):.0f} ms (instant local model); replay is {ratio:.1f}x faster"
              f"{'  OK' if ratio >= 10 else '  UNDER TARGET 10x'}")
        slow = []  # the same with a model that takes 0.5 s per answer, as hosted models do
        for _ in range(2):
            server.replies = [lambda request: Reply(**{**scripted_login(request).__dict__, "delay": 0.5})] * 6
            page.goto("about:blank")
            started = time.perf_counter()
            run_task("Log in as bob", page=page, store=ProcedureStore(), mode="agent", model="openai/instant",
                     url=f"{base}/login.html", controls=RunControls(max_steps=8))  # fmt: skip
            slow.append((time.perf_counter() - started) * 1000)
        print(f"whole task with a 0.5 s model: LLM agent loop median {statistics.median(slow):.0f} ms; "
              f"replay is {statistics.median(slow) / statistics.median(replays):.1f}x faster")
        browser.close()
    server.close()


if __name__ == "__main__":
    main()
