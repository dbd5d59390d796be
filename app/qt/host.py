"""What a tab asks of the window that holds it."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QMessageBox

from app.placement import Rect


class Host(Protocol):
    messages: list[QMessageBox]  # open message boxes (non-blocking)

    def show_error(self, text: str) -> None: ...

    def show_notice(self, text: str) -> None: ...

    def place_browser(self) -> Rect | None:
        """Make room for a visible browser beside the window, and have the worker open it there."""
        ...
