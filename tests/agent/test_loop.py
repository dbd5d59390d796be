import json
from pathlib import Path
from typing import Any

from agent import RunControls, run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from retrieval.lessons import LessonStore
from tests.agent.conftest import MODEL, act
from tests.helpers import log_in, record
from tests.llm_server import LLMServer, Reply, tool_call

TITLE = 'Enter the username "kanesha" and the password "xyz" and press login'


def _events(run_dir: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (Path(run_dir) / "memory_events.jsonl").read_text().splitlines()]


def _login_store(context, site: str) -> tuple[ProcedureStore, str]:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    return store, store.add(build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title=TITLE)))


def _logs_in(username: str) -> list[Any]:
    """Scripted replies that log in as `username` with the secret password."""
    return [
        act("fill", ref_name="Username", text=username),
        act("fill", ref_name="Password", text="{password}"),
        act("click", ref_name="Log in"),
    ]


def test_agent_completes_a_task_with_procedural_memory(context, site: str, llm: LLMServer, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    store, pid = _login_store(context, site)
    monkeypatch.setenv("SHOWMEHOW_PARAM_PASSWORD", "hunter22")
    llm.replies = [*_logs_in("bob"), act("finish", success=True, summary="logged in")]
    page = context.new_page()
    page.goto(f"{site}/login.html")
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is None)
    result = run_task("log in with username bob", page=page, store=store, mode="agent", model=MODEL, controls=controls)
    assert result.success, result.error
    assert asked == ['click "Log in" (submits a form)']
    assert page.locator("#hello").inner_text() == "Welcome bob"
    assert [s.command for s in result.steps] == ["fill", "fill", "click", "finish"]
    system, first = llm.requests[0]["messages"][0], llm.requests[0]["messages"][1]
    assert "## Lessons from experience" in system["content"] and "If fill fails" in system["content"]
    assert "## Goal\n\nlog in with username bob" in system["content"]
    stored = TITLE.replace('"xyz"', '"{password}"')  # the password typed in the demonstration never leaves the page
    assert first["content"].startswith("<procedural_memory>") and stored in first["content"]
    assert "{password}" in first["content"] and "hunter22" not in json.dumps(llm.requests)
    assert llm.requests[0]["tools"][0]["function"]["name"] == "goto"
    run_dir = Path(result.run_dir)  # type: ignore[arg-type]
    assert (run_dir / "prompts.jsonl").exists() and len(list(run_dir.glob("step_[0-9][0-9][0-9].jpg"))) == 4
    assert all(b"hunter22" not in p.read_bytes() for p in run_dir.iterdir())
    assert store.get(pid).success_count == 1
    assert [e["event"] for e in _events(result.run_dir)][:2] == ["procedures_retrieved", "tier1_loaded"]  # type: ignore[arg-type]


