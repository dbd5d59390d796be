"""The team store's notices to its listeners, sent in batches: a process that records outcomes by the hundred tells
the ids it changed once per NOTICE_BATCH_S, each at most once, in one statement, instead of a NOTIFY per outcome
(NOTIFY takes a lock that every committing writer of the database waits for)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from core.errors import ShowMeHowError

NOTICE_BATCH_S = 0.1  # how long an id waits for others to be told with it


class BatchedNotices:
    """Ids to tell, gathered: `add` schedules a batch (sent from a timer thread), `flush` sends what is waiting
    now (on closing the store). A batch that cannot be sent (the server gone) is dropped: listeners read the
    store again when they reconnect, and a notice is a hint, not the change."""

    def __init__(self, send: Callable[[list[str]], None], delay: float = NOTICE_BATCH_S) -> None:
        self._send, self._delay = send, delay
        self._waiting: dict[str, None] = {}
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    def add(self, procedure_id: str) -> None:
        with self._lock:
            self._waiting[procedure_id] = None
            if self._timer is None:
                self._timer = threading.Timer(self._delay, self._flush_quietly)
                self._timer.daemon = True
                self._timer.start()

    def flush(self) -> None:
        with self._lock:
            ids, self._waiting = list(self._waiting), {}
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        if ids:
            self._send(ids)

    def _flush_quietly(self) -> None:
        try:
            self.flush()
        except ShowMeHowError:
            pass
