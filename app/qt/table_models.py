"""Qt table models for the lists the window shows: procedures, steps, run log, matches."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSize, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QImageReader, QPixmap

from app.formatting import breaks_at, step_summary
from procedures.models import Procedure
from procedures.runtime.placeholders import readable
from recorder.models import RecordedStep
from retrieval import Match

Index = QModelIndex | QPersistentModelIndex


def natural_key(value: Any) -> tuple[int, Any]:
    """How a person sorts: numbers as numbers and before text, text without regard to case, and the
    numbers inside text as numbers too ("step 9" before "step 10")."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return 0, value
    parts = re.split(r"(\d+)", "" if value is None else str(value).casefold())
    return 1, [int(part) if n % 2 else part for n, part in enumerate(parts)]


class NaturalSortProxy(QSortFilterProxyModel):
    """Sorts a RowsModel's raw values (its UserRole) by `natural_key`; filters on every column, ignoring case."""

    def __init__(self, source: QAbstractTableModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def lessThan(self, left: Index, right: Index) -> bool:  # noqa: N802 (Qt's name)
        # the source model's own data(), not index.data(): PySide6 6.12 loses a reference to None each
        # time index.data() brings None back to Python, and the interpreter aborts after some thousands
        source, role = self.sourceModel(), self.sortRole()
        return natural_key(source.data(left, role)) < natural_key(source.data(right, role))


class RowsModel(QAbstractTableModel):
    """A table of rows (tuples) with some rows highlighted; the `editable` columns can be edited."""

    def __init__(self, headers: list[str], editable: set[int] | None = None) -> None:
        super().__init__()
        self.headers = headers
        self.editable = editable or set()
        self.rows: list[tuple[Any, ...]] = []
        self.highlighted: set[int] = set()
        self.said: set[int] = set()  # columns of texts with {placeholders}: shown in words, edited as written

    def set_rows(self, rows: list[tuple[Any, ...]], highlighted: set[int] | None = None) -> None:
        self.beginResetModel()
        self.rows = rows
        self.highlighted = highlighted or set()
        self.endResetModel()

    def append(self, row: tuple[Any, ...], highlight: bool = False) -> None:
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows))
        self.rows.append(row)
        if highlight:
            self.highlighted.add(len(self.rows) - 1)
        self.endInsertRows()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self.rows[index.row()][index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole):
            text = f"{value:.2f}" if isinstance(value, float) else ("" if value is None else str(value))
            return readable(text) if index.column() in self.said and role != Qt.ItemDataRole.EditRole else text
        if role == Qt.ItemDataRole.UserRole:
            return value  # the raw value, for sorting
        if role == Qt.ItemDataRole.BackgroundRole and index.row() in self.highlighted:
            return QBrush(QColor("#ffe0e0"))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.column() in self.editable else base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or index.column() not in self.editable or role != Qt.ItemDataRole.EditRole:
            return False
        row = list(self.rows[index.row()])
        row[index.column()] = value
        self.rows[index.row()] = tuple(row)
        self.dataChanged.emit(index, index, [role])
        return True

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None


THUMB_HEIGHT = 54  # px: a picture's height in a row
THUMB_WIDTH = 3 * THUMB_HEIGHT  # px: and its width at most, the rest of the cell is the text's


