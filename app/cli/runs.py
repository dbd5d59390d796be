"""`showmehow retrieve|run`: finding the procedures for a task and running it."""

from __future__ import annotations

import argparse
import getpass
import json
import sys

from agent import RunControls, StepRecord, run_task
from app.cli.output import table
from app.formatting import page_address, parse_assignments, run_outcome, shown_bound
from app.operations import find_procedures
from core.errors import ShowMeHowError
from core.masking import mask_values
from core.secrecy import named_secrets
from core.settings import load_settings
from procedures.runtime.stepping import plain_error
from procedures.store import ProcedureStore
from recorder.browser import open_browser, open_start_page, start_url
from retrieval import Match, near_tie_note, render_procedural_memory, standings


def cmd_retrieve(args: argparse.Namespace) -> int:
    matches = find_procedures(ProcedureStore(), args.task, url=page_address(args.url), k=args.k)
    hidden = [value for _, value in named_secrets(args.task)]  # a secret the task names, bound to a parameter or not
    print(mask_values(retrieval_report(matches, args), hidden))
    return 0


def retrieval_report(matches: list[Match], args: argparse.Namespace) -> str:
    if args.json:
        return json.dumps(
            [
                {
                    "id": m.procedure.id,
                    "title": m.procedure.title,
                    "score": m.score,
                    "breakdown": m.breakdown.model_dump(),
                    "bound": shown_bound(m),
                    "how": m.binding.sources,
                    "missing": m.missing,
                    "evidence": [e.model_dump() for e in m.procedure.evidence],
                }
                for m in matches
            ],
            indent=2,
        )
    if not matches:
        return "No stored procedure fits this task."
    rows = [
        (
            m.procedure.id[:12],
            m.procedure.title,
            f"{m.score:.2f}",
            f"{m.breakdown.goal:.2f}",
            f"{m.breakdown.domain:.2f}",
            f"{m.breakdown.confidence:.2f}",
            f"{m.breakdown.params:.2f}",
        )
        for m in matches
    ]
    lines = [table(["ID", "TITLE", "SCORE", "GOAL", "DOMAIN", "CONFIDENCE", "PARAMS"], rows)]
    if near_tie_note(matches):
        lines.append(near_tie_note(matches).replace("the first was taken", "a run takes the first") + " (`run --procedure ID`)")
    if args.explain:
        for m, standing in zip(matches, standings(matches)):
            lines.append(f"\n{m.procedure.title}: " + "; ".join(m.reasons()))
            lines.append(f"  ranks {standing}")
            lines.append("  task words matched: " + ("; ".join(m.evidence) or "-"))
            lines.append(f"  bound: {shown_bound(m) or '-'}   missing: {', '.join(m.missing) or '-'}")
            lines.extend(f"    {name}: {how}" for name, how in m.binding.sources.items())
            optional = [p.name for p in m.procedure.abstract.parameters if not p.required and not p.secret]
            if optional:
                lines.append(f"  optional (the demonstrated value unless the task gives one): {', '.join(optional)}")
            for evidence in m.procedure.evidence:
                lines.append(f"  request evidence: {evidence.describe()}")
            if m.procedure.uncovered_parameters():
                lines.append(f"  no check covers: {', '.join(m.procedure.uncovered_parameters())}")
            if m.binding.ambiguous:
                lines.append(f"  left open: {'; '.join(m.binding.ambiguous)}")
            if m.binding.unplaced:
                lines.append(f"  not placed: {', '.join(json.dumps(v, ensure_ascii=False) for v in m.binding.unplaced)}")
        lines.append("\n" + render_procedural_memory(matches, max_tokens=load_settings().token_budget))
    return "\n".join(lines)


def ask_in_terminal(question: str, secret: bool) -> str | None:
    """A value the run asks for, typed at the terminal (a secret is not shown); None when the person gives none."""
    print(f"  {question}", flush=True)
    try:
        answer = getpass.getpass("  Value (empty to stop): ") if secret else input("  Value (empty to stop): ")
    except EOFError:
        return None
    return answer.strip() or None


