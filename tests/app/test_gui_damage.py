"""The desktop app opens on a database with a damaged row: the row is skipped and said so, nothing aborts."""

import sqlite3

from app.qt import MainWindow
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure


def test_a_damaged_row_is_skipped_with_a_notice(qtbot) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    store.add(sample_procedure(title="Good one"))
    store.add(sample_procedure(title="Bad one", id="bad-row"))
    db = sqlite3.connect(store.path)
    db.execute("UPDATE procedures SET data = 'not json' WHERE id = 'bad-row'")
    db.commit()
    db.close()
    window = MainWindow(headless=True)
    qtbot.addWidget(window)
    try:
        assert [p.title for p in window.procedures_tab.procedures_model.procedures] == ["Good one"]
        assert "skipped procedure bad-row" in window.statusBar().currentMessage()
    finally:
        window.close()
