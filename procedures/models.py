"""A procedure: an abstract flow plus fine-grained steps whose values are parameter placeholders."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator, model_validator

from core.secrecy import hide_named_secrets, is_secret_name
from core.urls import misleads
from procedures.evidence import RequestEvidence
from procedures.loops import Loop
from procedures.runtime.placeholders import OPTION_VALUE, aliased, placeholders
from recorder.models import LONG, SHORT, Action, RecordedStep

PARAMETER_NAME = r"^[a-z][a-z0-9_]{0,63}$"
YES, NO = "yes", "no"

# What a parameter stands for: typed text, a select's option, the chosen radio button or checkbox
# of a group, a checkbox's state, the clicked element that the title names, or a file to upload.
# A list holds items with fields, one per round of a loop (procedures.loops).
ParameterKind = Literal["text", "option", "choice", "toggle", "target", "file", "list"]
CLOSED_KINDS = ("option", "toggle")  # a value outside `allowed` is a mistake in the task


class Parameter(BaseModel):
    """A value the person chose. A parameter that is not required falls back to its example."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=PARAMETER_NAME)
    description: str = Field("", max_length=SHORT)
    example: str | None = Field(None, max_length=LONG)  # the demonstrated value; never set for secrets
    secret: bool = False
    required: bool = True
    # an optional typed value that stays the same from case to case (a team, a signature): a task that gives
    # none keeps the demonstrated one. Unmarked, a demonstrated prose text is about its own case (see
    # procedures.binding.values.case_texts) and is not sent again.
    setting: bool = False
    kind: ParameterKind = "text"
    label: str = Field("", max_length=SHORT)  # what the page calls it: the field's label, the group's legend
    allowed: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=1000)
    # a select's option values, in the order of `allowed` (its labels), when some differ from their labels
    option_values: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=1000)
    # former allowed values that a revision mapped to the option each stands for now (options re-labelled)
    aliases: dict[Annotated[str, Field(max_length=SHORT)], Annotated[str, Field(max_length=SHORT)]] = Field(
        default_factory=dict, max_length=1000
    )

    @property
    def accepted(self) -> list[str]:
        """What a value may be: an allowed label, an option's value or a former label."""
        return list(dict.fromkeys(self.allowed + self.option_values + list(self.aliases)))

    def current(self, value: str) -> str:
        """The value with each former label (one per line) as the option it stands for now."""
        return aliased(value, self.aliases)

    @property
    def shown_options(self) -> list[str]:
        """The allowed values as a person reads them: "Urgent (u)" where an option's value differs from its label."""
        values = self.option_values if len(self.option_values) == len(self.allowed) else [""] * len(self.allowed)
        return [f"{label} ({value})" if value and value != label else label for label, value in zip(self.allowed, values)]

    @property
    def closed(self) -> bool:
        """Only the allowed values will do (a select's options, a checkbox's yes or no)."""
        return self.kind in CLOSED_KINDS and bool(self.allowed)

    @model_validator(mode="before")
    @classmethod
    def _secret_by_name(cls, data: object) -> object:
        """A parameter whose name or label says password, PIN, token and the like is secret, whatever a
        file says; its example, if any, is dropped (a checkbox's state is never a secret)."""
        named = isinstance(data, dict) and any(
            isinstance(data.get(k), str) and is_secret_name(data[k]) for k in ("name", "label")
        )
        if named and data.get("kind") != "toggle" and not data.get("secret"):  # type: ignore[union-attr]
            data = {**data, "secret": True, "example": None}  # type: ignore[dict-item]
        return data

    @model_validator(mode="after")
    def _secret_has_no_example(self) -> Parameter:
        if self.secret and self.example is not None:
            raise ValueError(f"secret parameter {self.name!r} must not have an example")
        return self


class Abstract(BaseModel):
    model_config = ConfigDict(extra="forbid")

    goal: str = Field(max_length=SHORT)
    parameters: list[Parameter] = Field(default_factory=list, max_length=100)
    prerequisites: list[str] = Field(default_factory=list, max_length=50)
    flow: list[str] = Field(default_factory=list, max_length=500)
    domains: list[str] = Field(default_factory=list, max_length=50)
    tags: list[str] = Field(default_factory=list, max_length=50)

    @field_validator("goal")
    @classmethod
    def _no_named_secret(cls, text: str) -> str:
        """A password that the goal gives by name is kept as its placeholder, as the title's is."""
        return hide_named_secrets(text)

    @model_validator(mode="after")
    def _unique_parameter_names(self) -> Abstract:
        names = [p.name for p in self.parameters]
        if len(names) != len(set(names)):
            raise ValueError(f"parameter names must be unique: {names}")
        return self


