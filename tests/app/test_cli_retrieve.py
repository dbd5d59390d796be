"""`showmehow retrieve --explain`: which task words matched what, and why."""

from pathlib import Path

from procedures.store import ProcedureStore
from tests.helpers import run_cli, sample_procedure


def test_explain_says_which_words_matched_and_how(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    store = ProcedureStore(home / "showmehow.db")
    store.add(sample_procedure(title="Subscribe to the newsletter", domain="example.org"))
    store.close()
    result = run_cli("retrieve", "Subscibe to the mailing list", "--url", "http://example.org/login.html", "--explain")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Subscribe to the newsletter" in out and "recorded on this page" in out
    assert '"subscibe" = "subscribe" (misspelling, in the title)' in out
    assert '"mailing list" = "newsletter" (synonym, in the title)' in out
    assert "<procedural_memory>" in out
