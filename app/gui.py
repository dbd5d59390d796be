"""The main window: Record, Procedures and Run tabs over the public API."""

from __future__ import annotations

import html
import sys
import uuid
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, QThread, Slot
from PySide6.QtGui import QAction, QCloseEvent, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from agent import RunResult, StepRecord
from app.desktop import desktop_problem
from app.editor import ProcedureEditor
from app.formatting import parse_assignment_text, run_outcome
from app.settings_dialog import SettingsDialog
from app.table_models import MatchesModel, ProceduresModel, RowsModel, StepsModel
from app.worker import BrowserWorker
from core.errors import ShowMeHowError
from core.settings import load_settings
from procedures.script_export import export_script
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures, read_importable
from recorder import recover_journals
from recorder.browser import has_display
from retrieval import Retriever


def _table(model: Any, sortable: bool = False) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSortingEnabled(sortable)
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(50)  # size columns by the first rows: fast with thousands
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    view.verticalHeader().setVisible(False)
    return view


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
        settings_action = QAction("Settings…", self)
        settings_action.triggered.connect(self.open_settings)
        self.menuBar().addAction(settings_action)
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
        layout.addWidget(_table(self.steps_model), 1)
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
        self.procedures_view = _table(self.procedures_proxy, sortable=True)
        self.procedures_view.doubleClicked.connect(lambda index: self.edit_procedure())
        buttons = QHBoxLayout()
        for label, slot in [
            ("Edit", self.edit_procedure),
            ("Delete", self.delete_procedure),
            ("Deprecate / restore", self.toggle_deprecated),
            ("Duplicate", self.duplicate_procedure),
            ("Export JSON", self.export_json),
            ("Export script", self.export_playwright),
            ("Import", self.import_file),
        ]:
            button = QPushButton(label)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(self.search)
        layout.addWidget(self.procedures_view, 1)
        layout.addLayout(buttons)
        return tab

    def refresh_procedures(self) -> None:
        self.procedures_model.set_procedures(self.store.list())

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

    def import_path(self, path: Path) -> None:
        try:
            imported = read_importable(path).store_into(self.store)
        except ShowMeHowError as exc:
            self.show_error(str(exc))
            return
        self.refresh_procedures()
        self.show_notice(f"Imported {len(imported)} procedure(s) from {path.name}")

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
        self.screenshot = QLabel("The current step's screenshot appears here.")
        self.screenshot.setMinimumWidth(360)
        self.screenshot.setAlignment(Qt.AlignmentFlag.AlignCenter)
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
        lower = QHBoxLayout()
        lower.addWidget(_table(self.log_model), 2)
        lower.addWidget(self.screenshot, 1)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(QLabel("Matched procedures (untick to leave one out):"))
        matches_view = _table(self.matches_model)
        matches_view.setMaximumHeight(140)
        layout.addWidget(matches_view)
        layout.addLayout(lower, 1)
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
            params = parse_assignment_text(self.run_params.text()) | parse_assignment_text(self.run_secrets.text())
        except ShowMeHowError as exc:
            self.show_error(f"Parameters: {exc}")
            return
        if self.matches_model.rowCount() == 0:
            self.find_procedures()
        self.log_model.set_rows([])
        self.result.setText("Running…")
        self.worker.headless = not self.show_browser.isChecked()
        chosen = self.matches_model.chosen_ids() if self.matches_model.matches else None
        self.worker.run(
            task,
            self.run_url.text().strip() or None,
            self.mode.currentText(),
            self.run_model.text().strip() or None,
            chosen,
            params,
        )

    @Slot()
    def stop_run(self) -> None:
        self.worker.stop_run()

    @Slot(object)
    def run_progress(self, step: StepRecord) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in step.args.items() if v is not None)
        self.log_model.append(
            (step.step, step.source, step.command, shown, step.status, step.error or ""), highlight=step.status == "error"
        )
        shot = step.screenshot
        if shot and Path(shot).exists():
            pixmap = QPixmap(shot)
            self.screenshot.setPixmap(
                pixmap.scaledToWidth(min(480, max(200, self.screenshot.width())), Qt.TransformationMode.SmoothTransformation)
            )

    @Slot(dict)
    def run_finished(self, result: dict[str, Any]) -> None:
        outcome = RunResult.model_validate(result)
        link = Path(outcome.run_dir).as_uri() if outcome.run_dir else ""
        lines = [html.escape(line) for line in run_outcome(outcome)]
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
    except ShowMeHowError as exc:
        QMessageBox.critical(None, "ShowMeHow", str(exc))
        return 2
    window.show()
    return app.exec()
