"""Secrets never leave the page, the person or the run: every kind of secret field (tests/sites/secrets/),
typed with real keys, then build, show, retrieve, both exports, a DevTools import, a replay, a failed
replay, the exported script failing and an agent run against the local OpenAI-compatible server. Then
every file under the data directory, every exported file, everything printed and every request the
model server received is searched for each secret value, plain and URL-encoded: zero hits."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, quote_plus

from playwright.sync_api import BrowserContext, Page

from app.cli import main
from procedures.store import ProcedureStore
from tests.agent.conftest import act
from tests.helpers import record, run_cli
from tests.llm_server import LLMServer

TYPED = [
    "Alpha-one1",
    "Beta-two22",
    "Gamma-333",
    "Sc0de!42",
    "x3h-Login",
    "4111 1111 1111 1111",
    "Delta-44x",
    "Echo-5555",
    "Fox-7q",
]
AT_RUN_TIME = ["N3w-replay-pw", "Fail-r3play-pw", "Scr1pt-fail-pw", "Agent-s3cret", "98765432", "Retr1eve-pw"]
IMPORTED = ["Dev-t00ls-pw", "tok-ABC123xyz"]


def _submit(page: Page, button: str) -> None:
    page.get_by_role("button", name=button).click()
    page.wait_for_url("**/done.html*")


def _demonstrations(site: str) -> list[tuple[str, str, Callable[[Page], None]]]:
    """(page, title, what the person does) for each kind of secret field."""

    def switched(page: Page) -> None:
        page.locator("#first").press_sequentially("Alpha-one1")
        page.locator("#second").press_sequentially("Beta-two22")
        _submit(page, "Continue")

    def attribute(page: Page) -> None:
        page.locator("#word").press_sequentially("Gamma-333")
        _submit(page, "Unlock")

    def editable(page: Page) -> None:
        page.locator("#cvv").click()
        page.keyboard.type("Sc0de!42")
        _submit(page, "Pay now")

    def login(page: Page) -> None:
        page.locator("#user").press_sequentially("emile")
        page.locator("#pw").press_sequentially("x3h-Login")
        _submit(page, "Log in")
        page.get_by_role("link", name="Continue as emile").click()
        page.wait_for_url("**/get-form.html")

    def labelled(page: Page) -> None:
        page.locator("#f1").press_sequentially("4111 1111 1111 1111")
        page.locator("#f2").press_sequentially("Delta-44x")
        _submit(page, "Save")

    def copied(page: Page) -> None:
        page.locator("#choice").press_sequentially("Echo-5555")
        page.locator("#again").click()
        page.get_by_role("button", name="Use Echo-5555").click()
        _submit(page, "Save")

    def altgr(page: Page) -> None:
        page.locator("#secret").press_sequentially("Fox-7q")
        page.keyboard.press("Control+Alt+@")
        page.keyboard.press("Alt+q")
        _submit(page, "Go")

    return [
        ("inline-switch.html", "Continue with two words", switched),
        ("attribute-switch.html", "Unlock with a word", attribute),
        ("contenteditable.html", "Pay with the security code", editable),
        ("get-form.html", 'Log in as emile with password "x3h-Login"', login),
        ("label-placeholder.html", "Save the card", labelled),
        ("copy.html", "Choose a new password", copied),
        ("altgr.html", "Check the AltGr keys: Fox-7q", altgr),
    ]


def _devtools_file(site: str) -> dict:  # type: ignore[type-arg]
    return {
        "title": "Sign in from DevTools with Dev-t00ls-pw",
        "steps": [
            {"type": "navigate", "url": f"{site}/secrets/get-form.html?token=tok-ABC123xyz"},
            {"type": "change", "value": "emile", "selectors": [["aria/Username"], ["#user"]]},
            {"type": "change", "value": "Dev-t00ls-pw", "selectors": [["#loginPassword"]]},
            {
                "type": "click",
                "selectors": [['aria/Log in[role="button"]']],
                "assertedEvents": [{"type": "navigation", "url": f"{site}/secrets/done.html?user=emile&pw=Dev-t00ls-pw"}],
            },
        ],
    }


def _forms(value: str) -> set[str]:
    return {value, quote_plus(value), quote(value, safe="")}


def test_no_secret_leaves_the_page_the_person_or_the_run(  # type: ignore[no-untyped-def]
    context: BrowserContext, site: str, home: Path, tmp_path: Path, capfd, llm: LLMServer
) -> None:
    printed: list[str] = []

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        result = run_cli(*args)
        printed.extend([result.stdout, result.stderr])
        return result

    recordings = [
        record(context, f"{site}/secrets/{name}", actions, title=title) for name, title, actions in _demonstrations(site)
    ]
    for recording in recordings:
        assert main(["build", recording.id]) == 0  # the LLM builder is asked (and fails over to the heuristic one)
    store = ProcedureStore()
    login = next(p for p in store.list() if p.title.startswith("Log in as emile"))
    assert login.title == 'Log in as emile with password "{key}"'
    for procedure in store.list():
        assert main(["show", procedure.id]) == 0 and main(["show", procedure.id, "--json"]) == 0
        assert main(["export", procedure.id, str(tmp_path / f"{procedure.id}.json")]) == 0
        assert main(["export", procedure.id, str(tmp_path / f"{procedure.id}.py")]) == 0
    assert main(["list"]) == 0
    assert main(["retrieve", 'Log in as emile with password "Retr1eve-pw"', "--explain"]) == 0
    devtools = tmp_path / "devtools-recording.json"
    devtools.write_text(json.dumps(_devtools_file(site)))
    assert main(["import", str(devtools)]) == 0
    devtools.unlink()  # the person's own file holds them, of course

    start = ["--mode", "replay", "--headless", "--url", f"{site}/secrets/get-form.html", "--timeout", "2"]
    replayed = cli("run", 'Log in as emile with password "N3w-replay-pw"', *start)
    assert replayed.returncode == 0 and f"Procedure: {login.id}" in replayed.stdout, replayed.stdout + replayed.stderr
    failed = cli("run", 'Log in as bob with password "Fail-r3play-pw"', *start)  # no "Continue as emile" for bob
    assert failed.returncode == 1 and f"Procedure: {login.id}" in failed.stdout, failed.stdout
    assert "Failed: step 5" in failed.stdout and "pw=••••" in failed.stdout, failed.stdout

    script = tmp_path / f"{login.id}.py"
    ran = subprocess.run(
        [sys.executable, str(script), "--username", "bob", "--key", "Scr1pt-fail-pw", "--timeout", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    printed.extend([ran.stdout, ran.stderr])
    assert ran.returncode != 0 and "step 5" in ran.stderr, ran.stderr

    llm.replies = [
        act("fill", ref_name="Username", text="bob"),
        act("fill", ref_name="Key", text="{key}"),
        act("click", ref_name="Log in"),
        act("finish", success=True, summary="logged in"),
    ]
    cli("config", "set", "approval_policy", "never")  # no one is at a terminal to approve the submit
    agent = cli("run", 'Log in as bob with password "Agent-s3cret" and pin 98765432', *start[2:], "--mode", "agent")
    # the run itself may end unverified or refused by a neighbouring procedure's end checks; what matters
    # here is what left the run
    assert "[agent] step 3: click" in agent.stdout, agent.stdout + agent.stderr
    prompts = json.dumps(llm.requests, ensure_ascii=False)
    assert all(f"{{{name}}}" in prompts for name in ("password", "key", "pin"))  # the model sees placeholders...
    assert "You sent: bob ••••" in prompts  # ...and the page got the password, which the model never reads

    out, err = capfd.readouterr()
    printed.extend([out, err])
    files = {path: path.read_bytes() for folder in (home, tmp_path) for path in folder.rglob("*") if path.is_file()}
    assert any(path.suffix == ".jpg" and path.parent.name.startswith("run_") for path in files) and any(
        path.name == "prompts.jsonl" for path in files
    )
    for secret in TYPED + AT_RUN_TIME + IMPORTED:
        for form in _forms(secret):
            for path, data in files.items():
                assert form.encode() not in data, f"{form!r} in {path}"
            for text in printed:
                assert form not in text, f"{form!r} printed:\n{text}"
            assert form not in prompts, f"{form!r} sent to the model"
