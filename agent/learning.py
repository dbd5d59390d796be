"""Every verified agent run teaches: the run's trace (agent.run_trace) becomes the recording a demonstration would
have made, and the builder turns it into a procedure, as for a person's demonstration. It waits as proposed
(store.learned) until the person accepts it or enough verified runs taught it (the `learned_auto_accept`
setting); where a procedure for the same task is stored, it is proposed as a revision of it instead. A run that
is not verified, that needed the person's approval for another site, whose page changed its structure between
steps, or whose task named a value the agent never used teaches nothing, and says why."""

from __future__ import annotations

from dataclasses import dataclass

from agent.healing import accept_when_confirmed
from agent.loop import Agent
from agent.own_evidence import judge_own, task_values
from agent.run_log import RunLog
from agent.run_trace import RunTrace
from agent.secret_scope import ScopedSecret
from core.settings import Settings
from procedures import build_procedure
from procedures.evidence import RunEvidence
from procedures.learned_store import Learned
from procedures.models import Procedure
from procedures.revisions import Revision, same_steps
from procedures.store import ProcedureStore
from recorder.models import Recording


def watch_run(agent: Agent, log: RunLog, secrets: list[ScopedSecret]) -> RunTrace:
    """A trace of the agent's run, from the page it starts on."""
    values = [secret.value for secret in secrets]
    agent.trace = RunTrace(agent.page, log.masked, lambda text: any(value in text for value in values))
    return agent.trace


@dataclass
class Taught:
    """What a run's trace gave: the outcome (the task's own values decide it when no procedure's checks did),
    the evidence said, and what the run taught (`learned_id`: a learned procedure or a revision) or why not."""

    outcome: str
    error: str | None
    evidence: RunEvidence | None
    learned_id: str | None
    learning: str

    def fields(self) -> dict[str, object]:
        """What the run's result says of it."""
        return {"evidence": self.evidence, "learned_id": self.learned_id, "learning": self.learning}


def teach(
    store: ProcedureStore,
    settings: Settings,
    task: str,
    agent: Agent,
    trace: RunTrace,
    outcome: str,
    error: str | None,
    judged: bool,
) -> Taught:
    """Judge (when no procedure's checks `judged` the run) and learn from a finished agent run and its trace."""
    recording = trace.finish(task)
    evidence = None
    unused = task_values(task, recording.steps)[1]
    if not judged and outcome == "unverified":
        verdict = judge_own(task, recording, trace.sent())
        outcome, evidence = verdict.outcome, RunEvidence(kind=verdict.kind, note=verdict.reason)  # type: ignore[arg-type]
        error = verdict.reason if outcome == "failed" else error
    why = _never_teaches(outcome, agent, trace, unused, evidence)
    if why is not None:
        agent.log.memory_event({"event": "nothing_learned", "why": why})
        return Taught(outcome, error, evidence, None, f"nothing learned: {why}")
    learned_id, said = _propose(store, settings, recording, str(agent.log.dir))
    agent.log.memory_event({"event": "procedure_learned", "id": learned_id, "said": said})
    return Taught(outcome, error, evidence, learned_id, said)


def _never_teaches(outcome: str, agent: Agent, trace: RunTrace, unused: list[str], evidence: RunEvidence | None) -> str | None:
    """Why the run teaches nothing, or None when it may."""
    if outcome != "verified":
        note = f" ({evidence.note})" if evidence is not None and evidence.note else ""
        return f"the run is not verified{note}"
    if agent.state.other_sites:
        return f"the run needed the person's approval to go to {', '.join(dict.fromkeys(agent.state.other_sites))}"
    if trace.unstable is not None:
        return trace.unstable
    if unused:
        return f"the task named {', '.join(repr(v) for v in unused)}, which the agent never used"
    if not any(step.action != "navigate" for step in trace.steps):
        return "the run did nothing on the page"
    return None


def _propose(store: ProcedureStore, settings: Settings, recording: Recording, run_dir: str) -> tuple[str | None, str]:
    """The learned procedure proposed (or a revision of the stored one of the same task): its id and what was said."""
    procedure = build_procedure(recording).model_copy(update={"source": "agent_run", "recording_id": None})
    target = store.merge_target(procedure)
    if target is not None:
        return _revise(store, settings, target, procedure, run_dir)
    learned = store.learned.propose(Learned(procedure=procedure, task=recording.title, run_dir=run_dir))
    needed = settings.learned_auto_accept
    if needed and learned.successes >= needed:
        learned = store.learned.accept(learned.id, store)
        return learned.id, f"learned '{procedure.title}' and accepted it after {learned.successes} verified runs"
    return learned.id, (
        f"learned '{procedure.title}' ({learned.successes} verified run{'s' if learned.successes != 1 else ''}): "
        f"`showmehow learned show {learned.id[:8]}`, then accept or reject it"
    )


def _revise(
    store: ProcedureStore, settings: Settings, target: Procedure, procedure: Procedure, run_dir: str
) -> tuple[str | None, str]:
    """A procedure learned for a task that a stored one does: a revision of it, unless it goes the same way."""
    same = same_steps(target.steps, procedure.steps) and target.abstract.parameters == procedure.abstract.parameters
    if same:
        return None, f"nothing new: the run went as '{target.title}' goes"
    revision = store.revisions.propose(
        Revision(
            procedure_id=target.id,
            base_steps=target.steps,
            steps=procedure.steps,
            parameters=procedure.abstract.parameters,
            checks=procedure.checks,
            reason="a verified agent run did the task this way",
            changes=["the steps, parameters and checks of a verified agent run (source: agent_run)"],
            run_dir=run_dir,
        )
    )
    revision = accept_when_confirmed(store, revision, settings)
    return revision.id, f"proposed revision {revision.id[:8]} of '{target.title}' ({revision.status})"
