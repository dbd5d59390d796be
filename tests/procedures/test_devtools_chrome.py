"""A recording written as Chrome's DevTools Recorder writes one: imported with the roles and actions it
implies, parameters named after the fields, what it could not map reported, and replayed by its primary
selectors."""

import json
from pathlib import Path

from procedures.runtime.playback import Player
from procedures.store import ProcedureStore
from tests.conftest import ServedSite
from tests.helpers import run_cli


def _by_id(element: str, aria: str) -> list[list[str]]:
    """The selectors Chrome writes for an element with an id and an accessible name."""
    return [[f"aria/{aria}"], [f"#{element}"], [f'xpath///*[@id="{element}"]'], [f"pierce/#{element}"]]


def chrome_recording(url: str) -> dict[str, object]:
    return {
        "title": "Sign up bob from France",
        "steps": [
            {
                "type": "setViewport",
                "width": 1280,
                "height": 720,
                "deviceScaleFactor": 1,
                "isMobile": False,
                "hasTouch": False,
                "isLandscape": False,
            },
            {
                "type": "navigate",
                "url": f"{url}/devtools/signup.html",
                "assertedEvents": [{"type": "navigation", "url": f"{url}/devtools/signup.html", "title": "Sign up"}],
            },
            {"type": "click", "target": "main", "selectors": _by_id("username", "Username"), "offsetY": 9, "offsetX": 40},
            {"type": "change", "value": "bob", "selectors": _by_id("username", "Username"), "target": "main"},
            {"type": "click", "target": "main", "selectors": _by_id("country", "Country"), "offsetY": 8, "offsetX": 30},
            {"type": "change", "value": "fr", "selectors": _by_id("country", "Country"), "target": "main"},
            {"type": "click", "target": "main", "selectors": _by_id("plan-pro", "Pro"), "offsetY": 6, "offsetX": 6},
            {"type": "hover", "target": "main", "selectors": _by_id("city", "City")},
            {"type": "click", "target": "main", "selectors": _by_id("city", "City"), "offsetY": 9, "offsetX": 40},
            {"type": "change", "value": "Lyon", "selectors": _by_id("city", "City"), "target": "main"},
            {"type": "keyDown", "target": "main", "key": "Enter"},
            {
                "type": "keyUp",
                "target": "main",
                "key": "Enter",
                "assertedEvents": [{"type": "navigation", "url": f"{url}/devtools/welcome.html", "title": "Welcome"}],
            },
            {"type": "waitForElement", "target": "main", "selectors": [['aria/Welcome[role="heading"]'], ["h1"]]},
        ],
    }


def test_a_chrome_recording_replays_by_its_primary_selectors(context, served: ServedSite, home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "signup.json"
    path.write_text(json.dumps(chrome_recording(served.url)))
    imported = run_cli("import", str(path))
    assert imported.returncode == 0, imported.stderr
    assert "hover" not in imported.stdout  # a hover is a step of its own
    (procedure,) = ProcedureStore().list()
    actions = [(s.action, s.selector) for s in procedure.steps]
    assert actions == [
        ("navigate", None),
        ("click", 'internal:label="Username"s'),  # the text field clicked, not a button
        ("fill", 'internal:label="Username"s'),
        ("click", 'internal:label="Country"s'),
        ("fill", 'internal:label="Country"s'),  # a select by its label: played as a choice of its option
        ("click", "#plan-pro"),  # a name of no stated role: the recording's own CSS first
        ("hover", 'internal:label="City"s'),
        ("click", 'internal:label="City"s'),
        ("fill", 'internal:label="City"s'),
        ("press", 'internal:label="City"s'),  # the key goes to the focused field, not to the page's body
    ]
    assert [(p.name, p.example) for p in procedure.abstract.parameters] == [
        ("username", "bob"),
        ("country", "fr"),
        ("city", "Lyon"),
    ]

    served.received.clear()
    page = context.new_page()
    values = {p.name: p.example or "" for p in procedure.abstract.parameters} | {"username": "eve"}
    results = Player(page, values, timeout_ms=5000).run([s.model_dump() for s in procedure.steps])
    played = [(r.selector, r.tried) for r in results if r.selector]
    assert played == [(s.selector, []) for s in procedure.steps if s.selector]  # every step by its first selector
    assert "/devtools/welcome.html?username=eve&country=fr&plan=pro&city=Lyon" in served.received


def test_roles_and_names_the_selectors_imply() -> None:
    from procedures.building.devtools import devtools_import
    from procedures.building.heuristic import build_heuristic

    url = "http://127.0.0.1:9/signup.html"
    recording = {
        "title": "Log in as alice",
        "steps": [
            {"type": "navigate", "url": url},
            {
                "type": "click",
                "selectors": [["aria/alice"], ['fieldset > label:nth-of-type(2) > input[type="radio"][name="user"]']],
            },
            {"type": "change", "value": "fr", "selectors": [["aria/Country"], ["form > p:nth-of-type(2) > select"]]},
            {"type": "change", "value": "bob", "selectors": [["aria/bob"], ['form > input[name="nickname"]']]},
            {"type": "keyDown", "key": "Tab"},
            {"type": "waitForExpression", "expression": "window.ready"},
        ],
    }
    imported = devtools_import(json.dumps(recording))
    radio, select, named, key = imported.recording.steps[1:]
    assert (radio.action, radio.input_type, radio.group, radio.selector) == (
        "check",
        "radio",
        "user",
        'internal:role=radio[name="alice"s]',
    )
    assert (select.action, select.value, select.option_value, select.selector) == (
        "select",
        "fr",
        "fr",
        'internal:role=combobox[name="Country"s]',
    )
    assert named.field == "nickname" and named.label == ""  # the field's name, not the value it shows
    assert (key.action, key.selector, key.value) == ("press", named.selector, "Tab")  # on the field focused last
    assert imported.notes == ["steps.5 (waitForExpression) is not imported: a JavaScript expression is no check ShowMeHow runs"]
    names = [p.name for p in build_heuristic(imported.recording).abstract.parameters]
    assert names == ["user", "country", "nickname"]
