"""The `showmehow` command line: runs a command and turns errors into one line and an exit code."""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import sys
import warnings
from collections.abc import Sequence

from app.cli.doctor import check_database
from app.cli.parser import build_parser, open_desktop_app
from core.database import DB_FILE, database_error
from core.errors import ShowMeHowError
from core.settings import data_dir

NO_DATABASE_CHECK = {"doctor", "config"}  # what works on a damaged database: they are how to find and fix it
DRIVER_CLOSED = "Connection closed while reading from the driver"  # Playwright's words when its driver process ends


class _DriverGone(logging.Filter):
    """Drops asyncio's report of Playwright's driver closing on Ctrl-C (the terminal interrupts it too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and DRIVER_CLOSED in str(record.exc_info[1]))


DRIVER_GONE = _DriverGone()


def _show_warning(message: Warning | str, category: type[Warning], *args: object, **kwargs: object) -> None:
    print(f"showmehow: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = args.func if args.command is not None else open_desktop_app
    logging.getLogger("asyncio").addFilter(DRIVER_GONE)  # once, however often main() runs
    warnings.showwarning = _show_warning
    try:
        if args.command is not None and args.command not in NO_DATABASE_CHECK and (data_dir() / DB_FILE).exists():
            check_database(quick=True)  # a damaged file answers nothing, rather than what it can still read
        code = func(args)
        sys.stdout.flush()  # here, so that a reader that went away (`| head`) is caught below
        return code
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to write at exit
        return 128 + signal.SIGPIPE
    except ShowMeHowError as exc:
        print(f"showmehow: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file named on the command line that cannot be read or written
        where = f" {exc.filename}" if exc.filename else ""
        print(f"showmehow: cannot use{where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        print(f"showmehow: {database_error(exc, data_dir() / DB_FILE)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("showmehow: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # Playwright raises a bare Exception when its driver ends, as Ctrl-C ends it
        if DRIVER_CLOSED not in str(exc):
            raise
        print("showmehow: stopped: Playwright's driver ended (Ctrl-C, or it crashed)", file=sys.stderr)
        return 130
