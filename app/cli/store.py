"""The `store` command: where the procedure library lives, and copying it between the local file and a team store."""

from __future__ import annotations

import argparse

from core.database import DB_FILE
from core.errors import ShowMeHowError
from core.settings import data_dir, store_location
from procedures.store import ProcedureStore
from procedures.store_copy import copy_store
from retrieval.lessons import LessonStore

LOCAL = "local"


def _open(location: str | None) -> ProcedureStore:
    """`local` (or nothing, with no team store set) is the data directory's SQLite file."""
    return ProcedureStore(data_dir() / DB_FILE if location in (None, LOCAL) else location)


def cmd_store(args: argparse.Namespace) -> int:
    if args.action == "show":
        store = ProcedureStore()
        print(f"{store.path} ({len(store)} procedures)")
        store.close()
        return 0
    if not args.to:
        raise ShowMeHowError("`showmehow store migrate` needs --to: a postgresql:// URL, a SQLite file or 'local'")
    source = _open(args.source or store_location())
    target = _open(args.to)
    try:
        LessonStore(source).load()  # a lessons.json of old moves into the source's database first
        copied = copy_store(source, target)
    finally:
        source.close()
        target.close()
    print(
        f"Copied {source.path} to {target.path}: {copied.added} procedures added, {copied.updated} updated, "
        f"{copied.unchanged} already there; {copied.revisions} revisions, {copied.lessons} lessons"
    )
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `store` command."""
    p = sub.add_parser("store", help="where procedures live (show), or copy them to another store (migrate --to URL|local)")
    p.add_argument("action", nargs="?", default="show", choices=["show", "migrate"])
    p.add_argument("--to", help="the store to copy into: a postgresql:// URL, a SQLite file, or 'local' (this data directory's)")
    p.add_argument("--from", dest="source", help="the store to copy from (default: the one in use)")
    p.set_defaults(func=cmd_store)
