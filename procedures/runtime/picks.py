"""A pick the task cannot make: when several items show the value it names (two emails from Bob), the person
picks one by its place, writing the value as `Bob #2` (with --param or the Run tab's Parameters).

Part of procedures.runtime (inlined into exported scripts before playback): standard library and
Playwright only.
"""

import re
from collections.abc import Mapping
from typing import Any

from procedures.runtime.placeholders import placeholders

PICK = re.compile(r"^(?P<value>.*\S)\s+#(?P<place>[1-9]\d{0,3})$")  # "Bob #2": the 2nd item that shows "Bob"


def split_picks(steps: list[Mapping[str, Any]], params: Mapping[str, str]) -> tuple[dict[str, str], dict[str, int]]:
    """The values with their picks taken off, and the picks by parameter name: only a parameter that names
    the item a step acts in (a row) takes one."""
    rows = {name for step in steps if step.get("row") for name in placeholders(step.get("selector"))}
    values, picks = dict(params), {}
    for name in rows:
        found = PICK.match(str(params.get(name, "")))
        if found:
            values[name], picks[name] = found["value"], int(found["place"])
    return values, picks


def pick_of(step: Mapping[str, Any], picks: Mapping[str, int]) -> tuple[str, int] | None:
    """The parameter and place the person picked for the item the step acts in, if any."""
    return (
        next(((n, picks[n]) for n in sorted(placeholders(step.get("selector"))) if n in picks), None) if step.get("row") else None
    )


def items_said(texts: list[list[str] | None], name: str, value: str) -> str:
    """The items that show a value, in words, with how to pick one."""
    shown = [f'{at}. "{" · ".join(t)[:80]}"' for at, t in enumerate(texts, 1) if t is not None]
    return f'{"; ".join(shown)}. Pick one by its place: --param {name}="{value} #2" (or so in the Run tab\'s Parameters)'
