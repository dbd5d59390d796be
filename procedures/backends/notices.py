"""The team store's notices to its listeners, sent in batches: a process that records outcomes by the hundred tells
the ids it changed once per NOTICE_BATCH_S, each at most once, in one statement, instead of a NOTIFY per outcome
(NOTIFY takes a lock that every committing writer of the database waits for)."""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable

from core.errors import ShowMeHowError

NOTICE_BATCH_S = 0.1  # how long an id waits for others to be told with it


class BatchedNotices:
    """Ids to tell, gathered: `add` wakes one thread of the store's own, which sends what has gathered NOTICE_BATCH_S
    later; `flush` sends what is waiting now (on closing the store). A batch that cannot be sent (the server gone)
    is dropped: a notice is a hint to read the store again, not the change."""

    def __init__(self, send: Callable[[list[str]], None], delay: float = NOTICE_BATCH_S) -> None:
        self._send, self._delay = send, delay
        self._waiting: dict[str, None] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._sender: threading.Thread | None = None

    def add(self, procedure_id: str) -> None:
        with self._lock:
            self._waiting[procedure_id] = None
            if self._sender is None:
                self._sender = threading.Thread(
                    target=_send_batches, args=(weakref.ref(self), self._wake, self._delay), name="showmehow-notices", daemon=True
                )
                self._sender.start()
                weakref.finalize(self, self._wake.set)  # a store dropped unclosed: its thread ends
        if not self._wake.is_set():
            self._wake.set()

    def flush(self) -> None:
        with self._lock:
            ids, self._waiting = list(self._waiting), {}
        if ids:
            self._send(ids)

    def close(self) -> None:
        """Send what is waiting and end the thread."""
        self._delay = -1.0
        self._wake.set()
        self.flush()


def _send_batches(notices: weakref.ref[BatchedNotices], wake: threading.Event, delay: float) -> None:
    """The sending thread: it holds its notices only while it sends, so that a store dropped unclosed goes."""
    while wake.wait():
        held = notices()
        if held is None or held._delay < 0:  # noqa: SLF001 - the thread's own object
            return
        del held
        time.sleep(delay)
        wake.clear()
        held = notices()
        if held is None:
            return
        try:
            held.flush()
        except ShowMeHowError:
            pass
        del held
