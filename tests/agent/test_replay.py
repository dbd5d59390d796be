import json
import time
from pathlib import Path

import pytest
from PIL import Image

from agent import replay, run_task
from agent.run_log import RunLog
from core.settings import set_setting
from procedures import build_procedure
from procedures.models import Abstract, Procedure, ProcedureStep
from procedures.runtime.stepping import SETTLE_QUIET_MS, settled
from procedures.store import ProcedureStore
from tests.helpers import log_in, record, run_cli

TITLE = 'Enter the username "kanesha" and the password "xyz" and press login'


@pytest.fixture
def login_procedure(context, site: str):  # type: ignore[no-untyped-def]
    recording = record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title=TITLE)
    store = ProcedureStore()
    pid = store.add(build_procedure(recording))
    return store, pid


def _actions(run_dir: str) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in (Path(run_dir) / "actions.jsonl").read_text().splitlines()]


def test_replays_with_new_values_from_a_task_of_the_same_shape(context, login_procedure, site: str) -> None:  # type: ignore[no-untyped-def]
    store, pid = login_procedure
    page = context.new_page()
    task = 'enter the username "bob" and the password "abc" and press login'
    result = run_task(task, page=page, store=store)  # the default, auto, without a model is replay
    assert result.success, result.error
    assert result.mode == "replay" and result.procedure_id == pid
    assert page.locator("#hello").inner_text() == "Welcome bob"
    assert store.get(pid).success_count == 1
    actions = _actions(result.run_dir)  # type: ignore[arg-type]
    assert [a["command"] for a in actions] == ["navigate", "fill", "fill", "click"]
    assert set(actions[0]) >= {"step", "command", "args", "status", "error", "url", "duration_ms"}
    assert actions[1]["args"]["value"] == "bob"  # the value typed, not the procedure's {username}
    assert actions[2]["args"]["value"] == "••••"
    assert len(list(Path(result.run_dir).glob("step_[0-9][0-9][0-9].jpg"))) == 4  # type: ignore[arg-type]
    clicked = Path(actions[3]["picture"])  # the click that left the page: its button, pictured before it went away
    assert clicked.name.startswith("leaving_") and clicked.parent == Path(result.run_dir)  # type: ignore[arg-type]
    with Image.open(clicked) as picture:
        assert picture.width < 150 and picture.height < 100, picture.size  # "Log in" and its margin, not the next page


def test_an_open_page_at_the_start_url_is_not_reloaded(context, login_procedure, site: str) -> None:  # type: ignore[no-untyped-def]
    store, pid = login_procedure
    page = context.new_page()
    page.goto(f"{site}/login.html")
    page.evaluate("window.marker = 1")
    outcome = replay(page, store.get(pid), {"username": "eve", "password": "p"})
    assert outcome.success and outcome.steps[0].status == "skipped"
    assert page.locator("#hello").inner_text() == "Welcome eve"


def test_a_stale_selector_falls_back_to_the_next(context, login_procedure) -> None:  # type: ignore[no-untyped-def]
    store, pid = login_procedure
    procedure = store.get(pid)
    procedure.steps[1].selectors[0] = 'internal:role=textbox[name="Login name"s]'
    procedure.steps[1].selector = procedure.steps[1].selectors[0]
    store.update(procedure)
    result = run_task(
        'Enter the username "fay" and the password "q" and press login', page=context.new_page(), store=store, mode="replay"
    )
    assert result.success, result.error
    fill = _actions(result.run_dir)[1]  # type: ignore[arg-type]
    assert fill["tried"] == ['internal:role=textbox[name="Login name"s]']
    assert fill["selector"] == 'internal:label="Username"s'


def test_a_changed_page_fails_clearly_and_lowers_confidence(context, login_procedure) -> None:  # type: ignore[no-untyped-def]
    store, pid = login_procedure
    procedure = store.get(pid)
    procedure.steps[3].selectors = ["#no-such-button", 'internal:text="Sign me in"s']
    procedure.steps[3].selector = "#no-such-button"
    store.update(procedure)
    result = run_task(
        'Enter the username "gus" and the password "r" and press login',
        page=context.new_page(),
        store=store,
        mode="replay",
        timeout_ms=1500,
    )
    assert not result.success
    assert result.error is not None and result.error.startswith("step 4 (")
    assert "#no-such-button" in result.error and "Sign me in" in result.error and '"Demo login"' in result.error
    assert (Path(result.run_dir) / "step_004.jpg").exists()  # type: ignore[arg-type]
    after = store.get(pid)
    assert after.confidence < 0.5 and after.failure_count == 1 and after.steps[3].failure_count == 1
    assert _actions(result.run_dir)[-1]["status"] == "error"  # type: ignore[arg-type]


