"""`showmehow doctor`: whether this machine can record, replay and open the app."""

from __future__ import annotations

import argparse
import importlib.util
import sqlite3
import subprocess
from collections.abc import Callable

from app.desktop import desktop_problem
from core.database import database_error
from core.errors import ShowMeHowError
from core.llm import connection_options
from core.settings import data_dir, load_settings
from procedures.store import ProcedureStore
from recorder.browser import find_chromium, has_display


class Note(str):
    """A doctor check's answer that is neither fine nor a problem: worth knowing, nothing to fix."""


def _chromium() -> str:
    path = find_chromium()
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ShowMeHowError(f"{path} does not run ({exc}); reinstall chromium") from exc
    return f"{version or 'found'} at {path}"


def _display() -> str:
    if has_display():
        return "available"
    return Note(
        "none: the command line works (with --headless); for a visible browser or the app, use `xvfb-run -a` or a desktop"
    )


def check_database(quick: bool = False) -> ProcedureStore:
    """The store, once SQLite's check of its file (`quick`: the check of its pages, not of its indexes)
    finds no damage; else ShowMeHowError with what doctor says of it."""
    store = ProcedureStore()
    try:
        store.check_integrity(quick=quick)
    except sqlite3.Error as exc:
        raise database_error(exc, store.path) from exc
    return store


def _database() -> str:
    store = check_database()
    try:
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


def _llm() -> str:
    settings = load_settings()
    if not settings.model:
        return (
            "no model set: recording and replay work without one; `showmehow config set model openai/NAME` enables LLM features"
        )
    if importlib.util.find_spec("litellm") is None:
        raise ShowMeHowError("model is set but litellm is missing; install with `pip install 'showmehow[llm]'`")
    connection_options(settings.model, settings)  # names the missing API key, if the provider needs one
    return f"{settings.model} via {settings.api_base or 'the provider default'}"


def _desktop() -> str:
    if not has_display():
        return Note("needs a display (see above)")
    problem = desktop_problem()
    if problem:
        raise ShowMeHowError(problem)
    return "the window can open"


PROBES: dict[str, Callable[[], str]] = {
    "data directory": lambda: str(data_dir()),
    "database": _database,
    "chromium": _chromium,
    "display": _display,
    "desktop app": _desktop,
    "llm": _llm,
}


def cmd_doctor(args: argparse.Namespace) -> int:
    problems = 0
    for name, probe in PROBES.items():
        try:
            answer = probe()
            print(f"{'note' if isinstance(answer, Note) else 'ok':<8} {name}: {answer}")
        except ShowMeHowError as exc:
            problems += 1
            print(f"PROBLEM  {name}: {exc}")
    return 1 if problems else 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `doctor` command."""
    p = sub.add_parser("doctor", help="check Chromium, display, database and LLM settings")
    p.set_defaults(func=cmd_doctor)
