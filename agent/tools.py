"""The agent's tools: one pydantic model per tool (the model's arguments are validated against it), and
their schemas for the LLM."""

from __future__ import annotations

import copy
import functools
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ToolArgs(BaseModel):
    """A tool's arguments: nothing beyond its fields."""

    model_config = ConfigDict(extra="forbid")


class Goto(ToolArgs):
    """Open a URL in the current tab."""

    url: str = Field(min_length=1, max_length=2000)


class Click(ToolArgs):
    """Click an element by its ref (e.g. e12)."""

    ref: str = Field(pattern=r"^e\d+$")


class Fill(ToolArgs):
    """Replace the text of an input or textarea by its ref."""

    ref: str = Field(pattern=r"^e\d+$")
    text: str = Field(max_length=10_000)


class Type(ToolArgs):
    """Type text into the focused element, key by key."""

    text: str = Field(max_length=10_000)


class Press(ToolArgs):
    """Press a key or a combination, e.g. Enter, Escape, Control+a."""

    key: str = Field(min_length=1, max_length=40)


class Select(ToolArgs):
    """Choose an option of a select element by its visible label."""

    ref: str = Field(pattern=r"^e\d+$")
    option: str = Field(max_length=500)


class Drag(ToolArgs):
    """Drag an element onto another with the mouse, by their refs: a card to a column, an item onto the item
    whose place it takes, a slider's handle, a file onto a drop zone."""

    source: str = Field(pattern=r"^e\d+$")
    target: str = Field(pattern=r"^e\d+$")


class Scroll(ToolArgs):
    """Scroll the page."""

    direction: Literal["up", "down"]


class StepGone(ToolArgs):
    """Say that the step of the procedure that replay failed at no longer exists on the site as it is now
    (a page or a button was removed); replay goes on with the steps after it."""

    step: int = Field(ge=1, le=10_000)
    reason: str = Field(min_length=1, max_length=500)


class Finish(ToolArgs):
    """End the task: say whether it was done and what happened."""

    success: bool
    summary: str = Field(max_length=2000)


TOOLS: dict[str, type[ToolArgs]] = {
    "goto": Goto,
    "click": Click,
    "fill": Fill,
    "type": Type,
    "press": Press,
    "select": Select,
    "drag": Drag,
    "scroll": Scroll,
    "finish": Finish,
    "step_gone": StepGone,
}
REPLAY_ONLY = {"step_gone"}  # offered only while a replay waits to take the task back


def tool_schemas(replaying: bool = False) -> list[dict[str, Any]]:
    """The tools' schemas; those about a replay's steps only while one waits to take the task back."""
    return [copy.deepcopy(_schema(name)) for name in TOOLS if replaying or name not in REPLAY_ONLY]


@functools.cache
def _schema(name: str) -> dict[str, Any]:
    """A tool's schema, made once: pydantic takes a tenth of a second to make them all, on every model call."""
    model = TOOLS[name]
    return {
        "type": "function",
        "function": {"name": name, "description": (model.__doc__ or "").strip(), "parameters": model.model_json_schema()},
    }
