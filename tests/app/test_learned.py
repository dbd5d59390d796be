"""Procedures learned from agent runs, reviewed like revisions: listed, shown, accepted and rejected from the
command line and the GUI's Learned tab; `source` says agent_run wherever a procedure is shown."""

from pathlib import Path

import pytest

from procedures.learned_store import Learned
from procedures.store import ProcedureStore
from tests.helpers import call_cli as cli
from tests.helpers import sample_procedure


def _two_learned(store: ProcedureStore) -> tuple[Learned, Learned]:
    first = store.learned.propose(Learned(procedure=sample_procedure(source="agent_run"), task="Log in as emile"))
    second = store.learned.propose(
        Learned(procedure=sample_procedure("Log in to the other site", "other.example", source="agent_run"), task="Log in there")
    )
    return first, second


def test_learned_list_show_accept_reject(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = ProcedureStore()
    first, second = _two_learned(store)
    again = store.learned.propose(Learned(procedure=sample_procedure(source="agent_run"), task="Log in as bob"))
    assert again.id == first.id and again.successes == 2  # the same procedure taught again: one more verified run
    listed = cli(capsys, "learned").stdout
    assert first.id[:12] in listed and second.id[:12] in listed and "proposed" in listed
    shown = cli(capsys, "learned", "show", first.id[:8]).stdout
    assert "taught by 2 verified runs" in shown and "Source: agent_run" in shown and "Task: Log in as emile" in shown
    assert "Accepted" in cli(capsys, "learned", "accept", first.id[:8]).stdout
    stored = store.learned.get(first.id).procedure_id
    assert store.get(stored).source == "agent_run" and "Source: agent_run" in cli(capsys, "show", stored[:8]).stdout
    assert "agent_run" in cli(capsys, "list").stdout.splitlines()[-1]
    assert "Rejected" in cli(capsys, "learned", "reject", second.id).stdout
    assert len(store) == 1
    assert "already rejected" in cli(capsys, "learned", "accept", second.id).stderr
    assert "No learned procedures waiting." in cli(capsys, "learned").stdout
    assert "accepted" in cli(capsys, "learned", "--all").stdout


def test_the_learned_tab_accepts_and_rejects(qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.qt.window import MainWindow

    store = ProcedureStore()
    first, second = _two_learned(store)
    window = MainWindow(headless=True)
    qtbot.addWidget(window)
    try:
        window.tabs.setCurrentWidget(window.learned_tab)
        tab = window.learned_tab
        assert tab.model.rowCount() == 2 and all(b.isEnabled() for b in tab.choices)
        tab.view.selectRow([x.id for x in tab.learned].index(first.id))
        assert "Source: agent_run" in tab.text.toPlainText()
        tab.accept()
        assert store.learned.get(first.id).status == "accepted" and [p.source for p in store.list()] == ["agent_run"]
        assert window.procedures_tab.procedures_model.rowCount() == 1
        tab.reject()
        assert store.learned.get(second.id).status == "rejected" and tab.model.rowCount() == 0
        assert not any(b.isEnabled() for b in tab.choices)
    finally:
        window.close()
