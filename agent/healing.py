"""Self-healing: what the agent did past a broken step, as procedure steps; a verified run's fix proposed
as a revision; a proposed revision confirmed by later runs and accepted by itself after enough of them."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from core.secrecy import redact_url
from core.settings import Settings
from procedures.building.merging import align, revise_steps, step_similarity
from procedures.building.placeholders import template_step
from procedures.models import Parameter, Procedure, ProcedureStep
from procedures.revisions import Revision, same_steps
from procedures.runtime.checks import closest_option
from procedures.runtime.placeholders import fill_placeholders
from procedures.runtime.stepping import named_selectors
from procedures.search import place
from procedures.store import ProcedureStore
from recorder.models import RecordedStep
from retrieval.render import step_words

SAME_ELEMENT = 0.8  # how alike a clicked element's name must be to the one a step meant
ROLE = re.compile(r"^internal:role=([a-z]+)\[")
LEARNABLE = {
    "goto": "navigate",
    "click": "click",
    "fill": "fill",
    "type": "fill",
    "press": "press",
    "select": "select",
    "drag": "drag",
}


def learned_step(
    command: str,
    args: dict[str, Any],
    target: dict[str, Any] | None,
    before: str,
    after: str,
    values: dict[str, str],
    secrets: dict[str, str],
) -> ProcedureStep | None:
    """An agent's action as a procedure step, with the selectors of the element it acted on (`target`,
    described by the recorder's selector generator before the action) and the run's values as
    placeholders; None for what a procedure cannot hold (a scroll, a secret mixed with other text)."""
    made = recorded_step(command, args, target, before, after, values, secrets)
    if made is None:
        return None
    try:
        return template_step(made[0], {**values, **secrets}, made[1])
    except ValidationError:
        return None  # a page gave an element description a step cannot hold


def recorded_step(
    command: str,
    args: dict[str, Any],
    target: dict[str, Any] | None,
    before: str,
    after: str,
    values: dict[str, str],
    secrets: dict[str, str],
) -> tuple[RecordedStep, str | None] | None:
    """An agent's action as the recorder would have recorded it (a secret's value never kept), with the name of
    the run's value it used, if any (see learned_step)."""
    action = LEARNABLE.get(command)
    if action is None or (action != "navigate" and not (target and target.get("selectors"))):
        return None
    text = args.get("text", args.get("option", args.get("key", args.get("url"))))
    own = next((name for name in [*values, *secrets] if text == f"{{{name}}}"), None)
    own = own or next((name for name, value in values.items() if value and text == value), None)
    if own is None and action == "select":  # an option re-labelled: the value it stands for stays a parameter
        standing = [name for name, value in values.items() if value and closest_option(value, [str(text)]) == text]
        own = standing[0] if len(standing) == 1 else None
    secret = own in secrets
    if not secret and any(f"{{{name}}}" in str(text) for name in secrets):
        return None
    fields: dict[str, Any] = {"action": action, "url": redact_url(before), "secret": secret}
    if action == "navigate":
        fields["value"] = redact_url(str(text))
    else:
        selectors = list(target["selectors"])  # type: ignore[index]
        fields |= {k: target.get(k) or "" for k in ("label", "field", "tag", "input_type")}  # type: ignore[union-attr]
        if action == "select":
            fields |= {k: list(target.get(k) or [])[:500] for k in ("options", "option_values")}  # type: ignore[union-attr]
        if action == "drag":  # onto the middle of the element it was dropped on
            fields |= {"to": list(target.get("to") or [])[:20], "to_label": target.get("to_label") or "", "at": [0.5, 0.5]}  # type: ignore[union-attr]
        fields |= {"selectors": selectors, "selector": selectors[0], "value": None if secret else text}
    if _moved(before, after):
        fields["navigates_to"] = redact_url(after)
    try:
        return RecordedStep(**fields), own
    except ValidationError:
        return None  # a page gave an element description a step cannot hold


def roles(step: ProcedureStep) -> set[str]:
    """The roles a step's selectors name its element by (none: not known)."""
    return {m.group(1) for s in named_selectors(step.selectors) if (m := ROLE.match(s))}


def stands_for(planned: ProcedureStep, done: ProcedureStep) -> bool:
    """Whether an action the agent took does what a procedure step was to do: the same action with the same
    value, on an element of the same role, and for a click, one whose name is nearly the one the step meant."""
    similarity = step_similarity(planned, done)
    if similarity is None:
        return False
    if roles(planned) and roles(done) and not roles(planned) & roles(done):
        return False
    return planned.action not in ("click", "dblclick", "check", "uncheck") or similarity >= SAME_ELEMENT


