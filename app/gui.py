"""The main window: Record, Procedures and Run tabs over the public API."""

from __future__ import annotations

import html
import sqlite3
import sys
import uuid
import warnings
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, QThread, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QMouseEvent, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from agent import RunResult, StepRecord
from app.desktop import desktop_problem
from app.editor import ProcedureEditor, button_row
from app.formatting import parse_assignment_text, run_outcome
from app.placement import Rect, side_by_side
from app.settings_dialog import SettingsDialog
from app.table_models import MatchesModel, ProceduresModel, RowsModel, StepsModel
from app.table_view import make_table
from app.worker import BrowserWorker
from core.database import database_error
from core.errors import ShowMeHowError
from core.settings import load_settings
from procedures.runtime.playback import plain_error
from procedures.script_export import export_script
from procedures.store import ProcedureStore, SkippedRowWarning
from procedures.transfer import export_procedures, read_importable
from recorder import recover_journals
from recorder.browser import has_display
from retrieval import Retriever


class ScreenshotView(QLabel):
    """The current step's screenshot, as wide as there is room; a click opens it full size."""

    def __init__(self) -> None:
        super().__init__("The current step's screenshot appears here; click it to see it full size.")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setMinimumWidth(200)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)  # the picture follows the label
        self.path: str | None = None
        self.dialog: QDialog | None = None

    def show_file(self, path: str) -> None:
        self.path = path
        self.setToolTip("Click to open full size")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._scale()

    def _scale(self) -> None:
        if self.path:
            pixmap = QPixmap(self.path)
            self.setPixmap(
                pixmap.scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
            )

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._scale()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.path:
            self.open_full_size()

    def open_full_size(self) -> QDialog | None:
        if not self.path:
            return None
        picture = QLabel()
        picture.setPixmap(QPixmap(self.path))
        scroll = QScrollArea()
        scroll.setWidget(picture)
        self.dialog = QDialog(self.window())
        self.dialog.setWindowTitle(f"Screenshot: {Path(self.path).name}")
        QVBoxLayout(self.dialog).addWidget(scroll)
        screen = self.screen().availableGeometry()
        size = picture.sizeHint()
        self.dialog.resize(min(size.width() + 40, screen.width() - 40), min(size.height() + 40, screen.height() - 80))
        self.dialog.open()
        return self.dialog


