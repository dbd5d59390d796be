"""Addresses: one that is none or does not load fails in one line with nothing recorded or counted, a run
on another site than the procedure's asks first, and a path part of the site stays a path part."""

import socket
from pathlib import Path

import pytest

from procedures.store import ProcedureStore
from recorder.recordings import RecordingStore
from tests.conftest import ServedSite
from tests.helpers import call_cli, record, run_cli


def _dead_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _one_line_error(result, *words: str) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("showmehow: "), result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_recording_refuses_an_address_that_does_not_load(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dead = f"http://127.0.0.1:{_dead_port()}/"
    not_one = call_cli(capsys, "record", "not a url", "--headless", "--seconds", "1")  # refused before a browser starts
    _one_line_error(not_one, "not a web address", "https://")
    _one_line_error(run_cli("record", dead, "--headless", "--seconds", "1"), dead, "ERR_CONNECTION_REFUSED", "check")
    _one_line_error(run_cli("record", "http://nowhere.invalid/", "--headless", "--seconds", "1"), "ERR_NAME_NOT_RESOLVED")
    assert RecordingStore().list() == []
    assert list((home / "journals").glob("*")) == [] if (home / "journals").exists() else True


def _log_in(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("Username:").press_sequentially("admin")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/?username=*")


def test_runs_on_dead_or_other_sites_and_fixed_path_parts(
    context, served: ServedSite, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    record(context, f"{served.url}/admin/login/", _log_in, title='Log in as "admin"')
    assert call_cli(capsys, "build").returncode == 0
    (procedure,) = ProcedureStore().list()
    assert [p.name for p in procedure.abstract.parameters] == ["username"]
    assert procedure.steps[0].value == f"{served.url}/admin/login/"  # the site's path, not /{username}/login/
    (url_check,) = [c for c in procedure.checks if c.kind == "url"]
    assert url_check.expected == f"{served.url}/admin/?username={{username}}"

    dead = f"http://127.0.0.1:{_dead_port()}/"
    ran = run_cli("run", 'Log in as "maria"', "--param", "username=maria", "--url", dead, "--headless")
    _one_line_error(ran, dead, "ERR_CONNECTION_REFUSED")
    assert not (home / "runs").exists()  # no run was logged
    elsewhere = served.url.replace("127.0.0.1", "localhost") + "/admin/login/"
    served.received.clear()
    ran = run_cli("run", 'Log in as "maria"', "--param", "username=maria", "--url", elsewhere, "--headless")
    assert ran.returncode != 0 and "refusing: start at localhost" in ran.stdout, ran.stdout
    assert "not run: start at localhost" in ran.stderr and "127.0.0.1" in ran.stderr
    assert not any(path.startswith("/admin/?") for path in served.received)  # no step was played
    stored = ProcedureStore().get(procedure.id)
    assert (stored.success_count, stored.failure_count) == (0, 0)  # nothing counted

    served.received.clear()
    ran = run_cli("run", 'Log in as "maria"', "--param", "username=maria", "--headless")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert [p for p in served.received if p != "/favicon.ico"] == ["/admin/login/", "/admin/?username=maria"]
