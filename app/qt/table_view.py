"""Table views whose columns fit their window: one column takes the room that is left, the others
are as wide as their contents up to a cap, long text is elided with the full text in its tooltip."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QSize, Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from app.qt.table_models import THUMB_HEIGHT, THUMB_WIDTH

MAX_COLUMN = 240  # px: wider contents are elided (the tooltip shows them whole)
STRETCH_MIN = 320  # px: what a column that grows with later rows leaves to the stretching one


def make_table(
    model: QAbstractItemModel,
    stretch: int,
    sortable: bool = False,
    elide: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
    caps: dict[int, int] | None = None,
) -> QTableView:
    """A view of `model` in which column `stretch` takes the width left; `caps` overrides MAX_COLUMN per column."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSortingEnabled(sortable)
    view.setWordWrap(False)
    view.setTextElideMode(elide)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(50)  # size columns by the first rows: fast with thousands
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    header.setStretchLastSection(False)

    def fit(*_: Any) -> None:
        for column in range(model.columnCount()):
            if column != stretch:
                view.resizeColumnToContents(column)
                cap = (caps or {}).get(column, MAX_COLUMN)
                header.resizeSection(column, min(header.sectionSize(column), cap))

    def grow(*_: Any) -> None:
        """Rows appended later (a run's steps) widen a column their text needs, up to its cap and as far as
        the stretching column keeps STRETCH_MIN, and never narrow one: no jumping columns, and a failed
        step's error is not cut to three letters."""
        others = [c for c in range(model.columnCount()) if c != stretch and not header.isSectionHidden(c)]
        room = view.viewport().width() - STRETCH_MIN - sum(header.sectionSize(c) for c in others)
        for column in others:
            wanted = min(view.sizeHintForColumn(column), (caps or {}).get(column, MAX_COLUMN)) - header.sectionSize(column)
            wanted = min(wanted, room) if view.isVisible() else wanted  # a view not laid out has no room to keep
            if wanted > 0:
                header.resizeSection(column, header.sectionSize(column) + wanted)
                room -= wanted

    model.modelReset.connect(fit)
    model.rowsInserted.connect(grow)
    fit()
    return view


def show_pictures(view: QTableView) -> None:
    """Rows tall enough for the models' small pictures, as wide as an element picture's shape."""
    view.verticalHeader().setDefaultSectionSize(THUMB_HEIGHT + 6)
    view.setIconSize(QSize(THUMB_WIDTH, THUMB_HEIGHT))
