"""Finding repetition in a built procedure: the same steps done on sibling rows (each row's fields filled, with or
without an "Add another" click before each) become one loop over a list parameter (procedures.loops).

Two steps are the same step on two rows when they do the same to fields of the same name whose CSS paths (the
last of a step's selectors) differ only in the place of one element among its siblings: the row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.words import STOP_WORDS
from procedures.building.same_place import Made, loop_made, same_place_loops
from procedures.loops import Loop
from procedures.models import Check, Procedure, ProcedureStep
from procedures.runtime.placeholders import PLACEHOLDER, placeholders
from recorder.models import Recording

PART = re.compile(r"^([a-z][a-z0-9-]*)(?::nth-of-type\((\d+)\))?$")
VALUED = ("fill", "select")  # the steps whose values are an item's fields
NEAR = 12  # steps apart that two steps of one row or of two rows may be
ADD_WORDS = frozenset("add new another more row line item entry insert create plus".split())
MAXIMUM = re.compile(r"\b(?:up to|at most|a maximum of|maximum of|max\.?|no more than)\s+(\d{1,3})\s+([a-z]+)", re.IGNORECASE)

Place = tuple[tuple[str, int], ...]


def css_place(step: ProcedureStep) -> Place | None:
    """The step's element as (tag, place among siblings of its tag) from the page down, from its CSS path."""
    path = step.selectors[-1] if step.selectors else ""
    parts = path.split(" > ")
    if ">>" in path or not parts or parts[0] != "html":
        return None
    parsed = [PART.match(p.strip()) for p in parts]
    if not all(parsed):
        return None
    return tuple((m.group(1), int(m.group(2) or 1)) for m in parsed if m)


def row_level(a: Place, b: Place) -> int | None:
    """The one level at which two places differ only in the element's place among its siblings, if any."""
    if len(a) != len(b) or any(x[0] != y[0] for x, y in zip(a, b)):
        return None
    differ = [level for level, (x, y) in enumerate(zip(a, b)) if x[1] != y[1]]
    return differ[0] if len(differ) == 1 else None


def row_css(place: Place, level: int, nth: int | None = None) -> str:
    """The CSS path of the row at `level` of `place` (as the `nth` of its tag, else as it is)."""
    parts = [f"{tag}:nth-of-type({n})" for tag, n in place[: level + 1]]
    if nth is not None:
        parts[-1] = f"{place[level][0]}:nth-of-type({nth})"
    return " > ".join(parts)


@dataclass
class _Round:
    """The steps of one row: those before it that add it (none for a row the page showed), then its own."""

    adds: list[int] = field(default_factory=list)
    body: list[int] = field(default_factory=list)
    level: int = -1
    nth: int = 0


def _same_field(a: ProcedureStep, b: ProcedureStep) -> bool:
    return a.action == b.action and (a.field, a.label, a.tag, a.input_type) == (b.field, b.label, b.tag, b.input_type)


def _row_steps(steps: list[ProcedureStep], places: list[Place | None]) -> dict[int, tuple[int, int]]:
    """Steps done on one of several sibling rows: by index, (row level, the row's place)."""
    found: dict[int, tuple[int, int]] = {}
    for i, a in enumerate(places):
        for j in range(max(0, i - NEAR), min(len(steps), i + NEAR + 1)):
            b = places[j]
            if i == j or a is None or b is None or not _same_field(steps[i], steps[j]):
                continue
            level = row_level(a, b)
            if level is not None:
                found[i] = (level, a[level][1])
                break
    return found


def _rounds(steps: list[ProcedureStep], rows: dict[int, tuple[int, int]]) -> list[_Round | None]:
    """The steps read as rounds, one per row; None between rounds that cannot be of one loop."""
    out: list[_Round | None] = []
    pending: list[int] = []
    for i, step in enumerate(steps):
        if i not in rows:
            if step.action == "click" and not placeholders(step.value) and len(pending) < 2:
                pending.append(i)
            else:
                out.append(None)
                pending = []
            continue
        level, nth = rows[i]
        current = out[-1] if out else None
        if current is not None and not pending and (current.level, current.nth) == (level, nth):
            current.body.append(i)
            continue
        out.append(_Round(adds=pending, body=[i], level=level, nth=nth))
        pending = []
    return out