def cmd_run(args: argparse.Namespace) -> int:
    settings = load_settings()
    model = args.model or settings.model
    mode = args.mode or ("auto" if model else "replay")
    if mode != "replay" and not model:
        raise ShowMeHowError(f"--mode {mode} needs a model: pass --model or `showmehow config set model NAME`")
    params = parse_assignments(args.param)

    def progress(step: StepRecord) -> None:
        mark = {"ok": "ok", "skipped": "skip", "error": "FAILED"}[step.status]
        detail = f" {step.args}" if step.args else ""
        checked = f" ({', '.join(step.checked)})" if step.checked and step.status == "ok" else ""
        print(f"  [{step.source}] step {step.step}: {step.command}{detail} ... {mark}{checked}", flush=True)
        if step.error:
            print(f"      {plain_error(step.error)}", flush=True)

    def approve(action: str, details: dict[str, object]) -> bool:
        where = f" at {details['url']}" if details.get("url") else ""
        if not sys.stdin.isatty():
            print(f"  refusing: {action}{where} (no terminal to ask)", flush=True)
            return False
        return input(f"  Allow {action}{where}? [y/N] ").strip().lower() in ("y", "yes")

    controls = RunControls(
        on_progress=progress,
        approve=approve,
        provide=ask_in_terminal if sys.stdin.isatty() else None,
        allow_other_sites=args.allow_other_sites,
    )
    url = start_url(page_address(args.url) or "") if args.url else None  # an address that is none fails before a browser starts
    with open_browser(headless=args.headless, settings=settings) as handle:
        page = handle.context.new_page()
        if url:
            open_start_page(page, url, args.timeout * 1000)  # one that does not load fails here: nothing run, nothing counted
        print(f"Running ({mode})", flush=True)  # not the task: it may hold a password
        try:
            result = run_task(
                args.task,
                page=page,
                mode=mode,
                model=model,
                url=url,
                params=params,
                controls=controls,
                settings=settings,
                timeout_ms=args.timeout * 1000,
                procedure_ids=[ProcedureStore().resolve(args.procedure)] if args.procedure else None,
            )
        except KeyboardInterrupt:
            controls.stop.set()
            raise
    for check in result.checks:
        print(f"  [check] {check.description} ... {'ok' if check.passed else 'FAILED: ' + (check.detail or '')}")
    print("\n".join(run_outcome(result)))
    if result.procedure_id:
        print(f"Procedure: {result.procedure_id}")
    for name, how in result.binding.items():
        print(f"  {name}: {how}")
    print(f"Run directory: {result.run_dir}")
    return 0 if result.outcome in ("verified", "unverified") else 1  # done; the verdict says whether verified


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `retrieve`, `run` commands."""
    p = sub.add_parser("retrieve", help="find the stored procedures that fit a task")
    p.add_argument("task", help='what to do, e.g. "Log in as emile"')
    p.add_argument("--url", help="the page the agent is on (a URL or a local file's path): where the procedures ran counts")
    p.add_argument("-k", type=int, default=3, help="how many procedures at most")
    p.add_argument("--explain", action="store_true", help="show the reasons and the <procedural_memory> block")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_retrieve)

    p = sub.add_parser("run", help="run a task by reusing stored procedures")
    p.add_argument("task", help='what to do, e.g. "Log in as emile"')
    p.add_argument("--url", help="the page to start on (a URL or a local file's path)")
    p.add_argument("--mode", choices=["replay", "agent", "auto"], help="default: auto with a model, else replay")
    p.add_argument("--model", help="LLM for agent and auto modes (litellm name); default: the model setting")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a parameter value (repeatable)")
    p.add_argument(
        "--procedure",
        metavar="ID",
        help="run this procedure (id or prefix), even when a better-ranked one fits but cannot run",
    )
    p.add_argument("--headless", action="store_true", help="no visible window")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each step (default 10)")
    p.add_argument(
        "--allow-other-sites",
        action="store_true",
        help="let replay and the agent go to sites that no procedure was recorded on without asking",
    )
    p.set_defaults(func=cmd_run)
