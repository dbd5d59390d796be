import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.gui import MainWindow
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.agent.conftest import act, llm  # noqa: F401 (the fixture)
from tests.helpers import ROOT, log_in, proposed_fix, record, sample_procedure

ARTIFACTS = ROOT / "test-artifacts"
WAIT = 30_000


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(headless=True)
    qtbot.addWidget(main)
    yield main
    main.close()


def _start_recording(qtbot, window: MainWindow, url: str, title: str) -> None:  # type: ignore[no-untyped-def]
    """Press Start as a person would and wait for the opening navigate step."""
    window.url.setText(url)
    window.rec_title.setText(title)
    window.start_button.click()
    qtbot.waitUntil(lambda: window.steps_model.rowCount() == 1, timeout=WAIT)


def test_start_stop_records_a_real_page(qtbot, window: MainWindow, site: str) -> None:  # type: ignore[no-untyped-def]
    _start_recording(qtbot, window, f"{site}/login.html", 'Log in as "emile"')
    window.worker.call(lambda page: page.locator("#user").press_sequentially("emile"))
    window.worker.call(lambda page: page.locator("#pass").press_sequentially("hunter2"))
    qtbot.waitUntil(lambda: window.steps_model.rowCount() == 3, timeout=WAIT)
    assert window.steps_model.rows[1] == ("fill", "Username", "emile")
    assert window.steps_model.rows[2] == ("fill", "Password", "••••")
    window.stop_button.click()
    qtbot.waitUntil(lambda: window.procedures_model.rowCount() == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: window.editor.isVisible(), timeout=WAIT)
    assert window.tabs.currentIndex() == 1
    assert window.editor.title.text() == 'Log in as "emile"'
    assert [row[0] for row in window.editor.parameters.rows] == ["username", "password"]


def test_closing_the_browser_stops_the_recording(qtbot, window: MainWindow, site: str) -> None:  # type: ignore[no-untyped-def]
    _start_recording(qtbot, window, f"{site}/apps/weather.html", "Show the weather for Lyon")
    window.worker.call(lambda page: page.locator("#city").press_sequentially("Lyon"))
    qtbot.waitUntil(lambda: window.steps_model.rowCount() == 2, timeout=WAIT)
    window.worker.call(lambda page: page.close())  # the person closes the window
    qtbot.waitUntil(lambda: window.procedures_model.rowCount() == 1, timeout=WAIT)
    assert window.start_button.isEnabled() and not window.stop_button.isEnabled()
    assert window.procedures_model.procedures[0].parameter_names == ["city"]


