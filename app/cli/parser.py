"""The `showmehow` argument parser: each noun's module adds its commands."""

from __future__ import annotations

import argparse

from app.cli import config, doctor, learned, lessons, mcp_server, procedures, recordings, revisions, runs, store


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="showmehow",
        description="Teach browser agents by demonstration. With no command, opens the desktop app.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for noun in (procedures, recordings, runs, revisions, learned, lessons, config, mcp_server, store):
        noun.add_commands(sub)
    p = sub.add_parser("gui", help="open the desktop app (the default with no command)")
    p.set_defaults(func=open_desktop_app)
    doctor.add_commands(sub)
    return parser


def open_desktop_app(args: argparse.Namespace | None = None) -> int:
    from app.qt import main as gui_main  # Qt loads only for the desktop app

    return gui_main()