def _shape(step: ProcedureStep, place: Place, level: int) -> tuple[object, ...]:
    value = None if PLACEHOLDER.fullmatch(step.value or "") else step.value
    return (step.action, step.field, step.label, place[:level], place[level][0], place[level + 1 :], value)


def _adds_alike(steps: list[ProcedureStep], a: list[int], b: list[int]) -> bool:
    return [(steps[i].action, steps[i].selector) for i in a] == [(steps[i].action, steps[i].selector) for i in b]


def _loops(procedure: Procedure, places: list[Place | None]) -> list[list[_Round]]:
    """Runs of at least two rounds of the same shapes, on rows one after another, each added alike."""
    steps = procedure.steps
    found: list[list[_Round]] = []
    run: list[_Round] = []
    for round_ in [*_rounds(steps, _row_steps(steps, places)), None]:
        if round_ is not None and run and _continues(steps, places, run, round_):
            run.append(round_)
            continue
        if len(run) >= 2 and _carries_values(steps, run):
            found.append(run)
        run = [round_] if round_ is not None else []
    return found


def _continues(steps: list[ProcedureStep], places: list[Place | None], run: list[_Round], new: _Round) -> bool:
    last = run[-1]
    if (new.level, new.nth) != (last.level, last.nth + 1) or len(new.body) != len(run[0].body):
        return False
    shapes = [[_shape(steps[i], places[i], r.level) for i in r.body] for r in (run[0], new)]  # type: ignore[arg-type]
    if shapes[0] != shapes[1]:
        return False
    added = [r.adds for r in run if r.adds]
    if not new.adds and len(run) == 1:
        run[0].adds = []  # what came before the first row did not add it: the page showed both
        return True
    if not new.adds:
        return not added  # rows the page showed come first
    return not added or _adds_alike(steps, added[0], new.adds)


def _carries_values(steps: list[ProcedureStep], run: list[_Round]) -> bool:
    """Some of the rounds' steps type or choose a value, none is secret, and only typing and choosing take values
    (a checkbox's state is no item's field)."""
    body = [steps[i] for r in run for i in r.body]
    valued = [s for s in body if placeholders(s.value)]
    return bool(valued) and not any(s.secret for s in body) and all(s.action in VALUED for s in valued)


def _list_name(procedure: Procedure, adds: list[ProcedureStep], items: list[dict[str, str]]) -> str:
    """What the list is called: the thing an add button names ("Add expense"), else the word of the title
    just before the first item ("Invite guests Ann ..."), else "items"."""
    words = [w for s in adds for w in re.findall(r"[a-z]+", s.label.lower()) if w not in ADD_WORDS]
    if not words:
        title = procedure.title
        first = next((v for v in items[0].values() if v), "")
        at = title.find(first) if first else -1
        before = re.findall(r"[a-z]+", title[:at].lower())[-1:] if at > 0 else []
        words = [w for w in before if w not in STOP_WORDS and w not in ADD_WORDS]
    word = words[-1] if words else "item"
    return word if word.endswith("s") else word + "s"


def _unique(name: str, taken: set[str]) -> str:
    out, n = name, 2
    while out in taken:
        out, n = f"{name}_{n}", n + 1
    return out


def _maximum(lines: list[str], name: str) -> int | None:
    """The most items a page line says it allows ("Add up to 6 expenses"): of this list's name, else the one
    such statement the pages made."""
    singular = name.removesuffix("s")
    found = [m for line in lines for m in MAXIMUM.finditer(line)]
    named = [m for m in found if m.group(2).lower().startswith(singular[:4])]
    chosen = named or (found if len({m.group(0) for m in found}) == 1 else [])
    return int(chosen[0].group(1)) if chosen else None


