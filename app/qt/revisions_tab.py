"""The Revisions tab: the fixes runs learned and that wait for a person, each procedure's stored steps
beside the proposed ones, to accept or reject."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QHeaderView, QLabel, QSplitter, QVBoxLayout, QWidget

from app.formatting import said_step, steps_side_by_side
from app.qt.host import Host
from app.qt.layouts import button_row, titled
from app.qt.table_models import NaturalSortProxy, RowsModel, SideBySideRows
from app.qt.table_view import make_table, show_pictures
from app.step_pictures import revision_pictures
from core.errors import ShowMeHowError
from procedures.revisions import Revision, step_line
from procedures.store import ProcedureStore


class RevisionsTab(QWidget):
    decided = Signal()  # a fix was accepted or rejected: the procedures changed

    def __init__(self, store: ProcedureStore, host: Host) -> None:
        super().__init__()
        self.store, self.host = store, host
        self.revisions: list[Revision] = []
        self.pending_model = RowsModel(["Procedure", "What broke", "Verified runs", "Steps before → after"])
        self.pending_proxy = NaturalSortProxy(self.pending_model)
        self.pending_view = make_table(self.pending_proxy, stretch=1, sortable=True, caps={0: 420})
        self.pending_view.selectionModel().selectionChanged.connect(self.show_selected)
        self.diff_model = SideBySideRows(["Stored steps", "Proposed steps"])
        self.diff_view = make_table(self.diff_model, stretch=1, elide=Qt.TextElideMode.ElideMiddle)
        show_pictures(self.diff_view)
        self.diff_view.setWordWrap(True)  # a step in words, then its action and selectors
        self.diff_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # two equal halves
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        parts = QSplitter(Qt.Orientation.Vertical)
        parts.addWidget(
            titled("Fixes learned in runs, waiting for you (a run that failed, then went through another way)", self.pending_view)
        )
        parts.addWidget(
            titled("The procedure's steps now (left) and with the fix (right); changed rows are coloured", self.diff_view)
        )
        parts.setSizes([130, 510])
        layout = QVBoxLayout(self)
        layout.addWidget(parts, 1)
        layout.addWidget(self.summary)
        buttons = button_row([("Accept the fix", self.accept), ("Reject it", self.reject)])
        self.choices = [buttons.itemAt(n).widget() for n in range(2)]
        for button in self.choices:
            button.setEnabled(False)  # until a fix is shown
        layout.addLayout(buttons)

    @Slot()
    def refresh(self) -> None:
        titles = {p.id: p.title for p in self.store.list()}
        self.revisions = [r for r in self.store.revisions.list(status="proposed") if r.procedure_id in titles]
        self.pending_model.set_rows(
            [
                (titles[r.procedure_id], r.reason or "-", r.successes, f"{len(r.base_steps)} → {len(r.steps)}")
                for r in self.revisions
            ]
        )
        self.diff_model.set_rows([])
        self.summary.setText("" if self.revisions else "No fix waits for you.")
        for button in self.choices:
            button.setEnabled(bool(self.revisions))
        if self.revisions:
            self.pending_view.selectRow(0)

    def selected(self) -> Revision | None:
        rows = self.pending_view.selectionModel().selectedRows()
        return self.revisions[self.pending_proxy.mapToSource(rows[0]).row()] if rows else None

    @Slot()
    def show_selected(self) -> None:
        revision = self.selected()
        if revision is None:
            return
        rows = steps_side_by_side(revision)
        lines = [
            (
                "" if left is None else step_line(revision.base_steps[left]),
                "" if right is None else step_line(revision.steps[right]),
            )
            for left, right, _ in rows
        ]
        words = [
            (
                "" if left is None else said_step(revision.base_steps[left]),
                "" if right is None else said_step(revision.steps[right]),
            )
            for left, right, _ in rows
        ]
        changed = {n for n, row in enumerate(rows) if row[2]}
        self.diff_model.set_rows(lines, changed, revision_pictures(self.store, revision), words)
        changes = "".join(f"\n- {change}" for change in revision.changes)  # per changed step: what the agent did, and why
        self.summary.setText(f"Why: {revision.reason or '-'}. Learned from {revision.run_dir or 'a run'}.{changes}")

    @Slot()
    def accept(self) -> None:
        revision = self.selected()
        if revision is None:
            self.host.show_error("Select a fix first.")
            return
        try:
            procedure = self.store.revisions.accept(revision.id)
        except ShowMeHowError as exc:
            self.host.show_error(f"Not accepted: {exc}")
            return
        self._decided(f"Accepted: {procedure.title!r} now plays the fixed steps.")

    @Slot()
    def reject(self) -> None:
        revision = self.selected()
        if revision is None:
            self.host.show_error("Select a fix first.")
            return
        self.store.revisions.reject(revision.id)
        self._decided("Rejected: the procedure stays as it was.")

    def _decided(self, text: str) -> None:
        self.refresh()
        self.host.show_notice(text)
        self.decided.emit()