class ProcedureStep(RecordedStep):
    """A recorded step whose values and selectors may hold `{parameter}` placeholders."""

    action: Action | Literal["loop"]  # a loop: the steps of `loop` once per item of a list
    loop: Loop | None = None
    description: str = Field("", max_length=SHORT)
    failure_count: int = Field(0, ge=0)  # how often replay failed at this step
    optional: bool = False  # done in only some demonstrations: played when its element is there, else skipped
    # a step a revision made optional because a run did without it: the verified runs that did without it
    # since (0: not watched; a run that plays it ends the watch); at agent.healing.GONE_AFTER it is removed
    left_out: int = Field(0, ge=0)
    calendar: bool = False  # a day picked in a calendar inside the element: `value` is the date, the month is stepped to
    many: bool = False  # a set of checkboxes inside the element: `value` lists the labels to tick, the others are unticked
    each_row: bool = False  # a click in each item that shows the row's value: `value` says in how many ("all", or a number)
    # the title addresses the one the row's value names ("reply to them"), not the item: any item showing
    # the value serves, the first is used when several do, and such a run is never verified
    any_row: bool = False
    # a click repeated until the page shows this text (a pager followed until the item the task names shows):
    # not at all when it shows already
    until: str | None = Field(None, max_length=SHORT)
    ordinal: str | None = Field(None, max_length=SHORT)  # the element is the so-manyth shown one that `selector` finds ("2nd")
    spin: bool = False  # a spinner's arrow (or, pressed, its field): `value` is the number it is stepped to
    reads: bool = False  # a fill of the text the page shows just after the text `value` names (read off a table)
    word: str | None = Field(None, max_length=SHORT)  # of the text read, only the word at this place ("2nd")
    by_kind: bool = False  # the first element of the kind `value` names ("checkbox") inside the element is clicked
    suggestion: bool = False  # one of the elements that show a typed value (an autocomplete's): the first showing it is clicked
    # a choice by comparison: the element in the item (`row`) whose value in this column ("Duration", or a kind of
    # value: "money") is the extreme that `value`, a superlative ("cheapest"), asks for (procedures.runtime.comparison)
    compare: str | None = Field(None, max_length=SHORT)
    reveals: bool = False  # a click that only opened a tab or section for the next step's element: skipped when it is at hand
    by_picture: bool = False  # the task names the element only by a picture shown with its words: the one of its role showing it
    # a text the title names that the demonstration's pages never showed (what the person looked for and did
    # not find): the steps are for a page without it, so replay stops, as the task's fault, when the page shows it
    unless_shown: str | None = Field(None, max_length=SHORT)
    sort: Literal["ascending", "descending"] | None = None  # a drag: the list (`to`) is sorted so by dragging its items

    @model_validator(mode="after")
    def _secret_has_no_value(self) -> ProcedureStep:
        if self.secret and self.value is not None and not re.fullmatch(r"\{[a-z][a-z0-9_]*\}", self.value):
            raise ValueError("a secret step may only hold a placeholder, never a value")
        return self

    @model_validator(mode="after")
    def _loop_has_steps(self) -> ProcedureStep:
        if (self.action == "loop") != (self.loop is not None):
            raise ValueError("a loop step, and only one, holds a loop")
        return self

    @model_validator(mode="after")
    def _urls_do_not_mislead(self) -> ProcedureStep:
        """A URL that Python and the browser would read as two different sites is refused (core.urls)."""
        for url in (self.url, self.navigates_to, self.value if self.action == "navigate" else None):
            problem = misleads(url or "")
            if problem:
                raise ValueError(problem)
        return self

    def referenced_parameters(self) -> set[str]:
        if self.loop is not None:
            return self.loop.referenced_parameters()
        texts: Iterable[str | None] = [
            self.value,
            self.option_value,
            self.navigates_to,
            self.url,
            self.ordinal,
            self.unless_shown,
            self.until,
            self.word,
            *self.selectors,
            *self.frame,
            *self.files,
            *self.to,
            self.to_label,
        ]
        return set().union(*(placeholders(t) for t in texts))


Loop.model_rebuild(_types_namespace={"ProcedureStep": ProcedureStep})
ProcedureStep.model_rebuild()


CheckKind = Literal["url", "text", "value", "element", "checked"]
CHECK_KINDS: tuple[str, ...] = ("url", "text", "value", "element", "checked")


class Check(BaseModel):
    """Something that must hold on the page: after step `after_step` (1-based), else at the end.
    `expected` and `selector` may hold `{parameter}` placeholders; `*` in a URL or text is a wildcard."""

    model_config = ConfigDict(extra="forbid")

    kind: CheckKind  # url: the URL matches; text: the text is visible; value: the field holds it; element: it is visible;
    # checked: the box or radio button is checked (expected "yes") or not ("no")
    expected: str = Field("", max_length=SHORT)
    selector: str | None = Field(None, max_length=SHORT)
    frame: list[str] = Field(default_factory=list, max_length=10)
    after_step: int | None = Field(None, ge=1)
    source: Literal["demonstration", "person", "devtools"] = "person"

    @model_validator(mode="after")
    def _complete(self) -> Check:
        if self.kind in ("value", "element", "checked") and not self.selector:
            raise ValueError(f"a {self.kind} check needs a selector")
        if self.kind in ("url", "text") and not self.expected.strip():
            raise ValueError(f"a {self.kind} check needs the expected {self.kind}")
        return self

    def referenced_parameters(self) -> set[str]:
        return set().union(*(placeholders(t) for t in (self.expected, self.selector, *self.frame)))


