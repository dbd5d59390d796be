"""Which picture shows each step of a procedure or of a proposed fix: the one taken while the person recorded
it, or the one a run took of the element it acted on."""

from __future__ import annotations

from agent.results import StepRecord
from agent.run_log import run_records
from app.formatting import steps_side_by_side
from procedures.models import ProcedureStep
from procedures.revisions import Revision
from procedures.store import ProcedureStore
from recorder.pictures import recording_pictures, step_picture_file


def recorded_pictures(store: ProcedureStore, recording_id: str | None, steps: list[ProcedureStep]) -> dict[int, str]:
    """The pictures taken while recording, by step, when `steps` are still the recording's, one for one."""
    folder = recording_pictures(recording_id) if recording_id else None
    if folder is None or not folder.is_dir():
        return {}
    counts = {rid: count for rid, _, _, count in store.recordings.summaries()}
    if counts.get(recording_id) != len(steps):
        return {}
    files = {index: step_picture_file(folder, index) for index in range(len(steps))}
    return {index: str(path) for index, path in files.items() if path.exists()}


def revision_pictures(store: ProcedureStore, revision: Revision) -> list[tuple[str | None, str | None]]:
    """For each row of the revision's side-by-side steps (see steps_side_by_side), the picture of the stored
    step and of the proposed one. A stored step: the recording's picture, else the one the run that learned
    the fix took when it replayed that step. A proposed step: the picture of that step as the run did it, the
    agent's step it was learned from (the agent's steps in order, each for one step) or the stored step as
    replay played it; none when the run did not do it. Never a picture found by a selector alone, which on
    another page can be another element."""
    procedure = store.get(revision.procedure_id)
    recorded = recorded_pictures(store, procedure.recording_id, revision.base_steps)
    records = [r for r in run_records(revision.run_dir) if r.status == "ok" and r.picture] if revision.run_dir else []
    replayed: dict[int, StepRecord] = {}
    for record in records:
        if record.source == "replay" and record.procedure_id == revision.procedure_id:
            replayed.setdefault(record.step - 1, record)
    agent = [r for r in records if r.source == "agent" and r.selector]

    def played(index: int | None, step: ProcedureStep | None = None) -> str | None:
        """Replay's picture of stored step `index`; with `step`, only when `step` holds the selector that worked."""
        record = None if index is None else replayed.get(index)
        if record is None or (step is not None and record.selector not in (step.selectors or [step.selector])):
            return None
        return record.picture

    def learned(step: ProcedureStep) -> str | None:
        found = next((r for r in agent if r.selector == step.selector), None)
        if found is None:
            return None
        agent.remove(found)
        return found.picture

    rows: list[tuple[str | None, str | None]] = []
    for left, right, changed in steps_side_by_side(revision):
        stored = None if left is None else recorded.get(left) or played(left)
        if right is None:
            proposed = None
        elif not changed:
            proposed = played(left) or stored
        else:
            proposed = learned(revision.steps[right]) or played(left, revision.steps[right])
        rows.append((stored, proposed))
    return rows
