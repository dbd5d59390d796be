"""The main window: Record, Procedures and Run tabs over the public API, and the thread that owns the browser."""

from __future__ import annotations

import sqlite3
import sys

from PySide6.QtCore import QRect, QThread, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QTabWidget

from app.desktop import NO_DISPLAY, desktop_problem, lacks_display
from app.formatting import user_error
from app.operations import Built
from app.placement import Rect, side_by_side
from app.qt.learned_tab import LearnedTab
from app.qt.lessons_tab import LessonsTab
from app.qt.live import LiveChanges
from app.qt.procedures_tab import ProceduresTab
from app.qt.record_tab import RecordTab
from app.qt.revisions_tab import RevisionsTab
from app.qt.run_tab import RunTab
from app.qt.settings_dialog import SettingsDialog
from app.qt.worker import BrowserWorker
from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from recorder import recover_journals
from recorder.browser import has_display


class MainWindow(QMainWindow):
    def __init__(self, headless: bool | None = None) -> None:
        super().__init__()
        self.setWindowTitle("ShowMeHow")
        self.resize(1100, 720)
        self.store = ProcedureStore()
        self.messages: list[QMessageBox] = []  # open message boxes (non-blocking)
        self.before_browser: QRect | None = None  # where this window was before it made room for a browser
        self.worker = BrowserWorker(headless=not has_display() if headless is None else headless)
        self.thread_ = QThread()
        self.worker.moveToThread(self.thread_)
        self.thread_.started.connect(self.worker.loop)
        self.record_tab = RecordTab(self.worker, self)
        self.procedures_tab = ProceduresTab(self.store, self)
        self.run_tab = RunTab(self.worker, self)
        self.revisions_tab = RevisionsTab(self.store, self)
        self.learned_tab = LearnedTab(self.store, self)
        self.learned_tab.decided.connect(self.procedures_tab.refresh_procedures)
        self.lessons_tab = LessonsTab(self)
        self.revisions_tab.decided.connect(self.procedures_tab.refresh_procedures)
        self.worker.recording_stopped.connect(self.recording_stopped)
        self.worker.notice.connect(self.show_notice)
        self.worker.failed.connect(self.show_error)
        self.worker.busy_changed.connect(self.browser_busy)
        self.run_tab.finished.connect(self.procedures_tab.refresh_procedures)
        self.live = LiveChanges(self.store, self)  # a team store: what others change shows at once
        self.live.changed.connect(self.procedures_changed)
        self.thread_.start()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.record_tab, "Record")
        self.tabs.addTab(self.procedures_tab, "Procedures")
        self.tabs.addTab(self.run_tab, "Run")
        self.tabs.addTab(self.revisions_tab, "Revisions")
        self.tabs.addTab(self.lessons_tab, "Lessons")
        self.tabs.addTab(self.learned_tab, "Learned")
        self.tabs.currentChanged.connect(self.tab_shown)
        self.setCentralWidget(self.tabs)
        self._file_menu()
        self.procedures_tab.refresh_procedures()
        recovered = recover_journals()
        if recovered:
            self.show_notice(f"Recovered {len(recovered)} interrupted recording(s); build them with `showmehow build`.")

    def _file_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        for label, slot, shortcut in (
            ("&Import…", self.procedures_tab.import_file, "Ctrl+O"),
            ("&Settings…", self.open_settings, "Ctrl+,"),
            ("&Quit", self.close, "Ctrl+Q"),
        ):
            action = QAction(label, self)
            action.triggered.connect(slot)
            action.setShortcut(QKeySequence(shortcut))
            menu.addAction(action)
        self.quit_action = action

    @Slot(str, object)
    def recording_stopped(self, recording_id: str, built: Built) -> None:
        self.procedures_tab.refresh_procedures()
        self.tabs.setCurrentIndex(1)
        self.procedures_tab.edit_procedure(built.procedure_id, merged=built if built.merged else None, new=not built.merged)
        if built.merged:
            self.show_notice(f"Merged into {self.store.get(built.procedure_id).title!r}; the editor offers to keep it apart.")

    def place_browser(self) -> Rect | None:
        """Make room for a visible browser beside this window on its screen, and have the worker open it there."""
        if self.worker.headless:
            return None
        if self.isMaximized() or self.isFullScreen():
            self.showNormal()
        area, frame, inner = self.screen().availableGeometry(), self.frameGeometry(), self.geometry()
        current = Rect(frame.x(), frame.y(), frame.width(), frame.height())
        app, browser = side_by_side(
            Rect(area.x(), area.y(), area.width(), area.height()), current, min_app_width=self.minimumSizeHint().width()
        )
        if app != current:
            self.before_browser = self.geometry()
            self.move(app.x, app.y)
            self.resize(app.width - (frame.width() - inner.width()), app.height - (frame.height() - inner.height()))
        self.worker.window = browser
        return browser

    @Slot(int)
    def tab_shown(self, index: int) -> None:
        """Revisions, learned procedures and lessons change in runs: read them again when their tab is shown."""
        if self.tabs.widget(index) is self.revisions_tab:
            self.revisions_tab.refresh()
        elif self.tabs.widget(index) is self.learned_tab:
            self.learned_tab.refresh()
        elif self.tabs.widget(index) is self.lessons_tab:
            self.lessons_tab.refresh()

    @Slot(bool)
    def browser_busy(self, busy: bool) -> None:
        """The browser closed: this window takes back the room it gave it."""
        if not busy and self.before_browser is not None:
            self.setGeometry(self.before_browser)
            self.before_browser = None

    @Slot(str)
    def show_notice(self, text: str) -> None:
        self.statusBar().showMessage(text, 15_000)

    @Slot(str)
    def show_error(self, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, "ShowMeHow", text, parent=self)
        self.messages.append(box)
        box.finished.connect(lambda _: self.messages.remove(box))
        box.open()

    def report_error(self, kind: type[BaseException], exc: BaseException, trace: object) -> None:
        """An error that escaped a slot: ours and the database's are shown as a message, never a traceback."""
        if isinstance(exc, (ShowMeHowError, sqlite3.Error)):
            self.show_error(str(user_error(exc)))
        else:
            sys.__excepthook__(kind, exc, trace)  # type: ignore[arg-type]

    @Slot()
    def open_settings(self) -> None:
        self.settings_dialog = SettingsDialog(self)
        self.settings_dialog.open()

    @Slot(list)
    def procedures_changed(self, ids: list[str]) -> None:
        """Someone changed the store (another process, another machine): show it as it is now."""
        self.procedures_tab.refresh_procedures()
        self.revisions_tab.refresh()
        self.lessons_tab.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.worker.shutdown()
        self.live.close()
        self.run_tab.finder.shutdown()
        self.thread_.quit()
        self.thread_.wait(15_000)
        super().closeEvent(event)


def main() -> int:
    if lacks_display():  # not an error: set-up ends here on a server, and this says how to go on
        print(f"showmehow: {NO_DISPLAY}")
        return 0
    problem = desktop_problem()
    if problem:
        print(f"showmehow: {problem}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv)
    try:
        window = MainWindow()
    except (ShowMeHowError, sqlite3.Error) as exc:
        QMessageBox.critical(None, "ShowMeHow", str(user_error(exc)))
        return 2
    sys.excepthook = window.report_error
    window.show()
    return app.exec()
