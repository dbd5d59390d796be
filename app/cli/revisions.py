"""`showmehow revisions`: the fixes runs learned, to accept or reject."""

from __future__ import annotations

import argparse

from app.cli.output import table
from app.formatting import revision_text
from core.errors import ShowMeHowError
from procedures.store import ProcedureStore


def cmd_revisions(args: argparse.Namespace) -> int:
    store = ProcedureStore()
    if args.action == "list":
        revisions = store.revisions.list(status=None if args.all else "proposed")
        if not revisions:
            print("No revisions waiting." if not args.all else "No revisions yet.")
            print("Runs in auto mode propose one when the agent gets past a step that replay could not play.")
            return 0
        titles = {p.id: p.title for p in store.list()}
        rows = [
            (r.id[:12], titles.get(r.procedure_id, r.procedure_id[:12]), r.status, r.successes, r.reason[:60], r.created_by)
            for r in revisions
        ]
        print(table(["ID", "PROCEDURE", "STATUS", "VERIFIED RUNS", "WHY", "BY"], rows))
        return 0
    if not args.id:
        raise ShowMeHowError(f"`showmehow revisions {args.action}` needs a revision id, as `showmehow revisions` lists them")
    matches = [r for r in store.revisions.list() if r.id.startswith(args.id)]
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
        procedure = store.revisions.accept(revision.id)
        print(f"Accepted: '{procedure.title}' now has {len(procedure.steps)} steps and replays them without a model")
    else:
        store.revisions.reject(revision.id)
        print(f"Rejected: '{store.get(revision.procedure_id).title}' stays as it was")
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `revisions` command."""
    p = sub.add_parser("revisions", help="fixes learned from runs: list, show ID, accept ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=["list", "show", "accept", "reject"])
    p.add_argument("id", nargs="?", help="revision id or an unambiguous prefix")
    p.add_argument("--all", action="store_true", help="list accepted and rejected revisions too")
    p.set_defaults(func=cmd_revisions)
