"""`showmehow lessons`: what the agent learned."""

from __future__ import annotations

import argparse

from app.cli.output import table
from core.errors import ShowMeHowError
from retrieval.lessons import LessonStore


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


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `lessons` command."""
    p = sub.add_parser("lessons", help="the lessons the agent learned: list, tier 1|2, promote N, forget N")
    p.add_argument("action", nargs="?", default="list", choices=["list", "tier", "promote", "forget"])
    p.add_argument("number", nargs="?", type=int, help="lesson number, as listed (for tier: 1 or 2, default 1)")
    p.set_defaults(func=cmd_lessons)
