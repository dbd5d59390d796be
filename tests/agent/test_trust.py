"""A run says what happened (issue 23): no lower-ranked procedure runs in place of the best one unless the
person picked it; a closed window is a stop that counts nothing; the agent's end checks run with the
values it has; `success` is True only for a verified run."""

from __future__ import annotations

from agent import RunControls, StepRecord, run_task
from procedures import build_procedure
from procedures.models import Check
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL, act
from tests.helpers import log_in, record, sample_procedure
from tests.llm_server import LLMServer

TITLE = 'Enter the username "kanesha" and the password "xyz" and press login'


def _two_procedures(site: str) -> tuple[ProcedureStore, str, str]:
    """The best match for an order that needs a password, and a lower-ranked one that logs in without one."""
    host = site.split("://", 1)[1]
    store = ProcedureStore()
    best = sample_procedure(title="Log in to the flower shop and order a bouquet", domain=host)
    login = sample_procedure(title="Log in to the flower shop", domain=host)
    login.abstract.parameters = login.abstract.parameters[:1]  # the username only
    login.steps = [login.steps[0], login.steps[1], login.steps[3]]
    return store, store.add(best), store.add(login)


def test_a_best_match_that_cannot_run_is_never_replaced_by_a_lower_ranked_one(context, site: str) -> None:  # type: ignore[no-untyped-def]
    store, best, login = _two_procedures(site)
    task = 'Log in to the flower shop as "nora" and order a bouquet'
    page = context.new_page()
    result = run_task(task, page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and not result.success and page.url == "about:blank", result
    assert "needs password" in (result.error or "") and f"--procedure {login[:8]}" in (result.error or "")
    assert all(store.get(pid).uses == 0 for pid in (best, login))

    picked = run_task(task, page=page, store=store, mode="replay", procedure_ids=[login])  # the person's choice...
    assert picked.outcome == "task_fault" and '"order a bouquet"' in (picked.error or "") and page.url == "about:blank"
    task = 'Log in to the flower shop as "nora"'  # ...which does not order the bouquet: said, and run without it
    picked = run_task(task, page=page, store=store, mode="replay", procedure_ids=[login])
    assert picked.procedure_id == login and picked.steps and page.url.startswith(site), picked.error


def test_a_window_closed_during_replay_is_a_stop_that_counts_nothing(context, site: str) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid = store.add(build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title=TITLE)))
    page = context.new_page()

    def close_after_the_first_step(step: StepRecord) -> None:
        if step.step == 2:
            page.close()  # the person closes the window

    controls = RunControls(on_progress=close_after_the_first_step)
    task = 'Enter the username "bob" and the password "pw" and press login'
    result = run_task(task, page=page, store=store, mode="replay", controls=controls, timeout_ms=2000)
    assert result.outcome == "stopped" and not result.success, result
    after = store.get(pid)
    assert (after.success_count, after.failure_count) == (0, 0) and all(s.failure_count == 0 for s in after.steps)


def test_the_agents_end_checks_run_with_the_values_it_has(context, site: str, llm: LLMServer, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid = store.add(build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title=TITLE)))
    procedure = store.get(pid)
    store.update(procedure.model_copy(update={"checks": [*procedure.checks, Check(kind="text", expected="Welcome")]}))
    monkeypatch.setenv("SHOWMEHOW_PARAM_PASSWORD", "hunter22")
    llm.replies = [
        act("fill", ref_name="Username", text="kim"),
        act("fill", ref_name="Password", text="{password}"),
        act("click", ref_name="Log in"),
        act("finish", success=True, summary="logged in"),
    ]
    page = context.new_page()
    page.goto(f"{site}/login.html")
    approve = RunControls(approve=lambda action, details: True)
    task = "Enter the username and the password and press login"  # the username is not named
    result = run_task(task, page=page, store=store, mode="agent", model=MODEL, timeout_ms=1000, controls=approve)
    assert result.outcome == "verified" and result.success, result.error
    assert [c.description for c in result.checks] == ["the page shows 'Welcome'"]
    assert result.checks_left_out and all("(needs username)" in c for c in result.checks_left_out), result.checks_left_out


def test_success_is_true_only_for_a_verified_run() -> None:
    from agent import RunResult

    assert [
        RunResult(success=True, outcome=o).success for o in ("verified", "unverified", "failed", "task_fault", "stopped")
    ] == [
        True,
        False,
        False,
        False,
        False,
    ]
    assert not RunResult(success=True).success and RunResult(success=True).outcome == "unverified"