def thumbnail_of(path: str) -> QPixmap:
    """A picture scaled down to a row's height at most, and cut to THUMB_WIDTH from its left (a label and the
    start of a field, the heading of a page) rather than shrunk until nothing can be read."""
    reader = QImageReader(path)
    size = reader.size()
    if size.height() > THUMB_HEIGHT:  # decoded at the row's size (a JPEG decodes smaller directly)
        reader.setScaledSize(QSize(max(1, size.width() * THUMB_HEIGHT // size.height()), THUMB_HEIGHT))
    picture = QPixmap.fromImage(reader.read())
    return picture.copy(0, 0, min(THUMB_WIDTH, picture.width()), picture.height())


class PicturedRows(RowsModel):
    """Rows with a small picture in the `pictured` column: the element a step acted on, or a page."""

    THUMB_HEIGHT = THUMB_HEIGHT

    def __init__(self, headers: list[str], pictured: int, editable: set[int] | None = None) -> None:
        super().__init__(headers, editable)
        self.pictured = pictured
        self.pictures: dict[int, str] = {}  # row -> picture file
        self.thumbnails: dict[int, QPixmap] = {}

    def set_rows(self, rows: list[tuple[Any, ...]], highlighted: set[int] | None = None) -> None:
        self.pictures, self.thumbnails = {}, {}
        super().set_rows(rows, highlighted)

    def set_picture(self, row: int, path: str | None) -> None:
        if path is None:
            return
        self.pictures[row] = path
        self.thumbnails.pop(row, None)
        if row < len(self.rows):
            self.dataChanged.emit(
                self.index(row, self.pictured), self.index(row, self.pictured), [Qt.ItemDataRole.DecorationRole]
            )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and index.column() == self.pictured and role == Qt.ItemDataRole.DecorationRole:
            return self.thumbnail(index.row())
        return super().data(index, role)

    def thumbnail(self, row: int) -> QPixmap | None:
        """The row's picture, scaled down once (the view asks for it at every repaint)."""
        if row not in self.pictures:
            return None
        if row not in self.thumbnails:
            self.thumbnails[row] = thumbnail_of(self.pictures[row])
        return self.thumbnails[row]


class SideBySideRows(RowsModel):
    """Rows of cells side by side, each cell with the small picture of what it names when there is one, and
    shown in the `words` given for it over its own text (which its tooltip shows whole)."""

    THUMB_HEIGHT = THUMB_HEIGHT

    def __init__(self, headers: list[str]) -> None:
        super().__init__(headers)
        self.pictures: dict[tuple[int, int], str] = {}  # (row, column) -> picture file
        self.thumbnails: dict[tuple[int, int], QPixmap] = {}
        self.words: list[tuple[str, ...]] = []

    def set_rows(
        self,
        rows: list[tuple[Any, ...]],
        highlighted: set[int] | None = None,
        pictures: list[tuple[str | None, ...]] | None = None,
        words: list[tuple[str, ...]] | None = None,
    ) -> None:
        """`pictures`: by row, the picture file of each cell (None: none); `words`: by row, each cell in words."""
        self.thumbnails = {}
        self.pictures = {(r, c): path for r, cells in enumerate(pictures or []) for c, path in enumerate(cells) if path}
        self.words = words or []
        super().set_rows(rows, highlighted)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and role == Qt.ItemDataRole.DecorationRole:
            return self.thumbnail(index.row(), index.column())
        if index.isValid() and role == Qt.ItemDataRole.DisplayRole and index.row() < len(self.words):
            said, text = self.words[index.row()][index.column()], self.rows[index.row()][index.column()]
            return f"{said}\n{text}" if said and text else text
        return super().data(index, role)

    def thumbnail(self, row: int, column: int) -> QPixmap | None:
        if (row, column) not in self.pictures:
            return None
        if (row, column) not in self.thumbnails:
            self.thumbnails[row, column] = thumbnail_of(self.pictures[row, column])
        return self.thumbnails[row, column]


class RunLogModel(PicturedRows):
    """A run's steps as they go: the step in words with a picture of the element it acted on (of the page,
    for a failed step), its status and checks; the command and its arguments (selectors) come last."""

    WORDS = 6

    def __init__(self) -> None:
        super().__init__(["Step", "Source", "Command", "Arguments", "Status", "Error", "What it did", "Checks"], self.WORDS)
        self.pages: list[str | None] = []  # by row: the page's screenshot after the step

    def set_rows(self, rows: list[tuple[Any, ...]], highlighted: set[int] | None = None) -> None:
        self.pages = [None] * len(rows)
        super().set_rows(rows, highlighted)

    def add(self, row: tuple[Any, ...], picture: str | None = None, page: str | None = None, highlight: bool = False) -> None:
        self.pages.append(page)
        if picture is not None:
            self.pictures[len(self.rows)] = picture
        self.append(row, highlight)


class StepsModel(PicturedRows):
    """A recording's steps as they come, each with a picture of its element once taken."""

    def __init__(self) -> None:
        super().__init__(["Action", "Target", "Value"], pictured=1)

    def set_steps(self, steps: list[RecordedStep]) -> None:
        """The steps so far; the pictures taken stay (a step grows as the person types, it is not replaced)."""
        pictures = self.pictures
        self.set_rows([step_summary(s) for s in steps])
        self.pictures = {row: path for row, path in pictures.items() if row < len(steps)}


class ProceduresModel(RowsModel):
    """One row per procedure; the procedures themselves are kept for the editor and actions."""

    SUCCESS_RATE = 4

    def __init__(self) -> None:
        super().__init__(
            ["Title", "Domains", "Parameters", "Uses", "Success rate", "Confidence", "Breaks at", "Checks", "Deprecated"]
            + ["Fix waiting"]
        )
        self.procedures: list[Procedure] = []

    def set_procedures(self, procedures: list[Procedure], fixed: set[str] | None = None) -> None:
        """`fixed`: ids of the procedures for which a learned fix waits (see the Revisions tab)."""
        self.procedures = procedures
        rows = []
        for p in procedures:
            rate = p.success_count / p.uses if p.uses else -1.0  # -1: never used (sorts first, shown as "-")
            rows.append(
                (
                    p.title,
                    ", ".join(p.abstract.domains),
                    ", ".join(p.parameter_names),
                    p.runs,
                    rate,
                    p.confidence,
                    breaks_at(p),
                    len(p.checks) or "none: runs end unverified",
                    "yes" if p.deprecated else "",
                    "yes" if p.id in (fixed or set()) else "",
                )
            )
        self.set_rows(rows, highlighted={i for i, p in enumerate(procedures) if p.deprecated})

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            index.isValid()
            and index.column() == self.SUCCESS_RATE
            and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
        ):
            rate = self.rows[index.row()][self.SUCCESS_RATE]
            return "-" if rate < 0 else f"{rate:.0%}"
        return super().data(index, role)


class MatchesModel(RowsModel):
    """Matched procedures with their score breakdown; a check box chooses which ones the run uses."""

    def __init__(self) -> None:
        super().__init__(["Use", "Procedure", "Score", "Goal", "Domain", "Confidence", "Params"])
        self.matches: list[Match] = []
        self.chosen: list[bool] = []

    def set_matches(self, matches: list[Match]) -> None:
        self.matches, self.chosen = matches, [True] * len(matches)
        b = [m.breakdown for m in matches]
        self.set_rows([("", m.procedure.title, m.score, x.goal, x.domain, x.confidence, x.params) for m, x in zip(matches, b)])

    def chosen_ids(self) -> list[str]:
        return [m.procedure.id for m, use in zip(self.matches, self.chosen) if use]

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsUserCheckable if index.column() == 0 else base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and index.column() == 0 and role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if self.chosen[index.row()] else Qt.CheckState.Unchecked
        return super().data(index, role)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if index.isValid() and index.column() == 0 and role == Qt.ItemDataRole.CheckStateRole:
            self.chosen[index.row()] = Qt.CheckState(value) == Qt.CheckState.Checked
            self.dataChanged.emit(index, index, [role])
            return True
        return False