def _as_loop(procedure: Procedure, run: list[_Round], places: list[Place | None], lines: list[str], taken: set[str]) -> Made:
    """The loop for a run of rounds: its step, its list parameter, and the parameters it replaces."""
    steps, params = procedure.steps, {p.name: p for p in procedure.abstract.parameters}
    first = run[0]
    names = [(PLACEHOLDER.fullmatch(steps[i].value or "") or [None, None])[1] for i in first.body]
    fields = [n for n in names if n]
    items = []
    for r in run:
        values = [(PLACEHOLDER.fullmatch(steps[i].value or "") or [None, None])[1] for i in r.body]
        items.append({f: params[v].example or "" if v in params else "" for f, v in zip(names, values) if f})
    adds = [steps[i] for i in next((r.adds for r in run if r.adds), [])]
    name = _unique(_list_name(procedure, adds, items), set(params) | taken)
    place = places[first.body[0]]
    assert place is not None
    loop = Loop(
        over=name,
        fields=list(dict.fromkeys(fields)),
        body=[steps[i] for i in first.body],
        add=adds,
        row=row_css(place, first.level),
        shown=sum(1 for r in run if not r.adds),
        maximum=_maximum(lines, name),
        demonstrated=len(run),
    )
    replaced = {n for r in run for i in r.body for n in placeholders(steps[i].value)}
    return loop_made(loop, items, params, sorted({j for r in run for j in [*r.adds, *r.body]}), replaced)


def find_loops(procedure: Procedure, lines: list[str] | None = None) -> Procedure:
    """The procedure with each run of steps repeated over rows, and then each run repeated in one place
    (procedures.building.same_place), as one loop step over a new list parameter; `lines`: text the pages showed (where a
    page may say how many items it allows)."""
    places = [css_place(s) for s in procedure.steps]
    made: list[Made] = []
    for run in _loops(procedure, places):
        made.append(_as_loop(procedure, run, places, lines or [], {m.parameter.name for m in made}))
    procedure = _with_loops(procedure, made) if made else procedure
    in_place = same_place_loops(procedure, {p.name for p in procedure.abstract.parameters})
    return _with_loops(procedure, in_place) if in_place else procedure


def _with_loops(procedure: Procedure, made: list[Made]) -> Procedure:
    """The procedure with the steps each loop stands for replaced by its step, and its parameters by its list."""
    starts = {m.covered[0]: m for m in made}
    inside = {i for m in made for i in m.covered}
    steps: list[ProcedureStep] = []
    new_index: dict[int, int] = {}  # 0-based old step -> 0-based new one
    added, replaced = [], set()
    for i, step in enumerate(procedure.steps):
        if i in starts:
            steps.append(starts[i].step)
            added.append(starts[i].parameter)
            replaced |= starts[i].replaced
        if i in inside:
            new_index[i] = len(steps) - 1
            continue
        new_index[i] = len(steps)
        steps.append(step)
    still = set().union(*(s.referenced_parameters() for s in steps))
    lists = {p.name for p in added}  # a list may take the name of the first item's parameter ("tags")
    kept = [p for p in procedure.abstract.parameters if p.name not in lists and (p.name not in replaced or p.name in still)]
    parameters = kept + added
    gone = {p.name for p in procedure.abstract.parameters} - {p.name for p in kept}
    checks = [_renumbered(c, new_index) for c in procedure.checks if not c.referenced_parameters() & gone]
    lines_said = [s.description for s in steps if s.description]
    flow = [line for n, line in enumerate(lines_said) if not n or lines_said[n - 1] != line]
    abstract = procedure.abstract.model_copy(update={"parameters": parameters, "flow": flow})
    return Procedure.model_validate(
        procedure.model_dump()
        | {
            "abstract": abstract.model_dump(),
            "steps": [s.model_dump() for s in steps],
            "checks": [c.model_dump() for c in checks],
        }
    )


def _renumbered(check: Check, new_index: dict[int, int]) -> Check:
    if check.after_step is None:
        return check
    return check.model_copy(update={"after_step": new_index[check.after_step - 1] + 1})


def shown_lines(recording: Recording) -> list[str]:
    """The lines of text the recording's pages showed."""
    outcome = recording.outcome
    start = outcome.start_lines if outcome else []
    return [*start, *(line for page in recording.along for line in page.lines), *(outcome.lines if outcome else [])]
