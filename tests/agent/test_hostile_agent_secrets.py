"""Attacks on the agent's secrets and approvals (issue 24), judged by what the victim's server
(127.0.0.1) and the attacker's (localhost) received and what reached the model; each with its control."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent import RunControls, run_task
from core.settings import set_setting
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL, act
from tests.attacker import AttackerServer, where_it_went
from tests.llm_server import LLMServer

FORUM_PASSWORD, SHOP_PASSWORD = "forum~pass 1", "shop~pass 2"


def _login(page: str, site: str, password: str) -> Procedure:
    """ "Log in to my account" as recorded on `page`: the username, then the field `password` (a selector)."""
    return Procedure(
        title="Log in to my account",
        abstract=Abstract(
            goal="Log in to my account",
            parameters=[Parameter(name="username", example="emile"), Parameter(name="password", secret=True)],
            domains=[site],
        ),
        steps=[
            ProcedureStep(action="navigate", value=page, url=page),
            ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=page),
            ProcedureStep(action="fill", selector=password, selectors=[password], value="{password}", secret=True, url=page),
        ],
    )


@pytest.mark.parametrize("start", ["shop", "forum"])
def test_each_site_gets_its_own_password_of_the_same_name(
    start: str,
    context,  # type: ignore[no-untyped-def]
    victim: AttackerServer,
    attacker: AttackerServer,
    llm: LLMServer,
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forum, shop = f"{victim.base}/secrets/get-form.html", f"{attacker.base}/phish.html"
    store = ProcedureStore()
    store.add(_login(forum, "127.0.0.1", "#pw"))
    store.add(_login(shop, "localhost", "#pass"))
    monkeypatch.setenv("FORUM_PASSWORD", FORUM_PASSWORD)
    monkeypatch.setenv("SHOP_PASSWORD", SHOP_PASSWORD)
    set_setting("param_env", json.dumps({"password@127.0.0.1": "FORUM_PASSWORD", "password@localhost": "SHOP_PASSWORD"}))
    llm.replies = [
        act("fill", ref_name="Username", text="emile"),
        act("fill", ref_name="Key" if start == "forum" else "Password", text="{password}"),
        act("click", ref_name="Log in" if start == "forum" else "Sign in"),
        act("finish", success=True, summary="logged in"),
    ]
    page = context.new_page()
    page.goto(forum if start == "forum" else shop)
    controls = RunControls(approve=lambda action, details: True)  # the person approves the sign-in
    run_task("Log in to my account", page=page, store=store, mode="agent", model=MODEL, controls=controls)
    sent = json.dumps(llm.requests)
    servers = [victim, attacker]
    if start == "shop":
        assert where_it_went(SHOP_PASSWORD, servers, home, sent) == {attacker.base}
        assert where_it_went(FORUM_PASSWORD, servers, home, sent) == set()
    else:
        assert where_it_went(FORUM_PASSWORD, servers, home, sent) == {victim.base}
        assert where_it_went(SHOP_PASSWORD, servers, home, sent) == set()


@pytest.mark.parametrize("widget", [True, False])
def test_keys_of_a_secret_never_go_to_a_frame_that_took_the_focus(
    widget: bool,
    context,  # type: ignore[no-untyped-def]
    victim: AttackerServer,
    attacker: AttackerServer,
    llm: LLMServer,
    home: Path,
) -> None:
    password = "frame~pass 3"
    page_url = f"{victim.base}/secrets/widget-login.html" + (f"?widget={attacker.base}/widget.html" if widget else "")
    store = ProcedureStore()
    store.add(_login(page_url, "127.0.0.1", "#pw"))
    llm.replies = [
        act("click", ref_name="Password"),  # an honest click on the field...
        act("type", text="{password}"),  # ...then the keys, while the widget keeps taking the focus
        act("click", ref_name="Log in"),
        act("finish", success=True, summary="logged in"),
    ]
    page = context.new_page()
    page.goto(page_url)
    if widget:
        page.frame_locator("iframe").locator("#chat").wait_for()
    controls = RunControls(approve=lambda action, details: True)
    run_task(
        "Log in to my account as emile",
        page=page,
        store=store,
        mode="agent",
        model=MODEL,
        params={"password": password},
        controls=controls,
    )
    assert where_it_went(password, [victim, attacker], home, json.dumps(llm.requests)) == {victim.base}
    if widget:
        assert "GET /widget.html" in attacker.everything()


@pytest.mark.parametrize("honest", [False, True])
def test_a_page_cannot_answer_the_approval_questions(
    honest: bool,
    context,  # type: ignore[no-untyped-def]
    attacker: AttackerServer,
    llm: LLMServer,
) -> None:
    llm.replies = [
        act("click", ref_name="Buy now"),
        act("click", ref_name="Quantity"),
        act("press", key="Enter"),
        act("finish", success=False, summary="not bought"),
    ]
    page = context.new_page()
    page.goto(f"{attacker.base}/shop.html" + ("?honest" if honest else ""))
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None)  # the person says no
    run_task("look at the kettle", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    assert asked == ['click "Buy now"', "press Enter in a form (submits it)"]
    assert not any(r.method == "POST" for r in attacker.received)  # nothing was bought


@pytest.mark.parametrize("widget", [True, False])
def test_a_frame_that_took_the_focus_cannot_take_a_submit_without_approval(
    widget: bool,
    context,  # type: ignore[no-untyped-def]
    victim: AttackerServer,
    attacker: AttackerServer,
    llm: LLMServer,
) -> None:
    llm.replies = [act("press", key="Enter"), act("type", text="\n"), act("finish", success=False, summary="not ordered")]
    page = context.new_page()
    page.goto(f"{victim.base}/secrets/widget-login.html" + (f"?widget={attacker.base}/order-widget.html" if widget else ""))
    if widget:
        page.frame_locator("iframe").locator("#chat").wait_for()
        page.wait_for_function("document.activeElement && document.activeElement.localName === 'iframe'")
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None)  # the person says no
    run_task("look at the page", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    expected = [
        "press Enter in the frame 'Chat with us' (may submit a form there)",
        "type a line break in the frame 'Chat with us' (may submit a form there)",
    ]
    assert asked == (expected if widget else [])  # the control: with the focus in the page, Enter on nothing asks nothing
    assert not any(r.method == "POST" for r in attacker.received)  # nothing was ordered


@pytest.mark.parametrize("backslash", [True, False])
def test_the_agent_reads_a_goto_url_as_the_browser_does(
    backslash: bool,
    context,  # type: ignore[no-untyped-def]
    victim: AttackerServer,
    attacker: AttackerServer,
    llm: LLMServer,
) -> None:
    host = victim.base.removeprefix("http://")
    url = (f"{attacker.base}\\@{host}" if backslash else victim.base) + "/collect.html?from=agent"
    llm.replies = [act("goto", url=url), act("finish", success=False, summary="done")]
    page = context.new_page()
    page.goto(f"{victim.base}/secrets/get-form.html")
    asked: list[str] = []
    controls = RunControls(approve=lambda action, details: asked.append(action) is not None)  # the person says no
    run_task("open the collection page", page=page, store=ProcedureStore(), mode="agent", model=MODEL, controls=controls)
    if backslash:
        assert asked == ["open localhost, a site this task did not start on"]
        assert attacker.received == [] and "collect.html" not in victim.everything()
    else:
        assert asked == [] and "GET /collect.html?from=agent" in victim.everything()


def test_a_password_in_the_page_url_reaches_the_model_only_as_its_placeholder(
    context,  # type: ignore[no-untyped-def]
    victim: AttackerServer,
    attacker: AttackerServer,
    llm: LLMServer,
    home: Path,
) -> None:
    password = "url~pass 4é"  # a GET form sends it as url%7Epass+4%C3%A9
    forum = f"{victim.base}/secrets/get-form.html"
    store = ProcedureStore()
    store.add(_login(forum, "127.0.0.1", "#pw"))
    llm.replies = [
        act("fill", ref_name="Username", text="emile"),
        act("fill", ref_name="Key", text="{password}"),
        act("click", ref_name="Log in"),
        act("finish", success=False, summary="looked at the page"),  # the model reads the next page, with its URL
    ]
    page = context.new_page()
    page.goto(forum)
    controls = RunControls(approve=lambda action, details: True)
    run_task(
        "Log in to my account as emile",
        page=page,
        store=store,
        mode="agent",
        model=MODEL,
        params={"password": password},
        controls=controls,
    )
    sent = json.dumps(llm.requests, ensure_ascii=False)
    assert "pw=url%7Epass+4%C3%A9" in victim.everything()  # the control: the form sent it, encoded
    assert "done.html" in sent and "{password}" in sent  # the model saw the next page
    assert where_it_went(password, [victim, attacker], home, sent) == {victim.base}
