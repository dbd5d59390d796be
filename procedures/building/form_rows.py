"""A plain form is no list: a row of it shows the label of a field the person filled, which is no item's data
that the title could name a row by ("Year" beside the Submit button is the year field's label)."""

from __future__ import annotations

from recorder.models import RecordedStep, Recording

FIELD_ACTIONS = ("fill", "select")  # typed or chosen: a form's fields (a ticked box may be a list item's)


def field_labels(recording: Recording) -> set[str]:
    """The labels of the fields the recording typed into or chose in, in lower case, without a closing colon."""
    return {_bare(s.field) for s in recording.steps if s.action in FIELD_ACTIONS and s.field}


def _bare(text: str) -> str:
    return text.strip().rstrip(":").strip().casefold()


def without_field_labels(step: RecordedStep, labels: set[str]) -> RecordedStep:
    """The step with only the texts of its row that are no field's label."""
    texts = [t for t in step.row_texts if _bare(t) not in labels]
    return step if texts == step.row_texts else step.model_copy(update={"row_texts": texts})
