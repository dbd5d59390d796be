"""The Run tab: a task, its values and secrets, the procedures that fit it, and the run as it goes."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from agent import RunResult, StepRecord
from app.formatting import bound_values, parse_assignment_text, run_outcome, shown_bound, step_sentence
from app.qt.finder import Finder
from app.qt.host import Host
from app.qt.layouts import titled
from app.qt.screenshot import ScreenshotView
from app.qt.table_models import MatchesModel, RowsModel, RunLogModel
from app.qt.table_view import make_table, show_pictures
from app.qt.worker import BrowserWorker
from core.errors import ShowMeHowError
from core.masking import SECRET_MASK
from core.settings import load_settings
from procedures.runtime.stepping import plain_error
from retrieval import Match, near_tie


class RunTab(QWidget):
    finished = Signal()  # a run ended: the procedures' counts changed

    def __init__(self, worker: BrowserWorker, host: Host) -> None:
        super().__init__()
        self.worker, self.host = worker, host
        self.approval_box: QMessageBox | None = None
        self.value_dialog: QInputDialog | None = None
        self.choice_dialog: QInputDialog | None = None
        self.finder = Finder()
        self.asked: tuple[str, str | None] | None = None  # the task and start URL of the latest search
        self.matched_for: tuple[str, str | None] | None = None  # those the matches shown are for
        self.finder.found.connect(self.show_matches)
        self.finder.failed.connect(host.show_error)
        self.matches_model = MatchesModel()
        self.log_model = RunLogModel()
        self.values_model = RowsModel(["Parameter", "Value", "How it was bound"])
        self.screenshot = ScreenshotView()
        self.result = QLabel("")
        self.result.setOpenExternalLinks(True)
        self.result.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(self._form())
        layout.addLayout(self._buttons())
        upper = QSplitter()
        upper.addWidget(titled("Matched procedures (untick to leave one out)", make_table(self.matches_model, stretch=1)))
        self.values_view = make_table(self.values_model, stretch=2, caps={1: 200})
        upper.addWidget(titled("The values the run uses, and where each came from", self.values_view))
        for pane in (upper.widget(0), upper.widget(1)):
            pane.setMaximumHeight(150)  # the run's steps get the height left
        layout.addWidget(upper)
        lower = QSplitter()
        self.log_view = make_table(self.log_model, stretch=RunLogModel.WORDS, caps={3: 130, 5: 220, 7: 160})
        header = self.log_view.horizontalHeader()
        for visual, column in enumerate((0, RunLogModel.WORDS, 4, 7, 5, 3, 2)):  # the step in words first
            header.moveSection(header.visualIndex(column), visual)
        header.setSectionHidden(1, True)  # replay or agent: the Source of the run says it
        show_pictures(self.log_view)
        self.log_view.setWordWrap(True)  # a step in words takes the lines of its row's height, then is elided

        self.log_view.clicked.connect(self.show_step_picture)
        lower.addWidget(self.log_view)
        lower.addWidget(self.screenshot)
        lower.setSizes([920, 340])  # the page after a step: a click shows it whole
        layout.addWidget(lower, 1)
        layout.addWidget(self.result)
        worker.run_progress.connect(self.run_progress)
        worker.run_finished.connect(self.run_finished)
        worker.approval_requested.connect(self.ask_approval)
        worker.value_requested.connect(self.ask_value)
        worker.busy_changed.connect(self.set_busy)

    def _form(self) -> QFormLayout:
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
        form = QFormLayout()
        for field in (self.task, self.run_url):
            field.textChanged.connect(self.task_changed)
        for label, field in (("Task", self.task), ("Start URL", self.run_url), ("Mode", self.mode)):
            form.addRow(label, field)
        for label, field in (("Model", self.run_model), ("Parameters", self.run_params), ("Secrets", self.run_secrets)):
            form.addRow(label, field)
        return form

    def _buttons(self) -> QHBoxLayout:
        find = QPushButton("Find procedures")
        find.clicked.connect(self.find_procedures)
        self.run_button = QPushButton("Start")
        self.run_button.clicked.connect(self.start_run)
        self.stop_run_button = QPushButton("Stop")
        self.stop_run_button.setEnabled(False)
        self.stop_run_button.clicked.connect(self.stop_run)
        self.show_browser = QCheckBox("Show the browser")
        self.show_browser.setChecked(not self.worker.headless)
        buttons = QHBoxLayout()
        for widget in (find, self.run_button, self.stop_run_button, self.show_browser):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        return buttons

    def _task_text(self) -> str | None:
        task = self.task.text().strip()
        if not task:
            self.host.show_error("Describe the task first.")
        return task or None

    @Slot()
    def find_procedures(self) -> None:
        """Find the procedures that fit the task on the finder's thread; `show_matches` shows them."""
        task = self._task_text()
        if task is not None:
            self.asked = (task, self.run_url.text().strip() or None)
            self.finder.find(*self.asked)

    def _current(self) -> tuple[str, str | None]:
        return self.task.text().strip(), self.run_url.text().strip() or None

    @Slot()
    def task_changed(self) -> None:
        """Another task: the matches of the one before are no longer shown (nor run)."""
        if self.matched_for is not None and self.matched_for != self._current():
            self.matched_for = None
            self.matches_model.set_matches([])
            self.show_values()

    @Slot(int, list)
    def show_matches(self, number: int, matches: list[Match]) -> None:
        if number != self.finder.latest:
            return  # the answer to an older request
        self.matches_model.set_matches(matches)
        self.matched_for = self.asked
        self.show_values()
        if not matches:
            self.result.setText("No stored procedure fits this task; the agent would start without memory.")

    def _given(self) -> dict[str, str]:
        """The values and secrets typed in the form (those that can be read)."""
        try:
            return parse_assignment_text(self.run_params.text()) | parse_assignment_text(self.run_secrets.text())
        except ShowMeHowError:
            return {}

    def _procedure(self, procedure_id: str | None) -> Match | None:
        return next((m for m in self.matches_model.matches if m.procedure.id == procedure_id), None)

    def _shown_values(self, match: Match) -> dict[str, str]:
        """The values of a run of `match`: the task's with the person's own, secrets as dots."""
        given = self._given()
        binding = match.binding.with_given(given, match.procedure.parameter_names)
        shown = shown_bound(match.model_copy(update={"binding": binding}))
        try:
            secret = parse_assignment_text(self.run_secrets.text())  # secret whatever their names
        except ShowMeHowError:
            secret = {}
        return {name: SECRET_MASK if name in secret else value for name, value in shown.items()}

    def show_values(self, procedure_id: str | None = None, sources: dict[str, str] | None = None) -> None:
        """The parameters of the procedure the run uses (the first chosen match until the run says which),
        their values with the person's own, secrets as dots, and how each was bound."""
        chosen = self.matches_model.chosen_ids()
        match = self._procedure(procedure_id or (chosen[0] if chosen else None))
        if match is None:
            self.values_model.set_rows([])
            return
        names = match.procedure.parameter_names
        binding = match.binding.with_given(self._given(), names)
        self.values_model.set_rows(bound_values(match.procedure, binding, sources))

    @Slot()
    def start_run(self) -> None:
        task = self._task_text()
        if task is None:
            return
        try:
            params = parse_assignment_text(self.run_params.text())
            secrets = parse_assignment_text(self.run_secrets.text())
        except ShowMeHowError as exc:
            self.host.show_error(f"Parameters: {exc}")
            return
        if self.matched_for != self._current():
            self.matches_model.set_matches([])
            self.find_procedures()  # to show them; the run finds the same ones itself
        self.log_model.set_rows([])
        self.result.setText("Running…")
        self.worker.headless = not self.show_browser.isChecked()
        self.host.place_browser()
        chosen = self.matches_model.chosen_ids() if self.matches_model.matches else None
        if chosen is not None and len(chosen) == len(self.matches_model.matches):
            chosen = None  # nothing unticked: no choice of the person's, so only the best match may replay
        tied = near_tie(self.matches_model.matches) if chosen is None else []
        if tied:
            self.ask_choice(tied, lambda picked: self._run(task, [picked], params, secrets))
        else:
            self._run(task, chosen, params, secrets)

    def _run(self, task: str, chosen: list[str] | None, params: dict[str, str], secrets: dict[str, str]) -> None:
        url = self.run_url.text().strip() or None
        self.worker.run(task, url, self.mode.currentText(), self.run_model.text().strip() or None, chosen, params, secrets)

    def ask_choice(self, tied: list[Match], run: Callable[[str], None]) -> None:
        """Two procedures fit the task about as well: the person picks the one to run (Cancel runs neither)."""
        names = [f"{m.procedure.title} ({m.procedure.id[:8]}, {m.score:.2f})" for m in tied]
        dialog = QInputDialog(self.window())
        dialog.setWindowTitle("Which procedure?")
        dialog.setLabelText("These two fit the task about as well. Which one does it mean?")
        dialog.setComboBoxItems(names)
        dialog.setComboBoxEditable(False)

        def answered(code: int) -> None:
            if code and dialog.textValue() in names:
                run(tied[names.index(dialog.textValue())].procedure.id)
            else:
                self.result.setText("Not run: choose one of the two procedures that fit about as well, or untick one.")

        dialog.finished.connect(answered)
        self.choice_dialog = dialog
        dialog.open()

    @Slot()
    def stop_run(self) -> None:
        self.worker.stop_run()

    @Slot(object)
    def run_progress(self, step: StepRecord) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in step.args.items() if v is not None)
        error = plain_error(step.error) if step.error else ""
        match = self._procedure(step.procedure_id)
        words = step_sentence(step, match.procedure if match else None, self._shown_values(match) if match else None)
        number = len(self.log_model.rows) + 1  # counted on: the agent's own count starts again after replay's steps
        row = (number, step.source, step.command, shown, step.status, error, words, "; ".join(step.checked))
        page = step.screenshot if step.screenshot and Path(step.screenshot).exists() else None
        picture = step.picture if step.picture and Path(step.picture).exists() else None  # a failed step: the page's top
        shown_picture = picture or (page if step.status == "error" else None)  # never another page for a step that went well
        self.log_model.add(row, shown_picture, page, highlight=step.status == "error")
        if page:
            self.screenshot.show_file(page)

    @Slot(QModelIndex)
    def show_step_picture(self, index: QModelIndex) -> None:
        """A click on a step shows the page as it was after it."""
        page = self.log_model.pages[index.row()]
        if page:
            self.screenshot.show_file(page)

    @Slot(dict)
    def run_finished(self, data: dict[str, Any]) -> None:
        result = RunResult.model_validate(data)
        for check in result.checks:
            status = "ok" if check.passed else "error"
            row = ("end", "check", "check", check.source, status, check.detail or "", check.description, "")
            self.log_model.add(row, highlight=not check.passed)
        if result.procedure_id:
            self.show_values(result.procedure_id, result.binding)
        link = Path(result.run_dir).as_uri() if result.run_dir else ""
        lines = [html.escape(line) for line in run_outcome(result)]
        self.result.setText("<br>".join(lines) + f'<br><a href="{link}">Open the run directory</a>')
        self.finished.emit()

    @Slot(int, str)
    def ask_approval(self, number: int, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Approve this action?", text, parent=self.window())
        allow = box.addButton("Allow", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Deny", QMessageBox.ButtonRole.RejectRole)
        box.finished.connect(lambda _: self.worker.answer_approval(number, box.clickedButton() is allow))
        self.approval_box = box
        box.open()

    @Slot(int, str, bool)
    def ask_value(self, number: int, question: str, secret: bool) -> None:
        """A value the run needs: a dialog; Cancel or nothing typed stops the run, which then says what it lacks."""
        dialog = QInputDialog(self.window())
        dialog.setWindowTitle("A value this run needs")
        dialog.setLabelText(question)
        dialog.setTextEchoMode(QLineEdit.EchoMode.Password if secret else QLineEdit.EchoMode.Normal)
        dialog.finished.connect(
            lambda code: self.worker.answer_value(number, dialog.textValue().strip() or None if code else None)
        )
        self.value_dialog = dialog
        dialog.open()

    @Slot(bool)
    def set_busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.stop_run_button.setEnabled(busy)
