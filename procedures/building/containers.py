"""Steps on the element that holds a widget's parts (a calendar, a set of boxes, elements of a kind)."""

from __future__ import annotations

from procedures.models import ProcedureStep
from recorder.models import RecordedStep


def innermost_holder(paths: list[str]) -> str:
    """The CSS path of the innermost element that holds every one of `paths` (CSS paths from the root)."""
    split = [p.split(" > ") for p in paths]
    common = []
    for parts in zip(*split):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    return " > ".join(common)


def on_container(step: RecordedStep, container: str, name: str, **fields: object) -> ProcedureStep:
    """A step that acts on the element holding a set of choices (`container`) with parameter `name` as its value."""
    return ProcedureStep(
        selector=container,
        selectors=[container],
        value=f"{{{name}}}",
        url=step.url,
        frame=step.frame,
        page=step.page,
        tag=step.tag,
        timestamp=step.timestamp,
        **fields,  # type: ignore[arg-type]
    )
