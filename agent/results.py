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
    llm_tokens: int = 0  # agent: the tokens of the model call that chose this step
    llm_ms: float = 0.0  # agent: how long that call took


class Cost(BaseModel):
    """What a run cost: model calls, tokens, time waiting for the model and the whole run's time."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_seconds: float = 0.0
    seconds: float = 0.0

    def describe(self) -> str:
        tokens = self.prompt_tokens + self.completion_tokens
        calls = f"{self.llm_calls} LLM call{'' if self.llm_calls == 1 else 's'}"
        model = f", {tokens:,} tokens, {self.llm_seconds:.1f} s waiting for the model" if self.llm_calls else ""
        return f"{calls}{model}; {self.seconds:.1f} s in all"


class RunResult(BaseModel):
    success: bool
    verified: bool = False  # success that the run could check, not only the agent's word for it
    steps: list[StepRecord] = Field(default_factory=list)
    procedure_id: str | None = None
    error: str | None = None
    run_dir: str | None = None
    mode: Mode = "replay"
    procedures_used: list[str] = Field(default_factory=list)
    cost: Cost = Field(default_factory=Cost)
    revision_id: str | None = None  # the revision this run proposed or confirmed
    binding: dict[str, str] = Field(default_factory=dict)  # how each parameter of the replayed procedure got its value


@dataclass
class RunControls:
    """How a caller watches and steers a run: progress, approvals of risky actions, a stop request."""

    on_progress: Callable[[StepRecord], None] | None = None
    approve: Callable[[str, dict[str, Any]], bool] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    max_steps: int = 25  # guardrails of the agent loop
    max_errors: int = 3  # in a row
    max_repeats: int = 3  # the same action with the same arguments, in a row
