"""The `showmehow` command line."""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from pydantic import ValidationError

from agent import RunControls, StepRecord, run_task
from app.desktop import desktop_problem
from app.formatting import breaks_at, parse_assignments, revision_text, run_outcome, shown_bound, step_summary
from core.database import DB_FILE, database_error
from core.errors import ShowMeHowError, describe_error
from core.llm import connection_options
from core.secrecy import SECRET_MASK, mask_values, named_secrets
from core.settings import Settings, data_dir, load_settings, set_setting
from procedures import build_procedure
from procedures.checks import describe_check
from procedures.llm_builder import BuilderFallbackWarning
from procedures.models import Check, Procedure
from procedures.playback import plain_error
from procedures.script_export import export_script
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures, read_importable
from recorder import RecordedStep, RecordingSession, recover_journals
from recorder.browser import find_chromium, has_display, open_browser
from recorder.recordings import RecordingStore
from retrieval import Match, Retriever, render_procedural_memory
from retrieval.lessons import LessonStore

DRIVER_CLOSED = "Connection closed while reading from the driver"  # Playwright's words when its driver process ends


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
            breaks_at(p),
            len(p.checks) or "none",
            "yes" if p.deprecated else "",
        )
        for p in procedures
    ]
    print(table(["ID", "TITLE", "DOMAINS", "PARAMETERS", "USES", "CONFIDENCE", "BREAKS AT", "CHECKS", "DEPRECATED"], rows))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    store = _store()
    procedure = store.get(store.resolve(args.id))
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
    lines.append("Checks:" if p.checks else "Checks: none, so runs end unverified (add one with `showmehow assert`)")
    lines += [f"  {i}. {describe_check(c.model_dump())}  [{_when(c)}, {c.source}]" for i, c in enumerate(p.checks, 1)]
    return "\n".join(lines)


def _when(check: Check) -> str:
    return f"after step {check.after_step}" if check.after_step else "at the end"


