"""What the MCP tools return, one model per answer: their JSON schemas are the tools' output schemas.
None of them holds a secret value: secret parameters appear by name only."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from agent.results import CheckRecord, Cost, Outcome, RunResult
from app.formatting import step_summary
from core.masking import mask_values
from procedures.evidence import RunEvidence
from procedures.models import Parameter, Procedure
from procedures.runtime.checks import describe_check
from procedures.runtime.stepping import plain_error
from retrieval import Match
from retrieval.scoring import Breakdown


class ParameterInfo(BaseModel):
    """A parameter of a procedure: what to give for it."""

    name: str
    description: str = ""
    secret: bool = Field(description="the person gives it (elicitation, param_env, SHOWMEHOW_PARAM_<NAME>), never the model")
    required: bool
    allowed: list[str] = Field(default_factory=list, description="the only values it takes, when it has such a list")
    example: str | None = Field(None, description="the demonstrated value; never given for a secret")

    @classmethod
    def of(cls, param: Parameter) -> ParameterInfo:
        return cls(
            name=param.name,
            description=param.description or param.label,
            secret=param.secret,
            required=param.required,
            allowed=param.allowed,
            example=None if param.secret else param.example,
        )


class FoundProcedure(BaseModel):
    """A stored procedure that fits the task, with the values bound for it."""

    id: str
    title: str
    goal: str
    domains: list[str]
    score: float = Field(description="0..1, the weighted sum of the breakdown")
    breakdown: Breakdown = Field(description="goal: similar task; domain: same site; confidence: past runs; params: values found")
    bound: dict[str, str] = Field(description="the values bound for its parameters, secret ones left out")
    how: dict[str, str] = Field(description="where each bound value came from (the task's words, the environment, ...)")
    missing: list[str] = Field(description="required parameters with no value yet: pass them in run_procedure's params")
    secret: list[str] = Field(description="secret parameters by name: the person gives them, never run_procedure's params")
    allowed: dict[str, list[str]] = Field(description="parameters that take only these values")
    parameters: list[ParameterInfo]
    checks: int = Field(description="end checks that verify a run; with none, a run ends unverified")
    reasons: list[str]

    @classmethod
    def of(cls, match: Match, hidden: list[str]) -> FoundProcedure:
        """`hidden`: secret values the task names, masked wherever they would show."""
        procedure = match.procedure
        params = procedure.abstract.parameters
        secret = [p.name for p in params if p.secret]
        return cls(
            id=procedure.id,
            title=procedure.title,
            goal=procedure.abstract.goal,
            domains=procedure.abstract.domains,
            score=round(match.score, 4),
            breakdown=match.breakdown,
            bound={n: mask_values(v, hidden) for n, v in match.binding.values.items() if n not in secret},
            how=match.binding.sources,
            missing=match.missing,
            secret=secret,
            allowed={p.name: p.allowed for p in params if p.allowed},
            parameters=[ParameterInfo.of(p) for p in params],
            checks=len(procedure.outcome_checks()),
            reasons=[mask_values(r, hidden) for r in match.reasons()],
        )


class FoundProcedures(BaseModel):
    matches: list[FoundProcedure] = Field(description="best first; empty when no stored procedure fits")
    near_tie: list[str] = Field(
        default_factory=list,
        description="the ids of the best two when they fit the task about as well: ask which is meant, then pass procedure_id",
    )


class ProcedureSummary(BaseModel):
    id: str
    title: str
    goal: str
    domains: list[str]
    parameters: list[str]
    secret: list[str]
    uses: int
    confidence: float
    checks: int
    deprecated: bool
    source: str = Field(description="demonstration, import, devtools, merge, or agent_run: learned from a verified agent run")

    @classmethod
    def of(cls, p: Procedure) -> ProcedureSummary:
        params = p.abstract.parameters
        return cls(
            id=p.id,
            title=p.title,
            goal=p.abstract.goal,
            domains=p.abstract.domains,
            parameters=[x.name for x in params],
            secret=[x.name for x in params if x.secret],
            uses=p.runs,
            confidence=round(p.confidence, 4),
            checks=len(p.checks),
            deprecated=p.deprecated,
            source=p.source,
        )


class ProcedureList(BaseModel):
    procedures: list[ProcedureSummary]


class LearnedView(BaseModel):
    """A procedure learned from verified agent runs, waiting for the person's decision (or decided)."""

    id: str
    title: str
    status: str
    verified_runs: int
    task: str
    text: str = Field(description="the learned procedure in full, as `showmehow learned show` prints it")


