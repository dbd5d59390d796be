"""The procedure editor: title, goal, parameters, flow and steps, validated before saving; and the fix
that a run learned for the procedure, as a diff to accept or reject."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.formatting import revision_text
from app.qt.table_models import RowsModel
from app.qt.table_view import make_table
from core.errors import ShowMeHowError, describe_error
from procedures.models import CHECK_KINDS, Procedure
from procedures.store import ProcedureStore

YES = ("yes", "true", "1", "y")


def button_row(buttons: list[tuple[str, Callable[[], object]]]) -> QHBoxLayout:
    """Push buttons side by side, left-aligned, each calling its slot."""
    row = QHBoxLayout()
    for label, slot in buttons:
        button = QPushButton(label)
        button.clicked.connect(slot)
        row.addWidget(button)
    row.addStretch(1)
    return row


class ProcedureEditor(QDialog):
    saved = Signal(str)  # procedure id

    def __init__(self, procedure: Procedure, store: ProcedureStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit: {procedure.title}")
        self.resize(1000, 720)
        self.procedure, self.store = procedure, store
        self.title = QLineEdit(procedure.title)
        self.goal = QLineEdit(procedure.abstract.goal)
        self.flow = QPlainTextEdit("\n".join(procedure.abstract.flow))
        self.parameters = RowsModel(["Name", "Example", "Secret", "Required", "Description"], editable={0, 1, 2, 3, 4})
        self.parameters.set_rows(
            [
                (
                    p.name,
                    "" if p.secret else (p.example or ""),
                    "yes" if p.secret else "no",
                    "yes" if p.required else "no",
                    p.description,
                )
                for p in procedure.abstract.parameters
            ]
        )
        self.steps = RowsModel(["Action", "Selector", "Value", "Description", "Failures"], editable={1, 2, 3})
        self._show_steps()
        self.checks = RowsModel(["Kind", "Expected", "Selector", "After step", "Source"], editable={0, 1, 2, 3})
        self.checks.set_rows([(c.kind, c.expected, c.selector or "", c.after_step or "", c.source) for c in procedure.checks])
        add_check, remove_check = QPushButton("Add check"), QPushButton("Remove check")
        self.check_frames = [c.frame for c in procedure.checks]  # kept as they are, row by row
        add_check.clicked.connect(self.add_check)
        add_check.setToolTip(f"Kinds: {', '.join(CHECK_KINDS)}. Use {{parameter}} placeholders; * is a wildcard.")
        remove_check.clicked.connect(self.remove_check)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Goal", self.goal)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Parameters"))
        layout.addWidget(make_table(self.parameters, stretch=4), 1)
        layout.addWidget(QLabel("Steps (failed steps are red; hover over a cell to see all of it)"))
        self.steps_view = make_table(self.steps, stretch=1, elide=Qt.TextElideMode.ElideMiddle, caps={2: 220, 3: 220})
        layout.addWidget(self.steps_view, 2)
        layout.addWidget(QLabel("Checks: what must hold after a step or at the end (kind: text, url, value or element)"))
        self.views: dict[str, QTableView] = {"Steps": self.steps_view, "Checks": make_table(self.checks, stretch=1)}
        layout.addWidget(self.views["Checks"], 1)
        check_buttons = QHBoxLayout()
        check_buttons.addWidget(add_check)
        check_buttons.addWidget(remove_check)
        check_buttons.addStretch(1)
        layout.addLayout(check_buttons)
        layout.addWidget(QLabel("Flow (one line per step)"))
        layout.addWidget(self.flow, 1)
        layout.addWidget(self._revision_box())
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _show_steps(self) -> None:
        steps = self.procedure.steps
        self.steps.set_rows(
            [(s.action, s.selector or "", s.value or "", s.description, s.failure_count) for s in steps],
            highlighted={i for i, s in enumerate(steps) if s.failure_count},  # the steps that broke in runs
        )

    def _revision_box(self) -> QWidget:
        """The newest fix learned for this procedure, if one waits: its diff, Accept and Reject."""
        self.revision = self.store.revisions.pending(self.procedure)
        box = self.revision_box = QWidget()
        box.setVisible(self.revision is not None)
        if self.revision is None:
            return box
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("A run learned a fix for this procedure (- stored steps, + proposed steps):"))
        self.revision_diff = QPlainTextEdit(revision_text(self.revision, self.procedure.title))
        self.revision_diff.setReadOnly(True)
        layout.addWidget(self.revision_diff)
        layout.addLayout(button_row([("Accept the fix", self.accept_revision), ("Reject it", self.reject_revision)]))
        return box

    def accept_revision(self) -> None:
        assert self.revision is not None
        try:
            self.procedure = self.store.revisions.accept(self.revision.id)
        except ShowMeHowError as exc:
            self.error.setText(f"Not accepted: {exc}")
            return
        self._show_steps()
        self._revision_decided("Accepted: the steps above are the fixed ones.")

    def reject_revision(self) -> None:
        assert self.revision is not None
        self.store.revisions.reject(self.revision.id)
        self._revision_decided("Rejected: the procedure stays as it was.")

    def _revision_decided(self, text: str) -> None:
        self.revision = None
        self.revision_box.setVisible(False)
        self.error.setText(text)
        self.saved.emit(self.procedure.id)

    def edited(self) -> Procedure:
        """The procedure as edited, validated; raises ShowMeHowError naming what is wrong."""
        data: dict[str, Any] = self.procedure.model_dump()
        data["title"] = self.title.text().strip()
        data["abstract"]["goal"] = self.goal.text().strip()
        data["abstract"]["flow"] = [line.strip() for line in self.flow.toPlainText().splitlines() if line.strip()]
        data["abstract"]["parameters"] = [
            {
                "name": str(name).strip(),
                "example": None if str(secret).lower() in YES or example == "" else example,
                "secret": str(secret).lower() in YES,
                "required": str(required).lower() in YES,
                "description": description,
            }
            for name, example, secret, required, description in self.parameters.rows
        ]
        for step, (_, selector, value, description, _) in zip(data["steps"], self.steps.rows):
            if selector and selector != step["selector"]:
                step["selectors"] = [selector, *[s for s in step["selectors"] if s != selector]]
            step["selector"] = selector or None
            step["value"] = None if value == "" and step["value"] is None else value
            step["description"] = description
        data["checks"] = [
            {
                "kind": str(kind).strip(),
                "expected": str(expected),
                "selector": str(selector).strip() or None,
                "after_step": int(after) if str(after).strip().isdigit() else None,
                "source": source,
                "frame": frame,
            }
            for (kind, expected, selector, after, source), frame in zip(self.checks.rows, self.check_frames)
        ]
        try:
            return Procedure.model_validate(data)
        except ValidationError as exc:
            raise ShowMeHowError(describe_error(exc)) from exc

    def add_check(self) -> None:
        self.checks.append(("text", "", "", "", "person"))
        self.check_frames.append([])

    def remove_check(self) -> None:
        """Remove the check whose row is selected."""
        selected = self.views["Checks"].selectionModel().selectedIndexes()
        if selected:
            row = selected[0].row()
            self.checks.set_rows([r for n, r in enumerate(self.checks.rows) if n != row])
            del self.check_frames[row]

    def save(self) -> None:
        try:
            procedure = self.store.update(self.edited())
        except ShowMeHowError as exc:
            self.error.setText(f"Not saved: {exc}")
            return
        self.error.setText("")
        self.saved.emit(procedure.id)
        self.accept()
