"""A procedure in full, as people read it: what `showmehow show` prints and the MCP server's `show_procedure` gives."""

from __future__ import annotations

from core.masking import SECRET_MASK
from procedures.binding.values import case_texts
from procedures.learned_store import Learned
from procedures.loops import loop_said, loops_of
from procedures.models import Check, Procedure
from procedures.runtime.checks import describe_check
from procedures.runtime.placeholders import OPTION_VALUE, readable
from procedures.store import provenance


def describe_procedure(p: Procedure) -> str:
    """A procedure in full: what it does, its uses, parameters, flow, steps and checks."""
    a = p.abstract
    lines = [
        f"{p.title}  ({p.id})",
        f"Goal: {a.goal}",
        f"Domains: {', '.join(a.domains) or '-'}    Tags: {', '.join(a.tags) or '-'}",
        f"Uses: {p.runs} ({p.success_count} verified, {p.failure_count} failed, {p.other_runs} neither: done unverified"
        f" or repaired by a learned fix)  confidence {p.confidence:.2f}" + ("  DEPRECATED" if p.deprecated else ""),
        f"Saved: {provenance(p)}",
        f"Source: {p.source}" + ("  (learned from a verified agent run)" if p.source == "agent_run" else ""),
    ]
    if a.prerequisites:
        lines.append("Prerequisites: " + "; ".join(a.prerequisites))
    lines.append("Parameters:")
    uncovered = set(p.uncovered_parameters())
    loops = loops_of(p)
    empty = case_texts(p)
    for param in a.parameters or []:
        example = "(secret)" if param.secret else repr(param.example)
        optional = "" if param.required else " (optional: the demonstrated value unless the task gives one)"
        optional = (
            " (optional: left empty unless the task gives one; the demonstrated text was about its own case)"
            if (param.name in empty)
            else optional
        )
        lines.append(f"  {param.name}: {example}{optional}{'  [no check covers it]' if param.name in uncovered else ''}")
        if param.allowed and param.kind in ("option", "choice"):
            lines.append(f"    one of: {', '.join(param.shown_options)}")
        if param.name in loops:
            lines.append(f"    {loop_said(loops[param.name])}")
    lines.append("Flow:")
    lines += [f"  {i}. {readable(line)}" for i, line in enumerate(a.flow, 1)]  # "Choose <the flavour>"
    lines.append("Steps:")
    for i, step in enumerate(p.steps, 1):
        value = SECRET_MASK if step.secret and step.value is None else (step.value or "")
        broken = f"  [failed {step.failure_count}x]" if step.failure_count else ""
        said = f"loop over {{{step.loop.over}}}" if step.loop is not None else f"{step.action} {step.selector or ''} {value}"
        lines.append(f"  {i}. {said}".rstrip() + broken)
        if step.loop is not None:
            lines += [
                f"     {'add' if n < len(step.loop.add) else 'each'}: {s.action} {s.selector or ''} {s.value or ''}".rstrip()
                for n, s in enumerate([*step.loop.add, *step.loop.body])
            ]
    lines.append("Checks:" if p.checks else "Checks: none, so runs end unverified (add one with `showmehow assert`)")
    lines += [
        f"  {i}. {describe_check(c.model_dump())}  [{when_checked(c)}, {c.source}]{_covers(c)}" for i, c in enumerate(p.checks, 1)
    ]
    lines.append("Evidence from the network:" if p.evidence else "Evidence from the network: none (runs are judged by the pages)")
    lines += [f"  {e.describe()}" for e in p.evidence]
    return "\n".join(lines)


def _covers(check: Check) -> str:
    names = sorted({name.removesuffix(OPTION_VALUE) for name in check.referenced_parameters()})
    return f"  covers {', '.join(names)}" if names else ""


def when_checked(check: Check) -> str:
    """When a check is checked: after a step, or at the end."""
    return f"after step {check.after_step}" if check.after_step else "at the end"


def learned_text(learned: Learned) -> str:
    """A procedure learned from agent runs, for a person deciding on it: its state, the task that taught it, in full."""
    runs = f"{learned.successes} verified run{'' if learned.successes == 1 else 's'}"
    stored = f", stored as {learned.procedure_id[:12]}" if learned.procedure_id else ""
    return "\n".join(
        [
            f"Learned {learned.id[:12]}: {learned.status}{stored}, taught by {runs}",
            f"Task: {learned.task}",
            f"Run: {learned.run_dir or '-'}",
            describe_procedure(learned.procedure),
        ]
    )
