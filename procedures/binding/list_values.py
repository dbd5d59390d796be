"""Reading a list parameter's items (procedures.loops) from a task's words, from values a person gives, and
checking them before anything is sent.

In a task, a list stands where the title had the demonstrated items ("... with Taxi 12.50 and Hotel 80.00"),
after "items:" or the list's own name ("expenses: ..."), or one item per line. Items are separated by commas,
"and", "then", semicolons or lines; "3 x Lunch 12.00" is three alike. Within an item, the fields are in the
loop's order, told apart by parentheses ("Train ticket (23.10)"), a separator (":", " - ", ",", " for ") or
the shape the demonstrated values had (a number, an e-mail address at the end).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from procedures.loops import Loop, list_items, list_value, loops_of
from procedures.models import Parameter, Procedure

NUMBER = r"(?:[$€£]\s?)?-?\d+(?:[.,]\d+)*(?:\s?(?:[$€£]|EUR|USD|GBP))?"
EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
SHAPES = {"number": re.compile(rf"^{NUMBER}$"), "email": re.compile(rf"^{EMAIL}$")}
ENDS = {"number": re.compile(rf"^(.*?)[\s:,=(-]*({NUMBER})\)?$"), "email": re.compile(rf"^(.*?)[\s:,<(-]*({EMAIL})[>)]?$")}
BETWEEN_ITEMS = re.compile(r"\s*;\s*|\s*,\s*(?:and|then)\s+|\s*,\s*|\s+(?:and|then|&)\s+", re.IGNORECASE)
WITHIN_ITEM = re.compile(r"\s*\(\s*([^()]*)\s*\)\s*|\s*:\s+|\s+[-–—|]\s+|\s*,\s*|\s+for\s+|\t+")
TIMES = re.compile(r"^(\d{1,2})\s*[x×]\s+(.+)$", re.IGNORECASE)
BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
TRAILING = " .!?"


def _shape(value: str) -> str | None:
    return next((name for name, pattern in SHAPES.items() if pattern.match(value.strip())), None)


def field_shapes(param: Parameter, loop: Loop) -> list[str | None]:
    """Each field's shape (number, email) if every demonstrated item had it."""
    try:
        items = list_items(param.example or "[]", loop.fields)
    except ValueError:
        items = []
    shapes = []
    for name in loop.fields:
        found = {_shape(item[name]) for item in items if item[name]}
        shapes.append(found.pop() if len(found) == 1 else None)
    return shapes


def read_items(text: str, loop: Loop, shapes: list[str | None]) -> list[list[str]]:
    """The items that `text` (the part of a task that is the list) gives, each as its values in the loop's
    order (list_items says what is wrong with them)."""
    lines = [BULLET.sub("", line).strip() for line in text.splitlines() if line.strip()]
    pieces = lines if len(lines) > 1 else _split_items(lines[0] if lines else "", shapes)
    items: list[list[str]] = []
    for piece in pieces:
        times = TIMES.match(piece)
        count, piece = (int(times.group(1)), times.group(2)) if times else (1, piece)
        items += [_fields(piece.strip(TRAILING + ","), loop, shapes)] * count
    return items


def _split_items(text: str, shapes: list[str | None]) -> list[str]:
    """Pieces between commas, "and" and "then"; with several fields, a piece that lacks the last field's shape is
    part of the next ("Salt and pepper 3.00")."""
    if ";" in text:
        return [p for p in re.split(r"\s*;\s*(?:and\s+|then\s+)?", text) if p.strip()]
    pieces = BETWEEN_ITEMS.split(text)
    last = shapes[-1] if len(shapes) > 1 else None
    if last is None:
        return [p for p in pieces if p.strip()]
    seps = [m.group(0) for m in BETWEEN_ITEMS.finditer(text)]
    out, current = [], ""
    for piece, sep in zip(pieces, [*seps, ""]):
        current += piece
        if ENDS[last].match(current.strip(TRAILING)):
            out.append(current.strip())
            current = ""
        else:
            current += sep
    if current.strip():
        out.append(_trim(current))
    return out


def _trim(piece: str) -> str:
    return re.sub(r"(?:\s*,\s*(?:and|then)?|\s+(?:and|then|&))\s*$", "", piece.strip(), flags=re.IGNORECASE).strip()


def _fields(piece: str, loop: Loop, shapes: list[str | None]) -> list[str]:
    """One item's values from its words."""
    if len(loop.fields) == 1 or not piece:
        piece = piece.strip('"“”')  # "India Ink": the item, not its quotes
        return [piece] if piece else []
    values = [v.strip() for v in WITHIN_ITEM.split(piece) if v and v.strip()]
    return _by_shape(piece, shapes) if len(values) == 1 else values


def _by_shape(piece: str, shapes: list[str | None]) -> list[str]:
    """The fields of an item written without separators, from the end: each field whose demonstrated values had
    a shape (a number, an e-mail address) is taken off the end; what is left is the first field."""
    values: list[str] = []
    rest = piece
    for shape in reversed(shapes[1:]):
        found = ENDS[shape].match(rest) if shape else None
        if not found:
            break
        rest, value = found.group(1).strip(), found.group(2)
        values.insert(0, value)
    return [rest, *values] if rest else values


def _anchor(text: str, words: int = 3) -> str:
    return " ".join(re.findall(r"\S+", text)[-words:])


