"""Learning from agent runs: five kinds of task on fixture sites (a login; a form with a select, a radio button
and a checkbox; a search that opens the right row among look-alikes; a list; a two-page flow), each run once by
the agent with a competent stub model and an empty store, then three more times with new values in auto mode.
The first verified run teaches a procedure (accepted by itself: `learned_auto_accept` 1); a later run is right
when the fixture SERVER received exactly its values with 0 model calls. The same first tasks with a lying model
(it says it is done at once) must teach nothing. Prints the calls, tokens and time of first and later runs."""

from __future__ import annotations

import json
import os
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import sync_playwright

from agent import run_task
from agent.results import RunControls, RunResult
from core.settings import set_setting
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.bench.common import isolated_home
from tests.learning_site import LearningSite
from tests.llm_server import MODEL, LLMServer, Reply, tool_call

Values = dict[str, Any]


def _refs(request: dict[str, Any], name: str) -> list[str]:
    """The refs of the elements called `name` in the latest observation, in page order."""
    text = next(m["content"] for m in reversed(request["messages"]) if m["role"] == "user")
    return re.findall(rf"^(e\d+): \w+ {re.escape(json.dumps(name))}", text, re.MULTILINE)


def _act(tool: str, name: str | None = None, nth: int = 0, **args: Any) -> Callable[[dict[str, Any]], Reply]:
    """The competent model's next call: `tool` on the `nth` element called `name` (it reads the page)."""

    def reply(request: dict[str, Any]) -> Reply:
        found = {"ref": _refs(request, name)[nth]} if name else {}
        return Reply(tool_calls=[tool_call(tool, **found, **args)])

    return reply


DONE = _act("finish", success=True, summary="done")


@dataclass
class Kind:
    """A kind of task: its start page, its wording, the competent model's calls, and what the server must get."""

    name: str
    page: str
    words: Callable[[Values], str]
    calls: Callable[[Values], list[Callable[[dict[str, Any]], Reply]]]
    got: Callable[[LearningSite, Values], bool]
    runs: list[Values]


def _posted(site: LearningSite, path: str) -> dict[str, list[str]]:
    posts = site.posted(path)
    return posts[-1] if posts else {}


KINDS = [
    Kind(
        "login",
        "learning/login.html",
        lambda v: f"Sign in as {v['user']}",
        lambda v: [
            _act("fill", "Username", text=v["user"]),
            _act("fill", "Password", text="{password}"),
            _act("click", "Sign in"),
        ],
        lambda s, v: _posted(s, "signed-in") == {"username": [v["user"]], "password": [v["password"]]},
        [{"user": u, "password": f"pw-{u}"} for u in ("emile", "bob", "carol", "dmitri")],
    ),
    Kind(
        "form",
        "learning/order.html",
        lambda v: f"Order a {v['colour']} lamp for {v['name']} with {v['delivery']} delivery",
        lambda v: [
            _act("fill", "Name", text=v["name"]),
            _act("select", "Colour", option=v["colour"]),
            _act("click", v["delivery"]),
            _act("click", "Gift wrap"),
            _act("click", "Place order"),
        ],
        lambda s, v: (
            _posted(s, "ordered")
            == {"name": [v["name"]], "colour": [v["colour"][0].lower()], "delivery": [v["sent"]], "gift": ["yes"]}
        ),
        [
            {"name": "Ann Lee", "colour": "Green", "delivery": "Express", "sent": "exp"},
            {"name": "Bo Chen", "colour": "Red", "delivery": "Standard", "sent": "std"},
            {"name": "Cy Doe", "colour": "Blue", "delivery": "Express", "sent": "exp"},
            {"name": "Di Eve", "colour": "Green", "delivery": "Standard", "sent": "std"},
        ],
    ),
    Kind(
        "search",
        "learning/search.html",
        lambda v: f"Open Invoice {v['number']}",
        lambda v: [_act("fill", "Find invoice", text=v["number"]), _act("click", "Search"), _act("click", "Open", nth=1)],
        lambda s, v: bool(s.opened("invoice.html")) and s.opened("invoice.html")[-1] == {"id": [v["number"]]},
        [{"number": n} for n in ("1042", "2210", "375", "8808")],
    ),
    Kind(
        "list",
        "lists/guests.html",
        lambda v: "Add guests " + " and ".join(f"{n} {e}" for n, e in v["guests"]),
        lambda v: (
            [
                call
                for row, (n, e) in enumerate(v["guests"])
                for call in (_act("fill", "Name", nth=row, text=n), _act("fill", "Email", nth=row, text=e))
            ]
            + [_act("click", "Save guests")]
        ),
        lambda s, v: _guests(s) == v["guests"],
        [
            {"guests": [("Ann Lee", "ann@example.org"), ("Bo Chen", "bo@example.org")]},
            {"guests": [("Cy Doe", "cy@example.org"), ("Di Eve", "di@example.org"), ("Ed Fox", "ed@example.org")]},
            {"guests": [("Fay Gu", "fay@example.org")]},
            {"guests": [("Gil Ho", "gil@example.org"), ("Ida Jo", "ida@example.org")]},
        ],
    ),
    Kind(
        "two pages",
        "learning/start.html",
        lambda v: f"Create an account for {v['name']} in {v['city']}",
        lambda v: [
            _act("fill", "Full name", text=v["name"]),
            _act("click", "Next"),
            _act("fill", "City", text=v["city"]),
            _act("click", "Create account"),
        ],
        lambda s, v: _posted(s, "created") == {"full_name": [v["name"]], "city": [v["city"]]},
        [{"name": n, "city": c} for n, c in (("Ann Lee", "Oslo"), ("Bo Chen", "Lima"), ("Cy Doe", "Quito"), ("Di Eve", "Perth"))],
    ),
]


