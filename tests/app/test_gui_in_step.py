"""The GUI stays in step: the store changed by another connection shows, the Run tab shows the current task's
matches only, long titles have the room and a tooltip, Cancel on a new procedure asks, a missing value is asked."""

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from PySide6.QtCore import Qt

from app.qt import MainWindow
from procedures.models import Abstract, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from tests.agent.test_asking import _store
from tests.helpers import sample_procedure

WAIT = 120_000  # a deadline, not a pause


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(headless=True)
    qtbot.addWidget(main)
    yield main
    main.close()


def test_tabs_follow_the_store_and_the_task(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    title = "Change the email of a customer and make them VIP in the customer directory"
    window.tabs.setCurrentIndex(1)
    window.show()
    qtbot.waitExposed(window)
    ProcedureStore().add(sample_procedure(title=title))  # another connection, as the command line's
    qtbot.waitUntil(lambda: window.procedures_tab.procedures_model.rowCount() == 1, timeout=WAIT)
    model, view = window.procedures_tab.procedures_model, window.procedures_tab.procedures_view
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole) == title
    header = view.horizontalHeader()
    qtbot.waitUntil(lambda: header.sectionSize(0) == max(map(header.sectionSize, range(model.columnCount()))), timeout=WAIT)
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText(title)
    window.run_tab.find_procedures()
    qtbot.waitUntil(lambda: window.run_tab.matches_model.rowCount() == 1, timeout=WAIT)
    window.run_tab.task.setText("Order a pizza")
    assert window.run_tab.matches_model.rowCount() == 0  # the matches of the task before are gone


def test_cancel_on_a_new_procedure_asks_to_keep_or_discard(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    editor = window.procedures_tab.edit_procedure(store.add(sample_procedure()), new=True)
    assert editor is not None
    screen = editor.screen().availableGeometry()
    assert editor.width() >= min(1180, screen.width()) and editor.height() >= min(760, screen.height())
    editor.reject()
    assert editor.discard_box is not None and editor.discard_box.isVisible() and editor.isVisible()
    discard = next(b for b in editor.discard_box.buttons() if b.text() == "Discard it")
    discard.click()
    qtbot.waitUntil(lambda: not editor.isVisible(), timeout=WAIT)
    assert len(store) == 0 and window.procedures_tab.procedures_model.rowCount() == 0


def test_a_missing_value_is_asked_for_in_a_dialog(qtbot, window: MainWindow, served) -> None:  # type: ignore[no-untyped-def]
    _store(served.url)
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText("Change the customer's email")
    window.run_tab.mode.setCurrentText("replay")
    window.run_tab.run_button.click()
    qtbot.waitUntil(lambda: window.run_tab.value_dialog is not None and window.run_tab.value_dialog.isVisible(), timeout=WAIT)
    dialog = window.run_tab.value_dialog
    assert "needs email; the task does not give it" in dialog.labelText()
    dialog.setTextValue("bob@new.test")
    dialog.accept()
    qtbot.waitUntil(lambda: window.run_tab.result.text().startswith(("Succeeded", "Done", "Failed")), timeout=WAIT)
    sent = next(p for p in reversed(served.received) if p.startswith("/received.html"))
    assert parse_qs(urlsplit(sent).query)["email"] == ["bob@new.test"], window.run_tab.result.text()


def _visiting(title: str, url: str) -> Procedure:
    return Procedure(
        title=title,
        abstract=Abstract(goal=title, domains=[urlsplit(url).netloc]),
        steps=[ProcedureStep(action="navigate", value=url, url=url)],
    )


@pytest.fixture
def tied(qtbot, window: MainWindow, served) -> MainWindow:  # type: ignore[no-untyped-def]
    """The Run tab showing the two procedures that fit its task about as well, each visiting a page of its own."""
    store = ProcedureStore()
    store.add(_visiting("Archive the old tickets", f"{served.url}/login.html?archived=old"))
    store.add(_visiting("Archive the old tickets now", f"{served.url}/login.html?archived=now"))
    window.tabs.setCurrentIndex(2)
    window.run_tab.task.setText("archive old tickets")
    window.run_tab.mode.setCurrentText("replay")
    window.run_tab.find_procedures()
    qtbot.waitUntil(lambda: window.run_tab.matches_model.rowCount() == 2, timeout=WAIT)
    return window


def test_a_near_tie_asks_which_procedure_to_run(qtbot, tied: MainWindow, served) -> None:  # type: ignore[no-untyped-def]
    tied.run_tab.run_button.click()
    dialog = tied.run_tab.choice_dialog
    assert dialog is not None and dialog.isVisible() and "about as well" in dialog.labelText()
    second = next(item for item in dialog.comboBoxItems() if item.startswith("Archive the old tickets now"))
    dialog.setTextValue(second)
    dialog.accept()
    qtbot.waitUntil(lambda: tied.run_tab.result.text().startswith(("Succeeded", "Done", "Failed")), timeout=WAIT)
    visited = [p for p in served.received if p.startswith("/login.html?archived=")]
    assert visited == ["/login.html?archived=now"], visited  # the one the person picked, not the first


def test_a_near_tie_left_unanswered_runs_neither(tied: MainWindow, served) -> None:  # type: ignore[no-untyped-def]
    tied.run_tab.run_button.click()
    assert tied.run_tab.choice_dialog is not None
    tied.run_tab.choice_dialog.reject()
    assert tied.run_tab.result.text().startswith("Not run: choose one")
    assert not any(p.startswith("/login.html?archived=") for p in served.received)
