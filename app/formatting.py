"""How steps and values are shown to people and read from them, the same in the terminal and the window."""

from __future__ import annotations

import difflib
import itertools
import json
import shlex
import sqlite3
from pathlib import Path

from agent.results import RunResult, StepRecord
from core.database import database_error
from core.errors import ShowMeHowError
from core.masking import SECRET_MASK
from procedures.binding.result import Binding
from procedures.models import Procedure, ProcedureStep
from procedures.revisions import Revision, step_line
from procedures.runtime.placeholders import readable
from procedures.runtime.stepping import plain_error
from recorder.models import RecordedStep
from retrieval import Match
from retrieval.render import step_words


def step_summary(step: RecordedStep) -> tuple[str, str, str]:
    """(action, target, value) of a step, secrets masked."""
    value = SECRET_MASK if step.secret else (step.value or ", ".join(step.files) or step.navigates_to or "")
    return step.action, step.label or step.selector or "", value


def breaks_at(procedure: Procedure) -> str:
    """Where a procedure breaks in runs: "step 4 (3x)", or "" when no step failed."""
    weakest = procedure.breaks_at()
    return f"step {weakest[0]} ({weakest[1]}x)" if weakest else ""


def shown_bound(match: Match) -> dict[str, str]:
    """The values bound for a match, secret ones masked."""
    secret = {p.name for p in match.procedure.abstract.parameters if p.secret}
    return {name: SECRET_MASK if name in secret else value for name, value in match.binding.values.items()}


def bound_values(procedure: Procedure, binding: Binding, sources: dict[str, str] | None = None) -> list[tuple[str, str, str]]:
    """(parameter, value, how it was bound) for each parameter of `procedure`, secrets as dots; `sources`
    (a run's own account) win over the binding's."""
    rows = []
    for param in procedure.abstract.parameters:
        value = binding.values.get(param.name)
        shown = "-" if value is None else SECRET_MASK if param.secret else value
        how = (sources or {}).get(param.name) or binding.sources.get(param.name)
        rows.append(
            (param.name, shown, how or ("not bound: the run asks you for it" if param.required else "not bound: left out"))
        )
    return rows


def step_sentence(step: StepRecord, procedure: Procedure | None = None, values: dict[str, str] | None = None) -> str:
    """A run's step in words: the procedure step's own line (for an agent's step, the line of the step learned
    from it), its placeholders as the run's `values` (secrets masked) give them, else in words, with the value
    it typed when the line does not show it ("Enter the username: bob"); else the command and its arguments
    without selectors. Secret values are masked in `step.args`."""
    played = (
        procedure.steps[step.step - 1] if procedure and step.source == "replay" and step.step <= len(procedure.steps) else None
    )
    value = step.args.get("value") if step.command != "navigate" else None
    if played is not None and played.description:
        line = readable(played.description, values)
        return f"{line}: {value}" if value and str(value) not in line else line
    typed = step.args.get("text") or step.args.get("option")
    if step.source == "agent" and step.description:
        return f"{step.description}: {typed}" if typed else step.description
    shown = [str(v) for k, v in step.args.items() if v not in (None, "") and "selector" not in k]
    return " ".join([step.command.replace("_", " ").capitalize(), *shown])


def said_step(step: ProcedureStep) -> str:
    """A procedure's step in words, as a person reads a list of steps: `Click the button "Sign in" (optional)`."""
    words = step_words(step)
    return f"{words[:1].upper()}{words[1:]}{' (optional)' if step.optional else ''}"


def page_address(text: str | None) -> str | None:
    """A page as the person wrote it: a URL as it is, the path of a local file as its file: URL."""
    if not text or "://" in text or text.startswith(("about:", "data:")):
        return text or None
    path = Path(text).expanduser()
    return path.resolve().as_uri() if path.exists() else text


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """NAME=VALUE pairs (`--param` arguments, or the words of a text field) as a dict."""
    values = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ShowMeHowError(f"expected NAME=VALUE, got {pair!r}")
        name = name.strip()
        values[name] = repeated(values[name], value) if name in values else value
    return values


def repeated(before: str, value: str) -> str:
    """A parameter given again: its values as a JSON list, one item each (a list parameter's)."""
    try:
        earlier = json.loads(before)
    except json.JSONDecodeError:
        earlier = None
    items = earlier if isinstance(earlier, list) and before.lstrip().startswith("[") else [before]
    return json.dumps([*items, value], ensure_ascii=False)


def parse_assignment_text(text: str) -> dict[str, str]:
    """`a=1 b="two words"` as {"a": "1", "b": "two words"}."""
    try:
        return parse_assignments(shlex.split(text))
    except ValueError as exc:  # an unclosed quote
        raise ShowMeHowError(f"cannot read {text!r}: {exc}") from exc


def assignment_text(values: dict[str, str]) -> str:
    """The inverse of parse_assignment_text."""
    return " ".join(f"{name}={shlex.quote(value)}" for name, value in values.items())


def run_outcome(result: RunResult) -> list[str]:
    """What a run did and cost, and the fix it learned: the same lines in the terminal and the Run tab."""
    shown = result.model_copy(update={"error": plain_error(result.error)}) if result.error else result
    lines = [f"{shown.verdict()} ({result.mode}, {len(result.steps)} steps)", f"Cost: {result.cost.describe()}"]
    if result.procedure_id or result.counted:
        lines.append(result.confidence())
    if result.near_tie:
        lines.append(result.near_tie)
    if result.evidence is not None:
        lines += [f"Evidence: {result.evidence.kind}", *(f"  {line}" for line in result.evidence.lines())]
    if result.checks_left_out:
        lines.append("Checks left out (they need a value the run did not have): " + "; ".join(result.checks_left_out))
    if result.revision_id:
        lines.append(
            f"Learned a fix: revision {result.revision_id[:12]} (`showmehow revisions show {result.revision_id[:12]}`, "
            "or the procedure's editor)"
        )
    if result.learning:
        lines.append(f"Learning: {result.learning}")
    return lines


def revision_text(revision: Revision, title: str) -> str:
    """A revision for a person: what it changes in which procedure, why, each step's change in words, and the diff."""
    return "\n".join(
        [
            f"Revision {revision.id[:12]} of '{title}' ({revision.procedure_id[:12]}): {revision.status}, "
            f"{revision.successes} verified run{'' if revision.successes == 1 else 's'}",
            f"Why: {revision.reason or '-'}",
            *(["Changes:", *(f"- {change}" for change in revision.changes)] if revision.changes else []),
            *revision.diff(),
        ]
    )


def steps_side_by_side(revision: Revision) -> list[tuple[int | None, int | None, bool]]:
    """A revision's stored and proposed steps as aligned rows: (index of the stored step, index of the proposed
    one, whether the row changed); None where a side has no step."""
    old, new = [step_line(s) for s in revision.base_steps], [step_line(s) for s in revision.steps]
    rows = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        for left, right in itertools.zip_longest(range(i1, i2), range(j1, j2)):
            rows.append((left, right, tag != "equal"))
    return rows


def user_error(exc: BaseException) -> BaseException:
    """A database error as the one message the person sees; other errors as they are."""
    return database_error(exc) if isinstance(exc, sqlite3.Error) else exc