def test_secrets_come_from_the_environment_and_stay_out_of_logs(context, login_procedure, monkeypatch, home: Path) -> None:  # type: ignore[no-untyped-def]
    store, pid = login_procedure
    monkeypatch.setenv("SHOWMEHOW_PARAM_PASSWORD", "Sup3r-Secret!")
    page = context.new_page()
    result = run_task("log in with username hal", page=page, store=store, mode="replay")
    assert result.success, result.error
    assert "Sup3r-Secret" in page.url  # the site got it (its form sends it in the URL), the logs must not
    for path in home.rglob("*"):
        if path.is_file():
            assert b"Sup3r-Secret" not in path.read_bytes(), path


def test_the_settings_say_which_variable_holds_a_sites_secret(context, login_procedure, monkeypatch, home: Path) -> None:  # type: ignore[no-untyped-def]
    store, _ = login_procedure
    set_setting("param_env", json.dumps({"password@127.0.0.1": "DEMO_SITE_PASSWORD", "password@example.org": "OTHER_SITE"}))
    monkeypatch.setenv("DEMO_SITE_PASSWORD", "Demo-S1te-Secret")
    monkeypatch.setenv("OTHER_SITE", "0ther-S1te-Secret")
    page = context.new_page()
    result = run_task("log in with username lu", page=page, store=store, mode="replay")
    assert result.success, result.error
    assert "Demo-S1te-Secret" in page.url and "0ther-S1te-Secret" not in page.url
    for path in home.rglob("*"):
        if path.is_file():
            assert b"S1te-Secret" not in path.read_bytes(), path


def test_missing_parameters_are_named(context, login_procedure) -> None:  # type: ignore[no-untyped-def]
    store, _ = login_procedure
    result = run_task("log in with username ivy", page=context.new_page(), store=store, mode="replay")
    assert not result.success and "needs password" in (result.error or "")
    assert "set SHOWMEHOW_PARAM_PASSWORD in the environment" in (result.error or "")
    set_setting("param_env", '{"password@127.0.0.1": "DEMO_SITE_PASSWORD"}')  # named, but not set
    result = run_task("log in with username ivy", page=context.new_page(), store=store, mode="replay")
    assert "set DEMO_SITE_PASSWORD or SHOWMEHOW_PARAM_PASSWORD in the environment" in (result.error or ""), result.error


def test_cli_run_shows_progress_and_the_run_directory(login_procedure, site: str) -> None:  # type: ignore[no-untyped-def]
    result = run_cli("run", "log in with username jo", "--mode", "replay", "--headless", "--param", "password=pw")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[replay] step 2: fill" in result.stdout and "Succeeded" in result.stdout
    assert "Run directory: " in result.stdout


def test_a_password_in_the_task_text_stays_out_of_logs(context, login_procedure, home: Path) -> None:  # type: ignore[no-untyped-def]
    store, _ = login_procedure
    result = run_task(
        "log in with username kim and password Pa55-in-the-task", page=context.new_page(), store=store, mode="replay"
    )
    assert result.success, result.error
    for path in home.rglob("*"):
        if path.is_file():
            assert b"Pa55-in-the-task" not in path.read_bytes(), path