class LearnedList(BaseModel):
    learned: list[LearnedView]


class StepView(BaseModel):
    number: int
    action: str
    target: str
    value: str = Field(description="a {parameter}, a literal, or •••• for a secret")


class ProcedureView(BaseModel):
    """A procedure in full: parameters, flow, steps, checks, and the same as text."""

    id: str
    title: str
    goal: str
    domains: list[str]
    parameters: list[ParameterInfo]
    flow: list[str]
    steps: list[StepView]
    checks: list[str]
    evidence: list[str] = Field(default_factory=list, description="the requests a run is judged by: each parameter's place")
    success_count: int
    failure_count: int
    deprecated: bool
    text: str

    @classmethod
    def of(cls, p: Procedure, text: str) -> ProcedureView:
        steps = [StepView(number=i, action=a, target=t, value=v) for i, (a, t, v) in enumerate(map(step_summary, p.steps), 1)]
        return cls(
            id=p.id,
            title=p.title,
            goal=p.abstract.goal,
            domains=p.abstract.domains,
            parameters=[ParameterInfo.of(x) for x in p.abstract.parameters],
            flow=p.abstract.flow,
            steps=steps,
            checks=[describe_check(c.model_dump()) for c in p.checks],
            evidence=[e.describe() for e in p.evidence],
            success_count=p.success_count,
            failure_count=p.failure_count,
            deprecated=p.deprecated,
            text=text,
        )


class StepOutcome(BaseModel):
    step: int
    source: str = Field(description="replay: played from the procedure; agent: chosen by ShowMeHow's LLM agent")
    command: str
    args: dict[str, Any] = Field(default_factory=dict, description="secret values masked")
    status: str = Field(description="ok, skipped or error")
    error: str | None = None
    url: str = ""


class RunReport(BaseModel):
    """How a run ended. outcome: verified (done, its checks passed), unverified (done, nothing checked it),
    failed (a step or a check failed), task_fault (the task's values were missing, invalid or in a form the page cannot
    take), environment (the site failed: unreachable, frozen, a popup flood), stopped."""

    outcome: Outcome
    verdict: str
    error: str | None = None
    mode: str
    procedure_id: str | None = None
    how: dict[str, str] = Field(default_factory=dict, description="where each parameter's value came from")
    steps: list[StepOutcome]
    failed_step: int | None = None
    checks: list[CheckRecord]
    final_url: str
    cost: Cost
    run_dir: str | None = None
    revision_id: str | None = Field(None, description="a fix this run learned, for the person to accept")
    learned_id: str | None = Field(None, description="a procedure this agent run taught, for the person to accept")
    learning: str = Field("", description="what this agent run taught, or why it taught nothing")
    near_tie: str = Field("", description="two procedures fit the task about as well and the first was taken: pass procedure_id")
    evidence: RunEvidence | None = Field(
        None,
        description="what the site received: kind request (the request the page sent), page (only what the pages showed)"
        " or none, and per parameter whether its value was sent at its place (never a value)",
    )

    @classmethod
    def of(cls, result: RunResult, final_url: str) -> RunReport:
        """`result` is masked already (run_task masks its secrets); `final_url` must be masked by the caller."""
        shown = result.model_copy(update={"error": plain_error(result.error)}) if result.error else result
        return cls(
            outcome=result.outcome,
            verdict=shown.verdict(),
            error=shown.error,
            mode=result.mode,
            procedure_id=result.procedure_id,
            how=result.binding,
            steps=[
                StepOutcome(
                    step=s.step, source=s.source, command=s.command, args=s.args, status=s.status, error=s.error, url=s.url
                )
                for s in result.steps
            ],
            failed_step=result.failed_step,
            checks=result.checks,
            final_url=final_url,
            cost=result.cost,
            run_dir=result.run_dir,
            revision_id=result.revision_id,
            learned_id=result.learned_id,
            learning=result.learning,
            near_tie=result.near_tie,
            evidence=result.evidence,
        )


class Recorded(BaseModel):
    """A demonstration recorded and built into a stored procedure."""

    recording_id: str
    steps: int
    merged: bool = Field(description="merged into a stored procedure of the same task, as an alternative")
    notices: list[str]
    procedure: ProcedureView
