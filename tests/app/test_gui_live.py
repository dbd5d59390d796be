"""Live refresh of the app on a team store: a procedure another machine adds reaches it through NOTIFY."""

from pytestqt.qtbot import QtBot

from app.qt.live import LiveChanges
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure


def test_a_procedure_added_elsewhere_reaches_the_app(qtbot: QtBot, team_url: str) -> None:
    live = LiveChanges(ProcedureStore(team_url))
    seen: list[list[str]] = []
    live.changed.connect(seen.append)
    pid = ProcedureStore(team_url).add(sample_procedure())
    qtbot.waitUntil(lambda: seen == [[pid]], timeout=5000)
    live.close()


def test_a_local_store_has_nothing_to_watch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    live = LiveChanges(ProcedureStore(tmp_path / "s.db"))
    assert live.listener is None and live.notifier is None
    live.close()
