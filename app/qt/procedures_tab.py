"""The Procedures tab: the stored procedures, searchable and sortable, to edit, duplicate, delete,
deprecate, export and import."""

from __future__ import annotations

import warnings
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QFileDialog, QLineEdit, QMessageBox, QVBoxLayout, QWidget

from app.operations import Built, duplicate_procedure
from app.qt.editor import ProcedureEditor
from app.qt.host import Host
from app.qt.layouts import button_row
from app.qt.table_models import NaturalSortProxy, ProceduresModel
from app.qt.table_view import make_table
from core.errors import ShowMeHowError
from procedures.script_export import export_script
from procedures.store import ProcedureStore, SkippedRowWarning
from procedures.transfer import export_procedures, read_importable


class ProceduresTab(QWidget):
    def __init__(self, store: ProcedureStore, host: Host) -> None:
        super().__init__()
        self.store, self.host = store, host
        self.editor: ProcedureEditor | None = None
        self.procedures_model = ProceduresModel()
        self.procedures_proxy = NaturalSortProxy(self.procedures_model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search procedures")
        self.search.textChanged.connect(self.procedures_proxy.setFilterFixedString)
        # the title takes the width the others leave: they are as narrow as their headings, the domains and parameters
        # a little wider (a cell's tooltip shows it whole)
        headings = self.procedures_model.headers
        caps = {c: self.fontMetrics().horizontalAdvance(headings[c]) + 24 for c in range(1, len(headings))} | {1: 130, 2: 170}
        self.procedures_view = make_table(self.procedures_proxy, stretch=0, sortable=True, caps=caps)
        self.procedures_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # by title, A to Z, at first
        self.procedures_view.doubleClicked.connect(lambda index: self.edit_procedure())
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.procedures_view, 1)
        for row in (  # two rows, so that the window can narrow to make room for the browser
            [("Edit", self.edit_procedure), ("Duplicate", self.duplicate_procedure), ("Delete", self.delete_procedure)],
            [("Deprecate / restore", self.toggle_deprecated), ("Export JSON", self.export_json)]
            + [("Export script", self.export_playwright), ("Import", self.import_file)],
        ):
            layout.addLayout(button_row(row))

    @Slot()
    def refresh_procedures(self) -> None:
        with warnings.catch_warnings(record=True) as skipped:
            warnings.simplefilter("always", SkippedRowWarning)
            procedures = self.store.list()
        fixed = {revision.procedure_id for revision in self.store.revisions.list(status="proposed")}
        self.procedures_model.set_procedures(procedures, fixed)
        for warning in skipped:
            self.host.show_notice(str(warning.message))

    def selected_procedure_id(self) -> str | None:
        rows = self.procedures_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.procedures_model.procedures[self.procedures_proxy.mapToSource(rows[0]).row()].id

    def _selected(self) -> str | None:
        procedure_id = self.selected_procedure_id()
        if procedure_id is None:
            self.host.show_error("Select a procedure first.")
        return procedure_id

    def edit_procedure(
        self, procedure_id: str | None = None, merged: Built | None = None, new: bool = False
    ) -> ProcedureEditor | None:
        """Open the editor on a procedure (the selected one by default); `merged`: a recording just merged into it;
        `new`: built from the recording just stopped (Cancel asks whether to keep it)."""
        procedure_id = procedure_id or self._selected()
        if procedure_id is None:
            return None
        self.editor = ProcedureEditor(self.store.get(procedure_id), self.store, self.window(), merged=merged, new=new)
        self.editor.saved.connect(lambda _: self.refresh_procedures())
        self.editor.kept_apart.connect(self.kept_apart)
        self.editor.open()
        return self.editor

    @Slot(str)
    def kept_apart(self, procedure_id: str) -> None:
        self.refresh_procedures()
        self.host.show_notice("Kept as a new procedure; the other one is as it was before the merge.")
        self.edit_procedure(procedure_id)

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
            duplicate_procedure(self.store, procedure_id)
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
                self.host.show_error(f"Could not write {path}: {exc.strerror}")
                return
            self.host.show_notice(f"Exported to {path}")

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
            self.host.show_error(str(exc))
            return
        self.refresh_procedures()
        skipped = f"; {len(known)} stored already, left out" if known else ""
        self.host.show_notice(f"Imported {len(imported)} procedure(s) from {path.name}{skipped}")

    def _ask_import_copies(self, path: Path) -> None:
        text = f"Everything in {path.name} is stored already (imported before). Import copies anyway?"
        box = QMessageBox(QMessageBox.Icon.Question, "Import", text, parent=self.window())
        copies = box.addButton("Import copies", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        self.host.messages.append(box)

        def answered(_: int) -> None:
            self.host.messages.remove(box)
            if box.clickedButton() is copies:
                self.import_path(path, force=True)

        box.finished.connect(answered)
        box.open()
