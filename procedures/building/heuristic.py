"""The heuristic builder: a Recording becomes a Procedure, deterministically and without network."""

from __future__ import annotations

from dataclasses import dataclass

from core.words import snake_case
from procedures.building import gesture_steps
from procedures.building.checks import end_checks, postconditions
from procedures.building.fields import named_fields, pasted
from procedures.building.flow import domains_and_goal, flow_lines_of, fold, prerequisites, says_itself, tags_of
from procedures.building.idioms.calendar import calendar_picks, pick_day
from procedures.building.idioms.checkbox_set import checkbox_sets, tick_set
from procedures.building.idioms.comparison import by_comparison, picked_by_superlative
from procedures.building.idioms.kind import kind_click, kind_clicks
from procedures.building.idioms.ordinal import in_place, ordinals
from procedures.building.idioms.pager import pagers
from procedures.building.idioms.rows import addresses_holder, icon_in_row, in_row, own_in_row, row_runs
from procedures.building.idioms.spinner import spin_runs, spin_step
from procedures.building.idioms.suggestion import also_in_suggestion, suggestion, typed_before
from procedures.building.marks import by_picture, mark_reveals, unless_shown
from procedures.building.parameters import Parameters, find_parameters, sent_options, values_in_paths
from procedures.building.placeholders import Placeholders
from procedures.building.repetition import find_loops, shown_lines
from procedures.building.shown_names import by_any_name, quoted_shown_name
from procedures.building.titles import group_name, name_from_title, read_below, read_beside
from procedures.models import Abstract, ParameterKind, Procedure, ProcedureStep
from procedures.runtime.comparison import SUPERLATIVE_WORDS
from procedures.runtime.placeholders import escape_braces
from procedures.wording.instruction_text import without_instruction
from recorder.models import RecordedStep, Recording


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
        self.sets, self.picks, self.places = checkbox_sets(recording), calendar_picks(recording), ordinals(recording)
        self.runs = row_runs(recording, self.rows, self.targets, self.params.values)
        self.spins, self.kinds = spin_runs(recording), kind_clicks(recording)
        picked = [range(start, end) for start, (end, *_) in self.picks.items()]
        self.pagers = {i: run for i, run in pagers(recording).items() if not any(i in r or run[0] - 1 in r for r in picked)}
        self.mention_text = f"{recording.title}\n{recording.description}"

    def _named(self, written: str, fallback: str, kind: ParameterKind = "text") -> str:
        return self.params.add(name_from_title(written, self.recording.title, []) or fallback, written, kind)

    def widget(self, index: int, step: RecordedStep) -> tuple[ProcedureStep, int] | None:
        """The step that stands for a widget's whole use starting at `index` (a day picked in a calendar, a
        spinner stepped, an element of a kind, a set of boxes ticked, a suggestion picked), with the index of
        the first recorded step after it; None when no widget's use starts there."""
        params, next_one = self.params, index + 1
        if index in self.picks:
            end, container, example = self.picks[index]
            return pick_day(step, container, params.add("date", example)), end
        if index in self.spins:
            end, written = self.spins[index]
            return spin_step(self.substitute.step(step, None), self._named(written, "number")), end
        if index in self.pagers:
            end, shown = self.pagers[index]
            name = self._named(shown, "item", "target")
            built = self.substitute.step(step, None)
            described = f'Click "{step.label or step.selector}" until the page shows {{{name}}}'
            return built.model_copy(update={"until": f"{{{name}}}", "description": described}), end
        if index in self.kinds:
            holder, written = self.kinds[index]
            return kind_click(step, holder, self._named(written, "kind", "target")), next_one
        if index in self.sets:
            end, container, example = self.sets[index]
            name = params.add(group_name(step.group) or "choices", example, label=step.group)
            return tick_set(step, container, name, [s.label for s in self.recording.steps[index:end]]), end
        compared = None if self.owners.get(index) or self.targets.get(index) else picked_by_superlative(step, self.mention_text)
        if compared is not None:
            word, column = compared
            name = params.add("comparison", word.words, "option", allowed=list(SUPERLATIVE_WORDS))
            own, row = self.substitute.text(step.row_selector), self.substitute.text(step.row)
            return by_comparison(self.substitute.step(step, None), row, own, name, column), next_one
        typed = typed_before(self.recording.steps, index, self.owners, params.values)
        if typed is None or index in self.targets:  # the title names what was clicked: its own parameter
            return None
        # a suggestion that shows what was typed: the one that shows the task's value
        also = [self._named(v, "part") for v in also_in_suggestion(self.recording.title, step.label, params.values[typed])]
        return suggestion(self.substitute.step(step, None), step, typed, also), next_one

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
                name = self._named(place["place"], "place")
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
