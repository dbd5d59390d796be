"""The procedure editor: title, goal, parameters, flow and steps, validated before saving."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.table_models import RowsModel
from app.table_view import make_table
from core.errors import ShowMeHowError, describe_error
from procedures.models import Procedure
from procedures.store import ProcedureStore

YES = ("yes", "true", "1", "y")


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
        self.steps.set_rows(
            [(s.action, s.selector or "", s.value or "", s.description, s.failure_count) for s in procedure.steps],
            highlighted={i for i, s in enumerate(procedure.steps) if s.failure_count},  # the steps that broke in runs
        )
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
        layout.addWidget(QLabel("Flow (one line per step)"))
        layout.addWidget(self.flow, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

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
        try:
            return Procedure.model_validate(data)
        except ValidationError as exc:
            raise ShowMeHowError(describe_error(exc)) from exc

    def save(self) -> None:
        try:
            procedure = self.store.update(self.edited())
        except ShowMeHowError as exc:
            self.error.setText(f"Not saved: {exc}")
            return
        self.error.setText("")
        self.saved.emit(procedure.id)
        self.accept()
