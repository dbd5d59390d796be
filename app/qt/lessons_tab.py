"""The Lessons tab: what the agent learned, in its two tiers (Tier 1 goes into every prompt, Tier 2 is
recalled on an error or a site), to promote to Tier 1 or forget."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.qt.host import Host
from app.qt.layouts import button_row
from app.qt.table_models import NaturalSortProxy, RowsModel
from app.qt.table_view import make_table
from core.errors import ShowMeHowError
from retrieval.lessons import Lesson, LessonStore

TIERS = {"Both tiers": None, "Tier 1: in every prompt": "1", "Tier 2: recalled on an error or a site": "2"}


class LessonsTab(QWidget):
    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host
        self.store = LessonStore()
        self.model = RowsModel(["#", "Tier", "Lesson", "Kind", "From", "Uses", "Site"])
        self.proxy = NaturalSortProxy(self.model)
        self.proxy.setFilterKeyColumn(1)
        self.view = make_table(self.proxy, stretch=2, sortable=True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # as numbered, the first first
        self.tier = QComboBox()
        self.tier.addItems(list(TIERS))
        self.tier.currentTextChanged.connect(lambda text: self.proxy.setFilterFixedString(TIERS[text] or ""))
        top = QHBoxLayout()
        top.addWidget(QLabel("Show"))
        top.addWidget(self.tier)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addLayout(button_row([("Promote to Tier 1", self.promote), ("Forget", self.forget)]))

    @Slot()
    def refresh(self) -> None:
        try:
            self.store.load()
        except ShowMeHowError as exc:
            self.host.show_error(str(exc))
            return
        tier1 = {id(lesson) for lesson in self.store.get_tier1()}
        self.model.set_rows(
            [
                (n, "1" if id(l) in tier1 else "2", l.lesson, l.category.replace("_", " "), l.source, l.use_count, l.domain or "")
                for n, l in enumerate(self.store.lessons, 1)
            ]
        )

    def selected_number(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            self.host.show_error("Select a lesson first.")
            return None
        return int(self.model.rows[self.proxy.mapToSource(rows[0]).row()][0])

    @Slot()
    def promote(self) -> None:
        self._change("Promoted", LessonStore.promote)

    @Slot()
    def forget(self) -> None:
        self._change("Forgot", LessonStore.forget)

    def _change(self, done: str, change: Callable[[LessonStore, int], Lesson]) -> None:
        number = self.selected_number()
        if number is None:
            return
        try:
            self.store.load()  # the agent may have learned since
            lesson = change(self.store, number)
        except ShowMeHowError as exc:
            self.host.show_error(str(exc))
            return
        self.refresh()
        self.host.show_notice(f"{done}: {lesson.lesson}")
