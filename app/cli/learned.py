"""`showmehow learned`: procedures learned from verified agent runs, to accept or reject."""

from __future__ import annotations

import argparse

from app.cli.output import table
from app.operations import decide_learned
from app.procedure_text import learned_text
from core.errors import ShowMeHowError
from procedures.store import ProcedureStore


def cmd_learned(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    if args.action == "list":
        learned = store.learned.list(status=None if args.all else "proposed")
        if not learned:
            print("No learned procedures waiting." if not args.all else "No learned procedures yet.")
            print("A verified agent run with no procedure behind it proposes one.")
            return 0
        rows = [(x.id[:12], x.procedure.title, x.status, x.successes, len(x.procedure.steps), x.task[:60]) for x in learned]
        print(table(["ID", "PROCEDURE", "STATUS", "VERIFIED RUNS", "STEPS", "TASK"], rows))
        return 0
    if not args.id:
        raise ShowMeHowError(f"`showmehow learned {args.action}` needs an id, as `showmehow learned` lists them")
    if args.action == "show":
        print(learned_text(store.learned.get(args.id)))
    else:
        print(decide_learned(store, args.id, accept=args.action == "accept"))
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `learned` command."""
    p = sub.add_parser("learned", help="procedures learned from verified agent runs: list, show ID, accept ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=["list", "show", "accept", "reject"])
    p.add_argument("id", nargs="?", help="learned procedure id or an unambiguous prefix")
    p.add_argument("--all", action="store_true", help="list accepted and rejected ones too")
    p.set_defaults(func=cmd_learned)
