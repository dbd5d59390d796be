"""`showmehow mcp`: the stored procedures as Model Context Protocol tools, resources and a prompt, for any
agent (desktop assistants, editors, agent frameworks), over stdio or streamable HTTP on 127.0.0.1. Needs
the `mcp` extra."""

from app.mcp.server import build_server

__all__ = ["build_server"]
