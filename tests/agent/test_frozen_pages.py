"""A page whose script never ends (issue 41): the run ends as the environment's fault, naming what the page did,
instead of waiting for ever."""

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from agent import run_task
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from tests.attacker import AttackerServer


def _stored(base: str, page: str) -> str:
    url = f"{base}/{page}"
    return ProcedureStore().add(
        Procedure(
            title="Sign in as emile",
            abstract=Abstract(goal="Sign in as emile", parameters=[Parameter(name="username", example="emile")]),
            steps=[
                ProcedureStep(action="navigate", value=url, url=url),
                ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=url),
                ProcedureStep(action="click", selector="#go", selectors=["#go"], url=url),
            ],
        )
    )


def test_a_page_whose_script_never_ends_ends_the_run(context, attacker: AttackerServer) -> None:  # type: ignore[no-untyped-def]
    pid = _stored(attacker.base, "frozen.html")
    probe = context.new_page()
    probe.goto(f"{attacker.base}/frozen.html")
    probe.wait_for_timeout(500)
    with pytest.raises(PlaywrightTimeout):  # the control: the page answers nothing (an evaluate would wait for ever)
        context.new_cdp_session(probe).send("Runtime.evaluate", {"expression": "1"}, timeout=1000)
    started = time.monotonic()
    result = run_task("Sign in as zoe", page=context.new_page(), mode="replay", procedure_ids=[pid], timeout_ms=5000)
    assert result.outcome == "environment" and "a script on it never ends" in (result.error or ""), result
    assert time.monotonic() - started < 60
