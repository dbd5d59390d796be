"""The current step's screenshot, as wide as there is room; a click opens it full size."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImageReader, QMouseEvent, QPixmap, QResizeEvent
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QSizePolicy, QVBoxLayout


class ScreenshotView(QLabel):
    """The current step's screenshot, as wide as there is room; a click opens it full size."""

    def __init__(self) -> None:
        super().__init__("The current step's screenshot appears here; click it to see it full size.")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setMinimumWidth(200)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)  # the picture follows the label
        self.path: str | None = None
        self.dialog: QDialog | None = None

    def show_file(self, path: str) -> None:
        self.path = path
        self.setToolTip("Click to open full size")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._scale()

    def _scale(self) -> None:
        if self.path:
            reader = QImageReader(self.path)  # decoded at the size shown: a JPEG decodes smaller directly
            shown = reader.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
            if not shown.isEmpty():
                reader.setScaledSize(shown)
            self.setPixmap(QPixmap.fromImage(reader.read()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._scale()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.path:
            self.open_full_size()

    def open_full_size(self) -> QDialog | None:
        if not self.path:
            return None
        picture = QLabel()
        picture.setPixmap(QPixmap(self.path))
        scroll = QScrollArea()
        scroll.setWidget(picture)
        self.dialog = QDialog(self.window())
        self.dialog.setWindowTitle(f"Screenshot: {Path(self.path).name}")
        QVBoxLayout(self.dialog).addWidget(scroll)
        screen = self.screen().availableGeometry()
        size = picture.sizeHint()
        self.dialog.resize(min(size.width() + 40, screen.width() - 40), min(size.height() + 40, screen.height() - 80))
        self.dialog.open()
        return self.dialog
