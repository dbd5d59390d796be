"""How steps and bound values are shown to people, the same in the terminal and the window."""

from __future__ import annotations

from recorder.models import RecordedStep
from procedures.playback import SECRET_MASK
from retrieval import Match


def step_summary(step: RecordedStep) -> tuple[str, str, str]:
    """(action, target, value) of a step, secrets masked."""
    value = SECRET_MASK if step.secret else (step.value or ", ".join(step.files) or step.navigates_to or "")
    return step.action, step.label or step.selector or "", value


def shown_bound(match: Match) -> dict[str, str]:
    """The values bound for a match, secret ones masked."""
    secret = {p.name for p in match.procedure.abstract.parameters if p.secret}
    return {name: SECRET_MASK if name in secret else value for name, value in match.bound.items()}
