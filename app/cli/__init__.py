"""The `showmehow` command line, Qt-free: one module per noun, the parser, doctor."""

from app.cli.main import main

__all__ = ["main"]
