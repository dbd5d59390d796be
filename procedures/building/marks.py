"""Marks put on the built steps from the whole recording: what the person looked for and did not find, a
picture the title points at, the tabs that only revealed an element."""

from __future__ import annotations

from procedures.building.parameters import Parameters
from procedures.building.placeholders import PLACEHOLDER
from procedures.building.titles import lines_at, mentions, name_from_title
from procedures.models import ProcedureStep
from procedures.runtime.widgets import shows_word
from procedures.wording.vocabulary import QUOTED_TEXT, UNSPELLED_PICTURE
from recorder.models import Recording


def _looked_for(recording: Recording, values: dict[str, str]) -> list[str]:
    """The texts the title quotes that no parameter holds, no step acted on and no page of the demonstration
    showed: what the person looked for and did not find, so the demonstration was for a page without them.
    None when what the pages showed is not known."""
    outcome = recording.outcome
    if outcome is None or not (outcome.start_lines or recording.along):
        return []
    pages = "\n".join([*outcome.start_lines, *outcome.lines, *(line for seen in recording.along for line in seen.lines)])
    acted = " ".join(f"{s.label} {s.value or ''}" for s in recording.steps).lower()
    taken = {v.lower() for v in values.values()}
    quoted = (next(g for g in m.groups() if g is not None).strip() for m in QUOTED_TEXT.finditer(recording.title))
    return [
        q
        for q in dict.fromkeys(quoted)
        if q and not PLACEHOLDER.search(q) and q.lower() not in taken and q.lower() not in acted and not shows_word(pages, q)
    ]


def unless_shown(recording: Recording, params: Parameters, steps: list[ProcedureStep]) -> None:
    """The first step that acts is for a page without the text the person looked for and did not find: a
    parameter, which replay stops on when the page shows the task's one."""
    looked_for = _looked_for(recording, params.values)
    acting = next((s for s in steps if s.action != "navigate" and not s.optional), None)
    if looked_for and acting is not None:
        named = name_from_title(looked_for[0], recording.title, list(params.values.values()))
        acting.unless_shown = f"{{{params.add(named or 'text', looked_for[0], required=False)}}}"


def by_picture(title: str, steps: list[ProcedureStep]) -> None:
    """When the title points at a thing only by a picture ("the item with the icon"), the first click on an
    element that no parameter and no word of the title names is on the one showing that picture."""
    if not UNSPELLED_PICTURE.search(title):
        return
    for step in steps:
        if step.action == "click" and not step.referenced_parameters() and step.label and not mentions(title, step.label):
            step.by_picture = True
            step.description = "Click the one showing the picture shown with the task"
            return


def _opens_section(step: ProcedureStep) -> bool:
    """A click on a tab or on a section's summary that no parameter names."""
    on_tab = any(s.startswith("internal:role=tab[") for s in step.selectors) or '[role="tab"]' in step.row
    return step.action == "click" and not step.referenced_parameters() and (on_tab or step.tag == "summary")


def mark_reveals(recording: Recording, steps: list[ProcedureStep], origin: list[int]) -> None:
    """The clicks on tabs or sections just before a step on an element that a parameter names and that the
    page did not show before them only opened what held that element: replay skips them when the element
    is at hand (that step opens what holds it). A section opened while its next element showed already
    was opened for itself."""
    opened: list[int] = []
    for at, step in enumerate(steps):
        if _opens_section(step):
            opened.append(at)
            continue
        acts = step.action in ("click", "dblclick", "fill", "check") and step.referenced_parameters()
        if opened and acts and step.label and not shows_word("\n".join(lines_at(recording, origin[opened[0]])), step.label):
            for click in opened:
                steps[click].reveals = True
        opened = []
