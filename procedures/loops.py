"""A loop: steps repeated once per item of a list parameter (`expenses: [{description, amount}]`).

A procedure step of action `loop` holds one `Loop`: its `body` is the steps for one item as the demonstration did
them on its first row, with `{field}` placeholders for the item's fields; `add` are the steps played before each
item that needs a row the page does not show yet (an "Add another" click). The list parameter (kind `list`) names
the fields; a list's value is JSON text, a list of objects with those fields (`[{"description": "Taxi", ...}]`).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from recorder.models import SHORT

if TYPE_CHECKING:
    from procedures.models import Procedure, ProcedureStep

MAX_ITEMS = 200  # of a list, whatever the page allows


class Loop(BaseModel):
    """Steps played once per item of the list parameter `over`."""

    model_config = ConfigDict(extra="forbid")

    over: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")  # the list parameter
    fields: list[str] = Field(min_length=1, max_length=20)  # an item's fields: the body's own placeholders
    body: list[ProcedureStep] = Field(min_length=1, max_length=100)  # for one item, on the first row
    add: list[ProcedureStep] = Field(default_factory=list, max_length=10)  # played before an item that needs a new row
    row: str = Field("", max_length=SHORT)  # CSS of the repeated row (RecordedStep.row); "" when the steps have none
    shown: int = Field(0, ge=0)  # the rows the demonstration filled without playing `add` (the page showed them)
    maximum: int | None = Field(None, ge=1)  # the most items the page said it allows
    demonstrated: int = Field(1, ge=1)  # items in the demonstration

    def referenced_parameters(self) -> set[str]:
        """The list and the procedure's parameters that the steps use besides the item's fields."""
        used = set().union(*(s.referenced_parameters() for s in [*self.body, *self.add]))
        return {self.over} | (used - set(self.fields))


def loops_of(procedure: Procedure) -> dict[str, Loop]:
    """The procedure's loops by the list parameter each goes over."""
    return {step.loop.over: step.loop for step in procedure.steps if step.loop is not None}


def list_items(value: str, fields: list[str]) -> list[dict[str, str]]:
    """A list parameter's value (JSON text: a list of objects, or of plain strings for a one-field list) as its
    items; raises ValueError saying what is wrong (an empty item, an item with a field the loop does not have)."""
    try:
        data = json.loads(value) if value.strip() else []
    except json.JSONDecodeError as exc:
        raise ValueError(f"a list is written as JSON: {exc.msg}") from None
    if not isinstance(data, list):
        raise ValueError("a list is written as a JSON list")
    if len(data) > MAX_ITEMS:
        raise ValueError(f"a list holds at most {MAX_ITEMS} items")
    return [_item(entry, fields, number) for number, entry in enumerate(data, 1)]


def _item(entry: object, fields: list[str], number: int) -> dict[str, str]:
    if isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
        entry = [str(entry)]
    if isinstance(entry, list):
        if len(entry) > len(fields):
            raise ValueError(f"item {number} has {len(entry)} values, but each item has {len(fields)}: {', '.join(fields)}")
        entry = dict(zip(fields, entry))
    if not isinstance(entry, dict):
        raise ValueError(f"item {number} is neither a text nor an object")
    unknown = [str(k) for k in entry if k not in fields]
    if unknown:
        raise ValueError(f"item {number} has a field the list does not have: {unknown[0]} (it has {', '.join(fields)})")
    item = {name: "" if entry.get(name) is None else str(entry[name]).strip() for name in fields}
    if not any(item.values()):
        raise ValueError(f"item {number} is empty")
    return item


def list_value(items: list[dict[str, str]]) -> str:
    """Items as a list parameter's value."""
    return json.dumps(items, ensure_ascii=False)


def said_item(item: dict[str, str]) -> str:
    """An item as a person writes it: its values, the fields' names left out ("Taxi, 12.50")."""
    return ", ".join(v for v in item.values() if v)


def loop_said(loop: Loop) -> str:
    """What a list parameter takes, for a person: its items' fields, how rows are added, the most allowed."""
    rows = (
        f"a row added by {', '.join(s.label or s.action for s in loop.add)} for each"
        if loop.add
        else "one row the page shows each"
    )
    most = f", at most {loop.maximum}" if loop.maximum else ""
    return f"a list of items ({', '.join(loop.fields)}): {rows}{most}; demonstrated with {loop.demonstrated}"
