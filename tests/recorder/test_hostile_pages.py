"""Hostile pages (tests/sites/hostile) against the recorder: what they can observe and what gets recorded."""

import time
from urllib.parse import parse_qs, urlsplit

from recorder.session import STEP_BURST, STEPS_PER_SECOND
from tests.attacker import AttackerServer
from tests.recorder.conftest import Recorder


def _reports(attacker: AttackerServer) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(r.path).query, keep_blank_values=True) for r in attacker.received if r.path.startswith("/report")]


def test_page_scripts_neither_find_the_channel_nor_forge_steps(recorder: Recorder, attacker: AttackerServer) -> None:
    with recorder.recording() as page:
        page.goto(f"{attacker.base}/forge.html")
        page.wait_for_function("document.querySelector('iframe') && document.querySelector('iframe').contentWindow")
        deadline = time.monotonic() + 10
        while len(_reports(attacker)) < 2 and time.monotonic() < deadline:  # the page and its cross-site iframe
            page.wait_for_timeout(100)
        page.locator("#to").press_sequentially("friend")  # the person's own input still counts, in the page ...
        page.frame_locator("iframe").locator("#to").press_sequentially("neighbour")  # ... and in the cross-site frame
    reports = _reports(attacker)
    assert len(reports) == 2
    assert all(r["names"] == [""] and r["nonce"] == [""] for r in reports), reports  # nothing learned
    steps = recorder.steps()
    assert [(s.action, s.value, s.frame) for s in steps] == [
        ("navigate", f"{attacker.base}/forge.html", []),
        ("fill", "friend", []),
        ("fill", "neighbour", ["iframe"]),
    ]
    assert recorder.session.dropped == 0  # nothing even reached the recorder


def test_a_page_cannot_flood_the_recording(recorder: Recorder, attacker: AttackerServer) -> None:
    started = time.monotonic()
    with recorder.recording() as page:
        page.goto(f"{attacker.base}/flood.html")
        page.wait_for_function("window.moves >= 300", timeout=30_000)
        moves = page.evaluate("window.moves")
    elapsed = time.monotonic() - started
    steps = recorder.steps()
    assert len(steps) > 5  # the page did move through its history ...
    assert len(steps) <= 1 + STEP_BURST + STEPS_PER_SECOND * elapsed < moves  # ... but no faster than a person could
    assert recorder.session.dropped > 0
