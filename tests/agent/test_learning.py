"""Every verified agent run teaches: a run with no procedure behind it is verified by the task's own values in
what the site received, becomes a proposed procedure, and once accepted the next task of its kind replays with no
model. Runs that are not verified, or that cannot be trusted to teach, teach nothing and say why."""

from collections.abc import Iterator

import pytest

from agent import run_task
from agent.results import RunControls
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL, act
from tests.learning_site import LearningSite


@pytest.fixture
def learning() -> Iterator[LearningSite]:
    site = LearningSite()
    yield site
    site.close()


def _approve() -> RunControls:
    return RunControls(approve=lambda question, details: True)


def _sign_in(llm, user: str) -> None:  # type: ignore[no-untyped-def]
    llm.replies += [
        act("fill", ref_name="Username", text=user),
        act("fill", ref_name="Password", text="{password}"),
        act("click", ref_name="Sign in"),
        act("finish", success=True, summary="signed in"),
    ]


def _run(context, url: str, task: str, mode: str = "agent"):  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(url)
    store = ProcedureStore()
    result = run_task(task, page=page, store=store, mode=mode, model=MODEL, secrets={"password": "pw-1"}, controls=_approve())
    page.close()
    return result, store


def test_a_verified_run_teaches_a_procedure_that_replays_the_next_task_with_no_model(context, llm, learning) -> None:  # type: ignore[no-untyped-def]
    _sign_in(llm, "emile")
    result, store = _run(context, f"{learning.url}/login.html", "Sign in as emile")
    assert result.outcome == "verified", result.verdict()
    assert result.evidence.kind == "request" and '"emile" reached the site' in result.verdict()
    learned = store.learned.get(result.learned_id)
    procedure = learned.procedure
    assert learned.status == "proposed" and procedure.source == "agent_run"
    assert procedure.title == "Sign in as emile"
    assert {(p.name, p.secret) for p in procedure.abstract.parameters} == {("username", False), ("password", True)}
    assert [s.action for s in procedure.steps] == ["navigate", "fill", "fill", "click"]
    assert not any("data-smh-ref" in s for step in procedure.steps for s in step.selectors)  # the recorder's selectors
    assert procedure.evidence and procedure.checks  # from the run's request and last page
    assert store.list() == []  # not used until accepted
    store.learned.accept(learned.id, store)
    calls = len(llm.requests)
    result, _ = _run(context, f"{learning.url}/login.html", "sign in as bob", mode="auto")
    assert result.outcome == "verified" and result.mode == "replay", result.verdict()
    assert len(llm.requests) == calls and result.cost.llm_calls == 0
    assert learning.posted("signed-in")[-1] == {"username": ["bob"], "password": ["pw-1"]}


def test_a_lying_model_teaches_nothing_and_the_run_says_why(context, llm, learning) -> None:  # type: ignore[no-untyped-def]
    llm.replies += [act("finish", success=True, summary="signed in")]
    result, store = _run(context, f"{learning.url}/login.html", "Sign in as emile")
    assert result.outcome == "unverified" and "names no value that the run used" in result.verdict()
    assert result.learned_id is None and result.learning.startswith("nothing learned: the run is not verified")
    assert store.learned.list() == [] and learning.posted("signed-in") == []


def test_a_value_the_agent_never_used_teaches_nothing(context, llm, learning) -> None:  # type: ignore[no-untyped-def]
    _sign_in(llm, "emile")
    result, store = _run(context, f"{learning.url}/login.html", 'Sign in as emile, remembering "this device"')
    assert result.outcome == "unverified" and "this device" in result.learning
    assert store.learned.list() == []


def test_a_page_that_changes_its_structure_between_steps_teaches_nothing(context, llm, learning) -> None:  # type: ignore[no-untyped-def]
    _sign_in(llm, "emile")
    result, store = _run(context, f"{learning.url}/shifting.html", "Sign in as emile")
    assert result.outcome == "verified", result.verdict()
    assert "changed its structure between steps" in result.learning and store.learned.list() == []


def test_a_run_that_needed_approval_for_another_site_teaches_nothing(context, llm, learning, attacker) -> None:  # type: ignore[no-untyped-def]
    llm.replies += [act("goto", url=f"{attacker.base}/"), act("goto", url=f"{learning.url}/login.html")]
    _sign_in(llm, "emile")
    result, store = _run(context, f"{learning.url}/login.html", "Sign in as emile")
    assert result.outcome == "verified", result.verdict()
    assert "approval to go to localhost" in result.learning and store.learned.list() == []


def test_accepted_by_itself_after_enough_verified_runs_then_a_revision_of_it(context, llm, learning) -> None:  # type: ignore[no-untyped-def]
    from core.settings import set_setting

    set_setting("learned_auto_accept", "2")
    _sign_in(llm, "emile")
    first, store = _run(context, f"{learning.url}/login.html", "Sign in as emile", mode="auto")
    assert store.learned.get(first.learned_id).successes == 1 and store.list() == []
    _sign_in(llm, "bob")
    second, store = _run(context, f"{learning.url}/login.html", "Sign in as bob", mode="auto")
    assert second.learned_id == first.learned_id and "accepted it after 2 verified runs" in second.learning
    (stored,) = store.list()
    assert stored.source == "agent_run" and store.learned.get(first.learned_id).status == "accepted"
    moved = [
        s.model_copy(update={"selectors": [f"form {s.selectors[-1]}"], "selector": f"form {s.selectors[-1]}"})
        for s in stored.steps[1:]
    ]
    store.update(stored.model_copy(update={"steps": [stored.steps[0], *moved]}))  # the stored steps found otherwise
    _sign_in(llm, "carol")
    third, store = _run(context, f"{learning.url}/login.html", "Sign in as carol")  # the agent, with it as memory
    assert third.outcome == "verified" and third.learned_id is not None and "proposed revision" in third.learning
    revision = store.revisions.get(third.learned_id)
    assert revision.procedure_id == stored.id and revision.steps[1].selectors[0].startswith("internal:")
