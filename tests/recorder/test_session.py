import sqlite3
import time
from pathlib import Path

from recorder.channel import Sender
from recorder.recordings import RecordingStore
from tests.helpers import settle
from tests.recorder.conftest import Recorder, assert_selectors_resolve


def _actions(recorder: Recorder) -> list[tuple[str, str | None]]:
    return [(s.action, s.value) for s in recorder.steps()]


def test_login_steps_values_and_masking(recorder: Recorder, site: str, home: Path) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/login.html")
        page.click("#user")
        page.locator("#user").press_sequentially("emile")
        page.click("#pass")
        page.locator("#pass").press_sequentially("hunter2")
        page.click("#show")  # password now visible: still a secret
        page.locator("#pass").press_sequentially("X9")
        page.locator("input[name=otp_code]").press_sequentially("123456")
        page.keyboard.press("Enter")
        page.wait_for_url("**/welcome.html*")
    steps = recorder.steps()
    assert _actions(recorder) == [
        ("navigate", f"{site}/login.html"),
        ("fill", "emile"),
        ("fill", None),
        ("click", None),
        ("fill", None),
        ("fill", None),
        ("press", "Enter"),
    ]
    assert [s.secret for s in steps] == [False, False, True, False, True, True, False]
    assert steps[1].selector == 'internal:role=textbox[name="Username"s]'
    assert steps[1].field == "Username"
    assert steps[6].navigates_to is not None and "welcome.html" in steps[6].navigates_to
    assert "hunter2" not in steps[6].navigates_to and "password=&" in steps[6].navigates_to
    for step in steps[1:]:
        assert_selectors_resolve(recorder.context, step)

    recording = recorder.session.stop()
    stored = RecordingStore().get(recording.id)
    assert stored.steps == steps
    for path in home.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert b"hunter2" not in data and b"X9" not in data and b"123456" not in data, path
    assert list((home / "journals").glob("*.jsonl")) == []


def test_multi_step_form(recorder: Recorder, site: str, tmp_path: Path) -> None:
    upload = tmp_path / "report.txt"
    upload.write_text("secret contents stay home")
    with recorder.recording() as page:
        page.goto(f"{site}/form.html")
        page.locator("#title").press_sequentially("Broken login")
        page.locator("#body").press_sequentially("Steps to reproduce")
        page.locator("#assignee").focus()
        page.keyboard.press("ArrowDown")  # a person choosing with the keyboard
        page.keyboard.press("ArrowDown")
        page.get_by_label("High").check()
        page.get_by_label("Urgent").check()
        page.get_by_label("Urgent").uncheck()
        page.locator("#files").set_input_files(str(upload))
        page.locator("#card").press_sequentially("4111111111111111")
        page.get_by_test_id("create").click()
        page.wait_for_url("**/done.html*")
    steps = recorder.steps()
    assert [s.action for s in steps] == [
        "navigate",
        "fill",
        "fill",
        "select",
        "check",
        "check",
        "uncheck",
        "upload",
        "fill",
        "click",
    ]
    assert steps[1].value == "Broken login" and steps[1].selector == 'internal:role=textbox[name="Title"s]'
    assert steps[2].value == "Steps to reproduce" and steps[2].tag == "textarea"
    assert (steps[3].value, steps[3].option_value) == ("Grace Hopper", "u2")
    assert steps[4].label == "High" and steps[5].label == "Urgent"
    assert steps[7].files == ["report.txt"] and steps[7].value is None
    assert steps[8].secret and steps[8].value is None
    assert steps[9].selector == 'internal:testid=[data-testid="create"s]'
    assert steps[9].navigates_to is not None and "title=Broken+login" in steps[9].navigates_to
    assert "4111" not in steps[9].navigates_to
    for step in steps[1:]:
        assert_selectors_resolve(recorder.context, step)


