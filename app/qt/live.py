"""Live refresh: in a team store, what others add or change reaches the open app without a restart (LISTEN/NOTIFY,
watched by Qt's event loop: no polling)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSocketNotifier, Signal, Slot

from procedures.store import ProcedureStore


class LiveChanges(QObject):
    """Emits `changed` with the ids of the procedures that anyone changed; idle for a local store."""

    changed = Signal(list)

    def __init__(self, store: ProcedureStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.listener = store.listen()
        self.notifier: QSocketNotifier | None = None
        if self.listener is not None:
            self.notifier = QSocketNotifier(self.listener.fileno(), QSocketNotifier.Type.Read, self)
            self.notifier.activated.connect(self._arrived)

    @Slot()
    def _arrived(self) -> None:
        assert self.listener is not None
        ids = self.listener.wait(timeout=0)
        if ids:
            self.changed.emit(ids)

    def close(self) -> None:
        if self.notifier is not None and self.listener is not None:
            self.notifier.setEnabled(False)
            self.listener.close()
