"""`showmehow mcp`: the MCP server, over stdio (for a desktop client) or streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import argparse

from core.errors import ShowMeHowError


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from app.mcp import build_server  # the optional `mcp` extra loads only for this command
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] != "mcp":
            raise
        raise ShowMeHowError("`showmehow mcp` needs the mcp extra: pip install 'showmehow[mcp]'") from exc
    server = build_server(headed=args.headed)
    if args.http is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host="127.0.0.1", port=args.http)
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `mcp` command."""
    p = sub.add_parser(
        "mcp",
        help="serve the procedures to any agent over the Model Context Protocol (stdio; --http PORT for HTTP)",
        description="An MCP server: find_procedures, run_procedure, show_procedure, list_procedures, record_demonstration; "
        "procedure://ID resources; the procedural_memory prompt. Over stdio by default, for a desktop client.",
    )
    p.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP at http://127.0.0.1:PORT/mcp instead")
    p.add_argument("--headed", action="store_true", help="show the browser of each run (default: headless)")
    p.set_defaults(func=cmd_mcp)