def test_iframe_and_shadow_root(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/frames.html")
        inner = page.frame_locator("#inner")
        inner.locator("#city").press_sequentially("Lyon")
        inner.get_by_role("button", name="Save city").click()
        page.locator("#q").press_sequentially("shoes")
        page.get_by_role("button", name="Go shadow").click()
        page.get_by_text("searched shoes").wait_for()
    steps = recorder.steps()
    assert [(s.action, s.value) for s in steps[1:]] == [("fill", "Lyon"), ("click", None), ("fill", "shoes"), ("click", None)]
    assert steps[1].frame == ['internal:attr=[title="Inner form"s]']
    assert steps[2].frame == steps[1].frame and steps[2].selector == 'internal:role=button[name="Save city"s]'
    assert steps[3].frame == [] and steps[3].selector == 'internal:role=textbox[name="Shadow search"s]'
    assert steps[4].selector == 'internal:role=button[name="Go shadow"s]'
    assert any(">>" in s for s in steps[4].selectors)  # the CSS path goes through the shadow host
    for step in steps[1:]:
        assert_selectors_resolve(recorder.context, step)


def test_popup_and_new_tab(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/popup.html")
        with page.expect_popup() as info:
            page.get_by_role("link", name="Open help").click()
        popup = info.value
        popup.wait_for_load_state()
        popup.get_by_role("link", name="Sign out").click()
        popup.wait_for_url("**/login.html")
    steps = recorder.steps()
    assert [(s.action, s.page) for s in steps] == [("navigate", 0), ("click", 0), ("click", 1)]
    assert steps[1].opens_page == 1
    assert steps[2].navigates_to is not None and steps[2].navigates_to.endswith("/login.html")


def test_spa_push_state_and_back(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/spa.html")
        page.get_by_role("link", name="Settings").click()
        page.wait_for_url("**view=settings")
        page.go_back()
        page.wait_for_function("location.search === ''")
        page.reload()
    steps = recorder.steps()
    assert [s.action for s in steps] == ["navigate", "click", "back", "reload"]
    assert steps[1].navigates_to == f"{site}/spa.html?view=settings"
    assert steps[2].value == f"{site}/spa.html"


def test_link_navigation_is_one_step_and_typed_url_is_another(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/welcome.html")
        page.get_by_role("link", name="Sign out").click()
        page.wait_for_url("**/login.html")
        recorder.settle()  # the click and the load it led to are in
        recorder.session.steps[-1] = recorder.session.steps[-1].model_copy(update={"timestamp": 0})  # long ago
        page.goto(f"{site}/form.html")
        page.go_back()
        page.go_forward()
    assert [(s.action, s.value) for s in recorder.steps()] == [
        ("navigate", f"{site}/welcome.html"),
        ("click", None),
        ("navigate", f"{site}/form.html"),
        ("back", f"{site}/login.html"),
        ("forward", f"{site}/form.html"),
    ]


def test_icon_clicks_are_retargeted(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/icons.html")
        page.locator("#del svg").click()
        page.locator("a svg").click()
        page.locator("img[alt=Star]").click()
    steps = recorder.steps()
    assert [s.selector for s in steps[1:]] == [
        'internal:role=button[name="Delete item"s]',
        'internal:role=link[name="Settings"s]',
        'internal:role=button[name="Star"s]',
    ]
    assert [s.tag for s in steps[1:]] == ["button", "a", "button"]
    for step in steps[1:]:
        assert_selectors_resolve(recorder.context, step)


def test_duplicate_texts_still_get_unique_selectors(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/duplicates.html")
        page.locator("#row-2 button").click()
        page.locator("li:nth-child(3) button").click()
        page.locator("button", has_text="Save").nth(1).click()
        page.locator("input.x").nth(1).press_sequentially("second")
    steps = recorder.steps()
    assert steps[1].selector == '#row-2 >> internal:role=button[name="Remove"s]'
    assert [s.action for s in steps[1:]] == ["click", "click", "click", "fill"]
    for step in steps[1:]:
        assert_selectors_resolve(recorder.context, step)


def test_keys_that_matter_and_double_click(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/form.html")
        page.locator("#title").press_sequentially("abc")
        page.keyboard.press("Control+a")
        page.keyboard.press("Tab")
        page.keyboard.press("Escape")
        page.keyboard.press("ArrowDown")
        page.locator("h1").dblclick()
    assert _actions(recorder)[1:] == [
        ("fill", "abc"),
        ("press", "Control+a"),
        ("press", "Tab"),
        ("press", "Escape"),
        ("press", "ArrowDown"),
        ("dblclick", None),
    ]


def test_start_instruments_pages_already_open(context, site: str) -> None:  # type: ignore[no-untyped-def]
    from recorder import RecordingSession

    page = context.new_page()
    page.goto(f"{site}/login.html")
    session = RecordingSession(context, title="late start")
    session.start()
    page.locator("#user").press_sequentially("bob")
    settle(session)
    assert [(s.action, s.value) for s in session.stop().steps] == [("navigate", f"{site}/login.html"), ("fill", "bob")]


def test_what_a_page_showed_before_recording_started_is_no_outcome_of_the_steps(context, site: str) -> None:  # type: ignore[no-untyped-def]
    from recorder import RecordingSession

    page = context.new_page()
    page.goto(f"{site}/busy.html")
    session = RecordingSession(context, title="add one")
    session.start()
    page.get_by_role("button", name="Add one").click()
    page.get_by_role("status").filter(has_text="Added one item").wait_for()
    outcome = session.stop().outcome
    assert outcome is not None
    assert outcome.headings == []  # "Counter" was there before the first step
    assert outcome.alerts == ["Added one item"]


def test_page_scripts_cannot_forge_steps(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/login.html")
        hidden = page.evaluate(
            "() => Object.getOwnPropertyNames(window).filter(k => k.startsWith('__smh_') && typeof window[k] === 'function')"
        )
        page.evaluate("document.getElementById('show').click()")  # synthetic, untrusted
        page.evaluate("document.getElementById('user').dispatchEvent(new Event('input', {bubbles: true}))")
    assert hidden == []
    assert [s.action for s in recorder.steps()] == ["navigate"]
    session = recorder.session
    source = Sender(recorder.page, "main", top=True)
    for junk in [
        "not json",
        "{}",
        '{"kind": "step"}',
        "x" * 300_000,
        42,
        '{"kind":"load","nonce":"wrong","url":"u","ts":1,"nav_type":"navigate","history_index":0,"top":true}',
    ]:
        session._on_binding(source, junk)
    assert session.dropped == 6
    assert [s.action for s in session.steps] == ["navigate"]


def test_closing_the_browser_keeps_the_steps(browser, site: str, home: Path) -> None:  # type: ignore[no-untyped-def]
    from recorder import RecordingSession

    context = browser.new_context()
    page = context.new_page()
    session = RecordingSession(context, title="closed early")
    session.start()
    page.goto(f"{site}/login.html")
    page.locator("#user").press_sequentially("zoe")
    settle(session)
    context.close()
    assert session.pump() is False
    recording = session.stop()
    assert [s.value for s in recording.steps] == [f"{site}/login.html", "zoe"]
    assert sqlite3.connect(home / "showmehow.db").execute("SELECT step_count FROM recordings").fetchone() == (2,)


def test_a_click_on_an_element_the_page_replaces_when_pressed_is_on_that_element(recorder: Recorder, site: str) -> None:
    """A page that re-renders or removes what the pointer went down on: `click` then fires on an ancestor
    (the body); the step is the element pressed, never the body with the page's text as its label."""
    with recorder.recording() as page:
        page.goto(f"{site}/pressed.html")
        box = page.get_by_role("option", name="Banana").bounding_box()
        page.mouse.click(box["x"] + 5, box["y"] + 5)
        page.get_by_text("Chosen: Banana").wait_for()
        box = page.get_by_role("option", name="Green").bounding_box()
        page.mouse.click(box["x"] + 5, box["y"] + 5)
        page.get_by_text("Colour: Green").wait_for()
        box = page.get_by_role("button", name="Close panel").bounding_box()
        page.mouse.click(box["x"] + 5, box["y"] + 5)
        page.get_by_role("button", name="Closed").wait_for()
    clicks = [s for s in recorder.steps() if s.action == "click"]
    assert [(s.selector, s.label, s.tag) for s in clicks] == [
        ('internal:role=option[name="Banana"s]', "Banana", "li"),
        ('internal:role=option[name="Green"s]', "Green", "li"),
        ('internal:role=button[name="Close panel"s]', "Close panel", "button"),
    ]
    assert not any("#ui-id-454" in s for s in clicks[2].selectors)  # an id a widget library generates
    assert_selectors_resolve(recorder.context, clicks[0])


def test_the_persons_own_input_is_never_dropped_and_a_held_key_is_one_step(recorder: Recorder, site: str) -> None:
    """Trusted clicks faster than a page may add steps on its own, then typing and a held arrow key: every
    click is kept, the typing too, and the held key is one press with its count."""
    from recorder.session import STEP_BURST, STEPS_PER_SECOND

    with recorder.recording() as page:
        page.goto(f"{site}/busy.html")
        box = page.get_by_role("button", name="Add one").bounding_box()
        x, y = box["x"] + 5, box["y"] + 5
        cdp = page.context.new_cdp_session(page)
        started, clicks = time.monotonic(), 0
        while clicks <= STEP_BURST + STEPS_PER_SECOND * (time.monotonic() - started) + 20 and clicks < 1000:
            for kind in ("mousePressed", "mouseReleased"):  # a burst no budget for page-made steps would keep
                cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
            clicks += 1
        page.wait_for_function(f"document.getElementById('count').textContent === '{clicks}'")
        page.get_by_role("textbox", name="Note").press_sequentially("kept")
        page.get_by_role("slider", name="Level").focus()
        for _ in range(25):
            page.keyboard.press("ArrowRight")
        page.wait_for_function("document.getElementById('level').value === '25'")
    steps = recorder.steps()
    assert [s.action for s in steps].count("click") == clicks
    # the slider's 25 key presses are the number they moved it to
    assert [(s.action, s.value, s.repeat) for s in steps[-2:]] == [("fill", "kept", 1), ("slide", "25", 1)]
    assert recorder.session.dropped == 0
