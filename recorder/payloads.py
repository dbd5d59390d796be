"""What a page may send to the recorder. Pages are untrusted: everything is validated here."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from recorder.models import LONG, SHORT

MAX_PAYLOAD_BYTES = 256 * 1024


class _Payload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    nonce: str = Field(max_length=64)
    url: str = Field(max_length=SHORT)
    ts: float


class Target(BaseModel):
    model_config = ConfigDict(extra="forbid")

    selectors: list[Annotated[str, Field(min_length=1, max_length=SHORT)]] = Field(min_length=1, max_length=20)
    label: str = Field("", max_length=SHORT)
    field: str = Field("", max_length=SHORT)
    tag: str = Field("", max_length=50)
    input_type: str = Field("", max_length=50)
    options: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=500)
    option_values: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=500)
    group: str = Field("", max_length=SHORT)
    row: str = Field("", max_length=SHORT)
    row_texts: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=20)
    row_selector: str = Field("", max_length=SHORT)
    kind: str = Field("", max_length=SHORT)
    position: int = Field(0, ge=0, le=100_000)


class StepPayload(_Payload):
    kind: Literal["step"]
    action: Literal[
        "click", "dblclick", "fill", "select", "check", "uncheck", "press", "submit", "upload", "drag", "slide", "hover", "scroll"
    ]
    target: Target
    value: str | None = Field(None, max_length=LONG)
    option_value: str | None = Field(None, max_length=SHORT)
    files: list[Annotated[str, Field(max_length=500)]] = Field(default_factory=list, max_length=100)
    secret: bool = False
    digest: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")  # a secret value's keyed hash (recorder.fingerprints)
    length: int | None = Field(None, ge=1, le=LONG)  # and its length in characters
    secret_slot: str | None = Field(None, max_length=50)
    beside: str = Field("", max_length=SHORT)  # a typed value shown on the page: the text just before it
    to: Target | None = None  # a drag's drop target, the element a scroll brought into view, a slider's number
    at: list[Annotated[float, Field(ge=-10, le=10)]] = Field(default_factory=list, max_length=2)
    offset: list[Annotated[float, Field(ge=-100_000, le=100_000)]] = Field(default_factory=list, max_length=2)
    place: int = Field(0, ge=0, le=100_000)
    was: int = Field(0, ge=0, le=100_000)
    read_word: Literal["", "last"] = ""
    order: list[Annotated[str, Field(max_length=SHORT)]] = Field(default_factory=list, max_length=50)


class LoadPayload(_Payload):
    kind: Literal["load"]
    nav_type: Literal["navigate", "reload", "back_forward", "prerender"]
    history_index: int
    top: bool


class SpaPayload(_Payload):
    kind: Literal["spa"]
    to: str = Field(max_length=SHORT)
    nav_type: Literal["push", "replace", "reload", "traverse"]
    history_index: int


Texts = list[Annotated[str, Field(max_length=SHORT)]]


class AfterPayload(_Payload):
    """What the page showed once it settled after a step or a load; `changed`: a click changed the page."""

    kind: Literal["after"]
    changed: bool | None = None
    headings: Texts = Field(default_factory=list, max_length=20)
    alerts: Texts = Field(default_factory=list, max_length=20)
    messages: Texts = Field(default_factory=list, max_length=20)
    lines: Texts = Field(default_factory=list, max_length=80)  # its visible text, as the person read it


Payload = Annotated[StepPayload | LoadPayload | SpaPayload | AfterPayload, Field(discriminator="kind")]
PAYLOAD = TypeAdapter(Payload)
