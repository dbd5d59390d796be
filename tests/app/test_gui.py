import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QKeySequence
from PySide6.QtWidgets import QLabel, QMessageBox

from app.placement import MIN_BROWSER_WIDTH, Rect, side_by_side
from app.qt import MainWindow
from app.qt.table_models import THUMB_WIDTH
from procedures import build_procedure
from procedures.models import ProcedureStep
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures
from recorder.browser import has_display
from tests.agent.conftest import MODEL, act
from tests.helpers import ROOT, log_in, proposed_fix, record, sample_procedure

ARTIFACTS = ROOT / "test-artifacts"
WAIT = 120_000  # a deadline, not a pause: a run (browser, litellm, model) can take 30 s on a loaded machine


def _masked_share(path: str) -> float:
    """The share of a picture painted in the colour of Playwright's mask (#ff00ff)."""
    image = QImage(path)
    pixels = [image.pixelColor(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    return sum(1 for c in pixels if c.red() > 200 and c.green() < 60 and c.blue() > 200) / max(1, len(pixels))


def _blank_share(path: str) -> float:
    """The share of a picture in the colour of its top left pixel (the page's background)."""
    image = QImage(path)
    background = image.pixelColor(0, 0)
    pixels = [image.pixelColor(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    near = [
        c
        for c in pixels
        if max(abs(c.red() - background.red()), abs(c.green() - background.green()), abs(c.blue() - background.blue())) < 24
    ]
    return len(near) / max(1, len(pixels))


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(headless=True)
    qtbot.addWidget(main)
    yield main
    main.close()


def _start_recording(qtbot, window: MainWindow, url: str, title: str) -> None:  # type: ignore[no-untyped-def]
    """Press Start as a person would and wait for the opening navigate step."""
    window.record_tab.url.setText(url)
    window.record_tab.rec_title.setText(title)
    window.record_tab.start_button.click()
    qtbot.waitUntil(lambda: window.record_tab.steps_model.rowCount() == 1, timeout=WAIT)


def test_start_stop_records_a_real_page(qtbot, window: MainWindow, site: str) -> None:  # type: ignore[no-untyped-def]
    _start_recording(qtbot, window, f"{site}/login.html", 'Log in as "emile"')
    window.worker.call(lambda page: page.locator("#user").press_sequentially("emile"))
    window.worker.call(lambda page: page.locator("#pass").press_sequentially("hunter2"))
    qtbot.waitUntil(lambda: window.record_tab.steps_model.rowCount() == 3, timeout=WAIT)
    assert window.record_tab.steps_model.rows[1] == ("fill", "Username", "emile")
    assert window.record_tab.steps_model.rows[2] == ("fill", "Password", "••••")
    qtbot.waitUntil(lambda: {1, 2} <= set(window.record_tab.steps_model.pictures), timeout=WAIT)  # each field typed in
    pictures = window.record_tab.steps_model.pictures
    assert all(Path(pictures[row]).stat().st_size <= 200_000 for row in (1, 2))
    assert _masked_share(pictures[2]) > 0.3 > _masked_share(pictures[1])  # the password field is painted over
    assert not window.record_tab.steps_model.thumbnail(1).isNull()
    window.record_tab.stop_button.click()
    qtbot.waitUntil(lambda: window.procedures_tab.procedures_model.rowCount() == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: window.procedures_tab.editor.isVisible(), timeout=WAIT)
    assert window.tabs.currentIndex() == 1
    assert window.procedures_tab.editor.title.text() == 'Log in as "emile"'
    assert [row[0] for row in window.procedures_tab.editor.parameters.rows] == ["username", "password"]
    assert window.procedures_tab.editor.coverage.text() == "No check covers: username, password"  # nothing was sent
    pictures = window.procedures_tab.editor.steps.pictures
    assert set(pictures) == {0, 1, 2}  # the recording's pictures, step by step; the opened page: its content's top
    assert _blank_share(pictures[0]) < 0.9, pictures[0]


def test_a_merge_is_said_and_can_be_undone(qtbot, window: MainWindow, context, site: str) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    stored = store.add(build_procedure(record(context, f"{site}/login.html", log_in("zoe", "pw"), title='Log in as "zoe"')))
    before = store.get(stored)
    _start_recording(qtbot, window, f"{site}/login.html", 'Log in as "gui-user"')
    window.worker.call(log_in("gui-user", "pw2"))
    qtbot.waitUntil(lambda: window.record_tab.steps_model.rowCount() >= 4, timeout=WAIT)
    window.record_tab.stop_button.click()
    qtbot.waitUntil(lambda: window.procedures_tab.editor is not None and window.procedures_tab.editor.isVisible(), timeout=WAIT)
    editor = window.procedures_tab.editor
    assert editor is not None and editor.merged is not None and not editor.merge_box.isHidden()
    assert "merged into it" in editor.merge_note.text() and 'Log in as "zoe"' in editor.merge_note.text()
    assert len(store) == 1 and "Merged into 'Log in as \"zoe\"'" in window.statusBar().currentMessage()
    editor.keep_as_new()  # the person's "Keep as a new procedure"
    qtbot.waitUntil(lambda: window.procedures_tab.editor is not editor and window.procedures_tab.editor.isVisible(), timeout=WAIT)
    assert window.procedures_tab.editor.title.text() == 'Log in as "gui-user"' and not editor.isVisible()
    assert len(store) == 2 and window.procedures_tab.procedures_model.rowCount() == 2
    restored = store.get(stored)
    assert restored.steps == before.steps and restored.variants == before.variants and restored.abstract == before.abstract


def test_the_editor_writes_the_flow_again_when_steps_change(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    procedure = sample_procedure()
    editor = window.procedures_tab.edit_procedure(ProcedureStore().add(procedure))
    assert editor is not None
    assert editor.flow.toPlainText().splitlines() == procedure.abstract.flow  # as stored, until a step changes
    editor.steps.setData(editor.steps.index(1, 3), "Enter the login name")
    editor.steps.setData(editor.steps.index(3, 3), 'Click "Log in"')
    assert editor.flow.toPlainText().splitlines() == ["Enter the login name", 'Click "Log in"']
    editor.save()
    assert ProcedureStore().get(procedure.id).abstract.flow == ["Enter the login name", 'Click "Log in"']


def test_closing_the_browser_stops_the_recording(qtbot, window: MainWindow, site: str) -> None:  # type: ignore[no-untyped-def]
    _start_recording(qtbot, window, f"{site}/apps/weather.html", "Show the weather for Lyon")
    window.worker.call(lambda page: page.locator("#city").press_sequentially("Lyon"))
    qtbot.waitUntil(lambda: window.record_tab.steps_model.rowCount() == 2, timeout=WAIT)
    window.worker.call(lambda page: page.close())  # the person closes the window
    qtbot.waitUntil(lambda: window.procedures_tab.procedures_model.rowCount() == 1, timeout=WAIT)
    assert window.record_tab.start_button.isEnabled() and not window.record_tab.stop_button.isEnabled()
    assert window.procedures_tab.procedures_model.procedures[0].parameter_names == ["city"]


def test_the_editor_validates_before_saving(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid = store.add(sample_procedure())
    window.procedures_tab.refresh_procedures()
    editor = window.procedures_tab.edit_procedure(pid)
    assert editor is not None
    editor.steps.setData(editor.steps.index(1, 2), "{nickname}")
    editor.save()
    assert "unknown parameter(s): nickname" in editor.error.text() and editor.isVisible()
    assert store.get(pid).steps[1].value == "{username}"
    editor.steps.setData(editor.steps.index(1, 2), "{username}")
    editor.add_check()
    editor.checks.setData(editor.checks.index(0, 1), "Welcome {username}")
    expected = editor.checks.index(0, 1)
    assert editor.checks.data(expected) == "Welcome <the username>"  # shown in words, edited as written
    assert editor.checks.data(expected, Qt.ItemDataRole.EditRole) == "Welcome {username}"
    editor.add_check()
    editor.checks.setData(editor.checks.index(1, 0), "value")  # a value check without a selector
    editor.save()
    assert "needs a selector" in editor.error.text() and editor.isVisible()
    editor.views["Checks"].selectRow(1)
    editor.remove_check()
    editor.title.setText("Log in, edited")
    editor.flow.setPlainText("Open\nType\nGo")
    editor.save()
    assert not editor.isVisible()
    saved = store.get(pid)
    assert saved.title == "Log in, edited" and saved.abstract.flow == ["Open", "Type", "Go"]
    assert [(c.kind, c.expected, c.source) for c in saved.checks] == [("text", "Welcome {username}", "person")]
    assert (
        window.procedures_tab.procedures_model.rows[0][0] == "Log in, edited"
        and window.procedures_tab.procedures_model.rows[0][7] == 1
    )


def test_the_editor_shows_a_learned_fix_to_accept_or_reject(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid, revision = proposed_fix(store)
    editor = window.procedures_tab.edit_procedure(pid)
    assert editor is not None and editor.revision is not None and not editor.revision_box.isHidden()
    diff = editor.revision_diff.toPlainText()
    assert "-click @ #go" in diff and '+click @ internal:role=button[name="Sign in"s] | #go' in diff
    editor.accept_revision()
    assert store.get(pid).steps[3].selectors == ['internal:role=button[name="Sign in"s]', "#go"]
    assert editor.steps.rows[3][1] == 'internal:role=button[name="Sign in"s]' and editor.revision_box.isHidden()
    assert store.revisions.get(revision.id).status == "accepted"

    other, rejected = proposed_fix(store)
    editor = window.procedures_tab.edit_procedure(other)
    assert editor is not None
    editor.reject_revision()
    assert store.get(other).steps[3].selectors == ["#go"] and store.revisions.get(rejected.id).status == "rejected"
    assert window.procedures_tab.edit_procedure(other).revision_box.isHidden()  # type: ignore[union-attr]


def test_a_replay_run_from_the_run_tab(qtbot, window: MainWindow, context, site: str) -> None:  # type: ignore[no-untyped-def]
    recording = record(
        context,
        f"{site}/login.html",
        log_in("kanesha", "xyz"),
        title='Enter the username "kanesha" and the password "xyz" and press login',
    )
    ProcedureStore().add(build_procedure(recording))
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText('Enter the username "bob" and the password "abc" and press login')
    window.run_tab.mode.setCurrentText("replay")
    window.run_tab.find_procedures()  # on the finder's thread: the window stays responsive meanwhile
    qtbot.waitUntil(lambda: window.run_tab.matches_model.rowCount() > 0, timeout=WAIT)
    assert window.run_tab.matches_model.rowCount() == 1 and window.run_tab.matches_model.chosen_ids()
    window.run_tab.run_button.click()
    qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.run_tab.result.text().startswith(
        "Succeeded, verified (2 checks passed) (replay, 4 steps)<br>Cost: 0 LLM calls; "
    ), window.run_tab.result.text()
    assert "Open the run directory" in window.run_tab.result.text()
    assert "<br>Confidence raised: a verified run<br>" in window.run_tab.result.text()  # what the run did to it, in words
    assert [row[2] for row in window.run_tab.log_model.rows][:4] == ["navigate", "fill", "fill", "click"]
    arguments = [row[3] for row in window.run_tab.log_model.rows[:4]]
    assert "value=bob" in arguments[1] and "value=••••" in arguments[2] and "{" not in "".join(arguments)
    assert [row[:2] + row[4:5] for row in window.run_tab.log_model.rows[4:]] == [("end", "check", "ok")] * 2
    words = [row[6] for row in window.run_tab.log_model.rows[1:4]]
    assert words == ["Enter the username: bob", "Enter the password: ••••", 'Click "Log in"'], words
    log = window.run_tab.log_model
    assert all(not log.thumbnail(row).isNull() for row in range(4))  # a picture beside each step
    assert all(log.thumbnail(row).width() <= THUMB_WIDTH for row in range(4))  # the rest of the cell for the words
    assert log.pictures[0].endswith("_element.jpg") and _blank_share(log.pictures[0]) < 0.9  # the opened page's top
    assert log.pictures[1].endswith("_element.jpg") and log.pictures[2].endswith("_element.jpg")  # the fields themselves
    assert _masked_share(log.pictures[2]) > 0.3 > _masked_share(log.pictures[1])  # the password painted over
    assert all(Path(log.pictures[row]).stat().st_size <= 200_000 for row in (1, 2, 3))
    values = {row[0]: row[1:] for row in window.run_tab.values_model.rows}
    assert values["username"][0] == "bob" and values["password"][0] == "••••", values
    assert all(how and not how.startswith("not bound") for _, how in values.values()), values
    assert window.run_tab.screenshot.pixmap() is not None and not window.run_tab.screenshot.pixmap().isNull()
    dialog = window.run_tab.screenshot.open_full_size()  # what a click on the screenshot opens
    assert dialog is not None and dialog.isVisible()
    assert dialog.findChild(QLabel).pixmap().width() == 1280  # the page's full width, not the thumbnail's


def test_the_run_tab_takes_parameters_and_masked_secrets(qtbot, window: MainWindow, context, site: str, home: Path) -> None:  # type: ignore[no-untyped-def]
    recording = record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title='Log in as "kanesha"')
    ProcedureStore().add(build_procedure(recording))
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText("Log in")
    window.run_tab.mode.setCurrentText("replay")
    window.run_tab.run_params.setText("username='Ann Lee'")
    window.run_tab.run_secrets.setText("password=Gui-S3cret-Value")
    assert window.run_tab.run_secrets.displayText() != window.run_tab.run_secrets.text()  # shown as dots
    window.run_tab.run_button.click()
    qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.run_tab.result.text().startswith("Succeeded, verified"), window.run_tab.result.text()
    run_dir = next(home.glob("runs/run_*"))
    landed = json.loads((run_dir / "actions.jsonl").read_text().splitlines()[-1])["url"]
    assert "username=Ann+Lee&password=••••&" in landed, landed  # the site got both; the log masks the secret
    assert window.run_tab.values_model.rows == [
        ("username", "Ann Lee", "given as a parameter"),
        ("password", "••••", "given as a parameter"),
    ]
    for path in home.rglob("*"):
        if path.is_file():
            assert b"Gui-S3cret-Value" not in path.read_bytes(), path
    window.run_tab.run_params.setText('username="unclosed')
    qtbot.waitUntil(window.run_tab.run_button.isEnabled, timeout=WAIT)
    window.run_tab.run_button.click()
    assert window.messages and window.messages[-1].text().startswith("Parameters: cannot read"), "an unclosed quote is refused"


def test_the_approval_dialog_denies_a_risky_action(qtbot, window: MainWindow, site: str, llm) -> None:  # type: ignore[no-untyped-def]
    llm.replies = [act("click", ref_name="Send message"), act("finish", success=False, summary="not allowed")]
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText("send the support message")
    window.run_tab.run_url.setText(f"{site}/apps/contact.html")
    window.run_tab.mode.setCurrentText("agent")
    window.run_tab.run_model.setText("openai/scripted")
    window.run_tab.run_button.click()
    qtbot.waitUntil(lambda: window.run_tab.approval_box is not None and window.run_tab.approval_box.isVisible(), timeout=WAIT)
    assert 'click "Send message"' in window.run_tab.approval_box.text()  # type: ignore[union-attr]
    deny = next(b for b in window.run_tab.approval_box.buttons() if b.text() == "Deny")  # type: ignore[union-attr]
    deny.click()
    qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    assert window.run_tab.result.text().startswith("Failed: not allowed")
    assert window.run_tab.log_model.rows[0][4] == "skipped"


def test_the_procedures_table_searches_and_sorts_by_numbers(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    often = store.add(sample_procedure(title="Log in to the wiki"))
    store.add(sample_procedure(title="Export the report"))
    for success in (True, True, False):
        store.record_outcome(often, success=success)
    window.procedures_tab.refresh_procedures()
    proxy = window.procedures_tab.procedures_proxy
    assert window.procedures_tab.procedures_model.data(window.procedures_tab.procedures_model.index(0, 4)) in ("67%", "-")
    proxy.sort(4, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, 0).data() == "Log in to the wiki" and proxy.index(0, 4).data() == "67%"
    assert proxy.index(1, 4).data() == "-"
    window.procedures_tab.search.setText("export")
    assert proxy.rowCount() == 1 and proxy.index(0, 0).data() == "Export the report"


def test_tables_sort_as_a_person_does(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    for title in ("step 10", "Banana", "apple", "step 9", "Cherry"):
        store.add(sample_procedure(title=title))
    window.procedures_tab.refresh_procedures()
    proxy = window.procedures_tab.procedures_proxy
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(row, 0).data() for row in range(5)] == ["apple", "Banana", "Cherry", "step 9", "step 10"]


def test_screenshot_of_each_tab(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    ProcedureStore().add(sample_procedure())
    window.procedures_tab.refresh_procedures()
    window.show()
    qtbot.waitExposed(window)
    ARTIFACTS.mkdir(exist_ok=True)
    for index, name in enumerate(["record", "procedures", "run", "revisions", "lessons"]):
        window.tabs.setCurrentIndex(index)
        qtbot.waitUntil(window.tabs.widget(index).isVisible, timeout=WAIT)
        path = ARTIFACTS / f"gui_{name}.png"
        assert window.grab().save(str(path))
        assert path.stat().st_size > 5_000


def test_the_window_never_imports_litellm_at_start() -> None:
    import subprocess
    import sys

    code = "import sys; from app.qt import MainWindow; print('litellm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"
    assert Path(ROOT / "app" / "qt" / "window.py").exists()


def test_settings_dialog_saves_and_tests_the_connection(qtbot, llm) -> None:  # type: ignore[no-untyped-def]
    from app.qt.settings_dialog import SettingsDialog
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
    assert [dialog.approval_policy.itemData(n) for n in range(3)] == ["always", "unknown_sites", "never"]
    assert all(" " in dialog.approval_policy.itemText(n) for n in range(3))  # words, not ids
    dialog.approval_policy.setCurrentIndex(1)
    dialog.revision_auto_accept.setValue(3)
    dialog.save()
    saved = load_settings()
    assert saved.token_budget == 3210 and saved.approval_policy == "unknown_sites" and saved.api_base == "http://127.0.0.1:9/v1"
    assert saved.revision_auto_accept == 3


def test_settings_dialog_keeps_what_it_does_not_show_and_names_secret_variables(qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.qt.settings_dialog import SettingsDialog
    from core.settings import Settings, load_settings, set_setting

    set_setting("llm_timeout", "12")
    set_setting("param_env", '{"password@example.org": "EXAMPLE_PASSWORD"}')
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    assert set(dialog.rows) == set(Settings.model_fields)  # every setting `showmehow config` lists
    assert dialog.llm_timeout.value() == 12
    assert dialog.param_env.text() == "password@example.org=EXAMPLE_PASSWORD"
    dialog.param_env.setText("password@example.org=hunter2!")  # a password where a variable's name belongs
    dialog.save()
    assert dialog.status.text().startswith("Not saved: param_env"), dialog.status.text()
    assert load_settings().param_env == {"password@example.org": "EXAMPLE_PASSWORD"}
    dialog.param_env.setText("password@example.org=EXAMPLE_PASSWORD otp=EXAMPLE_OTP")
    dialog.save()
    saved = load_settings()
    assert saved.param_env == {"password@example.org": "EXAMPLE_PASSWORD", "otp": "EXAMPLE_OTP"} and saved.llm_timeout == 12
    dialog.llm_timeout.setValue(30)
    dialog.save()
    assert load_settings().llm_timeout == 30


def test_the_procedures_table_fits_the_default_window(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    long_title = 'Log in as "emile" on the staff portal, open the weekly report and export it as a spreadsheet'
    for n in range(3):
        store.add(sample_procedure(title=f"{long_title} {n}", domain="intranet.example-company.org"))
    window.procedures_tab.refresh_procedures()
    window.tabs.setCurrentIndex(1)
    window.show()
    qtbot.waitExposed(window)
    view = window.procedures_tab.procedures_view
    header = view.horizontalHeader()
    qtbot.waitUntil(lambda: not view.horizontalScrollBar().isVisible(), timeout=5000)  # once the layout has settled
    assert header.length() <= view.viewport().width()
    for column in range(1, header.count()):  # every heading readable, none cut to a letter
        heading = window.procedures_tab.procedures_model.headers[column]
        assert header.sectionSize(column) >= view.fontMetrics().horizontalAdvance(heading), heading
    title = window.procedures_tab.procedures_proxy.index(0, 0)
    assert title.data(Qt.ItemDataRole.ToolTipRole).startswith(long_title)  # an elided title shows whole on hover


def test_the_editor_shows_whole_selectors(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    selector = 'internal:role=button[name="Log in to the staff portal of the company"i]'
    procedure = sample_procedure()
    procedure.steps[3] = ProcedureStep(action="click", selector=selector, selectors=[selector, "#go"], failure_count=2)
    editor = window.procedures_tab.edit_procedure(ProcedureStore().add(procedure))
    assert editor is not None
    qtbot.waitExposed(editor)
    view, header = editor.steps_view, editor.steps_view.horizontalHeader()
    assert header.sectionSize(1) >= view.fontMetrics().horizontalAdvance(selector)
    assert header.sectionSize(4) < header.sectionSize(1) / 4  # the failure count stays narrow
    assert header.length() <= view.viewport().width()
    assert editor.steps.data(editor.steps.index(3, 1), Qt.ItemDataRole.ToolTipRole) == selector


def test_quit_is_in_the_file_menu_with_ctrl_q(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.show()
    qtbot.waitExposed(window)
    (file_menu,) = [a.menu() for a in window.menuBar().actions()]
    assert window.quit_action in file_menu.actions() and window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
    window.quit_action.trigger()
    assert not window.isVisible()


def test_a_failed_step_is_said_in_plain_words(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as free:  # a port that nothing listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    ProcedureStore().add(sample_procedure(domain=f"127.0.0.1:{port}"))
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText("Log in to the demo site")
    window.run_tab.mode.setCurrentText("replay")
    window.run_tab.run_params.setText("username=ann password=pw")
    window.run_tab.run_button.click()
    qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Failed")), timeout=WAIT)
    error = window.run_tab.log_model.rows[0][5]
    assert f"could not open http://127.0.0.1:{port}/login.html (connection refused)" in error, error
    assert "net::" not in window.run_tab.result.text() and "Page.goto" not in window.run_tab.result.text() + error


def test_importing_a_file_again_asks_before_making_copies(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "procedures.json"
    export_procedures([sample_procedure()], path)
    window.procedures_tab.import_path(path)
    assert window.procedures_tab.procedures_model.rowCount() == 1
    window.procedures_tab.import_path(path)
    box = window.messages[-1]
    assert box.icon() == QMessageBox.Icon.Question and "stored already" in box.text()
    assert window.procedures_tab.procedures_model.rowCount() == 1
    next(b for b in box.buttons() if b.text() == "Import copies").click()
    assert window.procedures_tab.procedures_model.rowCount() == 2


def test_the_browser_goes_beside_the_app_on_a_1280_by_800_screen() -> None:
    screen = Rect(0, 0, 1280, 800)
    app, browser = side_by_side(screen, Rect(90, 40, 1100, 760), min_app_width=442)
    assert app.x >= 0 and app.right <= browser.x and browser.right <= screen.right and browser.height <= screen.height
    assert browser.width >= MIN_BROWSER_WIDTH and app.width >= 442
    wide = Rect(0, 0, 2560, 1440)
    assert side_by_side(wide, Rect(100, 100, 1100, 720)) == (Rect(100, 100, 1100, 720), Rect(1200, 0, 1360, 1440))


@pytest.mark.skipif(not has_display(), reason="a visible browser needs a display: the suite runs under xvfb-run")
def test_the_browser_window_opens_where_it_was_placed(qtbot, window: MainWindow, site: str) -> None:  # type: ignore[no-untyped-def]
    window.show()
    qtbot.waitExposed(window)
    window.worker.headless = False
    before = window.geometry()
    beside = window.place_browser()  # what Start does: the browser goes on this window's screen, beside it
    assert window.geometry().size() != before.size()  # narrowed to make room (the test screen is small)
    screen, frame = window.screen().availableGeometry(), window.frameGeometry()
    assert beside is not None and screen.contains(beside.x, beside.y) and beside.right <= screen.right() + 1
    assert frame.right() < beside.x or frame.left() >= beside.right  # side by side, not on top of each other
    _, placed = side_by_side(Rect(0, 0, 1280, 800), Rect(0, 0, 1100, 720), min_app_width=window.minimumSizeHint().width())
    window.worker.window = placed  # as on a 1280x800 screen (the test platform's screen is smaller)
    window.worker.start_recording(f"{site}/login.html", "Open the login page", "")
    qtbot.waitUntil(lambda: window.record_tab.steps_model.rowCount() == 1, timeout=WAIT)
    seen: list[list[int]] = []
    window.worker.call(lambda page: seen.append(page.evaluate("[screenX, screenY, outerWidth, outerHeight]")))
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT)
    window.worker.stop_recording()
    qtbot.waitUntil(lambda: window.procedures_tab.procedures_model.rowCount() == 1, timeout=WAIT)
    x, y, width, height = seen[0]
    assert (x, y) == (placed.x, placed.y) and (width, height) == (placed.width, placed.height), seen
    assert x + width <= 1280 and y + height <= 800
    qtbot.waitUntil(lambda: window.geometry().size() == before.size(), timeout=WAIT)  # the window takes its room back


def test_the_revisions_tab_shows_a_fix_side_by_side_to_accept(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    pid, revision = proposed_fix(store)
    other, rejected = proposed_fix(store)
    window.procedures_tab.refresh_procedures()
    assert [row[-1] for row in window.procedures_tab.procedures_model.rows] == ["yes", "yes"]  # a fix waits for each
    window.tabs.setCurrentWidget(window.revisions_tab)
    tab = window.revisions_tab
    assert tab.pending_model.rowCount() == 2 and tab.selected() is not None and all(b.isEnabled() for b in tab.choices)
    tab.pending_view.selectRow([r.id for r in tab.revisions].index(revision.id))
    rows = tab.diff_model.rows
    assert len(rows) == 4 and rows[3][0] == "click @ #go" and "Sign in" in rows[3][1] and tab.diff_model.highlighted == {3}
    shown = tab.diff_model.index(3, 1)
    assert shown.data().startswith('Click the button "Sign in"\n') and shown.data().endswith(rows[3][1])  # words first
    assert shown.data(Qt.ItemDataRole.ToolTipRole) == rows[3][1]
    assert tab.summary.text().endswith(
        '\n- step 4 (Click "Sign in"): now Click "Sign in", as the agent did; replay could not do it'
    )
    tab.accept()
    assert store.revisions.get(revision.id).status == "accepted" and store.get(pid).steps[3].selectors[0].startswith("internal:")
    assert [r.id for r in tab.revisions] == [rejected.id]
    tab.reject()
    assert store.revisions.get(rejected.id).status == "rejected" and store.get(other).steps[3].selectors == ["#go"]
    assert tab.pending_model.rowCount() == 0 and tab.summary.text() == "No fix waits for you."
    assert not any(b.isEnabled() for b in tab.choices)  # nothing to accept or reject
    assert [row[-1] for row in window.procedures_tab.procedures_model.rows] == ["", ""]


def test_the_lessons_tab_shows_two_tiers_to_promote_and_forget(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from retrieval.lessons import LessonStore

    lessons = LessonStore()
    lessons.load()
    lessons.add_lesson("When goto fails with 'timeout', try reload instead.", "error_recovery", failed_command="goto")
    window.tabs.setCurrentWidget(window.lessons_tab)
    tab = window.lessons_tab

    def row_of(text: str) -> int:
        return next(n for n in range(tab.proxy.rowCount()) if text in tab.proxy.index(n, 2).data())

    tab.tier.setCurrentIndex(2)  # Tier 2 only
    assert tab.proxy.rowCount() == 1 and "When goto fails" in tab.proxy.index(0, 2).data()
    tab.tier.setCurrentIndex(0)
    tab.view.selectRow(row_of("When goto fails"))
    tab.promote()
    assert LessonStore().load()[-1].category == "best_practice"
    assert tab.proxy.index(row_of("When goto fails"), 1).data() == "1"
    tab.view.selectRow(row_of("When goto fails"))
    tab.forget()
    assert all("When goto fails" not in lesson.lesson for lesson in LessonStore().load())
    assert all("When goto fails" not in row[2] for row in tab.model.rows)


def test_agent_steps_and_a_learned_fix_show_pictures(qtbot, window: MainWindow, context, llm, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from core.settings import set_setting
    from tests.agent.test_healing import SECRET, TASK, ChangingSite, _agent_fix, _sign_in

    (tmp_path / "shop").mkdir()
    shop = ChangingSite(tmp_path / "shop")
    try:
        shop.serve("v1")
        recording = record(context, f"{shop.url}/login.html", _sign_in, title='Sign in to the shop as "kanesha"')
        pid = ProcedureStore().add(build_procedure(recording))
        shop.serve("v2")  # the field and the button renamed, a confirmation page added: the agent takes over
        llm.replies = _agent_fix()
        set_setting("approval_policy", "never")  # no one to approve the submit
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        window.tabs.setCurrentWidget(window.run_tab)
        window.run_tab.task.setText(TASK)
        window.run_tab.mode.setCurrentText("auto")
        window.run_tab.run_model.setText(MODEL)
        window.run_tab.run_secrets.setText(f"password={SECRET}")
        window.run_tab.start_run()
        qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Failed", "Done")), timeout=WAIT)
    finally:
        shop.server.shutdown()
        shop.server.server_close()
    assert window.run_tab.result.text().startswith("Succeeded, verified"), window.run_tab.result.text()
    log = window.run_tab.log_model
    agent = [row for row, cells in enumerate(log.rows) if cells[1] == "agent"]
    assert [log.rows[row][2] for row in agent] == ["fill", "click", "click"]
    assert log.pictures[agent[0]].endswith("_element.jpg") and not log.thumbnail(agent[0]).isNull()  # the field it filled
    assert all(Path(log.pictures[row]).is_file() for row in agent)
    left = [row for row in agent if log.rows[row][2] == "click"]  # clicks that left the page: their buttons, as they were
    assert all(Path(log.pictures[row]).name.startswith("leaving_") for row in left), [log.pictures[r] for r in left]
    assert log.rows[agent[0]][6] == "Enter the email or user name: kim"  # in words, not by its ref
    numbers = [cells[0] for cells in log.rows if cells[0] != "end"]
    assert numbers == list(range(1, len(numbers) + 1)) and agent[0] > 0  # counted on after replay's steps
    header = window.run_tab.log_view.horizontalHeader()
    errors = header.sectionSize(5)  # the broken step's error came in a later row
    assert errors > 3 * window.run_tab.log_view.fontMetrics().horizontalAdvance("Error"), errors
    assert header.sectionSize(log.WORDS) >= 300, header.sectionSize(log.WORDS)  # and the steps in words keep their room
    room = header.sectionSize(log.WORDS) - THUMB_WIDTH - 12  # beside the picture, in the row's three lines
    words = window.run_tab.log_view.fontMetrics().horizontalAdvance(log.rows[agent[0]][6])
    assert window.run_tab.log_view.wordWrap() and words <= 3 * room, (words, room)

    window.tabs.setCurrentWidget(window.revisions_tab)
    tab = window.revisions_tab
    assert [r.procedure_id for r in tab.revisions] == [pid]
    lines, diff = tab.diff_model.rows, tab.diff_model
    fixed = next(n for n, (_, proposed) in enumerate(lines) if "Email or user name" in proposed)
    password = next(n for n, (stored, _) in enumerate(lines) if stored.startswith("fill {password}"))
    assert fixed in diff.highlighted and diff.pictures[fixed, 1] == log.pictures[agent[0]]  # as the agent filled it
    sign_in = next(
        n for n, (_, proposed) in enumerate(lines) if proposed.startswith('click @ internal:role=button[name="Sign in"')
    )
    assert diff.pictures[sign_in, 1] == log.pictures[agent[1]]  # the agent's click, not another step's element
    assert not diff.thumbnail(fixed, 1).isNull()
    assert diff.pictures[password, 0] == diff.pictures[password, 1]  # unchanged: replayed in the run, pictured there
    assert _masked_share(diff.pictures[password, 0]) > 0.3  # the password field painted over
    assert all(Path(path).parent == Path(tab.selected().run_dir) for path in diff.pictures.values())  # type: ignore[union-attr, arg-type]
