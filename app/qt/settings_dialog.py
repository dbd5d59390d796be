"""The settings dialog, with a button that tests the model connection off the GUI thread."""

from __future__ import annotations

import threading

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.formatting import assignment_text, parse_assignment_text
from core.errors import ShowMeHowError, describe_error
from core.settings import Settings, load_settings, save_settings


class _Tester(QObject):
    done = Signal(str)

    def start(self, settings: Settings) -> None:
        threading.Thread(target=self._run, args=(settings,), daemon=True).start()

    def _run(self, settings: Settings) -> None:
        from core.llm import complete

        try:
            message = complete(
                settings.model or "", [{"role": "user", "content": "Reply with OK."}], settings=settings, timeout=20
            )
            self.done.emit(f"Connected: {settings.model} answered {str(message.content or '')[:40]!r}")
        except ShowMeHowError as exc:
            self.done.emit(f"Failed: {exc}")


class SettingsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setMinimumWidth(780)  # room for URLs and parameter variables
        current = load_settings()
        self.model = QLineEdit(current.model or "")
        self.model.setPlaceholderText("e.g. openai/gpt-4o-mini (empty: no LLM)")
        self.api_base = QLineEdit(current.api_base or "")
        self.api_base.setPlaceholderText("e.g. http://127.0.0.1:8000/v1 (empty: the provider's)")
        self.api_key_env = QLineEdit(current.api_key_env)
        self.embedding_model = QLineEdit(current.embedding_model or "")
        self.embedding_model.setPlaceholderText("e.g. openai/text-embedding-3-small (empty: retrieval by words only)")
        self.chromium_path = QLineEdit(current.chromium_path or "")
        self.chromium_path.setPlaceholderText("empty: SHOWMEHOW_CHROMIUM or chromium on PATH")
        self.token_budget = QSpinBox()
        self.token_budget.setRange(100, 200_000)
        self.token_budget.setValue(current.token_budget)
        self.approval_policy = QComboBox()
        self.approval_policy.addItems(["always", "never", "unknown_sites"])
        self.approval_policy.setCurrentText(current.approval_policy)
        self.min_score = QDoubleSpinBox()
        self.min_score.setRange(0.0, 1.0)
        self.min_score.setSingleStep(0.05)
        self.min_score.setValue(current.min_score)
        self.revision_auto_accept = QSpinBox()
        self.revision_auto_accept.setRange(0, 1000)
        self.revision_auto_accept.setSpecialValueText("never: always ask")
        self.revision_auto_accept.setValue(current.revision_auto_accept)
        self.param_env = QLineEdit(assignment_text(current.param_env))
        self.param_env.setPlaceholderText(
            "e.g. password@example.org=EXAMPLE_PASSWORD (names of environment variables, never values)"
        )
        self.status = QLabel("")
        self.status.setWordWrap(True)
        test = QPushButton("Test connection")
        test.clicked.connect(self.test_connection)
        self._tester = _Tester()
        self._tester.done.connect(self.show_test_result)
        form = QFormLayout()
        form.addRow("Model", self.model)
        form.addRow("API base", self.api_base)
        form.addRow("API key variable", self.api_key_env)
        form.addRow("Embedding model", self.embedding_model)
        form.addRow("Chromium path", self.chromium_path)
        form.addRow("Token budget", self.token_budget)
        form.addRow("Approval policy", self.approval_policy)
        form.addRow("Minimum score", self.min_score)
        form.addRow("Parameter variables", self.param_env)
        form.addRow("Accept a learned fix after this many verified runs", self.revision_auto_accept)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(test)
        row.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(row)
        layout.addWidget(buttons)

    def settings(self) -> Settings:
        """The saved settings with what the dialog shows changed (settings it does not show are kept)."""
        shown = {
            "model": self.model.text().strip() or None,
            "api_base": self.api_base.text().strip() or None,
            "api_key_env": self.api_key_env.text().strip() or "OPENAI_API_KEY",
            "embedding_model": self.embedding_model.text().strip() or None,
            "chromium_path": self.chromium_path.text().strip() or None,
            "token_budget": self.token_budget.value(),
            "approval_policy": self.approval_policy.currentText(),
            "min_score": self.min_score.value(),
            "param_env": parse_assignment_text(self.param_env.text()),
            "revision_auto_accept": self.revision_auto_accept.value(),
        }
        return Settings.model_validate(load_settings().model_dump() | shown)

    @Slot()
    def test_connection(self) -> None:
        try:
            settings = self.settings()
        except (ValidationError, ShowMeHowError) as exc:
            self.status.setText(f"Invalid: {describe_error(exc)}")
            return
        if not settings.model:
            self.status.setText("Set a model first.")
            return
        self.status.setText("Testing…")
        self._tester.start(settings)

    @Slot(str)
    def show_test_result(self, text: str) -> None:
        self.status.setText(text)

    @Slot()
    def save(self) -> None:
        try:
            save_settings(self.settings())
        except (ValidationError, ShowMeHowError) as exc:
            self.status.setText(f"Not saved: {describe_error(exc)}")
            return
        self.accept()
