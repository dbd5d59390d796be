"""A task that contradicts the procedure it was matched to: a value it gives that the procedure cannot take
in the place the task puts it (a dropdown's option named for another field, a value repeating another)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from procedures.binding.reading import exact_pattern
from procedures.binding.result import Binding
from procedures.models import Procedure


@dataclass(frozen=True)
class Contradiction:
    """A step that would act on a demonstrated value the task does not want."""

    step: int  # 0-based
    message: str


def find_contradiction(procedure: Procedure, binding: Binding, task: str) -> Contradiction | None:
    """When the task names values that no parameter took, the first choice that would use a
    demonstrated value (a click, check or option that no parameter covers, or whose parameter kept
    its demonstrated value) and that the task does not name: replay stops there, or before an
    earlier step that sends what was entered (a page of a wizard), so the site gets nothing half done."""
    found = _contradiction(procedure, binding, task)
    found = _dropdown_meant(procedure, binding, task, len(procedure.steps) if found is None else found.step + 1) or found
    if found is None:
        return None
    sends = next((i for i, step in enumerate(procedure.steps[: found.step]) if step.navigates_to), None)
    return (
        found if sends is None else Contradiction(sends, f"{found.message}, and before step {sends + 1}, which leaves the page")
    )


def _contradiction(procedure: Procedure, binding: Binding, task: str) -> Contradiction | None:
    if not binding.unplaced:
        return None
    instead = {d.said: f' (where the title said "{d.demonstrated}")' for d in binding.changed}
    wanted = ", ".join(f'"{v}"{instead.get(v, "")}' for v in binding.unplaced)
    for index, step in enumerate(procedure.steps):
        if step.action not in ("click", "dblclick", "check", "select") or not step.referenced_parameters() <= set(
            binding.defaulted
        ):
            continue
        shown = (step.value if step.action == "select" else step.label) or ""
        shown = binding.values.get(shown.strip("{}"), shown) if shown.startswith("{") else shown
        if not shown.strip() or re.search(exact_pattern(shown.strip()), task, re.IGNORECASE):
            continue
        verb = {"select": "choose", "check": "check"}.get(step.action, "click")
        return Contradiction(
            index,
            f"the task names {wanted}, which no parameter of '{procedure.title}' takes: step {index + 1} would "
            f'{verb} "{shown}", the demonstrated value, so replay stops before it',
        )
    return _repeats_other(procedure, binding)


def _dropdown_meant(procedure: Procedure, binding: Binding, task: str, end: int) -> Contradiction | None:
    """A dropdown before step `end` whose option the task does not name, when the task names values that no
    parameter took: such a value is likely meant for it and none of its options. Replay stops before it, and
    the message names the field and what it offers, not a later button."""
    if not binding.unplaced:
        return None
    wanted = ", ".join(f'"{v}"' for v in binding.unplaced)
    for index, step in enumerate(procedure.steps[:end]):
        if step.action != "select" or not step.options:
            continue
        chosen = step.value or ""
        chosen = binding.values.get(chosen.strip("{}"), chosen) if chosen.startswith("{") else chosen
        if not chosen.strip() or "\n" in chosen or re.search(exact_pattern(chosen.strip()), task, re.IGNORECASE):
            continue
        options = ", ".join(f'"{option}"' for option in step.options)
        field = (step.label or step.field or "the dropdown").rstrip(":")
        return Contradiction(
            index,
            f"the task names {wanted}, which no parameter of '{procedure.title}' takes and which is none of the options "
            f'of "{field}" ({options}): step {index + 1} would choose "{chosen}", so replay stops before it',
        )
    return None


def _repeats_other(procedure: Procedure, binding: Binding) -> Contradiction | None:
    """The task says another thing than the title in a place no parameter holds: whatever step carries
    the demonstrated one, the first that acts would start doing the demonstration's task, not this one."""
    if not binding.changed:
        return None
    index = next((i for i, step in enumerate(procedure.steps) if step.action != "navigate"), None)
    if index is None:
        return None
    said = ", ".join(f'"{d.said}" (where the title said "{d.demonstrated}")' for d in binding.changed)
    return Contradiction(
        index,
        f"the task says {said}, and no parameter of '{procedure.title}' takes it: from step {index + 1} on, replay "
        "would do what the demonstration did for its own value, so it stops before it",
    )
