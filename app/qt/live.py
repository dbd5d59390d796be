"""Live refresh: what others add or change reaches the open app without a restart. A team store tells by
LISTEN/NOTIFY, watched by Qt's event loop; the local file by its `data_version`, which changes when another
connection (the command line, the browser's thread) commits, read on a timer."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSocketNotifier, QTimer, Signal, Slot

from procedures.store import ProcedureStore

POLL_MS = 1000  # how often the local file's data_version is read


class LiveChanges(QObject):
    """Emits `changed` with the ids of the procedures that anyone changed (none named for the local file: read
    them all again)."""

    changed = Signal(list)

    def __init__(self, store: ProcedureStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.listener = store.listen()
        self.notifier: QSocketNotifier | None = None
        self.timer: QTimer | None = None
        if self.listener is not None:
            self.notifier = QSocketNotifier(self.listener.fileno(), QSocketNotifier.Type.Read, self)
            self.notifier.activated.connect(self._arrived)
        else:
            self.version = store.data_version()
            self.timer = QTimer(self)
            self.timer.timeout.connect(self._poll)
            self.timer.start(POLL_MS)

    @Slot()
    def _arrived(self) -> None:
        assert self.listener is not None
        ids = self.listener.wait(timeout=0)
        if ids:
            self.changed.emit(ids)

    @Slot()
    def _poll(self) -> None:
        version = self.store.data_version()
        if version != self.version:
            self.version = version
            self.changed.emit([])

    def close(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        if self.notifier is not None and self.listener is not None:
            self.notifier.setEnabled(False)
            self.listener.close()
