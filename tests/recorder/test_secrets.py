"""Secret fields of every kind, typed with real keys: no trace of their values in the recording,
its journal or anything else under the data directory. One fixture page per kind, in tests/sites/secrets/."""

from __future__ import annotations

import hmac
import json
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from recorder import Recording
from recorder.scripts import read_js
from tests.helpers import record, recording_session, settle


def _assert_no_trace(recording: Recording, home: Path, *values: str) -> None:
    text = recording.model_dump_json()
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    for value in values:
        assert value not in text, f"{value!r} in the recording: {text}"
        for path, data in files.items():
            assert value.encode() not in data, f"{value!r} in {path}"


def _submit(page: Page, name: str) -> None:
    page.get_by_role("button", name=name).click()
    page.wait_for_url("**/done.html*")


def test_fields_switched_from_password_while_loading(context: BrowserContext, site: str, home: Path) -> None:
    def actions(page: Page) -> None:
        page.locator("#first").press_sequentially("Alpha-one1")  # switched to text by an inline script
        page.locator("#second").press_sequentially("Beta-two22")  # by setTimeout(0)
        _submit(page, "Continue")
        page.goto(page.url.replace("done.html", "attribute-switch.html").split("?")[0])
        page.locator("#word").press_sequentially("Gamma-333")  # by setAttribute('type', 'TEXT')
        _submit(page, "Unlock")

    recording = record(context, f"{site}/secrets/inline-switch.html", actions)
    fills = [s for s in recording.steps if s.action == "fill"]
    assert [(s.field, s.secret, s.value) for s in fills] == [
        ("First word", True, None),
        ("Second word", True, None),
        ("Word", True, None),
    ]
    navigations = [s.navigates_to for s in recording.steps if s.navigates_to]
    assert navigations and all(url.endswith(("?first=&second=", "?word=")) for url in navigations), navigations
    _assert_no_trace(recording, home, "Alpha-one1", "Beta-two22", "Gamma-333")


def test_a_contenteditable_secret_is_one_step_without_its_text(context: BrowserContext, site: str, home: Path) -> None:
    def actions(page: Page) -> None:
        page.locator("#cvv").click()
        page.keyboard.type("Sc0de!42")
        _submit(page, "Pay now")

    recording = record(context, f"{site}/secrets/contenteditable.html", actions)
    assert [s.action for s in recording.steps] == ["navigate", "fill", "click"]
    fill = recording.steps[1]
    assert fill.secret and fill.value is None and fill.selector == "#cvv" and fill.label == "Security code"
    _assert_no_trace(recording, home, "Sc0de!42", "Sc0de")


def test_a_get_form_with_a_short_name_and_a_title_that_names_the_password(context: BrowserContext, site: str, home: Path) -> None:
    title = 'Log in as emile with password "x3h"'
    with recording_session(context, f"{site}/secrets/get-form.html", title=title) as (page, session):
        page.locator("#user").press_sequentially("emile")
        page.locator("#pw").press_sequentially("x3h")
        settle(session)
        journal = next((home / "journals").glob("*.jsonl")).read_text()
        assert "x3h" not in journal  # a crash now would not leave it on disk either
        _submit(page, "Log in")
    recording = session.recording
    assert recording.title == 'Log in as emile with password "{key}"'  # the field's parameter, named from its label
    submit = recording.steps[-1]
    assert submit.navigates_to is not None and submit.navigates_to.endswith("done.html?user=emile&pw=")
    _assert_no_trace(recording, home, "x3h")


def test_text_fields_known_as_secret_only_by_label_or_placeholder(context: BrowserContext, site: str, home: Path) -> None:
    def actions(page: Page) -> None:
        page.locator("#f1").press_sequentially("4111 1111 1111 1111")  # label "Card number"
        page.locator("#f2").press_sequentially("Delta-44x")  # placeholder "Password"
        page.keyboard.press("Enter")
        page.wait_for_url("**/done.html*")

    recording = record(context, f"{site}/secrets/label-placeholder.html", actions)
    assert [(s.field, s.secret) for s in recording.steps if s.action == "fill"] == [("Card number", True), ("Password", True)]
    _assert_no_trace(recording, home, "4111 1111 1111 1111", "4111+1111", "Delta-44x")


def test_a_page_that_copies_the_password_elsewhere(context: BrowserContext, site: str, home: Path) -> None:
    def actions(page: Page) -> None:
        page.locator("#choice").press_sequentially("Echo-5555")
        page.locator("#again").click()  # the page copied the password here, in plain text
        page.keyboard.press("End")
        page.keyboard.type("!")
        page.get_by_role("button", name="Use Echo-5555").click()  # and into a button's text
        _submit(page, "Save")

    recording = record(context, f"{site}/secrets/copy.html", actions)
    again = next(s for s in recording.steps if s.field == "Repeat" and s.action == "fill")
    assert again.secret and again.value is None
    use = next(s for s in recording.steps if s.action == "click" and s.selector == "#use")
    assert use.label == "Use ••••"
    _assert_no_trace(recording, home, "Echo-5555")


def test_characters_typed_with_altgr_or_option_in_a_password_field(context: BrowserContext, site: str, home: Path) -> None:
    def actions(page: Page) -> None:
        page.locator("#secret").press_sequentially("Fox")
        page.keyboard.press("Control+Alt+@")  # AltGr on Windows
        page.keyboard.press("Alt+q")  # Option on a Mac
        page.keyboard.press("Shift+Alt+Q")
        page.keyboard.press("Enter")
        page.wait_for_url("**/done.html*")

    recording = record(context, f"{site}/secrets/altgr.html", actions)
    assert [(s.action, s.value) for s in recording.steps[1:]] == [("fill", None), ("press", "Enter")]
    assert "@" not in recording.model_dump_json()
    _assert_no_trace(recording, home, "Fox")


def test_the_pages_keyed_hash_is_hmac_sha256(context: BrowserContext) -> None:
    """The page's fingerprints must match Python's, for any text (multi-byte, longer than a block)."""
    key = bytes(range(32))
    config = json.dumps({"secretWords": "x"})
    function = f"([key, text]) => {{ const SMH_CONFIG = {config};\n{read_js('selectors.js')}\n{read_js('secrets.js')}\nreturn smhHmacHex(key, text); }}"
    page = context.new_page()
    for text in ["", "x3h", "pässwörd 🔑", "a" * 55, "b" * 56, "c" * 64, "d" * 200]:
        expected = hmac.new(key, text.encode(), "sha256").hexdigest()
        assert page.evaluate(function, [key.hex(), text]) == expected, text