def test_iframes_shadow_roots_and_popups_replay_as_recorded(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def widgets(page) -> None:  # type: ignore[no-untyped-def]
        page.frame_locator("#inner").locator("#city").press_sequentially("Nantes")
        page.frame_locator("#inner").get_by_role("button", name="Save city").click()
        page.locator("#q").press_sequentially("boots")
        page.get_by_role("button", name="Go shadow").click()

    frames = build_procedure(record(context, f"{site}/frames.html", widgets, title="Save my city as Nantes and search for boots"))
    page = context.new_page()
    names = {p.example: p.name for p in frames.abstract.parameters}
    outcome = replay(page, frames, {names["Nantes"]: "Lille", names["boots"]: "hats"})
    assert outcome.success, outcome.error
    assert page.frame_locator("#inner").locator("#r").inner_text() == "saved Lille"
    assert page.locator("#out").inner_text() == "searched hats"
    page.close()  # a page left open would be recorded too

    # a click whose change shows only inside a shadow root still counts as changing the page
    steps = [
        s.model_copy(update={"changes_page": True}) if s.action == "click" and "shadow" in (s.selector or "") else s
        for s in frames.steps
    ]
    assert any(s.changes_page for s in steps)
    page = context.new_page()
    outcome = replay(page, frames.model_copy(update={"steps": steps}), {names["Nantes"]: "Lille", names["boots"]: "caps"})
    assert outcome.success, outcome.error
    page.close()

    def popup(page) -> None:  # type: ignore[no-untyped-def]
        with page.expect_popup() as info:
            page.get_by_role("link", name="Open help").click()
        info.value.get_by_role("link", name="Sign out").click()
        info.value.wait_for_url("**/login.html")

    opened = build_procedure(record(context, f"{site}/popup.html", popup, title="Open help and sign out"))
    page = context.new_page()
    outcome = replay(page, opened, {})
    assert outcome.success, outcome.error
    assert [s.command for s in outcome.steps] == ["navigate", "click", "click"]
    assert len(context.pages) >= 2 and any(p.url.endswith("/login.html") for p in context.pages)


def test_run_task_opens_its_own_browser_without_a_page(login_procedure) -> None:  # type: ignore[no-untyped-def]
    import threading

    store, pid = login_procedure
    results = []  # another thread: this one already runs the tests' own Playwright
    thread = threading.Thread(
        target=lambda: results.append(
            run_task('Enter the username "lou" and the password "pw" and press login', store=store, mode="replay")
        )
    )
    thread.start()
    thread.join(120)
    (result,) = results
    assert result.success, result.error
    assert result.procedure_id == pid and result.steps[-1].url.split("?")[0].endswith("/welcome.html")


def test_an_element_that_a_late_script_adds_is_waited_for(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """A page quiet after its load while a script it asked for is on its way: not settled, so replay waits."""
    page = context.new_page()
    found = replay(page, _reports_procedure(site, "Open June", "late-script.html"), {}, timeout_ms=20_000)
    assert found.success, found.error
    assert page.get_by_text("Opened June").is_visible()


def _reports_procedure(site: str, button: str, path: str = "fetched.html") -> Procedure:
    url = f"{site}/{path}"
    selector = f'internal:role=button[name="{button}"s]'
    return Procedure(
        title=f"{button} report",
        abstract=Abstract(goal=f"{button} report", domains=["127.0.0.1"]),
        steps=[
            ProcedureStep(action="navigate", value=url, url=url),
            ProcedureStep(action="click", selector=selector, selectors=[selector], url=url),
        ],
    )


def test_an_element_that_a_late_answer_adds_is_waited_for(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """The page is quiet while its fetch is under way (3 s, far more than the quiet a settled page needs):
    replay waits for the answer, and gives up soon after it, not at the timeout, when the element is not there."""
    page = context.new_page()
    found = replay(page, _reports_procedure(site, "Open April"), {}, timeout_ms=20_000)
    assert found.success, found.error
    assert page.get_by_text("Opened April").is_visible()

    started = time.monotonic()
    missing = replay(context.new_page(), _reports_procedure(site, "Open May"), {}, timeout_ms=20_000)
    waited = time.monotonic() - started
    assert not missing.success and "no element matched" in (missing.error or "")
    assert waited < 12, f"waited {waited:.1f} s for an element that the answered page does not have"


def test_a_steps_picture_does_not_wake_a_settled_page(context, home: Path) -> None:  # type: ignore[no-untyped-def]
    """A step's picture (Playwright hides the caret and lays a mask over a secret field; the secrets shown are
    marked) changes the document for a moment: that is not the page doing something, so a missing element is
    still reported as soon as the page is quiet; a change of the page's own is."""
    page = context.new_page()
    page.set_content(
        '<label>User <input id="u" style="color: red"></label><label>Password <input id="p" type="password"></label>'
    )
    deadline = time.monotonic() + 10
    while not settled(page) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert settled(page)
    log = RunLog(home)
    log.hide(["pw"])
    page.fill("#p", "pw")
    settled(page, restart=True)
    page.wait_for_timeout(SETTLE_QUIET_MS)  # the page's own quiet, counted from an action
    log.pictures(page, 1, "#u")
    assert settled(page)
    page.evaluate("document.querySelector('#u').style.color = 'blue'")
    assert not settled(page)