def test_no_memory_block_when_nothing_matches(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    llm.replies = [act("finish", success=False, summary="nothing to do")]
    result = run_task("play some jazz", page=context.new_page(), store=ProcedureStore(), mode="agent", model=MODEL)
    assert not result.success and result.error == "nothing to do"
    assert "<procedural_memory>" not in json.dumps(llm.requests[0]["messages"])


def test_trigger_a_and_b_fire_and_are_logged(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    lessons = LessonStore()
    lessons.load()
    lessons.add_lesson("On the demo site, type slowly.", "site_specific", domain="127.0.0.1")
    llm.replies = [
        act("goto", url=f"{site}/login.html"),
        Reply(tool_calls=[tool_call("fill", ref="e99", text="bob")]),
        act("click", ref_name="Username"),
        act("type", text="bob"),
        act("finish", success=True, summary="typed"),
    ]
    controls = RunControls(approve=lambda action, details: action.startswith("open 127.0.0.1"))  # the start page is blank
    result = run_task(
        "type bob as the user name", page=context.new_page(), store=ProcedureStore(), mode="agent", model=MODEL, controls=controls
    )
    assert result.outcome == "unverified" and not result.success, result.error  # done; no check: success is verified only
    after_goto = llm.requests[1]["messages"][-1]["content"]
    assert "Tips for this site:\n- On the demo site, type slowly." in after_goto
    after_error = llm.requests[2]["messages"][-1]["content"]
    assert "IMPORTANT - Last action failed:\nno element e99" in after_error
    assert "Tips from previous experience:\n- If fill fails, click(ref) to focus the input" in after_error
    assert llm.requests[2]["messages"][-2] == {
        "role": "tool",
        "tool_call_id": llm.requests[2]["messages"][-3]["tool_calls"][0]["id"],
        "content": "error: no element e99 on the page now; use a ref from the latest list",
    }
    events = [e["event"] for e in _events(result.run_dir)]  # type: ignore[arg-type]
    assert "domain_recall" in events and "error_recall" in events
    assert events[-2:] == ["lesson_deduplicated", "nothing_learned"]  # fill failed, click worked: the seed lesson again
    reloaded = LessonStore()
    reloaded.load()
    assert reloaded.lessons[0].use_count == 1


def test_malformed_and_unknown_tool_calls_go_back_to_the_model(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    llm.replies = [
        Reply(tool_calls=[tool_call("teleport", to="mars")]),
        Reply(tool_calls=[{"id": "call_bad", "type": "function", "function": {"name": "click", "arguments": '{"ref": 12}'}}]),
        Reply(content="I think I am done"),
        act("finish", success=True, summary="ok"),
    ]
    controls = RunControls(max_errors=5)
    result = run_task(
        "do something", page=context.new_page(), store=ProcedureStore(), mode="agent", model=MODEL, controls=controls
    )
    assert result.outcome == "unverified" and not result.success  # done; no check: success is verified only
    messages = llm.requests[3]["messages"]
    tool_results = [m["content"] for m in messages if m["role"] == "tool"]
    assert tool_results[0].startswith("error: unknown tool 'teleport'")
    assert tool_results[1].startswith("error: invalid arguments for click: ref")
    assert "You must answer with exactly one tool call." in messages[-1]["content"]


def test_rejected_approval_skips_the_action(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    asked: list[str] = []
    llm.replies = [act("click", ref_name="Send message"), act("finish", success=False, summary="not allowed")]
    page = context.new_page()
    page.goto(f"{site}/apps/contact.html")
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None)
    result = run_task("send the support message", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    assert asked == ['click "Send message"']
    assert result.steps[0].status == "skipped" and page.url.endswith("/apps/contact.html")
    assert "skipped: the user did not approve" in llm.requests[1]["messages"][-2]["content"]


def _looping(tool: str, **args: Any):  # type: ignore[no-untyped-def]
    return lambda request: act(tool, **args)(request)


def test_guardrails_stop_runs(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    llm.default = None
    llm.replies = [_looping("scroll", direction="down")] * 3
    result = run_task("scroll forever", page=context.new_page(), store=store, mode="agent", model=MODEL)
    assert not result.success and "repeated 3 times" in (result.error or "")

    llm.replies = [_looping("goto", url=f"{site}/login.html?{i}") for i in range(4)]
    result = run_task(
        "wander", page=context.new_page(), store=store, mode="agent", model=MODEL, controls=RunControls(max_steps=4)
    )
    assert not result.success and result.error == "step limit of 4 reached" and len(result.steps) == 4

    llm.replies = [Reply(tool_calls=[tool_call("click", ref=f"e{90 + i}")]) for i in range(3)]
    result = run_task("click ghosts", page=context.new_page(), store=store, mode="agent", model=MODEL)
    assert not result.success and result.error == "stopped after 3 errors in a row"

    controls = RunControls()
    controls.on_progress = lambda event: controls.stop.set()
    llm.replies = [_looping("goto", url=f"{site}/login.html?{i}") for i in range(5)]
    result = run_task("stop me", page=context.new_page(), store=store, mode="agent", model=MODEL, controls=controls)
    assert result.error == "stopped on request" and len(result.steps) == 1


def test_missing_key_and_unreachable_model_fail_at_once(context, llm: LLMServer, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("OPENAI_API_KEY")
    result = run_task("anything", page=context.new_page(), store=ProcedureStore(), mode="agent", model=MODEL)
    assert not result.success and "$OPENAI_API_KEY is empty" in (result.error or "") and "api_key_env" in (result.error or "")
    assert llm.requests == []
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    from core.settings import set_setting

    set_setting("api_base", "http://127.0.0.1:9/v1")
    result = run_task("anything", page=context.new_page(), store=ProcedureStore(), mode="agent", model=MODEL)
    assert not result.success and "cannot reach" in (result.error or "") and "api_base" in (result.error or "")


def test_auto_mode_hands_a_failed_replay_to_the_agent(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    store, pid = _login_store(context, site)
    procedure = store.get(pid)
    procedure.steps[3].selectors = ["#gone"]
    procedure.steps[3].selector = "#gone"
    store.update(procedure)
    llm.replies = [act("click", ref_name="Log in"), act("finish", success=True, summary="done")]
    page = context.new_page()
    result = run_task(
        'Enter the username "kim" and the password "pw" and press login',
        page=page,
        store=store,
        mode="auto",
        model=MODEL,
        timeout_ms=1000,
        controls=RunControls(approve=lambda action, details: True),  # the agent's click submits the form
    )
    assert result.success, result.error
    assert [(s.source, s.command) for s in result.steps][3:] == [("replay", "click"), ("agent", "click")]
    assert len(llm.requests) == 1  # the click did the broken last step and led where the procedure ends: done
    first = llm.requests[0]["messages"][1]["content"]
    assert "failed at step 4" in first and "#gone" in first and "<procedural_memory>" in first
    system = llm.requests[0]["messages"][0]["content"]  # the task held the password: the model sees its placeholder
    assert 'the password "{password}"' in system and not any('"pw"' in m["content"] for r in llm.requests for m in r["messages"])
    assert page.locator("#hello").inner_text() == "Welcome kim"
    assert result.outcome == "verified" and [c.passed for c in result.checks] == [True, True]
    # the replay broke at step 4, but the verified run learned the fix that repairs it: a revision waits,
    # and the break does not count against the procedure (nor does the agent's finish count twice)
    after = store.get(pid)
    assert result.revision_id is not None and store.revisions.pending(after) is not None
    assert (after.success_count, after.failure_count, after.steps[3].failure_count) == (0, 0, 0)
    assert (after.runs, after.other_runs) == (1, 1)  # the healed run is a run of it, counted once


def test_the_agent_cannot_finish_while_the_checks_fail(context, site: str, llm: LLMServer) -> None:  # type: ignore[no-untyped-def]
    store, pid = _login_store(context, site)
    llm.replies = [
        act("finish", success=True, summary="done"),  # too early: the end checks refuse it
        *_logs_in("kim"),
        act("finish", success=True, summary="logged in"),
    ]
    page = context.new_page()
    page.goto(f"{site}/login.html")
    task = 'Enter the username "kim" and the password "pw" and press login'
    approve = RunControls(approve=lambda action, details: True)  # the agent's click submits the form
    result = run_task(task, page=page, store=store, mode="agent", model=MODEL, timeout_ms=500, controls=approve)
    assert (result.steps[0].error or "").startswith("the task is not done yet: the URL matches")
    assert "expected the URL to match" in (result.steps[0].error or "")
    assert result.success and result.outcome == "verified", result.error
    assert store.get(pid).success_count == 1  # its checks confirmed the result it describes
