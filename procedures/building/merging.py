"""Two versions of one procedure's steps, aligned: how a fix learned at run time becomes a revision, and
how a second demonstration of a task merges into the stored procedure as alternatives (`add_or_merge`, which
ProcedureStore offers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from procedures.building.flow import flow_of
from procedures.models import Parameter, Procedure, ProcedureStep
from procedures.runtime.stepping import is_named
from procedures.search import place

if TYPE_CHECKING:  # the store it merges into, for type hints only: building knows nothing of storage
    from procedures.backends.sqlite import LocalProcedureStore

MAX_SELECTORS = 20  # RecordedStep.selectors holds at most this many
SAME_TASK_STEPS = 0.6  # share of steps two demonstrations must have in common to be one task
SAME_TASK_GOAL = 60  # rapidfuzz token-set ratio of their goals
SAME_PLACE = 0.9  # how alike two unnamed elements found by the same selector (an id, a position) are


def step_similarity(a: ProcedureStep, b: ProcedureStep) -> float | None:
    """How alike two steps are, 0..1, or None when they cannot be the same step (another action, value
    or page)."""
    if a.action != b.action:
        return None
    if a.loop is not None and b.loop is not None:
        return 1.0 if a.loop.over == b.loop.over else None
    if a.action == "navigate":
        return 1.0 if place(a.value or a.url) == place(b.value or b.url) else None
    if a.action in ("fill", "select", "press", "upload") and (a.value or "") != (b.value or ""):
        return None
    shared = set(a.selectors) & set(b.selectors)
    if any(is_named(s) for s in shared):
        return 1.0  # the same role and name
    names = [(x, y) for x, y in ((a.label, b.label), (a.field, b.field)) if x and y]
    if names:
        return max(fuzz.ratio(x.lower(), y.lower()) / 100 for x, y in names)
    return SAME_PLACE if shared else 0.0


def align(old: list[ProcedureStep], new: list[ProcedureStep]) -> list[tuple[int | None, int | None]]:
    """The steps of `old` and `new` in order, paired where they are the same step (the most pairs, the
    most alike among equals); (i, None) is only in old, (None, j) only in new."""
    rows, cols = len(old), len(new)
    best = [[0.0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            score = max(best[i + 1][j], best[i][j + 1])
            similarity = step_similarity(old[i], new[j])
            if similarity is not None:
                score = max(score, 1 + similarity + best[i + 1][j + 1])
            best[i][j] = score
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < rows and j < cols:
        similarity = step_similarity(old[i], new[j])
        if similarity is not None and best[i][j] == 1 + similarity + best[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            pairs.append((i, None))
            i += 1
        else:
            pairs.append((None, j))
            j += 1
    pairs += [(k, None) for k in range(i, rows)] + [(None, k) for k in range(j, cols)]
    return pairs


def with_selectors(step: ProcedureStep, first: list[str], then: list[str]) -> ProcedureStep:
    """The step trying the selectors `first`, then `then` as fallbacks."""
    selectors = list(dict.fromkeys(s for s in [*first, *then] if s))[:MAX_SELECTORS]
    return step.model_copy(update={"selectors": selectors, "selector": selectors[0] if selectors else None})


def revise_steps(
    steps: list[ProcedureStep], failed: int, learned: list[ProcedureStep], found: bool = False
) -> list[ProcedureStep]:
    """The steps with the part from `failed` (0-based) on revised by what worked at run time (`learned`):
    a step done both ways keeps its value and gets the new selectors first, the old ones as fallbacks; a
    step only done now (a banner, a dialog) is inserted as optional, and so is kept one that was not done
    now: each is played when its element is there, else skipped; a required step not done now is watched
    (`left_out`), to be removed once more verified runs do without it. `found`: the failed step's element was
    there and acted on, only not to the effect recorded (a click that opens a dialog now): it stays, without
    that effect, and what was learned comes after it."""
    if found and failed < len(steps):
        done = steps[failed].model_copy(update={"navigates_to": None, "changes_page": False, "failure_count": 0})
        steps, failed = [*steps[:failed], done, *steps[failed + 1 :]], failed + 1
    head, tail = steps[:failed], steps[failed:]
    revised = list(head)
    for i, j in align(tail, learned):
        if i is not None and j is not None:
            new = learned[j]
            step = with_selectors(tail[i], new.selectors, tail[i].selectors)
            options = (
                {"options": new.options, "option_values": new.option_values} if new.options else {}
            )  # as the page has them now
            revised.append(
                step.model_copy(
                    update={"label": new.label or step.label, "navigates_to": new.navigates_to, "failure_count": 0, **options}
                )
            )
        elif i is not None:
            watch = {} if tail[i].optional else {"left_out": 1}  # a required step the run did without: watched
            revised.append(tail[i].model_copy(update={"optional": True, **watch}))
        else:
            revised.append(learned[j].model_copy(update={"optional": True}))  # type: ignore[index]
    return revised


def _merged_loop(stored: ProcedureStep, new: ProcedureStep) -> ProcedureStep:
    """A loop step both demonstrations did, with the same steps per item: its body and add steps try the stored
    selectors, then the new ones."""
    if stored.loop is None or new.loop is None or len(stored.loop.body) != len(new.loop.body):
        return stored
    body = [with_selectors(a, a.selectors, b.selectors) for a, b in zip(stored.loop.body, new.loop.body)]
    loop = stored.loop.model_copy(update={"body": body, "maximum": stored.loop.maximum or new.loop.maximum})
    return stored.model_copy(update={"loop": loop})


MERGED = "merged the demonstration "  # how a procedure's variants name a recording merged into it


def same_task(stored: Procedure, new: Procedure) -> bool:
    """Whether `new` demonstrates the task of `stored` again: the same site, a like goal and mostly the
    same steps."""
    if not set(stored.abstract.domains) & set(new.abstract.domains):
        return False
    if fuzz.token_set_ratio(stored.abstract.goal.lower(), new.abstract.goal.lower()) < SAME_TASK_GOAL:
        return False
    pairs = align(stored.steps, new.steps)
    shared = sum(1 for i, j in pairs if i is not None and j is not None)
    return shared >= SAME_TASK_STEPS * max(len(stored.steps), len(new.steps), 1)


def merge_demonstration(stored: Procedure, new: Procedure) -> Procedure:
    """`stored` with `new` folded in as alternatives: a step both did tries the stored selectors, then the
    new ones; a step only one did becomes optional (played when its element is there, else skipped)."""
    steps = []
    for i, j in align(stored.steps, new.steps):
        if i is not None and j is not None:
            step = with_selectors(stored.steps[i], stored.steps[i].selectors, new.steps[j].selectors)
            steps.append(_merged_loop(step, new.steps[j]))
        else:
            steps.append((stored.steps[i] if i is not None else new.steps[j]).model_copy(update={"optional": True}))  # type: ignore[index]
    known = set(stored.parameter_names)
    parameters: list[Parameter] = [
        *stored.abstract.parameters,
        *(p.model_copy(update={"required": False}) for p in new.abstract.parameters if p.name not in known),
    ]
    abstract = stored.abstract.model_copy(
        update={
            "parameters": parameters,
            "domains": list(dict.fromkeys([*stored.abstract.domains, *new.abstract.domains])),
            "tags": list(dict.fromkeys([*stored.abstract.tags, *new.abstract.tags]))[:50],
            "flow": flow_of(steps),  # one line per merged step, the optional ones said so
        }
    )
    note = f"{MERGED}{new.recording_id or new.id}: {sum(1 for s in steps if s.optional)} optional steps"
    return Procedure.model_validate(
        stored.model_dump()
        | {"abstract": abstract.model_dump(), "steps": [s.model_dump() for s in steps]}
        | {"variants": [*stored.variants, note]}
    )


def merge_target(store: LocalProcedureStore, procedure: Procedure) -> Procedure | None:
    """The stored procedure of the same task, which `add_or_merge` would merge `procedure` into."""
    return next((stored for stored in store.list(include_deprecated=False) if same_task(stored, procedure)), None)


def add_or_merge(store: LocalProcedureStore, procedure: Procedure) -> tuple[str, bool]:
    """Store a new demonstration: merged into the stored procedure of the same task as alternatives
    (its id, True), or added (its own id, False)."""
    stored = merge_target(store, procedure)
    if stored is None:
        return store.add(procedure), False
    # merged into the procedure as stored now, which no one saves meanwhile
    return store.modify(stored.id, lambda current: merge_demonstration(current, procedure)).id, True


def built_from(links: list[tuple[str | None, list[str], str]]) -> dict[str, list[str]]:
    """Recording id -> ids of the procedures built from it or merged with it, from each procedure's (recording id,
    variants, id), oldest first."""
    found: dict[str, list[str]] = {}
    for recording_id, variants, procedure_id in links:
        merged = [v.removeprefix(MERGED).split(":")[0] for v in variants if v.startswith(MERGED)]
        for rid in filter(None, [recording_id, *merged]):
            found.setdefault(rid, []).append(procedure_id)
    return found
