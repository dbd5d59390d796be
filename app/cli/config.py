"""`showmehow config`: the settings."""

from __future__ import annotations

import argparse

from core.errors import ShowMeHowError
from core.settings import Settings, load_settings, set_setting


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


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `config` command."""
    p = sub.add_parser("config", help="show settings (get [KEY]) or change one (set KEY VALUE)")
    p.add_argument("action", nargs="?", default="get", choices=["get", "set"])
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")
    p.set_defaults(func=cmd_config)
