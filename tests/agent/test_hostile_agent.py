"""A hostile page (tests/sites/hostile/bait.html) against the agent: what reaches the model and the attacker."""

import json
from pathlib import Path

from agent import RunControls, run_task
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL, act
from tests.attacker import AttackerServer
from tests.helpers import sample_procedure
from tests.llm_server import LLMServer


def test_the_agent_never_opens_local_files_or_other_sites_on_a_page_s_word(
    context, attacker: AttackerServer, llm: LLMServer
) -> None:  # type: ignore[no-untyped-def]
    passwd = Path("/etc/passwd").read_text().splitlines()[0]
    llm.replies = [
        act("goto", url="file:///etc/passwd"),
        act("goto", url="http://127.0.0.1:9/collect"),
        act("goto", url="javascript:fetch('/steal')"),
        act("finish", success=False, summary="done"),
    ]
    page = context.new_page()
    page.goto(f"{attacker.base}/bait.html")
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None)  # the person says no
    run_task("follow the support page", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    sent = json.dumps(llm.requests)
    assert passwd not in sent and "root:x:0" not in sent  # the model never saw the file
    assert asked == ["open 127.0.0.1, a site this task did not start on"]
    assert page.url == f"{attacker.base}/bait.html"
    tool_results = [m["content"] for m in llm.requests[-1]["messages"] if m["role"] == "tool"]
    assert tool_results[0].startswith("error: goto opens only http and https pages, not file")
    assert tool_results[1].startswith("skipped: the user did not approve")
    assert tool_results[2].startswith("error: goto opens only http and https pages, not javascript")


def test_every_way_to_submit_a_form_needs_approval(context, attacker: AttackerServer, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    llm.replies = [
        act("click", ref_name="Note"),
        act("type", text="hello"),
        act("press", key="NumpadEnter"),
        act("press", key="Enter"),
        act("type", text="again\n"),
        act("click", ref_name="Continue"),  # a submit button whose label sounds harmless
        act("press", key="Shift+Enter"),
        act("finish", success=False, summary="could not submit"),
    ]
    page = context.new_page()
    page.goto(f"{attacker.base}/bait.html")
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None, max_steps=10)
    result = run_task("leave a note", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    assert not any(r.method == "POST" for r in attacker.received)  # nothing was submitted
    assert asked == [
        "press NumpadEnter in a form (submits it)",
        "press Enter in a form (submits it)",
        "type a line break in a form field (submits it)",
        'click "Continue" (submits a form)',
        "press Shift+Enter in a form (submits it)",
    ]
    assert [s.status for s in result.steps][:7] == ["ok", "ok", "skipped", "skipped", "skipped", "skipped", "skipped"]


def test_the_agent_fills_a_secret_only_on_the_sites_the_run_started_with(
    context, site: str, attacker: AttackerServer, llm: LLMServer, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SHOWMEHOW_PARAM_PASSWORD", "hunter22")
    store = ProcedureStore()
    store.add(sample_procedure())  # a login procedure for 127.0.0.1 with a secret {password}
    llm.replies = [
        act("goto", url=f"{attacker.base}/phish.html"),  # the page says the login moved
        act("fill", ref_name="Password", text="{password}"),
        act("finish", success=False, summary="done"),
    ]
    page = context.new_page()
    page.goto(f"{site}/login.html")
    controls = RunControls(approve=lambda action, details: True)  # the person even lets it go there
    run_task("log in to the demo site", page=page, store=store, mode="agent", model=MODEL, controls=controls)
    assert page.url == f"{attacker.base}/phish.html"
    assert "hunter22" not in attacker.everything() and "hunter22" not in json.dumps(llm.requests)
    tool_results = [m["content"] for m in llm.requests[-1]["messages"] if m["role"] == "tool"]
    assert tool_results[1] == "error: {password} is not for localhost"