def test_the_editor_validates_before_saving(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid = store.add(sample_procedure())
    window.refresh_procedures()
    editor = window.edit_procedure(pid)
    assert editor is not None
    editor.steps.setData(editor.steps.index(1, 2), "{nickname}")
    editor.save()
    assert "unknown parameter(s): nickname" in editor.error.text() and editor.isVisible()
    assert store.get(pid).steps[1].value == "{username}"
    editor.steps.setData(editor.steps.index(1, 2), "{username}")
    editor.title.setText("Log in, edited")
    editor.flow.setPlainText("Open\nType\nGo")
    editor.save()
    assert not editor.isVisible()
    saved = store.get(pid)
    assert saved.title == "Log in, edited" and saved.abstract.flow == ["Open", "Type", "Go"]
    assert window.procedures_model.rows[0][0] == "Log in, edited"


def test_the_editor_shows_a_learned_fix_to_accept_or_reject(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid, revision = proposed_fix(store)
    editor = window.edit_procedure(pid)
    assert editor is not None and editor.revision is not None and not editor.revision_box.isHidden()
    diff = editor.revision_diff.toPlainText()
    assert "-click @ #go" in diff and '+click @ internal:role=button[name="Sign in"s] | #go' in diff
    editor.accept_revision()
    assert store.get(pid).steps[3].selectors == ['internal:role=button[name="Sign in"s]', "#go"]
    assert editor.steps.rows[3][1] == 'internal:role=button[name="Sign in"s]' and editor.revision_box.isHidden()
    assert store.get_revision(revision.id).status == "accepted"

    other, rejected = proposed_fix(store)
    editor = window.edit_procedure(other)
    assert editor is not None
    editor.reject_revision()
    assert store.get(other).steps[3].selectors == ["#go"] and store.get_revision(rejected.id).status == "rejected"
    assert window.edit_procedure(other).revision_box.isHidden()  # type: ignore[union-attr]


def test_a_replay_run_from_the_run_tab(qtbot, window: MainWindow, context, site: str) -> None:  # type: ignore[no-untyped-def]
    recording = record(
        context,
        f"{site}/login.html",
        log_in("kanesha", "xyz"),
        title='Enter the username "kanesha" and the password "xyz" and press login',
    )
    ProcedureStore().add(build_procedure(recording))
    window.tabs.setCurrentIndex(2)
    window.task.setText('Enter the username "bob" and the password "abc" and press login')
    window.mode.setCurrentText("replay")
    window.find_procedures()
    assert window.matches_model.rowCount() == 1 and window.matches_model.chosen_ids()
    window.run_button.click()
    qtbot.waitUntil(lambda: window.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.result.text().startswith("Succeeded, verified (replay, 4 steps)<br>Cost: 0 LLM calls; "), window.result.text()
    assert "Open the run directory" in window.result.text()
    assert [row[2] for row in window.log_model.rows] == ["navigate", "fill", "fill", "click"]
    assert window.screenshot.pixmap() is not None and not window.screenshot.pixmap().isNull()


def test_the_run_tab_takes_parameters_and_masked_secrets(qtbot, window: MainWindow, context, site: str, home: Path) -> None:  # type: ignore[no-untyped-def]
    recording = record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title='Log in as "kanesha"')
    ProcedureStore().add(build_procedure(recording))
    window.tabs.setCurrentIndex(2)
    window.task.setText("Log in")
    window.mode.setCurrentText("replay")
    window.run_params.setText("username='Ann Lee'")
    window.run_secrets.setText("password=Gui-S3cret-Value")
    assert window.run_secrets.displayText() != window.run_secrets.text()  # shown as dots
    window.run_button.click()
    qtbot.waitUntil(lambda: window.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.result.text().startswith("Succeeded, verified (replay, 4 steps)"), window.result.text()
    run_dir = next(home.glob("runs/run_*"))
    landed = json.loads((run_dir / "actions.jsonl").read_text().splitlines()[-1])["url"]
    assert "username=Ann+Lee&password=••••&" in landed, landed  # the site got both; the log masks the secret
    for path in home.rglob("*"):
        if path.is_file():
            assert b"Gui-S3cret-Value" not in path.read_bytes(), path
    window.run_params.setText('username="unclosed')
    qtbot.waitUntil(window.run_button.isEnabled, timeout=WAIT)
    window.run_button.click()
    assert window.messages and window.messages[-1].text().startswith("Parameters: cannot read"), "an unclosed quote is refused"


def test_the_approval_dialog_denies_a_risky_action(qtbot, window: MainWindow, site: str, llm) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    llm.replies = [act("click", ref_name="Send message"), act("finish", success=False, summary="not allowed")]
    window.tabs.setCurrentIndex(2)
    window.task.setText("send the support message")
    window.run_url.setText(f"{site}/apps/contact.html")
    window.mode.setCurrentText("agent")
    window.run_model.setText("openai/scripted")
    window.run_button.click()
    qtbot.waitUntil(lambda: window.approval_box is not None and window.approval_box.isVisible(), timeout=WAIT)
    assert 'click "Send message"' in window.approval_box.text()  # type: ignore[union-attr]
    deny = next(b for b in window.approval_box.buttons() if b.text() == "Deny")  # type: ignore[union-attr]
    deny.click()
    qtbot.waitUntil(lambda: window.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.result.text().startswith("Failed: not allowed")
    assert window.log_model.rows[0][4] == "skipped"


def test_the_procedures_table_searches_and_sorts_by_numbers(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    often = store.add(sample_procedure(title="Log in to the wiki"))
    store.add(sample_procedure(title="Export the report"))
    for success in (True, True, False):
        store.record_outcome(often, success=success)
    window.refresh_procedures()
    proxy = window.procedures_proxy
    assert window.procedures_model.data(window.procedures_model.index(0, 4)) in ("67%", "-")
    proxy.sort(4, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, 0).data() == "Log in to the wiki" and proxy.index(0, 4).data() == "67%"
    assert proxy.index(1, 4).data() == "-"
    window.search.setText("export")
    assert proxy.rowCount() == 1 and proxy.index(0, 0).data() == "Export the report"


def test_screenshot_of_each_tab(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    ProcedureStore().add(sample_procedure())
    window.refresh_procedures()
    window.show()
    ARTIFACTS.mkdir(exist_ok=True)
    for index, name in enumerate(["record", "procedures", "run"]):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(50)
        path = ARTIFACTS / f"gui_{name}.png"
        assert window.grab().save(str(path))
        assert path.stat().st_size > 5_000


def test_the_window_never_imports_litellm_at_start() -> None:
    import subprocess
    import sys

    code = "import sys; from app.gui import MainWindow; print('litellm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"
    assert Path(ROOT / "app" / "gui.py").exists()


def test_settings_dialog_saves_and_tests_the_connection(qtbot, llm) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from app.settings_dialog import SettingsDialog
    from core.settings import load_settings
    from tests.llm_server import Reply

    llm.replies = [Reply(content="OK")]
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    assert dialog.model.text() == "openai/scripted" and dialog.api_base.text() == llm.url
    dialog.test_connection()
    qtbot.waitUntil(lambda: dialog.status.text().startswith(("Connected", "Failed")), timeout=WAIT)
    assert dialog.status.text() == "Connected: openai/scripted answered 'OK'"
    dialog.api_base.setText("http://127.0.0.1:9/v1")
    dialog.test_connection()
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Failed"), timeout=WAIT)
    assert "cannot reach" in dialog.status.text()
    dialog.token_budget.setValue(3210)
    dialog.approval_policy.setCurrentText("unknown_sites")
    dialog.revision_auto_accept.setValue(3)
    dialog.save()
    saved = load_settings()
    assert saved.token_budget == 3210 and saved.approval_policy == "unknown_sites" and saved.api_base == "http://127.0.0.1:9/v1"
    assert saved.revision_auto_accept == 3


def test_settings_dialog_keeps_what_it_does_not_show_and_names_secret_variables(qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.settings_dialog import SettingsDialog
    from core.settings import load_settings, set_setting

    set_setting("llm_timeout", "12")
    set_setting("param_env", '{"password@example.org": "EXAMPLE_PASSWORD"}')
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    assert dialog.param_env.text() == "password@example.org=EXAMPLE_PASSWORD"
    dialog.param_env.setText("password@example.org=hunter2!")  # a password where a variable's name belongs
    dialog.save()
    assert dialog.status.text().startswith("Not saved: param_env"), dialog.status.text()
    assert load_settings().param_env == {"password@example.org": "EXAMPLE_PASSWORD"}
    dialog.param_env.setText("password@example.org=EXAMPLE_PASSWORD otp=EXAMPLE_OTP")
    dialog.save()
    saved = load_settings()
    assert saved.param_env == {"password@example.org": "EXAMPLE_PASSWORD", "otp": "EXAMPLE_OTP"} and saved.llm_timeout == 12
