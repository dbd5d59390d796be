"""Small layouts the tabs share: a titled pane, a row of buttons."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


def titled(title: str, *parts: QWidget | QHBoxLayout) -> QWidget:
    """A title over widgets and rows of buttons, as one widget (a splitter's pane)."""
    pane = QWidget()
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(0, 4, 0, 0)
    label = QLabel(title)
    label.setWordWrap(True)  # a narrow window wraps it rather than grow
    layout.addWidget(label)
    for part in parts:
        layout.addLayout(part) if isinstance(part, QHBoxLayout) else layout.addWidget(part, 1)
    return pane


def button_row(buttons: list[tuple[str, Callable[[], object]]]) -> QHBoxLayout:
    """Push buttons side by side, left-aligned, each calling its slot."""
    row = QHBoxLayout()
    for label, slot in buttons:
        button = QPushButton(label)
        button.clicked.connect(slot)
        row.addWidget(button)
    row.addStretch(1)
    return row