class MainWindow(QMainWindow):
    def __init__(self, headless: bool | None = None) -> None:
        super().__init__()
        self.setWindowTitle("ShowMeHow")
        self.resize(1100, 720)
        self.store = ProcedureStore()
        self.messages: list[QMessageBox] = []  # open message boxes (non-blocking)
        self.approval_box: QMessageBox | None = None
        self.worker = BrowserWorker(headless=not has_display() if headless is None else headless)
        self.thread_ = QThread()
        self.worker.moveToThread(self.thread_)
        self.thread_.started.connect(self.worker.loop)
        self.worker.steps_changed.connect(self.show_steps)
        self.worker.recording_stopped.connect(self.recording_stopped)
        self.worker.run_progress.connect(self.run_progress)
        self.worker.run_finished.connect(self.run_finished)
        self.worker.approval_requested.connect(self.ask_approval)
        self.worker.notice.connect(self.show_notice)
        self.worker.failed.connect(self.show_error)
        self.worker.busy_changed.connect(self.set_busy)
        self.thread_.start()

        self.tabs = QTabWidget()
        self.tabs.addTab(self._record_tab(), "Record")
        self.tabs.addTab(self._procedures_tab(), "Procedures")
        self.tabs.addTab(self._run_tab(), "Run")
        self.setCentralWidget(self.tabs)
        menu = self.menuBar().addMenu("&File")
        for label, slot, shortcut in (
            ("&Import…", self.import_file, "Ctrl+O"),
            ("&Settings…", self.open_settings, "Ctrl+,"),
            ("&Quit", self.close, "Ctrl+Q"),
        ):
            action = QAction(label, self)
            action.triggered.connect(slot)
            action.setShortcut(QKeySequence(shortcut))
            menu.addAction(action)
        self.quit_action = action
        self.refresh_procedures()
        recovered = recover_journals()
        if recovered:
            self.show_notice(f"Recovered {len(recovered)} interrupted recording(s); build them with `showmehow build`.")

    # --- Record --------------------------------------------------------------------------------

    def _record_tab(self) -> QWidget:
        self.url = QLineEdit("https://")
        self.rec_title = QLineEdit()
        self.rec_title.setPlaceholderText('What you will do, e.g. Log in as "emile"')
        self.rec_description = QLineEdit()
        self.start_button = QPushButton("Start")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.start_button.clicked.connect(self.start_recording)
        self.stop_button.clicked.connect(self.stop_recording)
        self.steps_model = StepsModel()
        self.record_status = QLabel("Press Start, do the task in the browser window, then press Stop (or close the browser).")
        self.record_status.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Start URL", self.url)
        form.addRow("Title", self.rec_title)
        form.addRow("Description", self.rec_description)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.record_status)
        layout.addWidget(make_table(self.steps_model, stretch=1, caps={2: 420}), 1)
        return tab

    @Slot()
    def start_recording(self) -> None:
        url = self.url.text().strip()
        if not url or url in ("https://", "http://"):
            self.show_error("Enter the URL to start on.")
            return
        self.steps_model.set_steps([])
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.record_status.setText("Recording… every action appears below.")
        self.place_browser()
        self.worker.start_recording(url, self.rec_title.text().strip(), self.rec_description.text().strip())

    @Slot()
    def stop_recording(self) -> None:
        self.worker.stop_recording()  # a direct call: the worker's thread is busy with the browser, not Qt events

    @Slot(list)
    def show_steps(self, steps: list[Any]) -> None:
        self.steps_model.set_steps(steps)

    @Slot(str, str)
    def recording_stopped(self, recording_id: str, procedure_id: str) -> None:
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.record_status.setText(f"Recorded {self.steps_model.rowCount()} steps; the procedure is open in the editor.")
        self.refresh_procedures()
        self.tabs.setCurrentIndex(1)
        self.edit_procedure(procedure_id)

    # --- Procedures ----------------------------------------------------------------------------

    def _procedures_tab(self) -> QWidget:
        self.procedures_model = ProceduresModel()
        self.procedures_proxy = QSortFilterProxyModel()
        self.procedures_proxy.setSourceModel(self.procedures_model)
        self.procedures_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.procedures_proxy.setFilterKeyColumn(-1)
        self.procedures_proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search procedures")
        self.search.textChanged.connect(self.procedures_proxy.setFilterFixedString)
        self.procedures_view = make_table(self.procedures_proxy, stretch=0, sortable=True, caps={1: 220, 2: 200})
        self.procedures_view.doubleClicked.connect(lambda index: self.edit_procedure())
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(self.search)
        layout.addWidget(self.procedures_view, 1)
        for row in (  # two rows, so that the window can narrow to make room for the browser
            [("Edit", self.edit_procedure), ("Duplicate", self.duplicate_procedure), ("Delete", self.delete_procedure)],
            [("Deprecate / restore", self.toggle_deprecated), ("Export JSON", self.export_json)]
            + [("Export script", self.export_playwright), ("Import", self.import_file)],
        ):
            layout.addLayout(button_row(row))
        return tab

    def refresh_procedures(self) -> None:
        with warnings.catch_warnings(record=True) as skipped:
            warnings.simplefilter("always", SkippedRowWarning)
            procedures = self.store.list()
        self.procedures_model.set_procedures(procedures)
        for warning in skipped:
            self.show_notice(str(warning.message))

    def selected_procedure_id(self) -> str | None:
        rows = self.procedures_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.procedures_model.procedures[self.procedures_proxy.mapToSource(rows[0]).row()].id

    def _selected(self) -> str | None:
        procedure_id = self.selected_procedure_id()
        if procedure_id is None:
            self.show_error("Select a procedure first.")
        return procedure_id

    def edit_procedure(self, procedure_id: str | None = None) -> ProcedureEditor | None:
        procedure_id = procedure_id or self._selected()
        if procedure_id is None:
            return None
        self.editor = ProcedureEditor(self.store.get(procedure_id), self.store, self)
        self.editor.saved.connect(lambda _: self.refresh_procedures())
        self.editor.open()
        return self.editor

    @Slot()
    def delete_procedure(self) -> None:
        procedure_id = self._selected()
        if procedure_id is not None:
            self.store.delete(procedure_id)
            self.refresh_procedures()

    @Slot()
    def toggle_deprecated(self) -> None:
        procedure_id = self._selected()
        if procedure_id is not None:
            self.store.set_deprecated(procedure_id, not self.store.get(procedure_id).deprecated)
            self.refresh_procedures()

    @Slot()
    def duplicate_procedure(self) -> None:
        procedure_id = self._selected()
        if procedure_id is not None:
            original = self.store.get(procedure_id)
            copy = original.model_copy(
                update={
                    "id": uuid.uuid4().hex,
                    "title": f"{original.title} (copy)",
                    "success_count": 0,
                    "failure_count": 0,
                    "deprecated": False,
                }
            )
            self.store.add(copy)
            self.refresh_procedures()

    def _export(self, kind: str) -> None:
        procedure_id = self._selected()
        if procedure_id is None:
            return
        procedure = self.store.get(procedure_id)
        suffix = ".py" if kind == "script" else ".json"
        path, _ = QFileDialog.getSaveFileName(self, "Export procedure", f"{procedure.title[:40]}{suffix}")
        if path:
            try:
                export_script(procedure, Path(path)) if kind == "script" else export_procedures([procedure], Path(path))
            except OSError as exc:
                self.show_error(f"Could not write {path}: {exc.strerror}")
                return
            self.show_notice(f"Exported to {path}")

    @Slot()
    def export_json(self) -> None:
        self._export("json")

    @Slot()
    def export_playwright(self) -> None:
        self._export("script")

    @Slot()
    def import_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a procedure file or a DevTools recording", "", "JSON (*.json)")
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path, force: bool = False) -> None:
        """Import a file; when everything in it is stored already, ask whether to import copies."""
        try:
            importable = read_importable(path)
            known = {} if force else importable.stored_already(self.store)
            if known and len(known) == len(importable.procedures):
                self._ask_import_copies(path)
                return
            imported = importable.store_into(self.store, force=force)
        except ShowMeHowError as exc:
            self.show_error(str(exc))
            return
        self.refresh_procedures()
        skipped = f"; {len(known)} stored already, left out" if known else ""
        self.show_notice(f"Imported {len(imported)} procedure(s) from {path.name}{skipped}")

    def _ask_import_copies(self, path: Path) -> None:
        text = f"Everything in {path.name} is stored already (imported before). Import copies anyway?"
        box = QMessageBox(QMessageBox.Icon.Question, "Import", text, parent=self)
        copies = box.addButton("Import copies", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        self.messages.append(box)

        def answered(_: int) -> None:
            self.messages.remove(box)
            if box.clickedButton() is copies:
                self.import_path(path, force=True)

        box.finished.connect(answered)
        box.open()

    # --- Run -----------------------------------------------------------------------------------

    def _run_tab(self) -> QWidget:
        settings = load_settings()
        self.task = QLineEdit()
        self.task.setPlaceholderText('e.g. Log in as "bob"')
        self.run_url = QLineEdit()
        self.run_url.setPlaceholderText("optional start URL")
        self.mode = QComboBox()
        self.mode.addItems(["replay", "agent", "auto"])
        if settings.model:
            self.mode.setCurrentText("auto")
        self.run_model = QLineEdit(settings.model or "")
        self.run_model.setPlaceholderText("model for agent and auto modes")
        self.run_params = QLineEdit()
        self.run_params.setPlaceholderText('optional values the task does not give, e.g. username=bob city="New York"')
        self.run_secrets = QLineEdit()
        self.run_secrets.setEchoMode(QLineEdit.EchoMode.Password)
        self.run_secrets.setPlaceholderText("e.g. password=… (kept in memory for this run, masked in run logs)")
        self.show_browser = QCheckBox("Show the browser")
        self.show_browser.setChecked(not self.worker.headless)
        self.matches_model = MatchesModel()
        self.log_model = RowsModel(["Step", "Source", "Command", "Arguments", "Status", "Error"])
        self.screenshot = ScreenshotView()
        self.result = QLabel("")
        self.result.setOpenExternalLinks(True)
        self.result.setWordWrap(True)
        find = QPushButton("Find procedures")
        find.clicked.connect(self.find_procedures)
        self.run_button = QPushButton("Start")
        self.run_button.clicked.connect(self.start_run)
        self.stop_run_button = QPushButton("Stop")
        self.stop_run_button.setEnabled(False)
        self.stop_run_button.clicked.connect(self.stop_run)
        form = QFormLayout()
        form.addRow("Task", self.task)
        form.addRow("Start URL", self.run_url)
        form.addRow("Mode", self.mode)
        form.addRow("Model", self.run_model)
        form.addRow("Parameters", self.run_params)
        form.addRow("Secrets", self.run_secrets)
        buttons = QHBoxLayout()
        for widget in (find, self.run_button, self.stop_run_button, self.show_browser):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        lower = QSplitter()
        self.log_view = make_table(self.log_model, stretch=5, caps={3: 260})
        lower.addWidget(self.log_view)
        lower.addWidget(self.screenshot)
        lower.setSizes([560, 500])
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(QLabel("Matched procedures (untick to leave one out):"))
        matches_view = make_table(self.matches_model, stretch=1)
        matches_view.setMaximumHeight(140)
        layout.addWidget(matches_view)
        layout.addWidget(lower, 1)
        layout.addWidget(self.result)
        return tab

    def _task_text(self) -> str | None:
        task = self.task.text().strip()
        if not task:
            self.show_error("Describe the task first.")
        return task or None

    @Slot()
    def find_procedures(self) -> None:
        task = self._task_text()
        if task is None:
            return
        matches = Retriever(self.store).retrieve(task, url=self.run_url.text().strip() or None, k=3)
        self.matches_model.set_matches(matches)
        if not matches:
            self.result.setText("No stored procedure fits this task; the agent would start without memory.")

    @Slot()
    def start_run(self) -> None:
        task = self._task_text()
        if task is None:
            return
        try:
            params = parse_assignment_text(self.run_params.text())
            secrets = parse_assignment_text(self.run_secrets.text())
        except ShowMeHowError as exc:
            self.show_error(f"Parameters: {exc}")
            return
        if self.matches_model.rowCount() == 0:
            self.find_procedures()
        self.log_model.set_rows([])
        self.result.setText("Running…")
        self.worker.headless = not self.show_browser.isChecked()
        self.place_browser()
        chosen = self.matches_model.chosen_ids() if self.matches_model.matches else None
        self.worker.run(
            task,
            self.run_url.text().strip() or None,
            self.mode.currentText(),
            self.run_model.text().strip() or None,
            chosen,
            params,
            secrets,
        )

    @Slot()
    def stop_run(self) -> None:
        self.worker.stop_run()

    @Slot(object)
    def run_progress(self, step: StepRecord) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in step.args.items() if v is not None)
        error = plain_error(step.error) if step.error else ""
        self.log_model.append((step.step, step.source, step.command, shown, step.status, error), highlight=step.status == "error")
        if step.screenshot and Path(step.screenshot).exists():
            self.screenshot.show_file(step.screenshot)

    @Slot(dict)
    def run_finished(self, data: dict[str, Any]) -> None:
        result = RunResult.model_validate(data)
        for check in result.checks:
            self.log_model.append(
                ("end", "check", check.description, check.source, "ok" if check.passed else "error", check.detail or ""),
                highlight=not check.passed,
            )
        link = Path(result.run_dir).as_uri() if result.run_dir else ""
        lines = [html.escape(line) for line in run_outcome(result)]
        self.result.setText("<br>".join(lines) + f'<br><a href="{link}">Open the run directory</a>')
        self.refresh_procedures()

    @Slot(int, str)
    def ask_approval(self, number: int, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Approve this action?", text, parent=self)
        allow = box.addButton("Allow", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Deny", QMessageBox.ButtonRole.RejectRole)
        box.finished.connect(lambda _: self.worker.answer_approval(number, box.clickedButton() is allow))
        self.approval_box = box
        box.open()

    # --- shared --------------------------------------------------------------------------------

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
            self.move(app.x, app.y)
            self.resize(app.width - (frame.width() - inner.width()), app.height - (frame.height() - inner.height()))
        self.worker.window = browser
        return browser

    @Slot(bool)
    def set_busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.stop_run_button.setEnabled(busy)
        if not busy:
            self.start_button.setEnabled(True)
            self.stop_button.setEnabled(False)

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

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.worker.shutdown()
        self.thread_.quit()
        self.thread_.wait(15_000)
        super().closeEvent(event)


def main() -> int:
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


def user_error(exc: BaseException) -> BaseException:
    """A database error as the one message the person sees; other errors as they are."""
    return database_error(exc) if isinstance(exc, sqlite3.Error) else exc
