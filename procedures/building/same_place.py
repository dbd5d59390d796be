"""Finding repetition in one place: the same steps done again on the same elements for each item (tags typed into
one box and ended by Enter, people typed and picked from the suggestions, boxes of one set ticked) become one loop
over a list parameter whose body acts on those elements each time (a `Loop` with no row).

Two steps are the same step for two items when they are alike once their placeholders are blanked out: the same
action on the same selectors, the same value around its placeholder. A round is the block of steps for one item;
rounds follow one another, each with parameters of its own. Pure: no browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from procedures.loops import Loop, list_value
from procedures.models import Parameter, Procedure, ProcedureStep
from procedures.runtime.placeholders import PLACEHOLDER

WIDEST = 4  # steps in one item's round
BLANK = "{}"


@dataclass(frozen=True)
class Made:
    """A loop found: the steps it stands for (0-based), its step, its list parameter and the parameters it replaces."""

    covered: list[int]
    step: ProcedureStep
    parameter: Parameter
    replaced: set[str]


def _blanked(step: ProcedureStep) -> tuple[object, ...]:
    def blank(text: str | None) -> str | None:
        return PLACEHOLDER.sub(BLANK, text) if text else text

    return (step.action, blank(step.value), tuple(blank(s) for s in step.selectors), step.tag, step.input_type, step.frame)


def _names(steps: list[ProcedureStep]) -> list[str]:
    """The placeholders of a round's steps, in the order the steps use them."""
    found = []
    for step in steps:
        for text in (step.value, *step.selectors):
            found += [m.group(1) for m in PLACEHOLDER.finditer(text or "")]
    return list(dict.fromkeys(found))


def _base(name: str) -> str:
    return re.sub(r"_\d+$", "", name)


def _round_fits(steps: list[ProcedureStep], start: int, width: int, first: list[ProcedureStep]) -> bool:
    """The steps at `start` do for another item what `first` did: alike, with parameters of their own that the
    builder named as it names the same field again (`tags`, `tags_2`)."""
    block = steps[start : start + width]
    if len(block) < width or [_blanked(s) for s in block] != [_blanked(s) for s in first]:
        return False
    names, firsts = _names(block), _names(first)
    return [_base(n) for n in names] == [_base(n) for n in firsts] and not set(names) & set(firsts)


def _runs(steps: list[ProcedureStep]) -> list[tuple[int, int, int]]:
    """(start, width, rounds) of each run of at least two rounds, left to right, the narrowest round first."""
    runs, start = [], 0
    while start < len(steps):
        for width in range(1, WIDEST + 1):
            first = steps[start : start + width]
            if not _names(first) or any(s.secret or s.loop is not None or s.action == "navigate" for s in first):
                continue
            rounds = 1
            while _round_fits(steps, start + rounds * width, width, first):
                rounds += 1
            if rounds >= 2:
                runs.append((start, width, rounds))
                start += width * rounds
                break
        else:
            start += 1
    return runs


def _folded(body: list[ProcedureStep], items: list[dict[str, str]], fields: list[str]) -> tuple[list[ProcedureStep], list[str]]:
    """Typing part of what is then picked ("ada", then the suggestion "Ada Lovelace") is one field: the typing
    types the whole of what is picked."""
    for typed in fields:
        for picked in fields:
            if typed != picked and all(i[typed] and i[typed].lower() in i[picked].lower() for i in items):
                body = [_renamed(s, picked, typed) for s in body]
                for item in items:
                    item[typed] = item.pop(picked)
                return body, [f for f in fields if f != picked]
    return body, fields


def _renamed(step: ProcedureStep, old: str, new: str) -> ProcedureStep:
    def swap(text: str | None) -> str | None:
        return text.replace(f"{{{old}}}", f"{{{new}}}") if text else text

    selectors = [swap(s) or "" for s in step.selectors]
    texts = {"value": swap(step.value), "selector": swap(step.selector), "description": swap(step.description) or ""}
    return step.model_copy(update={**texts, "selectors": selectors})


def _list_name(field: str, taken: set[str]) -> str:
    """The list's name: its (first) field's, as a plural ("tags", "topics")."""
    base = _base(field)
    name = base if base.endswith(("s", "people")) else base + "es" if base.endswith(("x", "sh", "ch")) else base + "s"
    out, n = name, 2
    while out in taken:
        out, n = f"{name}_{n}", n + 1
    return out


def _singular(name: str) -> str:
    if name.endswith("es") and name[:-2].endswith(("x", "sh", "ch")):
        return name[:-2]
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _made(procedure: Procedure, start: int, width: int, rounds: int, taken: set[str]) -> Made:
    steps, params = procedure.steps, {p.name: p for p in procedure.abstract.parameters}
    first = steps[start : start + width]
    fields = _names(first)
    items = []
    for n in range(rounds):
        names = _names(steps[start + n * width : start + (n + 1) * width])
        items.append({f: params[v].example or "" if v in params else "" for f, v in zip(fields, names)})
    body, fields = _folded(list(first), items, fields)
    replaced = {n for i in range(start, start + width * rounds) for n in _names([steps[i]])}
    name = _list_name(fields[0], taken - replaced)
    one = _singular(name)
    if len(fields) == 1 and one != fields[0]:  # one field: an item is a tag, the list the tags
        body = [_renamed(s, fields[0], one) for s in body]
        items = [{one: item[fields[0]]} for item in items]
        fields = [one]
    loop = Loop(over=name, fields=fields, body=body, demonstrated=rounds)
    return loop_made(loop, items, params, list(range(start, start + width * rounds)), replaced)


def loop_made(
    loop: Loop, items: list[dict[str, str]], params: dict[str, Parameter], covered: list[int], replaced: set[str]
) -> Made:
    """The loop's step and its list parameter, the demonstrated `items` its example; `params` the procedure's."""
    said = ", ".join(s.description[:1].lower() + s.description[1:] for s in loop.body if s.description)
    one = _singular(loop.over)
    step = ProcedureStep(action="loop", loop=loop, description=f"For each {one}: {said}", url=loop.body[0].url)
    label = " ".join(params[f].label for f in loop.fields if f in params and params[f].label)
    parameter = Parameter(
        name=loop.over,
        kind="list",
        example=list_value(items),
        label=label or loop.over,
        description=f"one item per {one}: {', '.join(loop.fields)}",
    )
    return Made(covered, step, parameter, replaced)


def same_place_loops(procedure: Procedure, taken: set[str]) -> list[Made]:
    """Each run of rounds done on the same elements, as a loop; `taken`: parameter names not to give a list."""
    made: list[Made] = []
    for start, width, rounds in _runs(procedure.steps):
        found = _made(procedure, start, width, rounds, taken | {m.parameter.name for m in made})
        made.append(found)
    return made
