"""Values a run asks the person for: those the task leaves out, and those the binder could not read (a value
named twice, a box both asked for and turned off). Asked only of the match that would be replayed, and only
when someone can answer (RunControls.provide); else the run is refused with what it could not read."""

from __future__ import annotations

from dataclasses import replace

from agent.results import RunControls
from procedures.models import Parameter
from retrieval.scoring import Match

ANSWERED = "given when the run asked for it"


def question(match: Match, param: Parameter, doubt: str | None) -> str:
    """What the person is asked: the procedure, the value by its label and name, why, and an example."""
    label = f"{param.label} ({param.name})" if param.label and param.label.lower() != param.name else param.name
    why = f"ShowMeHow could not read it from the task: {doubt}" if doubt else "the task does not give it"
    example = f' The demonstration used "{param.example}".' if param.example and not param.secret else ""
    return f"'{match.procedure.title}' needs {label}; {why}.{example}"


def unread(match: Match) -> dict[str, str]:
    """The parameters whose reading the binder left open, with what it could not read."""
    names = set(match.procedure.parameter_names)
    return {
        doubt.split(":", 1)[0]: doubt.split(":", 1)[1].strip()
        for doubt in match.binding.ambiguous
        if doubt.split(":", 1)[0] in names
    }


def ask_for_values(matches: list[Match], controls: RunControls, picked: bool) -> dict[str, str]:
    """The values the person gives when asked, for the match that would be replayed (the best, or the first the
    person picked): each required value the binding lacks and each it could not read. Nothing when nobody can
    answer, when a reading left open names no value (a thing the procedure does not do), or the person gives none."""
    provide = controls.provide
    if provide is None or not matches:
        return {}
    match = matches[0] if not picked else next((m for m in matches if m.missing or m.binding.ambiguous), matches[0])
    doubts = unread(match)
    if len(doubts) < len(match.binding.ambiguous):
        return {}  # the task asks for something no value can give: said, not asked
    params = {p.name: p for p in match.procedure.abstract.parameters}
    answers = {}
    for name in [*match.missing, *(n for n in doubts if n not in match.missing)]:
        answer = provide(question(match, params[name], doubts.get(name)), params[name].secret)
        if not answer:
            return {}  # no answer: the run is refused and says what it lacks
        answers[name] = answer
    return answers


def answered(match: Match, answers: dict[str, str]) -> Match:
    """The match with the person's answers bound, and the readings they settled no longer open."""
    given = match.given(answers)
    left = [doubt for doubt in given.binding.ambiguous if doubt.split(":", 1)[0] not in answers]
    binding = replace(given.binding, ambiguous=left, sources=given.binding.sources | dict.fromkeys(answers, ANSWERED))
    return given.model_copy(update={"binding": binding})