def _guests(site: LearningSite) -> list[tuple[str, str]]:
    form = _posted(site, "/lists/sent")
    return [(n, e) for n, e in zip(form.get("guest", []), form.get("email", [])) if n or e]


def _run(context: Any, site: LearningSite, kind: Kind, values: Values, llm: LLMServer, lying: bool = False) -> RunResult:
    llm.replies[:] = [DONE] if lying else [*kind.calls(values), DONE]
    page = context.new_page()
    page.goto(f"{site.server.base}/{kind.page}")
    secrets = {"password": values["password"]} if "password" in values else None
    approve = RunControls(approve=lambda question, details: True)
    result = run_task(
        kind.words(values), page=page, store=ProcedureStore(), mode="auto", model=MODEL, secrets=secrets, controls=approve
    )
    page.close()
    return result


def _cost(results: list[RunResult]) -> str:
    calls = statistics.mean(r.cost.llm_calls for r in results)
    tokens = statistics.mean(r.cost.prompt_tokens + r.cost.completion_tokens for r in results)
    seconds = statistics.mean(r.cost.seconds for r in results)
    return f"{calls:.1f} calls, {tokens:.0f} tokens, {seconds:.2f} s"


def main() -> None:
    llm, site = LLMServer(), LearningSite()
    os.environ.setdefault("OPENAI_API_KEY", "bench")
    with sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        context = browser.new_context()
        isolated_home()
        set_setting("api_base", llm.url)
        set_setting("learned_auto_accept", "1")
        firsts, laters, right = [], [], 0
        for kind in KINDS:
            first = _run(context, site, kind, kind.runs[0], llm)
            firsts.append(first)
            later, ok = [], []
            for values in kind.runs[1:]:  # each judged by what the server got from it
                later.append((values, _run(context, site, kind, values, llm)))
                ok.append(kind.got(site, values) and later[-1][1].cost.llm_calls == 0)
            laters += [result for _, result in later]
            right += sum(ok)
            print(f"{kind.name}: first {first.outcome} ({first.learning}); later right {sum(ok)}/{len(ok)}")
            for (values, result), good in zip(later, ok):
                if not good:
                    print(f"  wrong: {kind.words(values)!r}: {result.verdict()} ({result.mode}, {result.cost.llm_calls} calls)")
        isolated_home()  # the lying model, on an empty store of its own
        set_setting("api_base", llm.url)
        set_setting("learned_auto_accept", "1")
        lied = [_run(context, site, kind, kind.runs[0], llm, lying=True) for kind in KINDS]
        taught = len(ProcedureStore().learned.list()) + len(ProcedureStore().list())
        browser.close()
    llm.close()
    site.close()
    total = len(laters)
    print(f"later runs right with 0 model calls: {right}/{total} ({100 * right / total:.0f}%, target >= 95%)")
    print(f"lying model: {taught} procedures taught (target 0); outcomes {sorted({r.outcome for r in lied})}")
    print(f"first runs (agent): {_cost(firsts)} per run")
    print(f"later runs (replay): {_cost(laters)} per run")