def list_span(task: str, procedure: Procedure, param: Parameter, loop: Loop) -> tuple[int, int] | None:
    """Where in the task its list is: where the title had the demonstrated items, else after "items:" or the
    list's name, else the lines after the first."""
    title = procedure.title
    try:
        demo = list_items(param.example or "[]", loop.fields)
    except ValueError:
        demo = []
    values = [v for item in demo for v in item.values() if v]
    start = title.find(values[0]) if values else -1
    end = title.rfind(values[-1]) + len(values[-1]) if values and values[-1] in title else -1
    if start > 0 and end > start:
        found = _between(task, title[:start], title[end:])
        if found:
            return found
    named = _named_list(param).search(task)
    if named:
        return named.end(), len(task.rstrip(TRAILING))
    lines = task.splitlines()
    if len(lines) > 1:
        return len(lines[0]) + 1, len(task.rstrip())
    return None


def _named_list(param: Parameter) -> re.Pattern[str]:
    """The list's name before its items ("items:", "tags:", "expenses:")."""
    singular = param.name.removesuffix("s")
    return re.compile(rf"\b(?:items|{re.escape(singular)}s?|{re.escape(param.label)})\s*:\s*", re.IGNORECASE)


def _between(task: str, before: str, after: str) -> tuple[int, int] | None:
    lead = _anchor(before)
    at = task.lower().find(lead.lower()) if lead else 0
    if at < 0:
        lead = _anchor(before, 1)
        at = task.lower().find(lead.lower()) if lead else -1
    words = re.findall(r"\S+", before)
    if at < 0 and len(words) == 1:  # "Select S4 and S7 ..." worded "Tick S10 and S1 ...": the task's own first word
        first = re.match(r"\s*" + r"\s+".join([r"\S+"] * len(words)), task)
        at, lead = (0, first.group(0)) if first else (-1, lead)
    if at < 0:
        return None
    start = at + len(lead)
    end = _tail_at(task, start, re.findall(r"\S+", after))
    end = end if end is not None else len(task.rstrip(TRAILING))
    return (start, end) if task[start:end].strip(" :") else None


def _tail_at(task: str, start: int, after: list[str]) -> int | None:
    """Where the words the title had after its items start again in the task, after `start`: their first two,
    else two of the next ("as out of stock" worded "out of stock")."""
    for first in range(min(3, len(after))):
        tail = " ".join(after[first : first + 2]).strip(TRAILING)
        stop = re.search(rf"(?<!\w){re.escape(tail)}(?!\w)", task[start:], re.IGNORECASE) if tail else None
        if stop is not None and stop.start() > 0:
            return start + stop.start()
    return None


def task_lists(procedure: Procedure, task: str) -> list[tuple[str, str, tuple[int, int]]]:
    """(parameter, value, span) for each list the task gives (its value may be one that list_problems refuses)."""
    loops = loops_of(procedure)
    out = []
    for param in procedure.abstract.parameters:
        loop = loops.get(param.name)
        if param.kind != "list" or loop is None:
            continue
        span = list_span(task, procedure, param, loop)
        if span is None:
            named_options = _options_named(task, loop)  # "check Push and Post": the boxes of the set the task names
            if named_options:
                out.append((param.name, _as_value([[o] for o, _ in named_options], loop), named_options[-1][1]))
            continue
        text = task[span[0] : span[1]].strip(" :")
        named = _named_list(param).match(text)  # "... with tags: alpha, beta"
        text = _trim(text[named.end() :] if named else text)  # "S10 and S1, then click ...": no "then" item
        items = read_items(text, loop, field_shapes(param, loop))
        if items:
            out.append((param.name, _as_value(items, loop), span))
    return out


def _options_named(task: str, loop: Loop) -> list[tuple[str, tuple[int, int]]]:
    """The options of a one-field loop's set (the labels of a set of boxes) that the task names, in its order."""
    options = {o for step in loop.body for o in step.options if o.strip()} if len(loop.fields) == 1 else set()
    found = [
        (option, m.span()) for option in options for m in re.finditer(rf"(?<!\w){re.escape(option)}(?!\w)", task, re.IGNORECASE)
    ]
    return sorted(found, key=lambda found_at: found_at[1])


def _as_value(items: list[Any], loop: Loop) -> str:
    """The items as a list's value: objects with the loop's fields, or as read when they do not fit them."""
    raw = json.dumps(items, ensure_ascii=False)
    try:
        return list_value(list_items(raw, loop.fields))
    except ValueError:
        return raw


def given_lists(procedure: Procedure, values: Mapping[str, str]) -> dict[str, str]:
    """The values a person gave, each list's as a list's value: JSON text (a list of objects, of lists of values,
    or of texts each read as one item), else read as a task's list is ("Taxi 12.50, Hotel 80")."""
    loops = loops_of(procedure)
    out = dict(values)
    for name, value in values.items():
        loop = loops.get(name)
        param = next((p for p in procedure.abstract.parameters if p.name == name), None)
        if loop is None or param is None:
            continue
        shapes = field_shapes(param, loop)
        try:
            data = json.loads(value)
        except json.JSONDecodeError:
            data = None
        if not isinstance(data, list):
            out[name] = _as_value(read_items(value, loop, shapes), loop)
        elif len(loop.fields) > 1 and data and all(isinstance(entry, str) for entry in data):
            out[name] = _as_value([_fields(entry.strip(), loop, shapes) for entry in data], loop)
        else:
            out[name] = _as_value(data, loop)
    return out


def list_problems(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    """What is wrong with the values of list parameters: not a list, an empty item, an item with more fields than
    the loop has, more items than the page allows, or none for a list the procedure needs."""
    problems = []
    for name, loop in loops_of(procedure).items():
        value = values.get(name)
        if value is None:
            continue
        try:
            items = list_items(value, loop.fields)
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
            continue
        if not items:
            problems.append(f"{name}: the task gives no {name.removesuffix('s')}")
        elif loop.maximum is not None and len(items) > loop.maximum:
            problems.append(f"{name}: the task gives {len(items)}, but the page allows at most {loop.maximum}")
    return problems
