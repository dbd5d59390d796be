"""The `showmehow` command line."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from agent import RunControls, StepRecord, run_task
from app.desktop import desktop_problem
from app.formatting import parse_assignments, revision_text, run_outcome, shown_bound, step_summary
from core.errors import ShowMeHowError
from core.secrecy import SECRET_MASK
from core.settings import Settings, data_dir, load_settings, set_setting
from procedures import build_procedure
from procedures.llm_builder import BuilderFallbackWarning
from procedures.models import Procedure
from procedures.script_export import export_script
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures, read_importable
from recorder import RecordedStep, RecordingSession, recover_journals
from recorder.browser import find_chromium, has_display, open_browser
from recorder.recordings import RecordingStore
from retrieval import Retriever, render_procedural_memory
from retrieval.lessons import LessonStore


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers], *[["" if c is None else str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _store() -> ProcedureStore:
    return ProcedureStore()


def cmd_list(args: argparse.Namespace) -> int:
    procedures = _store().list(include_deprecated=not args.active)
    if args.json:
        print(json.dumps([json.loads(p.model_dump_json()) for p in procedures], indent=2))
        return 0
    if not procedures:
        print("No procedures yet. Record one with `showmehow record URL`.")
        return 0
    rows = [
        (
            p.id[:12],
            p.title,
            ",".join(p.abstract.domains),
            ",".join(p.parameter_names),
            p.uses,
            f"{p.confidence:.2f}",
            "yes" if p.deprecated else "",
        )
        for p in procedures
    ]
    print(table(["ID", "TITLE", "DOMAINS", "PARAMETERS", "USES", "CONFIDENCE", "DEPRECATED"], rows))
    return 0


def resolve_id(store: ProcedureStore, prefix: str) -> str:
    """A full procedure id from an unambiguous prefix, as `list` prints them."""
    matches = [p.id for p in store.list() if p.id.startswith(prefix)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise ShowMeHowError(f"no procedure with id {prefix!r}; `showmehow list` shows the ids")
    raise ShowMeHowError(f"id {prefix!r} is ambiguous ({len(matches)} procedures); give more characters")


def cmd_show(args: argparse.Namespace) -> int:
    store = _store()
    procedure = store.get(resolve_id(store, args.id))
    if args.json:
        print(procedure.model_dump_json(indent=2))
    else:
        print(describe_procedure(procedure))
    return 0


def describe_procedure(p: Procedure) -> str:
    a = p.abstract
    lines = [
        f"{p.title}  ({p.id})",
        f"Goal: {a.goal}",
        f"Domains: {', '.join(a.domains) or '-'}    Tags: {', '.join(a.tags) or '-'}",
        f"Uses: {p.uses} ({p.success_count} ok, {p.failure_count} failed)  confidence {p.confidence:.2f}"
        + ("  DEPRECATED" if p.deprecated else ""),
    ]
    if a.prerequisites:
        lines.append("Prerequisites: " + "; ".join(a.prerequisites))
    lines.append("Parameters:")
    for param in a.parameters or []:
        example = "(secret)" if param.secret else repr(param.example)
        lines.append(f"  {param.name}: {example}{'' if param.required else ' (optional)'}")
    lines.append("Flow:")
    lines += [f"  {i}. {line}" for i, line in enumerate(a.flow, 1)]
    lines.append("Steps:")
    for i, step in enumerate(p.steps, 1):
        value = SECRET_MASK if step.secret and step.value is None else (step.value or "")
        broken = f"  [failed {step.failure_count}x]" if step.failure_count else ""
        lines.append(f"  {i}. {step.action} {step.selector or ''} {value}".rstrip() + broken)
    return "\n".join(lines)


def cmd_delete(args: argparse.Namespace) -> int:
    store = _store()
    procedure_id = resolve_id(store, args.id)
    store.delete(procedure_id)
    print(f"Deleted {procedure_id}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = _store()
    procedure = store.get(resolve_id(store, args.id))
    if args.format == "script" or (args.format is None and args.file.endswith(".py")):
        export_script(procedure, Path(args.file))
    else:
        export_procedures([procedure], Path(args.file))
    print(f"Exported {procedure.id} to {args.file}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    importable = read_importable(Path(args.file))  # validated before the store is opened
    for procedure in importable.store_into(_store()):
        print(f"Imported {procedure.title!r} as {procedure.id} ({len(procedure.steps)} steps, {procedure.source})")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    store = _store()
    recordings = store.recordings.list()
    if not recordings:
        raise ShowMeHowError("no recordings yet; make one with `showmehow record URL`")
    recording = store.recordings.get(args.recording) if args.recording else recordings[0]
    settings = load_settings()
    model = args.model or settings.model
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", BuilderFallbackWarning)
        procedure = build_procedure(recording, model=model, settings=settings)
    for warning in caught:
        print(f"showmehow: {warning.message}", file=sys.stderr)
    if args.title:
        procedure = procedure.model_copy(update={"title": args.title})
    procedure_id, merged = store.add_or_merge(procedure)
    print(describe_procedure(store.get(procedure_id)))
    if merged:
        print(f"Merged into procedure {procedure_id}: a new demonstration of the same task, kept as alternatives")
    else:
        print(f"Stored procedure {procedure_id}")
    return 0


def step_rows(steps: Sequence[RecordedStep]) -> list[tuple[object, ...]]:
    rows = []
    for number, step in enumerate(steps, 1):
        action, target, value = step_summary(step)
        where = f"tab {step.page}" + (" / frame" if step.frame else "") if step.page or step.frame else ""
        rows.append((number, action, target, value[:60], where))
    return rows


def cmd_record(args: argparse.Namespace) -> int:
    store = RecordingStore()
    for recording in recover_journals(store):
        print(f"Recovered an interrupted recording: {recording.id} ({len(recording.steps)} steps)")
    with open_browser(headless=args.headless) as handle:
        session = RecordingSession(handle.context, title=args.title, description=args.description, store=store)
        page = handle.context.new_page()
        session.start()
        deadline = time.monotonic() + args.seconds if args.seconds else None
        print("Recording. Close the browser window or press Ctrl-C to stop.", flush=True)
        try:
            try:
                page.goto(args.url)
            except PlaywrightError as exc:
                print(f"showmehow: could not open {args.url} ({str(exc).splitlines()[0]}); still recording", file=sys.stderr)
            while session.pump(100) and (deadline is None or time.monotonic() < deadline):
                pass
        except KeyboardInterrupt:
            pass
        except PlaywrightError as exc:
            print(f"showmehow: the browser went away ({str(exc).splitlines()[0]}); keeping what was recorded", file=sys.stderr)
        recording = session.stop()
    print(table(["#", "ACTION", "TARGET", "VALUE", "WHERE"], step_rows(recording.steps)))
    print(f"Recording {recording.id}: {len(recording.steps)} steps")
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    recovered = recover_journals()
    for recording in recovered:
        print(f"Recovered {recording.id}: {recording.title or '(untitled)'}, {len(recording.steps)} steps")
    if not recovered:
        print("Nothing to recover.")
    return 0


def cmd_retrieve(args: argparse.Namespace) -> int:
    matches = Retriever(_store()).retrieve(args.task, url=args.url, k=args.k)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": m.procedure.id,
                        "title": m.procedure.title,
                        "score": m.score,
                        "breakdown": m.breakdown.model_dump(),
                        "bound": shown_bound(m),
                        "missing": m.missing,
                    }
                    for m in matches
                ],
                indent=2,
            )
        )
        return 0
    if not matches:
        print("No stored procedure fits this task.")
        return 0
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
    print(table(["ID", "TITLE", "SCORE", "GOAL", "DOMAIN", "CONFIDENCE", "PARAMS"], rows))
    if args.explain:
        for m in matches:
            print(f"\n{m.procedure.title}: " + "; ".join(m.reasons()))
            print(f"  bound: {shown_bound(m) or '-'}   missing: {', '.join(m.missing) or '-'}")
        print("\n" + render_procedural_memory(matches, max_tokens=load_settings().token_budget))
    return 0


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
        print(f"  [{step.source}] step {step.step}: {step.command}{detail} ... {mark}", flush=True)
        if step.error:
            print(f"      {step.error}", flush=True)

    def approve(action: str, details: dict[str, object]) -> bool:
        if not sys.stdin.isatty():
            print(f"  refusing risky action {action} {details} (no terminal to ask)", flush=True)
            return False
        return input(f"  Allow {action} {details}? [y/N] ").strip().lower() in ("y", "yes")

    controls = RunControls(on_progress=progress, approve=approve)
    with open_browser(headless=args.headless, settings=settings) as handle:
        page = handle.context.new_page()
        print(f"Running ({mode}): {args.task}", flush=True)
        try:
            result = run_task(
                args.task, page=page, mode=mode, model=model, url=args.url, params=params, controls=controls, settings=settings
            )
        except KeyboardInterrupt:
            controls.stop.set()
            raise
    print("\n".join(run_outcome(result)))
    if result.procedure_id:
        print(f"Procedure: {result.procedure_id}")
    print(f"Run directory: {result.run_dir}")
    return 0 if result.success else 1


def cmd_revisions(args: argparse.Namespace) -> int:
    store = _store()
    if args.action == "list":
        revisions = store.revisions(status=None if args.all else "proposed")
        if not revisions:
            print("No revisions waiting." if not args.all else "No revisions yet.")
            print("Runs in auto mode propose one when the agent gets past a step that replay could not play.")
            return 0
        titles = {p.id: p.title for p in store.list()}
        rows = [
            (r.id[:12], titles.get(r.procedure_id, r.procedure_id[:12]), r.status, r.successes, r.reason[:60]) for r in revisions
        ]
        print(table(["ID", "PROCEDURE", "STATUS", "VERIFIED RUNS", "WHY"], rows))
        return 0
    if not args.id:
        raise ShowMeHowError(f"`showmehow revisions {args.action}` needs a revision id, as `showmehow revisions` lists them")
    matches = [r for r in store.revisions() if r.id.startswith(args.id)]
    if len(matches) != 1:
        raise ShowMeHowError(
            f"no revision with id {args.id!r}; `showmehow revisions --all` lists them"
            if not matches
            else f"id {args.id!r} is ambiguous ({len(matches)} revisions); give more characters"
        )
    revision = matches[0]
    if args.action == "show":
        print(revision_text(revision, store.get(revision.procedure_id).title))
    elif args.action == "accept":
        procedure = store.accept_revision(revision.id)
        print(f"Accepted: '{procedure.title}' now has {len(procedure.steps)} steps and replays them without a model")
    else:
        store.reject_revision(revision.id)
        print(f"Rejected: '{store.get(revision.procedure_id).title}' stays as it was")
    return 0


def cmd_lessons(args: argparse.Namespace) -> int:
    store = LessonStore()
    store.load()
    if args.action in ("promote", "forget"):
        if args.number is None:
            raise ShowMeHowError(f"usage: showmehow lessons {args.action} NUMBER")
        lesson = store.promote(args.number) if args.action == "promote" else store.forget(args.number)
        print(f"{'Promoted' if args.action == 'promote' else 'Forgot'}: {lesson.lesson}")
        return 0
    tier1 = {id(l) for l in store.get_tier1()}
    shown = [(n, l) for n, l in enumerate(store.lessons, 1) if args.action != "tier" or id(l) in tier1]
    rows = [
        (n, "1" if id(l) in tier1 else "2", l.category, l.source, l.use_count, l.domain or "", l.lesson[:80]) for n, l in shown
    ]
    print(table(["#", "TIER", "CATEGORY", "SOURCE", "USES", "DOMAIN", "LESSON"], rows))
    return 0


def cmd_config(args: argparse.Namespace) -> int:
    if args.action == "set":
        if args.key is None or args.value is None:
            raise ShowMeHowError("usage: showmehow config set KEY VALUE")
        set_setting(args.key, args.value)
        print(f"{args.key} = {getattr(load_settings(), args.key)}")
        return 0
    settings = load_settings()
    if args.key:
        if args.key not in Settings.model_fields:
            raise ShowMeHowError(f"unknown setting {args.key!r}; known settings: {', '.join(Settings.model_fields)}")
        print(getattr(settings, args.key))
        return 0
    for name, field in Settings.model_fields.items():
        print(f"{name} = {getattr(settings, name)}    # {field.description}")
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    problems = 0

    def check(name: str, probe: Callable[[], str]) -> None:
        nonlocal problems
        try:
            print(f"ok       {name}: {probe()}")
        except ShowMeHowError as exc:
            problems += 1
            print(f"PROBLEM  {name}: {exc}")

    def chromium() -> str:
        path = find_chromium()
        try:
            version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ShowMeHowError(f"{path} does not run ({exc}); reinstall chromium") from exc
        return f"{version or 'found'} at {path}"

    def display() -> str:
        if has_display():
            return "available"
        return "none (fine for --headless; for a visible browser run under `xvfb-run -a` or on a desktop)"

    def database() -> str:
        store = ProcedureStore()
        return f"{store.path} ({len(store)} procedures)"

    def llm() -> str:
        settings = load_settings()
        if not settings.model:
            return "no model set: recording and replay work without one; `showmehow config set model openai/NAME` enables LLM features"
        if importlib.util.find_spec("litellm") is None:
            raise ShowMeHowError("model is set but litellm is missing; install with `pip install 'showmehow[llm]'`")
        if not os.environ.get(settings.api_key_env):
            raise ShowMeHowError(
                f"model {settings.model} is set but ${settings.api_key_env} is empty; export it or `showmehow config set api_key_env NAME`"
            )
        return f"{settings.model} via {settings.api_base or 'the provider default'}"

    def desktop() -> str:
        problem = desktop_problem()
        if problem:
            raise ShowMeHowError(problem)
        return "the window can open"

    check("data directory", lambda: str(data_dir()))
    check("database", database)
    check("chromium", chromium)
    check("display", display)
    check("desktop app", desktop)
    check("llm", llm)
    return 1 if problems else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="showmehow",
        description="Teach browser agents by demonstration. With no command, opens the desktop app.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("list", help="list stored procedures")
    p.add_argument("--active", action="store_true", help="hide deprecated procedures")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("show", help="show one procedure")
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.add_argument("--json", action="store_true", help="print the stored JSON")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("delete", help="delete a procedure")
    p.add_argument("id")
    p.set_defaults(func=cmd_delete)

    p = sub.add_parser("export", help="write a procedure to a JSON file or a Playwright script (.py)")
    p.add_argument("id")
    p.add_argument("file")
    p.add_argument("--format", choices=["json", "script"], help="default: script for .py files, else json")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("build", help="build a procedure from a recording (the newest by default)")
    p.add_argument("recording", nargs="?", help="recording id (printed by `record`)")
    p.add_argument("--model", help="LLM to refine it with (litellm name); default: the model setting")
    p.add_argument("--title", help="the procedure's title")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("import", help="add procedures from a ShowMeHow JSON file or a Chrome DevTools recording")
    p.add_argument("file")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("record", help="record what you do in a browser window")
    p.add_argument("url", help="the page to start on")
    p.add_argument("--title", default="", help="what the demonstration does, e.g. 'Log in as emile'")
    p.add_argument("--description", default="", help="more words about the task")
    p.add_argument("--headless", action="store_true", help="no visible window (for scripts and tests)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("recover", help="store recordings left behind by a crash")
    p.set_defaults(func=cmd_recover)

    p = sub.add_parser("retrieve", help="find the stored procedures that fit a task")
    p.add_argument("task", help='what to do, e.g. "Log in as emile"')
    p.add_argument("--url", help="the page the agent is on (domain match)")
    p.add_argument("-k", type=int, default=3, help="how many procedures at most")
    p.add_argument("--explain", action="store_true", help="show the reasons and the <procedural_memory> block")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_retrieve)

    p = sub.add_parser("run", help="run a task by reusing stored procedures")
    p.add_argument("task", help='what to do, e.g. "Log in as emile"')
    p.add_argument("--url", help="the page to start on")
    p.add_argument("--mode", choices=["replay", "agent", "auto"], help="default: auto with a model, else replay")
    p.add_argument("--model", help="LLM for agent and auto modes (litellm name); default: the model setting")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a parameter value (repeatable)")
    p.add_argument("--headless", action="store_true", help="no visible window")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("revisions", help="fixes learned from runs: list, show ID, accept ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=["list", "show", "accept", "reject"])
    p.add_argument("id", nargs="?", help="revision id or an unambiguous prefix")
    p.add_argument("--all", action="store_true", help="list accepted and rejected revisions too")
    p.set_defaults(func=cmd_revisions)

    p = sub.add_parser("lessons", help="the lessons the agent learned: list, tier, promote N, forget N")
    p.add_argument("action", nargs="?", default="list", choices=["list", "tier", "promote", "forget"])
    p.add_argument("number", nargs="?", type=int, help="lesson number, as listed")
    p.set_defaults(func=cmd_lessons)

    p = sub.add_parser("config", help="show or change settings")
    p.add_argument("action", choices=["get", "set"])
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")
    p.set_defaults(func=cmd_config)

    p = sub.add_parser("gui", help="open the desktop app (the default with no command)")
    p.set_defaults(func=lambda args: _gui())

    p = sub.add_parser("doctor", help="check Chromium, display, database and LLM settings")
    p.set_defaults(func=cmd_doctor)
    return parser


def _gui() -> int:
    from app.gui import main as gui_main  # Qt loads only for the desktop app

    return gui_main()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = args.func if args.command is not None else (lambda _: _gui())
    try:
        return func(args)
    except ShowMeHowError as exc:
        print(f"showmehow: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("showmehow: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
