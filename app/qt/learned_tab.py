"""The Learned tab: procedures learned from verified agent runs that wait for a person, each in full, to accept
(the next task of its kind replays it with no model) or reject."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from app.operations import decide_learned
from app.procedure_text import learned_text
from app.qt.host import Host
from app.qt.layouts import button_row, titled
from app.qt.table_models import NaturalSortProxy, RowsModel
from app.qt.table_view import make_table
from core.errors import ShowMeHowError
from procedures.learned_store import Learned
from procedures.store import ProcedureStore


class LearnedTab(QWidget):
    decided = Signal()  # a learned procedure was accepted or rejected: the procedures may have changed

    def __init__(self, store: ProcedureStore, host: Host) -> None:
        super().__init__()
        self.store, self.host = store, host
        self.learned: list[Learned] = []
        self.model = RowsModel(["Procedure", "Task", "Verified runs", "Steps"])
        self.proxy = NaturalSortProxy(self.model)
        self.view = make_table(self.proxy, stretch=1, sortable=True, caps={0: 420})
        self.view.selectionModel().selectionChanged.connect(self.show_selected)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        parts = QSplitter(Qt.Orientation.Vertical)
        parts.addWidget(titled("Procedures learned from verified agent runs, waiting for you", self.view))
        parts.addWidget(titled("The learned procedure: parameters, steps, checks, source agent_run", self.text))
        parts.setSizes([160, 480])
        layout = QVBoxLayout(self)
        layout.addWidget(parts, 1)
        buttons = button_row([("Accept it", self.accept), ("Reject it", self.reject)])
        self.choices = [buttons.itemAt(n).widget() for n in range(2)]
        layout.addLayout(buttons)

    @Slot()
    def refresh(self) -> None:
        self.learned = self.store.learned.list("proposed")
        self.model.set_rows([(x.procedure.title, x.task, x.successes, len(x.procedure.steps)) for x in self.learned])
        self.text.setPlainText("" if self.learned else "No learned procedure waits for you.")
        for button in self.choices:
            button.setEnabled(bool(self.learned))
        if self.learned:
            self.view.selectRow(0)

    def selected(self) -> Learned | None:
        rows = self.view.selectionModel().selectedRows()
        return self.learned[self.proxy.mapToSource(rows[0]).row()] if rows else None

    @Slot()
    def show_selected(self) -> None:
        learned = self.selected()
        if learned is not None:
            self.text.setPlainText(learned_text(learned))

    @Slot()
    def accept(self) -> None:
        self._decide(True)

    @Slot()
    def reject(self) -> None:
        self._decide(False)

    def _decide(self, accept: bool) -> None:
        learned = self.selected()
        if learned is None:
            self.host.show_error("Select a learned procedure first.")
            return
        try:
            said = decide_learned(self.store, learned.id, accept)
        except ShowMeHowError as exc:
            self.host.show_error(f"Not decided: {exc}")
            return
        self.refresh()
        self.host.show_notice(said)
        self.decided.emit()
