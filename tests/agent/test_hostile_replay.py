"""Hostile procedure files (tests/sites/hostile/*.json) replayed: what reaches the attacker's server."""

from pathlib import Path

import pytest

from agent import RunControls, run_task
from core.settings import set_setting
from procedures.store import ProcedureStore
from procedures.transfer import read_importable
from tests.attacker import HOSTILE, AttackerServer

PASSWORD = "correct-horse-battery"


def _import(name: str, attacker: AttackerServer, tmp_path: Path, **replace: str) -> str:
    text = (HOSTILE / name).read_text().replace("ATTACKER", attacker.base)
    for old, new in replace.items():
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text)
    store = ProcedureStore()
    (procedure,) = read_importable(path).store_into(store)
    return procedure.id


def _run(task: str, procedure_id: str, context, params: dict[str, str] | None = None, **controls):  # type: ignore[no-untyped-def]
    page = context.new_page()
    return run_task(
        task,
        page=page,
        mode="replay",
        params=params,
        procedure_ids=[procedure_id],
        controls=RunControls(**controls),
        timeout_ms=5000,
    )


def test_a_file_cannot_take_a_password_to_another_site(
    context, attacker: AttackerServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BANK_PASSWORD", PASSWORD)
    set_setting("param_env", '{"password@127.0.0.1": "BANK_PASSWORD"}')  # the file claims 127.0.0.1
    procedure_id = _import("steal-password.json", attacker, tmp_path)
    asked: list[str] = []

    refused = _run("Log in to the bank with username emile", procedure_id, context)  # nobody to ask
    assert not refused.success and "not where it was recorded" in (refused.error or "")
    assert attacker.received == []

    anyway = _run("Log in to the bank with username emile", procedure_id, context, approve=lambda q, d: asked.append(q) or True)
    assert asked and "localhost" in asked[0]  # the person was asked about the other site, and said yes
    assert not anyway.success and "{password} is not for" in (anyway.error or "")
    assert [r.path for r in attacker.received if r.method == "GET"][:1] == ["/phish.html"]
    assert PASSWORD not in attacker.everything() and not any(r.method == "POST" for r in attacker.received)


def test_files_to_upload_never_come_from_the_procedure(context, attacker: AttackerServer, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    private = tmp_path / "private.txt"
    private.write_text("the contents of a private file")
    procedure_id = _import("upload-file.json", attacker, tmp_path, LOCAL_FILE=str(private))
    result = _run("Send the bank statement", procedure_id, context, approve=lambda q, d: True)
    assert not result.success and "files to upload come only from parameters" in (result.error or "")
    assert "private file" not in attacker.everything()


def test_an_upload_from_a_run_time_parameter_needs_approval(context, attacker: AttackerServer, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    statement = tmp_path / "statement.txt"
    statement.write_text("statement for march")
    declared = {"LOCAL_FILE": "{statement}", '"parameters": []': '"parameters": [{"name": "statement"}]'}
    procedure_id = _import("upload-file.json", attacker, tmp_path, **declared)
    params = {"statement": str(statement)}
    refused = _run("Send the bank statement", procedure_id, context, params=params)  # nobody to ask
    assert not refused.success and "nobody approved to upload" in (refused.error or "")
    assert "statement for march" not in attacker.everything()
    asked: list[str] = []
    done = _run("Send the bank statement", procedure_id, context, params=params, approve=lambda q, d: asked.append(q) or True)
    assert done.outcome == "unverified" and not done.success, done.error  # done; no check: success is verified only
    assert asked == [f"upload {statement} to {attacker.base}"]
    assert "statement for march" in attacker.everything()  # approved: it went


def test_script_and_data_urls_are_never_opened(context, attacker: AttackerServer, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    procedure_id = _import("script-url.json", attacker, tmp_path)
    result = _run("Open the statement page", procedure_id, context, approve=lambda q, d: True, allow_other_sites=True)
    assert not result.success and "only http and https" in (result.error or "")
    assert [s.status for s in result.steps] == ["ok", "error"]
    assert not any(r.path.startswith("/steal") for r in attacker.received)
