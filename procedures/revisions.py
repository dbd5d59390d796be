"""A revision: a change to a procedure's steps learned from a run, which the person accepts or rejects."""

from __future__ import annotations

import difflib
import time
import uuid
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from procedures.models import Check, Parameter, Procedure, ProcedureStep
from recorder.models import SHORT

RevisionStatus = Literal["proposed", "accepted", "rejected"]


class Revision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    procedure_id: str
    status: RevisionStatus = "proposed"
    base_steps: list[ProcedureStep]  # the procedure's steps when the fix was learned
    steps: list[ProcedureStep]  # the steps it proposes
    reason: str = Field("", max_length=SHORT)  # what broke
    changes: list[str] = Field(default_factory=list, max_length=200)  # per changed step: what the agent did, and why
    parameters: list[Parameter] | None = Field(None, max_length=100)  # the procedure's parameters it proposes (None: as they are)
    checks: list[Check] | None = Field(None, max_length=200)  # the procedure's checks it proposes (None: as they are)
    successes: int = Field(1, ge=0)  # verified runs that went this way
    run_dir: str | None = None
    created_at: float = Field(default_factory=time.time)
    decided_at: float | None = None
    created_by: str = Field("", max_length=SHORT)  # the `user` setting of who proposed it (see ProcedureStore.user)
    decided_by: str = Field("", max_length=SHORT)

    def applied_to(self, procedure: Procedure) -> Procedure:
        """The procedure with this revision's steps (and parameters, when it changes them); the failures
        counted were of the steps it replaces: they are forgotten, and a procedure they deprecated is back."""
        update: dict[str, object] = {"steps": self.steps, "failure_count": 0, "deprecated": False}
        if self.parameters is not None:
            update["abstract"] = procedure.abstract.model_copy(update={"parameters": self.parameters})
        if self.checks is not None:
            update["checks"] = self.checks
        return procedure.model_copy(update=update)

    def diff(self) -> list[str]:
        """The change as a unified diff of one line per step."""
        return list(
            difflib.unified_diff(
                [step_line(s) for s in self.base_steps],
                [step_line(s) for s in self.steps],
                "stored steps",
                "proposed steps",
                lineterm="",
            )
        )


def step_line(step: ProcedureStep) -> str:
    """One step as a line of a diff: action, value, selectors in the order they are tried."""
    if step.loop is not None:
        inner = " / ".join(step_line(s) for s in [*step.loop.add, *step.loop.body])
        return f"loop over {step.loop.over}{' (optional)' if step.optional else ''}: {inner}"
    value = f" {step.value}" if step.value is not None else ""
    optional = " (optional)" if step.optional else ""
    return f"{step.action}{value}{optional} @ {' | '.join(step.selectors) or step.selector or '-'}"


def same_steps(a: list[ProcedureStep], b: list[ProcedureStep]) -> bool:
    """Whether two step lists play alike (failure counts, runs without a left-out step and times aside)."""
    ignore = {"failure_count", "left_out", "timestamp"}
    return [s.model_dump(exclude=ignore) for s in a] == [s.model_dump(exclude=ignore) for s in b]