def _moved(before: str, after: str) -> bool:
    return before.split("#")[0].rstrip("/") != after.split("#")[0].rstrip("/")


def reached_end(url: str, steps: list[ProcedureStep], values: dict[str, str]) -> bool:
    """Whether `url` is where the steps lead (the last page a step navigates to, by host and path); true
    for steps that never leave their page. Until steps carry their own checks, this is how a run that
    the agent calls done is verified."""
    last = next((s.navigates_to or s.value for s in reversed(steps) if s.navigates_to or s.action == "navigate"), None)
    if not last:
        return True
    try:
        expected = fill_placeholders(last, values, "url")
    except KeyError:
        expected = last
    return place(url) == place(expected)


def propose_fix(
    store: ProcedureStore,
    procedure: Procedure,
    played: list[ProcedureStep],
    failed: int,
    learned: list[ProcedureStep],
    reason: str,
    run_dir: str,
    gone: dict[int, str] | None = None,
    found: bool = False,
    chosen: dict[str, tuple[str, str]] | None = None,
) -> Revision | None:
    """The revision that a verified run past a failed step (`failed`, 0-based, of the `played` steps)
    teaches, stored as proposed; None when it would change nothing. Steps the run did without (none
    learned for them) become optional; `gone` holds the model's word for a step it said no longer exists;
    `found`: the failed step's element was there (see revise_steps); `chosen`: by parameter, the run's value
    and the option the agent chose for it in a select whose options changed (see revised_parameters)."""
    steps = revise_steps(played, failed, learned, found)
    parameters = revised_parameters(procedure, learned, chosen or {})
    if same_steps(steps, procedure.steps) and parameters is None:
        return None
    return store.revisions.propose(
        Revision(
            procedure_id=procedure.id,
            base_steps=procedure.steps,
            steps=steps,
            reason=reason[:2000],
            run_dir=run_dir,
            changes=explain_changes(played, failed + found, learned, reason, gone or {})
            + option_mapping(procedure, learned, chosen or {}),
            parameters=parameters,
        )
    )


def explain_changes(
    played: list[ProcedureStep], failed: int, learned: list[ProcedureStep], reason: str, gone: dict[int, str]
) -> list[str]:
    """For each step the revision changes, in words: what the agent did there, and why the step changed."""
    out, number = [], failed
    broke = f"replay could not do it: {reason[:300]}" if reason else "replay could not do it"
    for i, j in align(played[failed:], learned):
        number += 1
        if i is not None and j is not None:
            old, new = played[failed + i], learned[j]
            if old.selectors[:1] != new.selectors[:1]:
                why = broke if failed + i == failed else "found otherwise when replay took the task back"
                out.append(f"step {number} ({step_words(old)}): now {step_words(new)}, as the agent did; {why}")
        elif j is not None:
            out.append(f"step {number} inserted, optional: {step_words(learned[j])}, which the agent did there")
        else:
            step = played[failed + i]  # type: ignore[operator]
            said = gone.get(failed + i)  # type: ignore[operator]
            why = f"the agent said it no longer exists: {said}" if said else "the task was done without it"
            out.append(f"step {number} ({step_words(step)}) optional now: {why}")
    return out


def _selects(learned: list[ProcedureStep]) -> dict[str, ProcedureStep]:
    """The learned selects that choose a parameter's value, with the options the page has now, by parameter."""
    out = {}
    for step in learned:
        name = (step.value or "")[1:-1]
        if step.action == "select" and step.options and step.value == f"{{{name}}}":
            out[name] = step
    return out


def remapped(param: Parameter, step: ProcedureStep, chosen: tuple[str, str] | None) -> dict[str, str | None]:
    """Each allowed value of a select's parameter with the option (its label) of `step` that stands for it
    now: the one the agent chose for the run's value (`chosen`), else the same label or value, else the one
    label that contains it or is close to it; None: no option does."""
    out: dict[str, str | None] = {}
    for value in param.allowed:
        if chosen is not None and value.casefold() == chosen[0].casefold():
            out[value] = chosen[1]
            continue
        label = value if value in step.options else dict(zip(step.option_values, step.options)).get(value)
        out[value] = label or closest_option(value, step.options)
    return out


