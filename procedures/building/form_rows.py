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


PRESSED_INPUTS = frozenset("checkbox radio submit button image reset file range color".split())


def focuses_a_field(step: RecordedStep, labels: set[str]) -> bool:
    """A click into a field that the person then typed in or chose from (`labels`, field_labels'): its label is the
    field's name ("Phone", "Team"), never a value the title gives, whatever words they share."""
    if step.action not in ("click", "dblclick") or _bare(step.field or step.label) not in labels:
        return False
    return step.tag in ("textarea", "select") or (step.tag == "input" and step.input_type not in PRESSED_INPUTS)