def confidence(successes: int, failures: int) -> float:
    """Mean of the Beta(1, 1) posterior of the success rate: 0.5 for a new procedure, fair to few uses."""
    return (successes + 1) / (successes + failures + 2)


class Procedure(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    title: str = Field(min_length=1, max_length=SHORT)
    description: str = Field("", max_length=LONG)
    abstract: Abstract
    steps: list[ProcedureStep] = Field(default_factory=list, max_length=5000)
    success_count: int = Field(0, ge=0)
    failure_count: int = Field(0, ge=0)
    other_runs: int = Field(0, ge=0)  # runs that left the confidence as it was: done unverified, or repaired by a learned fix
    deprecated: bool = False
    source: Literal["demonstration", "import", "devtools", "merge", "agent_run"] = "demonstration"
    recording_id: str | None = None
    variants: list[str] = Field(default_factory=list)  # notes on the demonstrations merged into this one
    checks: list[Check] = Field(default_factory=list, max_length=200)  # postconditions and assertions
    evidence: list[RequestEvidence] = Field(default_factory=list, max_length=50)  # where the requests sent its values
    created_at: float = Field(default_factory=time.time)
    updated_at: float = Field(default_factory=time.time)
    version: int = Field(0, ge=0)  # counts the saves: an edit of an older version is refused (see ProcedureStore.update)
    created_by: str = Field("", max_length=SHORT)  # the `user` setting of who stored it
    changed_by: str = Field("", max_length=SHORT)  # and of who saved it last (an edit or an outcome)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def confidence(self) -> float:
        return confidence(self.success_count, self.failure_count)

    @property
    def uses(self) -> int:
        """The runs that counted for the confidence: verified or failed."""
        return self.success_count + self.failure_count

    @property
    def runs(self) -> int:
        """Every run that used the procedure and did something: the counted ones and the others."""
        return self.uses + self.other_runs

    @property
    def parameter_names(self) -> list[str]:
        return [p.name for p in self.abstract.parameters]

    @field_validator("title", "description")
    @classmethod
    def _no_named_secret(cls, text: str) -> str:
        """A password that the title gives by name is kept as its placeholder, never as itself."""
        return hide_named_secrets(text)

    @model_validator(mode="before")
    @classmethod
    def _drop_computed(cls, data: object) -> object:
        if isinstance(data, dict) and "confidence" in data:
            data = {k: v for k, v in data.items() if k != "confidence"}
        return data

    @model_validator(mode="after")
    def _steps_use_known_parameters(self) -> Procedure:
        known = set(self.parameter_names) | {p.name + OPTION_VALUE for p in self.abstract.parameters if p.option_values}
        for number, step in enumerate(self.steps, 1):
            unknown = step.referenced_parameters() - known
            if unknown:
                raise ValueError(f"step {number} refers to unknown parameter(s): {', '.join(sorted(unknown))}")
        for number, check in enumerate(self.checks, 1):
            unknown = check.referenced_parameters() - known
            if unknown:
                raise ValueError(f"check {number} refers to unknown parameter(s): {', '.join(sorted(unknown))}")
            if check.after_step is not None and check.after_step > len(self.steps):
                raise ValueError(f"check {number} is after step {check.after_step}, but there are {len(self.steps)} steps")
        return self

    def breaks_at(self) -> tuple[int, int] | None:
        """(1-based step, failures) of the step that failed most often in runs, if any did."""
        counts = [(step.failure_count, -number) for number, step in enumerate(self.steps, 1) if step.failure_count]
        if not counts:
            return None
        failures, number = max(counts)
        return -number, failures

    def step_checks(self) -> list[Check]:
        return [c for c in self.checks if c.after_step is not None]

    def uncovered_parameters(self) -> list[str]:
        """Parameters that no check nor request evidence covers: a run that sent another value for one may still pass."""
        covered = {n.removesuffix(OPTION_VALUE) for c in self.checks for n in c.referenced_parameters()}
        covered |= {place.name for evidence in self.evidence for place in evidence.parameters}
        return [p.name for p in self.abstract.parameters if p.name not in covered]

    def outcome_checks(self) -> list[Check]:
        """The checks of the end result: the demonstration's postconditions and the person's assertions."""
        return [c for c in self.checks if c.after_step is None]
