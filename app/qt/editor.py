"""The procedure editor: title, goal, parameters, flow and steps, validated before saving; and the fix
that a run learned for the procedure, as a diff to accept or reject."""

from __future__ import annotations

import html
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.formatting import revision_text
from app.operations import Built, keep_as_new
from app.qt.layouts import button_row, titled
from app.qt.table_models import PicturedRows, RowsModel
from app.qt.table_view import make_table, show_pictures
from app.step_pictures import recorded_pictures
from core.errors import ShowMeHowError, describe_error
from procedures.building.flow import flow_of
from procedures.models import CHECK_KINDS, Procedure, ProcedureStep
from procedures.store import ProcedureStore, provenance

YES = ("yes", "true", "1", "y")


REVISION_LINES = 7  # of a pending fix's text shown at once; it scrolls, and the Revisions tab shows it whole


KEEP_OR_DISCARD = (
    "This procedure was built from the recording you just stopped, and is stored. Keep it as it was built (your "
    "edits here are not saved), or discard it?"
)


def roomy(widget: QWidget) -> QSize:
    """A default size with room for the steps: most of the screen, at least 1180 by 760 where the screen has it."""
    screen = widget.screen().availableGeometry()
    width, height = max(1180, int(screen.width() * 0.85)), max(760, int(screen.height() * 0.85))
    return QSize(min(width, screen.width()), min(height, screen.height()))


