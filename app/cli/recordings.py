"""`showmehow record|recordings|recover|build`: demonstrations and the procedures built from them."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from app.cli.output import table
from app.formatting import step_summary
from app.operations import build_and_store, chosen_recording, record_demonstration, unbuildable
from app.procedure_text import describe_procedure
from procedures.store import ProcedureStore
from recorder import RecordedStep, recover_journals
from recorder.recordings import RecordingStore


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

    with ctrl_c_sets(stop):
        recording = record_demonstration(
            args.url,
            args.title,
            args.description,
            args.headless,
            stop,
            args.seconds,
            notice=lambda message: print(f"showmehow: {message}", file=sys.stderr),
            started=lambda: say_how_to_stop(stop),
            store=store,
        )
    print(table(["#", "ACTION", "TARGET", "VALUE", "WHERE"], step_rows(recording.steps)))
    why = unbuildable(recording)
    if why:
        print(f"showmehow: {why}", file=sys.stderr)
        return 1
    partial = " (partial: cut short)" if recording.partial else ""
    print(f"Recording {recording.id[:12]}{partial}: {len(recording.steps)} steps")
    if args.no_build:
        print(f"`showmehow build {recording.id[:12]}` makes it a procedure")
        return 0
    return cmd_build(argparse.Namespace(recording=recording.id, model=None, title=None, force=False))


def say_how_to_stop(stop: threading.Event) -> None:
    """Say how to stop; in a terminal, Enter stops too (read on a thread of its own)."""
    if sys.stdin.isatty():
        threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
        print("Recording. Press Enter or Ctrl-C here to stop (closing the browser window cuts it short).", flush=True)
    else:
        print("Recording. Press Ctrl-C to stop (closing the browser window cuts it short).", flush=True)


def cmd_recordings(args: argparse.Namespace) -> int:
    store = ProcedureStore()
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


def cmd_build(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    recording = chosen_recording(store, args.recording)
    built = build_and_store(store, recording, model=args.model, title=args.title, force=args.force)
    for notice in built.notices:
        print(f"showmehow: {notice}", file=sys.stderr)
    print(describe_procedure(store.get(built.procedure_id)))
    if built.merged:
        print(f"Merged into procedure {built.procedure_id}: a new demonstration of the same task, kept as alternatives")
    else:
        print(f"Stored procedure {built.procedure_id}")
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `record`, `recordings`, `recover`, `build` commands."""
    p = sub.add_parser("record", help="record what you do in a browser window")
    p.add_argument("url", help="the page to start on")
    p.add_argument("--title", default="", help="what the demonstration does, e.g. 'Log in as emile'")
    p.add_argument("--description", default="", help="more words about the task")
    p.add_argument("--headless", action="store_true", help="no visible window (for scripts and tests)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    p.add_argument("--no-build", action="store_true", help="keep only the recording; `showmehow build` makes it a procedure")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("recordings", help="list recordings, with the procedures built from them")
    p.set_defaults(func=cmd_recordings)

    p = sub.add_parser("recover", help="store recordings left behind by a crash")
    p.set_defaults(func=cmd_recover)

    p = sub.add_parser("build", help="build a procedure from a recording (the newest by default)")
    p.add_argument("recording", nargs="?", help="recording id or an unambiguous prefix (`showmehow recordings` lists them)")
    p.add_argument("--model", help="LLM to refine it with (litellm name); default: the model setting")
    p.add_argument("--title", help="the procedure's title")
    p.add_argument("--force", action="store_true", help="build even if a procedure was built from this recording already")
    p.set_defaults(func=cmd_build)
