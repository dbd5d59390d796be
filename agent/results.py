"""What a run reports and how a caller steers it: one typed record per step (the progress event and
the run-log line alike), the run's result, and the caller's controls."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from procedures.evidence import RunEvidence

Mode = Literal["replay", "agent", "auto"]
# verified: done and its checks passed; unverified: done, but nothing checked the result; failed: a step or
# a check failed (the procedure's fault); task_fault: the task's values were missing, invalid or in a form the
# page cannot take; environment: the site failed the run (unreachable, a page that froze, a popup flood); stopped: on request (or the window closed)
Outcome = Literal["verified", "unverified", "failed", "task_fault", "environment", "stopped"]
OUTCOME_WORDS = {
    "verified": "Succeeded, verified",
    "unverified": "Done, unverified",
    "failed": "Failed",
    "task_fault": "Failed (the task's values)",
    "environment": "Failed (the site's fault)",
    "stopped": "Stopped",
}
# why an outcome leaves the confidence of the procedure it ran as it was
NOT_COUNTED = {
    "unverified": "nothing checked that the task got done",
    "task_fault": "the task gave a value the procedure or the page cannot take, which is no fault of the procedure",
    "environment": "the site or the network failed, which is no fault of the procedure",
    "stopped": "the run was stopped before it could show anything",
    "failed": "the run's failure is not one of the procedure's steps",
}


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
    selector: str | None = None  # replay: the selector that worked; agent: the best one of the element it acted on
    tried: list[str] = Field(default_factory=list)  # replay: the selectors tried before it
    procedure_id: str | None = None
    screenshot: str | None = None
    picture: str | None = None  # a small picture of the element the step acted on
    checked: list[str] = Field(default_factory=list)  # replay: what was verified after the step
    description: str | None = None  # agent: the step in words, as the procedure step learned from it says it
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


class CheckRecord(BaseModel):
    """One end check of a run: a postcondition from the demonstration or an assertion the person added."""

    description: str
    source: str
    passed: bool
    detail: str | None = None  # "expected ..., saw ..." when it failed
    procedure_id: str | None = None


class RunResult(BaseModel):
    success: bool  # verified: done, with its checks passed (set from the outcome, whatever a caller passes)
    steps: list[StepRecord] = Field(default_factory=list)
    procedure_id: str | None = None
    error: str | None = None
    run_dir: str | None = None
    mode: Mode = "replay"
    procedures_used: list[str] = Field(default_factory=list)
    binding: dict[str, str] = Field(default_factory=dict)  # the replayed binding's sources: where each value came from
    outcome: Outcome = "failed"
    cost: Cost = Field(default_factory=Cost)
    revision_id: str | None = None  # the revision this run proposed or confirmed
    checks: list[CheckRecord] = Field(default_factory=list)
    failed_step: int | None = None  # 1-based, of a replay
    checks_left_out: list[str] = Field(default_factory=list)  # end checks that need a value the run did not have
    counted: dict[str, bool] = Field(default_factory=dict)  # by procedure: the outcome recorded on it (True: a success)
    near_tie: str = ""  # the two procedures that fit the task about as well, when the person named neither
    evidence: RunEvidence | None = None  # what the site received, per parameter, and which kind of evidence the run had
    learned_id: str | None = None  # the procedure (or revision) this agent run taught, waiting for a decision
    learning: str = ""  # what the run taught, or why it taught nothing

    @model_validator(mode="before")
    @classmethod
    def _default_outcome(cls, data: Any) -> Any:
        if isinstance(data, dict) and "outcome" not in data:
            data = {**data, "outcome": "unverified" if data.get("success") else "failed"}
        return data

    @model_validator(mode="after")
    def _success_is_verified(self) -> RunResult:
        """A caller of the API tells a success from a claim by `success` alone: only a verified run is one."""
        self.success = self.outcome == "verified"
        return self

    @property
    def verified(self) -> bool:
        return self.outcome == "verified"

    def verdict(self) -> str:
        """How the result reads to a person: "Succeeded, verified (2 checks)", "Done, unverified: ...", "Failed: ..."."""
        words = OUTCOME_WORDS[self.outcome]
        note = self.evidence.note if self.evidence is not None else None
        if self.outcome == "verified" and not self.checks and note:
            return f"{words} (by the task's own values: {note})"
        if self.outcome == "verified":
            passed = sum(c.passed for c in self.checks)
            return f"{words} ({passed} check{'s' if passed != 1 else ''} passed{'; ' + note if note else ''})"
        if self.outcome == "unverified" and note:
            return f"{words}: {note}"
        if self.outcome == "unverified":
            return f"{words}: no check says the task got done (add one with `showmehow assert`)"
        return f"{words}: {self.error}" if self.error else words

    def confidence(self) -> str:
        """What the run did to the confidence of the procedures it used, and why, in a person's words."""
        lowered = [pid for pid, success in self.counted.items() if not success]
        if lowered:
            where = f", which broke at step {self.failed_step}" if self.failed_step is not None else ""
            return f"Confidence lowered: the procedure's own fault{where}"
        if self.counted:
            return "Confidence raised: a verified run"
        return f"Confidence unchanged: {NOT_COUNTED.get(self.outcome, 'nothing was run')}"


@dataclass
class RunControls:
    """How a caller watches and steers a run: progress, approvals of risky actions, a stop request.
    Without `approve`, nobody can answer: what needs approval is refused."""

    on_progress: Callable[[StepRecord], None] | None = None
    approve: Callable[[str, dict[str, Any]], bool] | None = None
    # a value asked of the person (the question, whether it is secret): their answer, or None; None: nobody can answer
    provide: Callable[[str, bool], str | None] | None = None
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
