"""The parameters of a recording: every value the person chose, named as the title names it."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

from core.words import NAME_LENGTH, snake_case
from procedures.building import gesture_steps
from procedures.building.form_rows import field_labels, focuses_a_field, without_field_labels
from procedures.building.idioms.comparison import picked_by_superlative
from procedures.building.idioms.rows import icon_word
from procedures.building.shown_names import quoted_shown_name
from procedures.building.titles import (
    ROLE_NAMES,
    group_name,
    is_task_verb,
    listed_in,
    mentions,
    name_from_title,
    names_value,
    option_example,
    quotes,
    read_below,
    read_beside,
    role,
    short_forms,
    shown_at_start,
)
from procedures.models import NO, YES, Parameter, ParameterKind
from procedures.runtime.placeholders import OPTION_VALUE, option_values
from procedures.wording.notes import is_note
from recorder.models import RecordedStep, Recording


class Parameters:
    """The parameters found so far, with names kept unique."""

    def __init__(self) -> None:
        self.items: list[Parameter] = []
        self.values: dict[str, str] = {}  # parameter name -> demonstrated value, for placeholders
        self._slots: dict[str, str] = {}  # a secret's slot (fields that held the same value) -> its parameter

    def add(self, base: str, example: str | None, kind: ParameterKind = "text", **fields: object) -> str:
        if kind not in ("toggle", "file"):
            for param in self.items:
                if param.example == example and example is not None and param.kind not in ("toggle", "file"):
                    return param.name  # the same value chosen twice is one parameter
        name, n = base, 2
        while any(p.name == name for p in self.items):
            name, n = f"{base[: NAME_LENGTH - len(str(n)) - 1]}_{n}", n + 1
        self.items.append(Parameter(name=name, example=example, kind=kind, **fields))  # type: ignore[arg-type]
        if example is not None and kind != "toggle":
            self.values[name] = example
        return name

    def add_secret(self, base: str, slot: str | None, label: str) -> str:
        """A secret; fields that held the same value (the page says so by a shared slot) share one."""
        if slot is not None and slot in self._slots:
            return self._slots[slot]
        name = self.add(base, None, secret=True, label=label)
        if slot is not None:
            self._slots[slot] = name
        return name

    def keep(self, used: set[str]) -> None:
        """Keep only the parameters that some step refers to."""
        self.items = [p for p in self.items if p.name in used]
        self.values = {n: v for n, v in self.values.items() if n in used}


def _option_parameter(params: Parameters, step: RecordedStep, field: str, mention_text: str) -> str:
    """A select's choice as a parameter: its labels allowed, its values kept once each where they differ.
    A list where several may be chosen takes the items as the title lists them, of whatever options it shows."""
    written = listed_in(mention_text, (step.value or "").split("\n")) if step.input_type == "select-multiple" else None
    if written is not None:
        return params.add(snake_case(field, fallback="items"), written, "option", label=field)
    differ = len(step.option_values) == len(step.options) and step.option_values != step.options
    return params.add(
        snake_case(field, fallback="option"),
        option_example(step, mention_text),
        "option",
        label=field,
        allowed=step.options,
        option_values=step.option_values if differ else [],
        aliases=short_forms(step.options),
    )


def find_parameters(recording: Recording) -> tuple[Parameters, dict[int, str], dict[int, str], dict[int, str]]:
    """Every value the person chose, as parameters: (parameters, step index -> the parameter that is
    the step's value, step index -> the parameter that names the element the step acts on, step
    index -> the parameter that names the list item or table row that holds that element)."""
    params = Parameters()
    owners: dict[int, str] = {}
    targets: dict[int, str] = {}
    rows: dict[int, str] = {}
    mention_text = f"{recording.title}\n{recording.description}"
    named = [s.label for s in recording.steps if s.label and mentions(mention_text, s.label)]
    named += [v for s in recording.steps if s.action in ("fill", "select") for v in (s.value, s.option_value) if v]
    labels = field_labels(recording)
    for index, step in enumerate(recording.steps):
        field = step.field or step.label
        if step.action == "fill" and step.secret:
            owners[index] = params.add_secret(snake_case(field, fallback="value"), step.secret_slot, field)
        elif read_below(recording, index) or step.read_word:  # typed what the page shows: read on each run
            continue
        elif read_beside(step, mention_text):  # typed what the page shows beside the text the title names
            base = name_from_title(step.beside, mention_text, named) or "name"
            owners[index] = params.add(base, step.beside, "target", label=field)
        elif step.action == "fill" and step.value:
            read = shown_at_start(recording.outcome, step.value)
            owners[index] = params.add(
                snake_case(field, fallback="value"),
                step.value,
                label=field,
                required=read or (names_value(mention_text, step.value) and not is_note(field)),
                description="read off the page by the person: each run needs its own" if read else "",
            )
        elif step.action == "select" and step.value and not step.secret:
            owners[index] = _option_parameter(params, step, field, mention_text)
        elif step.action == "upload" and step.files:
            owners[index] = params.add(snake_case(step.field or "file", fallback="file"), ", ".join(step.files), "file")
        elif step.action in ("check", "uncheck") and step.input_type == "checkbox" and len(step.options) < 2:
            state = YES if step.action == "check" else NO
            owners[index] = params.add(
                snake_case(step.label or field, fallback="checkbox"),
                state,
                "toggle",
                label=step.label,
                allowed=[YES, NO],
                required=False,
            )
        elif step.action in gesture_steps.GESTURE_ACTIONS:
            own, target = gesture_steps.parameters(
                step, mention_text, params.add, mentions, lambda v, f: name_from_title(v, mention_text, named) or f
            )
            owners.update({index: own} if own else {})
            targets.update({index: target} if target else {})
        elif (
            step.action in ("click", "dblclick", "check")
            and (step.label or step.row_selector)  # an icon has no label
            and not focuses_a_field(step, labels)  # a click into a field names the field, no value
        ):
            _click_parameters(params, index, without_field_labels(step, labels), mention_text, named, targets, rows)
    return params, owners, targets, rows


def _click_parameters(
    params: Parameters,
    index: int,
    step: RecordedStep,
    mention_text: str,
    named: list[str],
    targets: dict[int, str],
    rows: dict[int, str],
) -> None:
    """The parameters a click names: the element the title names (into `targets`), or the row that the title
    names and the step acts in (into `rows`), with the icon in it when the title says which."""
    mentioned = bool(step.label) and mentions(mention_text, step.label) and not is_task_verb(step.label, mention_text)
    choice = step.action == "check"
    if not mentioned and picked_by_superlative(step, mention_text) is not None:  # the item is the one a superlative picks
        return
    texts = [t.strip().rstrip(":").strip() for t in step.row_texts]  # "Phone:" beside a value is its name "Phone"
    row = next(  # a row whose text is the title's verb ("Change" beside "Books") is not the one the title names
        (t for t in sorted(texts, key=len, reverse=True) if mentions(mention_text, t) and not is_task_verb(t, mention_text)),
        None,
    )
    if not mentioned and row is not None and step.row_selector:  # "Delete Bob's row": the row is the choice
        base = name_from_title(row, mention_text, named) or "item"
        rows[index] = params.add(base, row, "target")  # the title names it: so must a task
        icon = icon_word(step, mention_text)
        if icon is not None:  # "the "Like" button on Bob's post": which of the item's icons is a choice too
            targets[index] = params.add(name_from_title(icon, mention_text, named) or "icon", icon, "target")
        return
    shown = quoted_shown_name(step, mention_text)  # an "x" named "Close": the title quotes what a person sees
    if shown is not None:
        name = name_from_title(shown, mention_text, named) or ROLE_NAMES.get(role(step), "item")
        targets[index] = params.add(name, shown, "target", required=True)
        return
    if not mentioned and not (choice and step.input_type == "radio"):
        return
    base = (
        (group_name(step.group) if choice else None)
        or (name_from_title(step.label, mention_text, named) if mentioned else None)
        or ("choice" if choice and step.group else ROLE_NAMES.get(role(step), "item"))
    )
    targets[index] = params.add(
        base,
        step.label,
        "choice" if choice else "target",
        label=step.group,
        allowed=step.options if choice else [],
        aliases=short_forms(step.options) if choice else {},
        required=mentioned and (choice or (bool(step.row_selector) and quotes(mention_text, step.label))),
    )


def values_in_paths(recording: Recording, values: dict[str, str], chosen_at: dict[int, str]) -> dict[str, str]:
    """The values that may stand for a part of a URL's path: not those that were a path part of a page
    already open when the person first gave them (`/admin/login/` when the user name is `admin`): that
    part is the site's fixed path, not the person's choice."""
    first = {name: index for index, name in sorted(chosen_at.items(), reverse=True)}
    kept = {}
    for name, value in values.items():
        seen = recording.steps[: first.get(name, len(recording.steps)) + 1]
        urls = [u for s in seen for u in (s.url, s.value if s.action == "navigate" else None) if u]
        if not any(quote(value) in urlsplit(u).path.split("/") for u in urls):
            kept[name] = value
    return kept


def sent_options(recording: Recording, owners: dict[int, str], params: Parameters) -> dict[str, str]:
    """`{name__value}` for each chosen option whose value is not its label: what a form sends in its URL
    (`?genre=science` for "Science"), derived from the select steps as a run derives it."""
    labels = {param.name: param.current(param.example or "") for param in params.items}
    chosen = [step.model_dump() | {"value": f"{{{owners[i]}}}"} for i, step in enumerate(recording.steps) if i in owners]
    return {
        name: value for name, value in option_values(chosen, labels).items() if value != labels[name.removesuffix(OPTION_VALUE)]
    }
