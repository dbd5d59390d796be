"""The heuristic builder: a Recording becomes a Procedure, deterministically and without network."""

from __future__ import annotations

from dataclasses import dataclass

from core.words import snake_case
from procedures.building import gesture_steps
from procedures.building.checks import end_checks, postconditions
from procedures.building.fields import named_fields, pasted
from procedures.building.flow import domains_and_goal, flow_lines_of, fold, prerequisites, says_itself, tags_of
from procedures.building.idioms import calendar, checkbox_set, comparison, kind, pager, spinner, suggestion
from procedures.building.idioms.ordinal import in_place, ordinals
from procedures.building.idioms.rows import addresses_holder, icon_in_row, in_row, own_in_row, row_runs
from procedures.building.marks import by_picture, mark_reveals, unless_shown
from procedures.building.parameters import Parameters, find_parameters, sent_options, values_in_paths
from procedures.building.placeholders import Placeholders
from procedures.building.repetition import find_loops, shown_lines
from procedures.building.shown_names import by_any_name, quoted_shown_name
from procedures.building.titles import name_from_title, read_below, read_beside
from procedures.models import Abstract, ParameterKind, Procedure, ProcedureStep
from procedures.runtime.placeholders import escape_braces
from procedures.wording.instruction_text import without_instruction
from recorder.models import RecordedStep, Recording

# The widget idioms (procedures.building.idioms), in the order a use that several could start is the first one's.
WIDGET_IDIOMS = (calendar.IDIOM, spinner.IDIOM, pager.IDIOM, kind.IDIOM, checkbox_set.IDIOM, comparison.IDIOM, suggestion.IDIOM)


@dataclass
class _StepMaker:
    """What the whole recording says about its steps, worked out before any is built (the parameters, the
    steps that start a calendar pick, a spin, a set of boxes, a run over rows...), and each step built from it."""

    recording: Recording
    params: Parameters
    owners: dict[int, str]  # step index -> the parameter that is the step's value
    targets: dict[int, str]  # step index -> the parameter that names the element the step acts on
    rows: dict[int, str]  # step index -> the parameter that names the row the step acts in
    substitute: Placeholders

    def __post_init__(self) -> None:
        recording = self.recording
        self.found = [idiom.detect(recording) for idiom in WIDGET_IDIOMS]
        self.places, self.runs = ordinals(recording), row_runs(recording, self.rows, self.targets, self.params.values)
        self.mention_text = f"{recording.title}\n{recording.description}"

    def named(self, written: str, fallback: str, kind: ParameterKind = "text") -> str:
        return self.params.add(name_from_title(written, self.recording.title, []) or fallback, written, kind)

    def widget(self, index: int, step: RecordedStep) -> tuple[ProcedureStep, int] | None:
        """The step that stands for a widget's whole use starting at `index` (a day picked in a calendar, a
        spinner stepped, an element of a kind, a set of boxes ticked, a suggestion picked), with the index of
        the first recorded step after it; None when no widget's use starts there."""
        for idiom, found in zip(WIDGET_IDIOMS, self.found):
            made = idiom.make(self, found, index, step)
            if made is not None:
                return made
        return None

    def plain(self, index: int, step: RecordedStep) -> tuple[ProcedureStep, int]:
        """The step built from the recorded one at `index`, with the index of the first recorded step after it."""
        owners, targets, rows, substitute, next_one = self.owners, self.targets, self.rows, self.substitute, index + 1
        icon = targets.get(index) if index in rows else None  # an icon in an item, named by its class
        built = substitute.step(step, owners.get(index), None if icon else targets.get(index))
        if read_beside(step, self.mention_text) and index in owners:
            built.reads, built.description = True, f"Enter what the page shows beside {{{owners[index]}}}"
        elif below := read_below(self.recording, index):
            title, place = below
            built.reads, built.description = True, "Enter what the page shows below the task"
            built.value = escape_braces(title)
            if place is not None:  # "the 2nd word": its place is the task's, and so is the line read
                name = self.named(place["place"], "place")
                built.value = f"{escape_braces(title[: place.start()])}{{{name}}}{escape_braces(title[place.end('place') :])}"
                built.word, built.description = f"{{{name}}}", f"Enter the {{{name}}} word the page shows below the task"
        if targets.get(index) and not built.selectors:
            built = substitute.step(step, owners.get(index))  # no selector names it: the element stays the demonstrated one
        if targets.get(index) and quoted_shown_name(step, self.mention_text) is not None:
            built = by_any_name(built, step, targets[index])
        if step.action in gesture_steps.GESTURE_ACTIONS or step.read_word:
            title = self.recording.title
            return gesture_steps.built(step, built, title, substitute.selector, owners.get(index), self.params.values), next_one
        if index in rows:
            own = substitute.text(own_in_row(step, self.mention_text))
            own = icon_in_row(own, self.params.values[icon], icon) if icon else own
            built = in_row(built, substitute.text(step.row), own, rows[index])
            if addresses_holder(self.recording.title, self.params.values[rows[index]]):
                built.any_row = True
        if index in self.places:
            written, noun = self.places[index]
            built = in_place(built, step, self.params.add(snake_case(f"{noun} place", fallback="place"), written))
        if index in self.runs:
            next_one, count = self.runs[index]
            value = count if count == "all" else f"{{{self.params.add('count', count)}}}"
            built = built.model_copy(update={"each_row": True, "value": value})
        if step.action == "upload" and index in owners:
            built = built.model_copy(update={"files": [], "value": f"{{{owners[index]}}}"})
        return built, next_one


def build_heuristic(recording: Recording) -> Procedure:
    recording = named_fields(without_instruction(recording))
    params, owners, targets, rows = find_parameters(recording)
    in_paths = values_in_paths(recording, params.values, owners | targets | rows)
    sent = sent_options(recording, owners, params)
    substitute = Placeholders(params.values, in_paths, sent)
    maker = _StepMaker(recording, params, owners, targets, rows, substitute)
    steps: list[ProcedureStep] = []
    origin: list[int] = []  # the recorded step each built one comes from
    skip_to = 0
    for index, step in enumerate(recording.steps):
        if index < skip_to or pasted(recording.steps, index):
            continue
        origin.append(index)
        built, skip_to = maker.widget(index, step) or maker.plain(index, step)
        steps.append(built)
    params.keep(set().union(*(s.referenced_parameters() for s in steps)))
    unless_shown(recording, params, steps)
    by_picture(recording.title, steps)
    mark_reveals(recording, steps, origin)
    flow_lines = flow_lines_of(steps, origin, targets, rows, params.values)
    for step, line in zip(steps, flow_lines):
        step.description = step.description if step.many or step.calendar or step.until or says_itself(step) else line or ""
    domains, goal = domains_and_goal(recording)
    procedure = Procedure(
        title=recording.title.strip() or goal,
        description=recording.description,
        abstract=Abstract(
            goal=goal,
            parameters=params.items,
            prerequisites=prerequisites(steps, domains, params.items),
            flow=fold([line for line in flow_lines if line]),
            domains=domains,
            tags=tags_of(recording, steps, params.values),
        ),
        steps=steps,
        recording_id=recording.id,
        checks=end_checks(
            recording,
            steps,
            params,
            postconditions(recording.outcome, recording.steps, params.values | sent, in_paths),
            origin,
            owners | targets | rows,
        ),
    )
    return find_loops(procedure, shown_lines(recording))
