"""What a run reports and how a caller steers it: one typed record per step (the progress event and
the run-log line alike), the run's result, and the caller's controls."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

Mode = Literal["replay", "agent", "auto"]


class StepRecord(BaseModel):
    """One step of a run, replayed or taken by the agent; `args` never hold a secret value."""

    source: Literal["replay", "agent"]
    step: int  # 1-based, in the order the run took them
    command: str
    args: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "skipped", "error"] = "ok"
    error: str | None = None
    url: str = ""
    duration_ms: float = 0.0
    selector: str | None = None  # replay: the selector that worked
    tried: list[str] = Field(default_factory=list)  # replay: the selectors tried before it
    procedure_id: str | None = None
    screenshot: str | None = None


class RunResult(BaseModel):
    success: bool
    steps: list[StepRecord] = Field(default_factory=list)
    procedure_id: str | None = None
    error: str | None = None
    run_dir: str | None = None
    mode: Mode = "replay"
    procedures_used: list[str] = Field(default_factory=list)
    binding: dict[str, str] = Field(default_factory=dict)  # how each parameter of the replayed procedure got its value


@dataclass
class RunControls:
    """How a caller watches and steers a run: progress, approvals of risky actions, a stop request.
    Without `approve`, nobody can answer: what needs approval is refused."""

    on_progress: Callable[[StepRecord], None] | None = None
    approve: Callable[[str, dict[str, Any]], bool] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    allow_other_sites: bool = False  # replay and agent may go where no procedure was recorded without asking
    max_steps: int = 25  # guardrails of the agent loop
    max_errors: int = 3  # in a row
    max_repeats: int = 3  # the same action with the same arguments, in a row

    @property
    def ask(self) -> Callable[[str], bool] | None:
        """The person's yes or no to one question, or None when nobody can answer."""
        approve = self.approve
        return None if approve is None else (lambda question: approve(question, {}))
