"""The settings dialog, with a button that tests the model connection off the GUI thread."""

from __future__ import annotations

import getpass
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


APPROVAL_CHOICES = {  # the approval policy's ids, in words
    "always": "Always ask me first",
    "unknown_sites": "Ask me only on sites I recorded nothing on",
    "never": "Never ask: the agent acts on its own",
}


class SettingsDialog(QDialog):
    """Every setting `showmehow config` lists, in plain words; a setting's own description is its tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setMinimumWidth(900)  # room for URLs and parameter variables
        current = load_settings()
        self._make_fields(current)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        test = QPushButton("Test connection")
        test.clicked.connect(self.test_connection)
        self._tester = _Tester()
        self._tester.done.connect(self.show_test_result)
        self.rows: dict[str, tuple[str, QWidget]] = {  # setting -> (its label, its field), in the order shown
            "model": ("Language model", self.model),
            "api_base": ("Server address (API base)", self.api_base),
            "api_key_env": ("Variable holding the API key", self.api_key_env),
            "llm_timeout": ("Give up on the model after", self.llm_timeout),
            "embedding_model": ("Model for finding procedures by meaning", self.embedding_model),
            "chromium_path": ("Chromium program", self.chromium_path),
            "token_budget": ("Room for procedures in the agent's prompt", self.token_budget),
            "approval_policy": ("Before a risky action (paying, sending, deleting)", self.approval_policy),
            "min_score": ("How well a procedure must fit a task (0 to 1)", self.min_score),
            "param_env": ("Variables holding parameter values (names, never values)", self.param_env),
            "revision_auto_accept": ("Accept a learned fix by itself after", self.revision_auto_accept),
            "learned_auto_accept": ("Accept a procedure learned from agent runs by itself after", self.learned_auto_accept),
            "mcp_max_runs": ("Runs played at once for other agents (MCP)", self.mcp_max_runs),
            "store": ("Team store (PostgreSQL URL, no password)", self.store),
            "user": ("Your name in the team store", self.user),
        }
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name, (label, field) in self.rows.items():
            field.setToolTip(f"{name}: {Settings.model_fields[name].description}")
            form.addRow(label, field)
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

    def _make_fields(self, current: Settings) -> None:
        """A field for each setting shown, holding its current value."""
        self.model = QLineEdit(current.model or "")
        self.model.setPlaceholderText("e.g. openai/gpt-4o-mini; empty: no LLM")
        self.api_base = QLineEdit(current.api_base or "")
        self.api_base.setPlaceholderText("e.g. http://127.0.0.1:8000/v1; empty: the provider's")
        self.api_key_env = QLineEdit(current.api_key_env)
        self.embedding_model = QLineEdit(current.embedding_model or "")
        self.embedding_model.setPlaceholderText("e.g. openai/text-embedding-3-small; empty: by words only")
        self.chromium_path = QLineEdit(current.chromium_path or "")
        self.chromium_path.setPlaceholderText("empty: SHOWMEHOW_CHROMIUM, else chromium on PATH")
        self.token_budget = QSpinBox()
        self.token_budget.setRange(100, 200_000)
        self.token_budget.setSuffix(" tokens")
        self.token_budget.setValue(current.token_budget)
        self.approval_policy = QComboBox()
        for policy, words in APPROVAL_CHOICES.items():
            self.approval_policy.addItem(words, policy)
        self.approval_policy.setCurrentIndex(self.approval_policy.findData(current.approval_policy))
        self.min_score = QDoubleSpinBox()
        self.min_score.setRange(0.0, 1.0)
        self.min_score.setSingleStep(0.05)
        self.min_score.setValue(current.min_score)
        self.revision_auto_accept = _runs_box(current.revision_auto_accept)
        self.learned_auto_accept = _runs_box(current.learned_auto_accept)
        self.llm_timeout = QDoubleSpinBox()
        self.llm_timeout.setRange(1.0, 3600.0)
        self.llm_timeout.setSuffix(" s")
        self.llm_timeout.setValue(current.llm_timeout)
        self.mcp_max_runs = QSpinBox()
        self.mcp_max_runs.setRange(1, 16)
        self.mcp_max_runs.setSuffix(" at once")
        self.mcp_max_runs.setValue(current.mcp_max_runs)
        self.store = QLineEdit(current.store or "")
        self.store.setPlaceholderText("e.g. postgresql://me@db.example.org/team; empty: this computer's own file")
        self.user = QLineEdit(current.user or "")
        self.user.setPlaceholderText(f"empty: {getpass.getuser()}")
        self.param_env = QLineEdit(assignment_text(current.param_env))
        self.param_env.setPlaceholderText("e.g. password@example.org=EXAMPLE_PASSWORD")

    def settings(self) -> Settings:
        """The saved settings with what the dialog shows changed (settings it does not show are kept)."""
        shown = {
            "model": self.model.text().strip() or None,
            "api_base": self.api_base.text().strip() or None,
            "api_key_env": self.api_key_env.text().strip() or "OPENAI_API_KEY",
            "embedding_model": self.embedding_model.text().strip() or None,
            "chromium_path": self.chromium_path.text().strip() or None,
            "token_budget": self.token_budget.value(),
            "approval_policy": self.approval_policy.currentData(),
            "min_score": self.min_score.value(),
            "param_env": parse_assignment_text(self.param_env.text()),
            "revision_auto_accept": self.revision_auto_accept.value(),
            "learned_auto_accept": self.learned_auto_accept.value(),
            "llm_timeout": self.llm_timeout.value(),
            "mcp_max_runs": self.mcp_max_runs.value(),
            "store": self.store.text().strip() or None,
            "user": self.user.text().strip() or None,
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


def _runs_box(value: int) -> QSpinBox:
    """A number of verified runs after which something learned is accepted by itself (0: never, always ask)."""
    box = QSpinBox()
    box.setRange(0, 1000)
    box.setSpecialValueText("never: always ask me")
    box.setSuffix(" verified runs")
    box.setValue(value)
    return box