def revised_parameters(
    procedure: Procedure, learned: list[ProcedureStep], chosen: dict[str, tuple[str, str]]
) -> list[Parameter] | None:
    """The procedure's parameters with each select's whose options a run found changed: the new options are
    its allowed values, and each former value is kept as an alias of the option that stands for it (see
    remapped), so that a task saying it picks that option; one that no option stands for stays, as itself:
    replay finds no option for it, a page change that the agent is asked about. None when no parameter
    changes."""
    selects, out, changed = _selects(learned), [], False
    for param in procedure.abstract.parameters:
        step = selects.get(param.name)
        if step is None or not param.closed or step.options == param.allowed:
            out.append(param)
            continue
        mapping = remapped(param, step, chosen.get(param.name))
        earlier = {old: mapping.get(new) or new for old, new in param.aliases.items()}  # names from earlier revisions follow
        aliases = earlier | {old: new or old for old, new in mapping.items() if old != new}
        differ = len(step.option_values) == len(step.options) and step.option_values != step.options
        example = mapping.get(param.example or "") or param.example
        out.append(
            param.model_copy(
                update={
                    "allowed": list(step.options),
                    "option_values": list(step.option_values) if differ else [],
                    "aliases": aliases,
                    "example": example,
                }
            )
        )
        changed = True
    return out if changed else None


def option_mapping(
    procedure: Procedure, learned: list[ProcedureStep], chosen: dict[str, tuple[str, str]] | None = None
) -> list[str]:
    """For each select the agent did with a parameter's value, which option each allowed value is now, as
    replay will choose it."""
    out = []
    for name, step in _selects(learned).items():
        param = next((p for p in procedure.abstract.parameters if p.name == name and p.allowed), None)
        if param is not None:
            mapping = remapped(param, step, (chosen or {}).get(name))
            shown = [
                f'"{value}" → ' + (f'"{label}"' if label else "no option (a page change: the agent is asked)")
                for value, label in mapping.items()
            ]
            chose = f' ("{chosen[name][1]}" as the agent chose it for "{chosen[name][0]}")' if chosen and name in chosen else ""
            out.append(f"{{{name}}} options now: {', '.join(shown)}{chose}")
    return out


GONE_AFTER = 3  # verified runs without a left-out step (the one that left it out included) before it is removed


def confirm_left_out(
    store: ProcedureStore, replayed: list[ProcedureStep], procedure_id: str, skipped: set[int], played: set[int], run_dir: str
) -> Revision | None:
    """After a verified replay of a procedure's steps (`replayed`; 0-based, those `skipped`, those `played`):
    each step a revision left out counts one more run without it, or is watched no more once a run played
    it. Steps that reach GONE_AFTER runs are removed by a revision, accepted at once (the person accepted
    leaving them out, and the runs confirmed it); None when no step is removed."""
    procedure = store.get(procedure_id)  # as the run's outcome left it
    if not same_steps(procedure.steps, replayed):
        return None  # changed meanwhile: another run's count is on other steps
    counted = [
        step.model_copy(update={"left_out": 0 if i in played else step.left_out + (i in skipped)}) if step.left_out else step
        for i, step in enumerate(procedure.steps)
    ]
    if counted == procedure.steps:
        return None
    procedure = store.update(procedure.model_copy(update={"steps": counted}))
    gone = [i for i, step in enumerate(counted) if step.left_out >= GONE_AFTER]
    if not gone:
        return None
    revision = store.revisions.propose(
        Revision(
            procedure_id=procedure.id,
            base_steps=procedure.steps,
            steps=[step for i, step in enumerate(counted) if i not in gone],
            reason=f"{GONE_AFTER} verified runs did without steps {', '.join(str(i + 1) for i in gone)}",
            run_dir=run_dir,
            successes=GONE_AFTER,
            changes=[
                f"step {i + 1} ({step_words(counted[i])}) removed: {counted[i].left_out} verified runs did without it "
                "since a revision left it out"
                for i in gone
            ],
        )
    )
    store.revisions.accept(revision.id)
    return store.revisions.get(revision.id)


def accept_when_confirmed(store: ProcedureStore, revision: Revision, settings: Settings) -> Revision:
    """Accept a proposed revision by itself once it has as many verified runs as the setting asks (0: never)."""
    needed = settings.revision_auto_accept
    if needed and revision.status == "proposed" and revision.successes >= needed:
        store.revisions.accept(revision.id)
        return store.revisions.get(revision.id)
    return revision
