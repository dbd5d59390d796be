"""`showmehow list|show|assert|delete|restore|export|import`: the stored procedures."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pydantic import ValidationError

from app.cli.output import table
from app.formatting import breaks_at
from app.procedure_text import describe_procedure, when_checked
from core.errors import ShowMeHowError, describe_error
from procedures.models import Check
from procedures.runtime.checks import describe_check
from procedures.script_export import export_script
from procedures.store import ProcedureStore
from procedures.transfer import export_procedures, read_importable


def cmd_list(args: argparse.Namespace) -> int:
    procedures = ProcedureStore().list(include_deprecated=not args.active)
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
            p.source,
            p.runs,
            f"{p.confidence:.2f}",
            breaks_at(p),
            len(p.checks) or "none",
            "yes" if p.deprecated else "",
            p.changed_by or p.created_by,
        )
        for p in procedures
    ]
    headers = ["ID", "TITLE", "DOMAINS", "PARAMETERS", "SOURCE", "USES", "CONFIDENCE", "BREAKS AT", "CHECKS", "DEPRECATED", "BY"]
    print(table(headers, rows))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    procedure = store.get(store.resolve(args.id))
    if args.json:
        print(procedure.model_dump_json(indent=2))
    else:
        print(describe_procedure(procedure))
    return 0


def cmd_assert(args: argparse.Namespace) -> int:
    """List, add or remove a procedure's checks."""
    store = ProcedureStore()
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
        print(f"{number}. {describe_check(check.model_dump())}  [{when_checked(check)}, {check.source}]")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    procedure_id = store.resolve(args.id)
    store.delete(procedure_id)
    print(f"Deleted {procedure_id}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    procedure = store.get(store.resolve(args.id))
    if not procedure.deprecated:
        print(f"'{procedure.title}' ({procedure.id[:12]}) is not deprecated: runs already use it")
        return 0
    store.set_deprecated(procedure.id, False)
    cleared = procedure.failure_count
    print(
        f"Restored {procedure.id}: runs use it again ({procedure.success_count} verified; the {cleared} failed run"
        f"{'' if cleared == 1 else 's'} that deprecated it no longer count)"
    )
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    procedure = store.get(store.resolve(args.id))
    folder = Path(args.file).parent
    if not folder.is_dir():
        raise ShowMeHowError(f"cannot write {args.file}: the folder {folder} does not exist")
    if args.format == "script" or (args.format is None and args.file.endswith(".py")):
        export_script(procedure, Path(args.file))
    else:
        export_procedures([procedure], Path(args.file))
    print(f"Exported {procedure.id} to {args.file}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    importable = read_importable(Path(args.file))  # validated before the store is opened
    store = ProcedureStore()
    known = {} if args.force else importable.stored_already(store)
    for procedure in importable.store_into(store, force=args.force):
        print(f"Imported {procedure.title!r} as {procedure.id} ({len(procedure.steps)} steps, {procedure.source})")
    for note in importable.notes:
        print(f"  not mapped: {note}")
    for procedure in importable.procedures:
        if procedure.id in known:
            print(f"Already stored: {procedure.title!r} as {known[procedure.id]} (--force imports a copy)")
    if known and len(known) == len(importable.procedures):
        raise ShowMeHowError(f"nothing imported: {args.file} was imported before; `showmehow import --force` imports copies")
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `list`, `show`, `assert`, `delete`, `restore`, `export`, `import` commands."""
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

    p = sub.add_parser("restore", help="let runs use a deprecated procedure again")
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.set_defaults(func=cmd_restore)

    p = sub.add_parser("export", help="write a procedure to a JSON file or a Playwright script (.py)")
    p.add_argument("id", help="procedure id or an unambiguous prefix")
    p.add_argument("file")
    p.add_argument("--format", choices=["json", "script"], help="default: script for .py files, else json")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="add procedures from a ShowMeHow JSON file or a Chrome DevTools recording")
    p.add_argument("file")
    p.add_argument("--force", action="store_true", help="import copies of procedures that are stored already")
    p.set_defaults(func=cmd_import)
