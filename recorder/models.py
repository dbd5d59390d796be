"""What a recording is made of: RecordedStep and Recording."""

from __future__ import annotations

import time
import uuid
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.secrecy import hide_named_secrets

Action = Literal[
    "navigate",
    "back",
    "forward",
    "reload",
    "click",
    "dblclick",
    "fill",
    "select",
    "check",
    "uncheck",
    "press",
    "submit",
    "upload",
    "drag",  # a pointer drag or an HTML5 drag and drop: the element (selectors) to `to`, at `at` (or by `offset`)
    "slide",  # a slider moved to the number `value`
    "hover",  # the pointer rested on the element, which revealed what the next step uses
    "scroll",  # the element scrolled until `to` showed, or to its end (`value` "end")
]

SHORT = 2_000
LONG = 100_000


class RecordedStep(BaseModel):
    """One thing the person did. `selector` is the best Playwright selector, `selectors` all, best first."""

    model_config = ConfigDict(extra="forbid")

    action: Action
    selector: str | None = Field(None, max_length=SHORT)
    selectors: list[str] = Field(default_factory=list, max_length=20)
    value: str | None = Field(None, max_length=LONG)  # typed text, option label, key, or URL
    repeat: int = Field(1, ge=1, le=10_000)  # a key pressed so many times in a row (held down, or pressed again)
    option_value: str | None = Field(None, max_length=SHORT)  # the value attribute of a chosen option
    files: list[str] = Field(default_factory=list, max_length=100)
    secret: bool = False
    url: str = Field("", max_length=SHORT)  # the page's URL when the step happened
    frame: list[str] = Field(default_factory=list, max_length=10)  # iframe selectors, outermost first
    page: int = Field(0, ge=0)  # which tab or popup: 0 is the first page of the recording
    label: str = Field("", max_length=SHORT)  # what a person would call the target
    field: str = Field("", max_length=SHORT)  # the field's label, name or placeholder
    tag: str = Field("", max_length=50)
    input_type: str = Field("", max_length=50)
    options: list[str] = Field(
        default_factory=list, max_length=500
    )  # a select's option labels, a radio or checkbox group's labels
    option_values: list[str] = Field(default_factory=list, max_length=500)  # their value attributes, in the same order
    group: str = Field("", max_length=SHORT)  # a radio or checkbox group's name: its legend, else its name attribute
    secret_slot: str | None = Field(None, max_length=50)  # secret fills that held the same value share a slot
    row: str = Field("", max_length=SHORT)  # CSS of the repeated item (list item, table row) around the target
    row_texts: list[str] = Field(default_factory=list, max_length=20)  # that item's other texts
    row_selector: str = Field("", max_length=SHORT)  # the target within that item (the same in every item)
    kind: str = Field("", max_length=SHORT)  # CSS of the shown fields of the target's kind, when there are several
    position: int = Field(0, ge=0, le=100_000)  # the target's 1-based place among them (0: not known)
    beside: str = Field("", max_length=SHORT)  # a typed value the page showed too: the text just before it there
    # drag: where it was dropped; scroll: the element scrolled to; slide: the element that shows the slider's number
    to: list[str] = Field(default_factory=list, max_length=20)  # its selectors, best first
    to_label: str = Field("", max_length=SHORT)  # what a person would call it
    at: list[float] = Field(default_factory=list, max_length=2)  # drag: the drop point in `to`, as fractions of its box
    offset: list[float] = Field(default_factory=list, max_length=2)  # drag: how far the pointer moved (x, y px)
    place: int = Field(0, ge=0, le=100_000)  # drag: the item's 1-based place in its list after it (0: not reordered)
    was: int = Field(0, ge=0, le=100_000)  # and before it
    read_word: str = Field("", max_length=20)  # a fill of the word at this place ("last") of the text `to` shows
    order: list[str] = Field(default_factory=list, max_length=50)  # drag: the list's items after it, by their texts
    opens_page: int | None = None  # the popup or tab this step opened
    navigates_to: str | None = Field(None, max_length=SHORT)  # the URL this step led to
    changes_page: bool | None = None  # a click: the page visibly changed after it (None: not known)
    shows_alert: bool | None = None  # an alert was showing after it (None: not known)
    timestamp: float = Field(default_factory=time.time)

    @model_validator(mode="after")
    def _secret_has_no_value(self) -> RecordedStep:
        if self.secret and self.value is not None:
            raise ValueError("a secret step must not carry a value")
        if self.selector is not None and self.selectors and self.selector != self.selectors[0]:
            raise ValueError("selector must be the first of selectors")
        return self


MAX_LINES = 80  # of a page's visible text kept


class PageOutcome(BaseModel):
    """What the demonstration ended on: the final URL and the headings and messages that appeared."""

    model_config = ConfigDict(extra="forbid")

    url: str = Field("", max_length=SHORT)
    headings: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=20)
    alerts: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=20)
    lines: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=MAX_LINES)  # its visible text
    start_lines: list[Annotated[str, Field(max_length=SHORT)]] = Field(
        default_factory=list, max_length=MAX_LINES
    )  # the page's at the start


class PageLines(BaseModel):
    """The lines of text a page showed when the person took step `step` (0-based) on it: a page along the
    way (a summary to confirm before the last page), kept where they changed since the page's previous entry."""

    model_config = ConfigDict(extra="forbid")

    step: int = Field(ge=0)
    lines: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=80)


class SentField(BaseModel):
    """A place in a request and the value sent there; a secret's value is never kept (`secret`: one was sent)."""

    model_config = ConfigDict(extra="forbid")

    place: str = Field(max_length=SHORT)
    value: str | None = Field(None, max_length=SHORT)
    secret: bool = False

    @model_validator(mode="after")
    def _secret_has_no_value(self) -> SentField:
        if self.secret and self.value is not None:
            raise ValueError("a secret sent must not carry its value")
        return self


class SentRequest(BaseModel):
    """A request that a demonstration's step sent. `url` has no query; `step` is the 0-based recorded step."""

    model_config = ConfigDict(extra="forbid")

    step: int = Field(ge=0)
    method: str = Field(max_length=10)
    url: str = Field(max_length=SHORT)
    kind: str = Field(max_length=20)
    fields: list[SentField] = Field(default_factory=list, max_length=500)
    lengths: dict[Annotated[str, Field(max_length=SHORT)], int] = Field(default_factory=dict, max_length=100)  # arrays' items
    status: int | None = None
    problem: str | None = Field(None, max_length=SHORT)
    third_party: bool = False  # sent to another host than the page the step was on


class Recording(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    title: str = Field("", max_length=SHORT)
    description: str = Field("", max_length=LONG)
    created_at: float = Field(default_factory=time.time)
    steps: list[RecordedStep] = Field(default_factory=list)
    outcome: PageOutcome | None = None
    along: list[PageLines] = Field(default_factory=list, max_length=10_000)  # what pages showed along the way
    requests: list[SentRequest] = Field(default_factory=list, max_length=200)  # what the steps sent
    dropped_payloads: int = 0  # junk or forged messages from pages, ignored
    partial: bool = False  # cut short: the browser window closed (or went away) before the recording was stopped

    @field_validator("title", "description")
    @classmethod
    def _no_named_secret(cls, text: str) -> str:
        """A password that the title gives by name is kept as its placeholder, never as itself."""
        return hide_named_secrets(text)
