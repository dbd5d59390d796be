"""Finds the stored procedures for a task off the GUI thread: retrieval reads the database and may
embed the task, which would freeze the window."""

from __future__ import annotations

import itertools
import sqlite3
import traceback
from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QObject, Signal

from app.formatting import user_error
from app.operations import find_procedures
from core.errors import ShowMeHowError
from procedures.store import ProcedureStore


class Finder(QObject):
    """`find` returns at once; `found` then carries the request's number and its matches to the slots
    connected to it, which Qt runs on their objects' (the GUI) thread."""

    found = Signal(int, list)  # request number, the matches (best first)
    failed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._numbers = itertools.count(1)
        self.latest = 0  # the number of the newest request: older answers are stale
        self._store: ProcedureStore | None = None  # opened on the finder's thread, kept for its life
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finder")

    def find(self, task: str, url: str | None) -> None:
        self.latest = next(self._numbers)
        self._thread.submit(self._find, self.latest, task, url)

    def _find(self, number: int, task: str, url: str | None) -> None:
        try:
            self._store = self._store or ProcedureStore()
            self.found.emit(number, find_procedures(self._store, task, url=url))
        except (ShowMeHowError, sqlite3.Error) as exc:
            self.failed.emit(str(user_error(exc)))
        except Exception as exc:  # a bug: said, as the browser worker says it, not lost in the pool
            traceback.print_exc()
            self.failed.emit(f"Unexpected error: {type(exc).__name__}: {exc}")

    def shutdown(self) -> None:
        """Wait for a find under way, then close the store."""
        self._thread.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