class ProcedureEditor(QDialog):
    saved = Signal(str)  # procedure id
    kept_apart = Signal(str)  # the id of a recording's procedure after "Keep as a new procedure"

    def __init__(
        self,
        procedure: Procedure,
        store: ProcedureStore,
        parent: QWidget | None = None,
        merged: Built | None = None,
        new: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit: {procedure.title}")
        self.resize(roomy(self))
        self.procedure, self.store, self.merged = procedure, store, merged
        self.new = new  # built from the recording just stopped: Cancel asks whether to keep it
        self.discard_box: QMessageBox | None = None
        self.title = QLineEdit(procedure.title)
        self.goal = QLineEdit(procedure.abstract.goal)
        self.flow = QPlainTextEdit("\n".join(procedure.abstract.flow))
        self._make_models(procedure)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Goal", self.goal)
        form.addRow("Saved", QLabel(provenance(procedure)))
        form.addRow("Source", QLabel(procedure.source))
        parts = self._panes()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        uncovered = procedure.uncovered_parameters()
        self.coverage = QLabel(
            f"No check covers: {', '.join(uncovered)}" if uncovered else "Every parameter is covered by a check"
        )
        layout.addWidget(self._merge_box())
        layout.addWidget(self._revision_box())
        layout.addWidget(parts, 1)
        layout.addWidget(self.coverage)
        sent = "; ".join(e.describe() for e in procedure.evidence) or "none (runs are judged by the pages)"
        layout.addWidget(QLabel(f"Evidence from the network: {sent}", wordWrap=True))
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def reject(self) -> None:
        """Cancel: a procedure just built from a recording is kept or discarded as the person says."""
        if not self.new:
            super().reject()
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Keep the new procedure?", KEEP_OR_DISCARD, parent=self)
        keep = box.addButton("Keep it", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Discard it", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Go back", QMessageBox.ButtonRole.RejectRole)
        box.finished.connect(lambda _: self._kept_or_discarded(box.clickedButton(), keep, discard))
        self.discard_box = box
        box.open()

    def _kept_or_discarded(self, clicked: object, keep: object, discard: object) -> None:
        if clicked is discard:
            self.store.delete(self.procedure.id)
            self.saved.emit(self.procedure.id)  # the list shows it gone
        if clicked in (keep, discard):
            self.new = False
            super().reject()

    def _make_models(self, procedure: Procedure) -> None:
        """The table models of the procedure's parameters, steps and checks."""
        self.parameters = RowsModel(
            ["Name", "Example", "Allowed values", "Secret", "Required", "Description"], editable={0, 1, 3, 4, 5}
        )
        self.parameters.set_rows(
            [
                (
                    p.name,
                    "" if p.secret else (p.example or ""),
                    ", ".join(p.allowed),
                    "yes" if p.secret else "no",
                    "yes" if p.required else "no",
                    p.description,
                )
                for p in procedure.abstract.parameters
            ]
        )
        self.steps = PicturedRows(["Action", "Selector", "Value", "Step", "Failures"], pictured=3, editable={1, 2, 3})
        self.steps.said = {3}  # the step in words: "Choose <the flavour>", edited as "Choose {flavour}"
        self._show_steps()
        self.steps.dataChanged.connect(self._steps_changed)
        self.checks = RowsModel(["Kind", "Expected", "Selector", "After step", "Source"], editable={0, 1, 2, 3})
        self.checks.said = {1, 2}  # what it expects and where: "Welcome <the username>", edited as "Welcome {username}"
        self.checks.set_rows([(c.kind, c.expected, c.selector or "", c.after_step or "", c.source) for c in procedure.checks])
        self.check_frames = [c.frame for c in procedure.checks]  # kept as they are, row by row

    def _panes(self) -> QSplitter:
        """Parameters over steps over checks beside the flow, each pane resizable."""
        self.steps_view = make_table(self.steps, stretch=1, elide=Qt.TextElideMode.ElideMiddle, caps={2: 220, 3: 420})
        if self.steps.pictures:
            show_pictures(self.steps_view)
            self.steps_view.setWordWrap(True)  # the step in words beside its picture
        for visual, column in enumerate((3, 2, 0, 4)):  # the step in words first, its selector last
            self.steps_view.horizontalHeader().moveSection(self.steps_view.horizontalHeader().visualIndex(column), visual)
        self.views: dict[str, QTableView] = {"Steps": self.steps_view, "Checks": make_table(self.checks, stretch=1)}
        checks = titled(
            "Checks: what must hold after a step or at the end (text, url, value or element)",
            self.views["Checks"],
            button_row([("Add check", self.add_check), ("Remove check", self.remove_check)]),
        )
        checks.setToolTip(f"Kinds: {', '.join(CHECK_KINDS)}. Use {{parameter}} placeholders; * is a wildcard.")
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(checks)
        lower.addWidget(titled("Flow: one line per step, written again from the steps when they change", self.flow))
        lower.setSizes([640, 520])
        parts = QSplitter(Qt.Orientation.Vertical)
        parts.addWidget(titled("Parameters: what a task chooses", make_table(self.parameters, stretch=5, caps={2: 260})))
        parts.addWidget(titled("Steps (failed steps are red; the selector is the last column, whole on hover)", self.steps_view))
        parts.addWidget(lower)
        rows = self.parameters.rowCount()
        parts.setSizes([min(200, 70 + 24 * max(rows, 2)), 400, 180])  # the parameters' rows, the rest for the steps
        return parts

    def _merge_box(self) -> QWidget:
        """After a recording merged into this procedure: what happened, and a way to keep it apart."""
        box = self.merge_box = QWidget()
        if self.merged is None:
            box.hide()
            return box
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.merge_note = QLabel(
            f"This recording repeats the stored procedure <b>{html.escape(self.procedure.title, quote=False)}</b>: it was merged into "
            "it, its differing steps kept as alternatives. If it is another task, keep it apart."
        )
        self.merge_note.setWordWrap(True)
        box.setStyleSheet("background: #fff4d6")
        layout.addWidget(self.merge_note, 1)
        layout.addLayout(button_row([("Keep as a new procedure", self.keep_as_new)]))
        return box

    def keep_as_new(self) -> None:
        """Undo the merge: the stored procedure as it was, and the recording as a procedure of its own."""
        assert self.merged is not None
        new_id = keep_as_new(self.store, self.merged)
        self.merged = None
        self.merge_box.setVisible(False)
        self.kept_apart.emit(new_id)
        self.reject()

    def _steps_changed(self) -> None:
        self.flow.setPlainText("\n".join(flow_of(self._edited_steps())))

    def _edited_steps(self) -> list[ProcedureStep]:
        """The steps with what the table shows (what `edited` validates)."""
        return [s.model_copy(update={"description": row[3]}) for s, row in zip(self.procedure.steps, self.steps.rows)]

    def _show_steps(self) -> None:
        steps = self.procedure.steps
        self.steps.set_rows(
            [(s.action, s.selector or "", s.value or "", s.description, s.failure_count) for s in steps],
            highlighted={i for i, s in enumerate(steps) if s.failure_count},  # the steps that broke in runs
        )
        for index, picture in recorded_pictures(self.store, self.procedure.recording_id, steps).items():
            self.steps.set_picture(index, picture)

    def _revision_box(self) -> QWidget:
        """The newest fix learned for this procedure, if one waits: its diff, Accept and Reject."""
        self.revision = self.store.revisions.pending(self.procedure)
        box = self.revision_box = QWidget()
        if self.revision is None:
            box.hide()
            return box
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("A run learned a fix for this procedure (- stored steps, + proposed steps):"))
        self.revision_diff = QPlainTextEdit(revision_text(self.revision, self.procedure.title))
        self.revision_diff.setReadOnly(True)
        self.revision_diff.setMaximumHeight(self.fontMetrics().lineSpacing() * REVISION_LINES)  # the steps keep their room
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
        self._steps_changed()
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
            | {"allowed": parameter.allowed, "kind": parameter.kind, "label": parameter.label, "setting": parameter.setting}
            for (name, example, _, secret, required, description), parameter in zip(
                self.parameters.rows, self.procedure.abstract.parameters
            )
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
