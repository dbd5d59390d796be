"""Attacks on where a secret goes, replayed (issue 24): hostile procedure files and pages, judged by what
the victim's server (127.0.0.1) and the attacker's (localhost) received, and by what the data directory
and the terminal hold. Each attack has its control: the same mechanism on the right site does its job."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.settings import set_setting
from core.sites import host_of
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from tests.attacker import HOSTILE, AttackerServer, where_it_went
from tests.helpers import call_cli, run_cli

PASSWORD = "correct~horse battery"


def _imported(name: str, tmp_path: Path, **replace: str) -> str:
    text = (HOSTILE / name).read_text()
    for old, new in replace.items():
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("on", ["attacker", "victim"])
def test_a_password_the_file_leaves_undeclared_stays_on_the_site_of_its_variable(
    on: str, attacker: AttackerServer, victim: AttackerServer, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BANK_PASSWORD", PASSWORD)
    set_setting("param_env", '{"password@127.0.0.1": "BANK_PASSWORD"}')
    site = attacker.base if on == "attacker" else f"{victim.base}/hostile"  # phish.html, on either site
    assert call_cli(capsys, "import", str(_imported("undeclared-secret.json", tmp_path, SITE=site))).returncode == 0
    ran = run_cli("run", "Log in to the bank with username emile", "--mode", "replay", "--headless", "--timeout", "3")
    printed = ran.stdout + ran.stderr
    assert "Traceback" not in printed
    if on == "attacker":
        assert "refused: {password} is not for http://localhost" in ran.stdout, printed
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == set()
        assert "/keys?username=emile" in attacker.everything()  # the file's other steps did play there
    else:
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == {victim.base}, printed


def _login(base: str, title: str = "Log in to the forum") -> Procedure:
    """A person's recording of get-form.html, whose GET form sends the password in the next page's URL."""
    page = f"{base}/secrets/get-form.html"
    return Procedure(
        title=title,
        abstract=Abstract(
            goal=title,
            parameters=[Parameter(name="username", example="emile"), Parameter(name="password", secret=True)],
            domains=[host_of(base)],
        ),
        steps=[
            ProcedureStep(action="navigate", value=page, url=page),
            ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=page),
            ProcedureStep(action="fill", selector="#pw", selectors=["#pw"], value="{password}", secret=True, url=page),
            ProcedureStep(
                action="click",
                selector='internal:role=button[name="Log in"i]',
                selectors=['internal:role=button[name="Log in"i]'],
                url=page,
                navigates_to=f"{base}/secrets/done.html",
            ),
        ],
    )


def test_a_password_sent_percent_encoded_is_masked_in_every_file_and_line(
    victim: AttackerServer, attacker: AttackerServer, home: Path
) -> None:
    ProcedureStore().add(_login(victim.base))
    ran = run_cli(
        "run",
        "Log in to the forum as emile",
        "--param",
        f"password={PASSWORD}",
        "--mode",
        "replay",
        "--headless",
        "--timeout",
        "5",
    )
    printed = ran.stdout + ran.stderr
    assert "step 4: click" in ran.stdout and "Traceback" not in printed, printed
    assert "pw=correct%7Ehorse+battery" in victim.everything()  # the control: the form sent it, as %7E and +
    assert where_it_went(PASSWORD, [attacker, victim], home, printed) == {victim.base}


def _two_step(base: str, page: str) -> Procedure:
    """A recording of two-step.html: the username, "Next", then the password field that it shows."""
    done = f"{base}/secrets/done.html"
    return Procedure(
        title="Sign in to the forum in two steps",
        abstract=Abstract(
            goal="Sign in to the forum in two steps",
            parameters=[Parameter(name="username", example="emile"), Parameter(name="password", secret=True)],
            domains=[host_of(base)],
        ),
        steps=[
            ProcedureStep(action="navigate", value=page, url=page),
            ProcedureStep(action="fill", selector="#user", selectors=["#user"], value="{username}", url=page),
            ProcedureStep(action="click", selector="#next", selectors=["#next"], url=page),
            ProcedureStep(action="fill", selector="#pw", selectors=["#pw"], value="{password}", secret=True, url=page),
            ProcedureStep(action="click", selector="#go", selectors=["#go"], url=page, navigates_to=done),
        ],
    )


@pytest.mark.parametrize("handover", [True, False])
def test_a_fill_does_not_follow_its_page_to_another_site(
    handover: bool, victim: AttackerServer, attacker: AttackerServer, home: Path
) -> None:
    page = f"{victim.base}/secrets/two-step.html" + (f"?handover={attacker.base}/next-step.html" if handover else "")
    ProcedureStore().add(_two_step(victim.base, page))
    ran = run_cli(
        "run",
        "Sign in to the forum as emile",
        "--param",
        f"password={PASSWORD}",
        "--mode",
        "replay",
        "--headless",
        "--timeout",
        "5",
    )
    printed = ran.stdout + ran.stderr
    assert "Traceback" not in printed
    if handover:
        assert "step 4 (" in ran.stdout and "FAILED" in ran.stdout, printed
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == set()
        assert "GET /next-step.html" in attacker.everything()  # the page did hand over, 1.5 s after "Next"
    else:
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == {victim.base}, printed


@pytest.mark.parametrize("on", ["attacker", "victim"])
def test_an_exported_script_refuses_what_run_refuses(
    on: str, attacker: AttackerServer, victim: AttackerServer, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if on == "attacker":  # a file whose steps lead to another site than the one it claims
        path = _imported("steal-password.json", tmp_path, ATTACKER=attacker.base)
        assert call_cli(capsys, "import", str(path)).returncode == 0
        (procedure,) = ProcedureStore().list()
    else:
        procedure = _login(victim.base)
        ProcedureStore().add(procedure)
    script = tmp_path / "script.py"
    assert call_cli(capsys, "export", procedure.id, str(script)).returncode == 0
    ran = subprocess.run(
        [sys.executable, str(script), "--username", "emile", "--password", PASSWORD, "--timeout", "5"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    printed = ran.stdout + ran.stderr
    assert "Traceback" not in printed, printed
    if on == "attacker":
        assert ran.returncode != 0 and "is not where it was recorded" in ran.stderr, printed
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == set()
        assert attacker.received == []
    else:
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == {victim.base}, printed


@pytest.mark.parametrize("backslash", [True, False])
def test_a_url_that_python_and_chromium_read_as_two_sites_is_refused(
    backslash: bool,
    attacker: AttackerServer,
    victim: AttackerServer,
    home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    host = victim.base.removeprefix("http://")  # 127.0.0.1:PORT, where urlsplit would say the step goes
    collect = f"{attacker.base}\\\\@{host}" if backslash else victim.base  # Chromium: localhost, or the victim
    path = _imported("backslash-url.json", tmp_path, VICTIM=victim.base, COLLECT=collect)
    imported = call_cli(capsys, "import", str(path))
    ran = run_cli(
        "run", "Log in to the bank", "--param", f"password={PASSWORD}", "--mode", "replay", "--headless", "--timeout", "5"
    )
    printed = imported.stdout + imported.stderr + ran.stdout + ran.stderr
    assert "Traceback" not in printed
    if backslash:
        assert imported.returncode != 0 and "has a backslash, a user name or a control character" in imported.stderr, printed
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == set()
        assert attacker.received == []
    else:
        assert imported.returncode == 0
        assert where_it_went(PASSWORD, [attacker, victim], home, printed) == {victim.base}, printed


@pytest.mark.parametrize("on", ["attacker", "victim"])
def test_a_value_from_a_site_s_variable_goes_to_that_site_only(
    on: str, attacker: AttackerServer, victim: AttackerServer, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    account = "account-7731~x"  # not a secret by name, but the bank's variable holds it
    monkeypatch.setenv("BANK_USER", account)
    set_setting("param_env", '{"username@127.0.0.1": "BANK_USER"}')
    site = attacker.base if on == "attacker" else f"{victim.base}/hostile"
    assert call_cli(capsys, "import", str(_imported("undeclared-secret.json", tmp_path, SITE=site))).returncode == 0
    ran = run_cli(
        "run", "Log in to the bank", "--param", "password=pw-given-here", "--mode", "replay", "--headless", "--timeout", "3"
    )
    printed = ran.stdout + ran.stderr
    if on == "attacker":
        assert "refused: {username} is not for http://localhost" in ran.stdout, printed
        assert where_it_went(account, [attacker, victim], home, printed) == set()
    else:
        assert where_it_went(account, [attacker, victim], home, printed) == {victim.base}, printed
