"""Which picture shows each step of a procedure or of a proposed fix: the one taken while the person recorded
it, or the one a run took of the element it acted on."""

from __future__ import annotations

from agent.run_log import run_pictures
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
    step and of the proposed one: the recording's, else the picture the run that learned the fix took of an
    element the step names; a proposed step that is the stored one unchanged shows the stored step's."""
    procedure = store.get(revision.procedure_id)
    recorded = recorded_pictures(store, procedure.recording_id, revision.base_steps)
    taken = run_pictures(revision.run_dir) if revision.run_dir else {}

    def in_run(step: ProcedureStep) -> str | None:
        return next((taken[s] for s in step.selectors or [step.selector] if s in taken), None)

    rows: list[tuple[str | None, str | None]] = []
    for left, right, changed in steps_side_by_side(revision):
        stored = None if left is None else recorded.get(left) or in_run(revision.base_steps[left])
        proposed = None if right is None else in_run(revision.steps[right])
        rows.append((stored, proposed or (stored if not changed else None)))
    return rows
