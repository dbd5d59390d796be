"""A replay's evidence from the network: the requests its pages sent, watched while it plays, and the verdict
they give beside the page checks (procedures.evidence judges them).

A run is verified only when its page checks pass and, wherever the demonstration sent a request, the run's
request carried the task's values at their places. A run whose request carried something else, or that the
site answered with an error status, failed whatever its pages show. When only end checks failed while the
request carried exactly the task's values, the checks were wrong: the run is verified with a note, and a
revision proposes removing them. Request bodies are held in memory during the run and never kept."""

from __future__ import annotations

from typing import Any

from procedures.evidence import RunEvidence, judge_requests
from procedures.models import Check, Procedure
from procedures.revisions import Revision
from procedures.runtime.checks import describe_check
from procedures.runtime.sending import RequestWatch, covers
from procedures.store import ProcedureStore


def run_evidence(procedure: Procedure, watch: RequestWatch, values: dict[str, str], page: Any, start: int = 0) -> RunEvidence:
    """What the requests the run sent say of its values, where the demonstration's requests had them: those sent by
    the steps this replay played (from `start`, 0-based; what an agent did before is not watched)."""
    watch.settle(page)
    examples = {p.name: p.example for p in procedure.abstract.parameters}
    steps = [s.model_dump() for s in procedure.steps]
    played = [e for e in procedure.evidence if e.step is None or e.step > start]
    return judge_requests(played, watch.seen, values, examples, steps)


def verdict(
    outcome: str, procedure: Procedure, evidence: RunEvidence, values: dict[str, str], only_checks_failed: bool
) -> tuple[str, str | None]:
    """The outcome the run's page checks gave (`outcome`), weighed with its request evidence, and why it changed.
    `only_checks_failed`: every step ran and the run failed by end checks alone."""
    if outcome not in ("verified", "unverified", "failed"):
        return outcome, None
    if evidence.error_status is not None:
        return "failed", f"the site answered {evidence.error_status} to what the page sent"
    if not procedure.evidence or not (evidence.parameters or evidence.problems):  # nothing to judge by requests
        evidence.kind = "page" if outcome == "verified" else "none"
        return outcome, None
    if evidence.contradicts:
        wrong = "; ".join(
            [line for line in evidence.lines() if " NOT " in line or "demonstration's value" in line] + evidence.mismatches
        )
        return "failed", f"the site did not receive the task's values: {wrong}"
    if not evidence.exact:
        if outcome == "verified":
            evidence.kind = "page" if evidence.parameters else "none"
            return "unverified", f"no request evidence: {'; '.join(evidence.problems)}"
        return outcome, None
    steps = [s.model_dump() for s in procedure.steps]
    if outcome == "failed" and only_checks_failed and covers(evidence.model_dump(), steps, values):
        return "verified", "an end check failed, but the site received exactly the task's values: the check is wrong"
    return outcome, None


def disputed(outcome: str, evidence: RunEvidence | None) -> bool:
    """A failure that the request evidence does not agree with: the site received exactly the task's values."""
    return outcome == "failed" and evidence is not None and evidence.exact


def propose_check_removal(
    store: ProcedureStore, procedure: Procedure, wrong: list[Check], run_dir: str | None
) -> Revision | None:
    """A revision removing the end checks `wrong` that failed a run whose request carried exactly the task's values;
    None when none of them is stored any more."""
    kept = [c for c in procedure.checks if c not in wrong]
    if len(kept) == len(procedure.checks):
        return None
    return store.revisions.propose(
        Revision(
            procedure_id=procedure.id,
            base_steps=procedure.steps,
            steps=procedure.steps,
            checks=kept,
            reason="end checks failed a run whose request carried exactly the task's values",
            changes=[f"remove the check {describe_check(c.model_dump())}: the site received the task's values" for c in wrong],
            run_dir=run_dir,
        )
    )
