"""`showmehow retrieve --explain`: which task words matched what, and why."""

from pathlib import Path

from procedures.store import ProcedureStore
from tests.helpers import call_cli, sample_procedure


def test_explain_says_which_words_matched_and_how(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    home.mkdir(parents=True, exist_ok=True)
    store = ProcedureStore(home / "showmehow.db")
    store.add(sample_procedure(title="Subscribe to the newsletter", domain="example.org"))
    store.close()
    result = call_cli(capsys, "retrieve", "Subscibe to the mailing list", "--url", "http://example.org/login.html", "--explain")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Subscribe to the newsletter" in out and "recorded on this page" in out
    assert '"subscibe" = "subscribe" (misspelling, in the title)' in out
    assert '"mailing list" = "newsletter" (synonym, in the title)' in out
    assert "<procedural_memory>" in out


def test_a_local_file_given_by_its_path_is_the_page_the_procedure_was_recorded_on(home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "form.html"
    page.write_text("<form></form>", encoding="utf-8")
    home.mkdir(parents=True, exist_ok=True)
    store = ProcedureStore(home / "showmehow.db")
    procedure = sample_procedure(title="Subscribe to the newsletter", domain="")
    steps = [
        step.model_copy(update={"url": page.as_uri(), "value": page.as_uri() if step.action == "navigate" else step.value})
        for step in procedure.steps
    ]
    store.add(procedure.model_copy(update={"steps": steps}))
    store.close()
    result = call_cli(capsys, "retrieve", "Subscribe to the newsletter", "--url", str(page), "--explain")
    assert result.returncode == 0, result.stderr
    assert "recorded on this page" in result.stdout and "ranks 1st: the only procedure that fits" in result.stdout


def test_two_procedures_that_fit_about_as_well_are_named_both(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    home.mkdir(parents=True, exist_ok=True)
    store = ProcedureStore(home / "showmehow.db")
    first = store.add(sample_procedure(title="Export the monthly report", domain="reports.example"))
    second = store.add(sample_procedure(title="Export the monthly report now", domain="reports.example"))
    store.add(sample_procedure(title="Subscribe to the newsletter", domain="example.org"))
    store.close()
    result = call_cli(capsys, "retrieve", "export monthly report")
    assert result.returncode == 0, result.stderr
    assert "Near-tie:" in result.stdout and first[:12] in result.stdout and second[:12] in result.stdout
    assert "run --procedure ID" in result.stdout
    result = call_cli(capsys, "retrieve", "subscribe to the newsletter")
    assert "Near-tie" not in result.stdout  # one procedure clearly fits