def cmd_assert(args: argparse.Namespace) -> int:
    """List, add or remove a procedure's checks."""
    store = _store()
    procedure = store.get(store.resolve(args.id))
    checks = list(procedure.checks)
    if args.kind == "remove":
        numbers = {int(n) for n in args.args if n.isdigit()}
        if not numbers or not all(1 <= n <= len(checks) for n in numbers):
            raise ShowMeHowError(f"usage: showmehow assert ID remove NUMBER (1 to {len(checks)}, as `assert ID list` shows)")
        checks = [c for n, c in enumerate(checks, 1) if n not in numbers]
    elif args.kind != "list":
        wanted = {"text": ["TEXT"], "url": ["URL"], "value": ["SELECTOR", "VALUE"], "element": ["SELECTOR"]}[args.kind]
        if len(args.args) != len(wanted):
            raise ShowMeHowError(f"usage: showmehow assert ID {args.kind} {' '.join(wanted)} [--after-step N]")
        selector = args.args[0] if args.kind in ("value", "element") else None
        expected = args.args[-1] if args.kind != "element" else ""
        try:
            checks.append(Check(kind=args.kind, expected=expected, selector=selector, after_step=args.after_step))
        except ValidationError as exc:
            raise ShowMeHowError(f"invalid check: {describe_error(exc)}") from exc
    if args.kind != "list":
        procedure = store.update(procedure.model_copy(update={"checks": checks}))
    if not procedure.checks:
        print("No checks: runs of this procedure end unverified.")
    for number, check in enumerate(procedure.checks, 1):
        print(f"{number}. {describe_check(check.model_dump())}  [{_when(check)}, {check.source}]")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    store = _store()
    procedure_id = store.resolve(args.id)
    store.delete(procedure_id)
    print(f"Deleted {procedure_id}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = _store()
    procedure = store.get(store.resolve(args.id))
    if args.format == "script" or (args.format is None and args.file.endswith(".py")):
        export_script(procedure, Path(args.file))
    else:
        export_procedures([procedure], Path(args.file))
    print(f"Exported {procedure.id} to {args.file}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    importable = read_importable(Path(args.file))  # validated before the store is opened
    store = _store()
    known = {} if args.force else importable.stored_already(store)
    for procedure in importable.store_into(store, force=args.force):
        print(f"Imported {procedure.title!r} as {procedure.id} ({len(procedure.steps)} steps, {procedure.source})")
    for procedure in importable.procedures:
        if procedure.id in known:
            print(f"Already stored: {procedure.title!r} as {known[procedure.id]} (--force imports a copy)")
    if known and len(known) == len(importable.procedures):
        raise ShowMeHowError(f"nothing imported: {args.file} was imported before; `showmehow import --force` imports copies")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    store = _store()
    if args.recording:
        recording = store.recordings.get(store.recordings.resolve(args.recording))
    else:
        newest = store.recordings.summaries()[:1]
        if not newest:
            raise ShowMeHowError("no recordings yet; make one with `showmehow record URL`")
        recording = store.recordings.get(newest[0][0])
    built = store.built_from().get(recording.id)
    if built and not args.force:
        first = store.get(built[0])
        raise ShowMeHowError(
            f"recording {recording.id[:12]} is already procedure {first.id[:12]} ({first.title!r}): "
            f"`showmehow show {first.id[:12]}` shows it; `showmehow build {recording.id[:12]} --force` builds another"
        )
    settings = load_settings()
    model = args.model or settings.model
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", BuilderFallbackWarning)
        procedure = build_procedure(recording, model=model, settings=settings)
    for warning in caught:
        print(f"showmehow: {warning.message}", file=sys.stderr)
    if args.title:
        procedure = procedure.model_copy(update={"title": args.title})
    procedure_id, merged = (store.add(procedure), False) if args.force else store.add_or_merge(procedure)
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


@contextmanager
def ctrl_c_sets(flag: threading.Event) -> Iterator[None]:
    """Ctrl-C sets `flag` instead of interrupting whatever Playwright call is under way."""
    previous = signal.signal(signal.SIGINT, lambda *_: flag.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def cmd_record(args: argparse.Namespace) -> int:
    store = RecordingStore()
    for recording in recover_journals(store):
        print(f"Recovered an interrupted recording: {recording.id} ({len(recording.steps)} steps)")
    stop = threading.Event()
    with open_browser(headless=args.headless) as handle, ctrl_c_sets(stop):
        session = RecordingSession(handle.context, title=args.title, description=args.description, store=store)
        page = handle.context.new_page()
        session.start()
        deadline = time.monotonic() + args.seconds if args.seconds else None
        print("Recording. Close the browser window or press Ctrl-C to stop.", flush=True)
        try:
            try:
                page.goto(args.url)
            except PlaywrightError as exc:
                if not stop.is_set():
                    print(f"showmehow: could not open {args.url} ({str(exc).splitlines()[0]}); still recording", file=sys.stderr)
            while not stop.is_set() and session.pump(100) and (deadline is None or time.monotonic() < deadline):
                pass
        except PlaywrightError as exc:
            if not stop.is_set():  # Ctrl-C in a terminal reaches Chromium too: then its going away is expected
                print(
                    f"showmehow: the browser went away ({str(exc).splitlines()[0]}); keeping what was recorded", file=sys.stderr
                )
        recording = session.stop()
    print(table(["#", "ACTION", "TARGET", "VALUE", "WHERE"], step_rows(recording.steps)))
    print(
        f"Recording {recording.id[:12]}: {len(recording.steps)} steps; `showmehow build {recording.id[:12]}` makes it a procedure"
    )
    return 0


def cmd_recordings(args: argparse.Namespace) -> int:
    store = _store()
    summaries = store.recordings.summaries()
    if not summaries:
        print("No recordings yet. Make one with `showmehow record URL`.")
        return 0
    built = store.built_from()
    rows = [
        (
            recording_id[:12],
            time.strftime("%Y-%m-%d %H:%M", time.localtime(created_at)),
            steps,
            ", ".join(p[:12] for p in built.get(recording_id, [])) or "not built",
            title or "(untitled)",
        )
        for recording_id, title, created_at, steps in summaries
    ]
    print(table(["ID", "RECORDED", "STEPS", "PROCEDURE", "TITLE"], rows))
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
    if args.explain:
        for m in matches:
            lines.append(f"\n{m.procedure.title}: " + "; ".join(m.reasons()))
            lines.append("  task words matched: " + ("; ".join(m.evidence) or "-"))
            lines.append(f"  bound: {shown_bound(m) or '-'}   missing: {', '.join(m.missing) or '-'}")
            lines.extend(f"    {name}: {how}" for name, how in m.binding.sources.items())
            if m.binding.unplaced:
                lines.append(f"  not placed: {', '.join(json.dumps(v, ensure_ascii=False) for v in m.binding.unplaced)}")
        lines.append("\n" + render_procedural_memory(matches, max_tokens=load_settings().token_budget))
    return "\n".join(lines)


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

    controls = RunControls(on_progress=progress, approve=approve, allow_other_sites=args.allow_other_sites)
    with open_browser(headless=args.headless, settings=settings) as handle:
        page = handle.context.new_page()
        print(f"Running ({mode})", flush=True)  # not the task: it may hold a password
        try:
            result = run_task(
                args.task,
                page=page,
                mode=mode,
                model=model,
                url=args.url,
                params=params,
                controls=controls,
                settings=settings,
                timeout_ms=args.timeout * 1000,
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
    if args.action == "tier" and args.number not in (None, 1, 2):
        raise ShowMeHowError("usage: showmehow lessons tier 1|2")
    tier1 = {id(l) for l in store.get_tier1()}
    wanted = args.number or 1
    shown = [(n, l) for n, l in enumerate(store.lessons, 1) if args.action != "tier" or (id(l) in tier1) == (wanted == 1)]
    if not shown:
        print(f"No Tier-{wanted} lessons yet." if args.action == "tier" else "No lessons.")
        return 0
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


class Note(str):
    """A doctor check's answer that is neither fine nor a problem: worth knowing, nothing to fix."""


def cmd_doctor(args: argparse.Namespace) -> int:
    problems = 0

    def check(name: str, probe: Callable[[], str]) -> None:
        nonlocal problems
        try:
            answer = probe()
            print(f"{'note' if isinstance(answer, Note) else 'ok':<8} {name}: {answer}")
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
        return Note(
            "none: the command line works (with --headless); for a visible browser or the app, use `xvfb-run -a` or a desktop"
        )

    def database() -> str:
        store = ProcedureStore()
        try:
            store.check_integrity()
            damaged = store.invalid_rows()
        except sqlite3.Error as exc:
            raise database_error(exc, store.path) from exc
        if damaged:
            rows = "; ".join(f"{procedure_id} ({reason})" for procedure_id, reason in damaged[:20])
            raise ShowMeHowError(
                f"{len(damaged)} stored procedure(s) fail validation and are skipped: {rows}; "
                "fix them or remove them with `showmehow delete ID`"
            )
        return f"{store.path} ({len(store)} procedures, integrity ok)"

    def llm() -> str:
        settings = load_settings()
        if not settings.model:
            return "no model set: recording and replay work without one; `showmehow config set model openai/NAME` enables LLM features"
        if importlib.util.find_spec("litellm") is None:
            raise ShowMeHowError("model is set but litellm is missing; install with `pip install 'showmehow[llm]'`")
        connection_options(settings.model, settings)  # names the missing API key, if the provider needs one
        return f"{settings.model} via {settings.api_base or 'the provider default'}"

    def desktop() -> str:
        if not has_display():
            return Note("needs a display (see above)")
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

    p = sub.add_parser(
        "assert",
        help="a procedure's checks: list, add (text TEXT, url URL, value SELECTOR VALUE, element SELECTOR) or remove N",
        description="Checks decide whether a run did the task. Values may use {parameter} placeholders; * is a wildcard "
        "in texts and URLs. Without --after-step a check runs at the end of a run.",
    )
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.add_argument("kind", nargs="?", default="list", choices=["list", "text", "url", "value", "element", "remove"])
    p.add_argument("args", nargs="*", help="what the check expects (see above)")
    p.add_argument("--after-step", type=int, default=None, metavar="N", help="check right after step N instead of at the end")
    p.set_defaults(func=cmd_assert)

    p = sub.add_parser("delete", help="delete a procedure")
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.set_defaults(func=cmd_delete)

    p = sub.add_parser("export", help="write a procedure to a JSON file or a Playwright script (.py)")
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.add_argument("file")
    p.add_argument("--format", choices=["json", "script"], help="default: script for .py files, else json")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("build", help="build a procedure from a recording (the newest by default)")
    p.add_argument("recording", nargs="?", help="recording id or an unambiguous prefix (`showmehow recordings` lists them)")
    p.add_argument("--model", help="LLM to refine it with (litellm name); default: the model setting")
    p.add_argument("--title", help="the procedure's title")
    p.add_argument("--force", action="store_true", help="build even if a procedure was built from this recording already")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("recordings", help="list recordings, with the procedures built from them")
    p.set_defaults(func=cmd_recordings)

    p = sub.add_parser("import", help="add procedures from a ShowMeHow JSON file or a Chrome DevTools recording")
    p.add_argument("file")
    p.add_argument("--force", action="store_true", help="import copies of procedures that are stored already")
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
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each step (default 10)")
    p.add_argument(
        "--allow-other-sites",
        action="store_true",
        help="let replay and the agent go to sites that no procedure was recorded on without asking",
    )
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("revisions", help="fixes learned from runs: list, show ID, accept ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=["list", "show", "accept", "reject"])
    p.add_argument("id", nargs="?", help="revision id or an unambiguous prefix")
    p.add_argument("--all", action="store_true", help="list accepted and rejected revisions too")
    p.set_defaults(func=cmd_revisions)

    p = sub.add_parser("lessons", help="the lessons the agent learned: list, tier 1|2, promote N, forget N")
    p.add_argument("action", nargs="?", default="list", choices=["list", "tier", "promote", "forget"])
    p.add_argument("number", nargs="?", type=int, help="lesson number, as listed (for tier: 1 or 2, default 1)")
    p.set_defaults(func=cmd_lessons)

    p = sub.add_parser("config", help="show settings (get [KEY]) or change one (set KEY VALUE)")
    p.add_argument("action", nargs="?", default="get", choices=["get", "set"])
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


class _DriverGone(logging.Filter):
    """Drops asyncio's report of Playwright's driver closing on Ctrl-C (the terminal interrupts it too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and DRIVER_CLOSED in str(record.exc_info[1]))


DRIVER_GONE = _DriverGone()


def _show_warning(message: Warning | str, category: type[Warning], *args: object, **kwargs: object) -> None:
    print(f"showmehow: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = args.func if args.command is not None else (lambda _: _gui())
    logging.getLogger("asyncio").addFilter(DRIVER_GONE)  # once, however often main() runs
    warnings.showwarning = _show_warning
    try:
        code = func(args)
        sys.stdout.flush()  # here, so that a reader that went away (`| head`) is caught below
        return code
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to write at exit
        return 128 + signal.SIGPIPE
    except ShowMeHowError as exc:
        print(f"showmehow: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        print(f"showmehow: {database_error(exc, data_dir() / DB_FILE)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("showmehow: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # Playwright raises a bare Exception when its driver ends, as Ctrl-C ends it
        if DRIVER_CLOSED not in str(exc):
            raise
        print("showmehow: stopped: Playwright's driver ended (Ctrl-C, or it crashed)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
