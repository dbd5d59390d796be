"""Drags, sliders, hovers and scrolls: recorded from real pointer input, built into steps with parameters,
replayed with the real pointer on new values and judged by what the fixture server received; a target,
a value or an element that is not there stops the run, naming it, with nothing sent."""

from __future__ import annotations

import subprocess
import sys
from urllib.parse import unquote

from agent import run_task
from procedures import build_procedure
from procedures.script_export import playwright_script
from procedures.store import ProcedureStore
from tests.helpers import record


def _middle(locator) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.5


def _drag(page, source, target, fy: float = 0.5) -> None:  # type: ignore[no-untyped-def]
    x, y = _middle(source)
    box = target.bounding_box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y + 5, steps=2)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] * fy, steps=10)
    page.mouse.up()


def _replays(context, served, url: str, procedure, tasks: dict[str, str | None]) -> None:  # type: ignore[no-untyped-def]
    """Each task replayed on a fresh page: the last request the server got, or None for a run that must stop
    before sending anything."""
    store = ProcedureStore()
    store.add(procedure)
    for task, wanted in tasks.items():
        page = context.new_page()
        page.goto(url)
        served.received.clear()
        result = run_task(task, page=page, store=store, mode="replay")
        page.wait_for_timeout(200)  # the page's own request after the last step
        sent = [unquote(path) for path in served.received if not path.startswith("/gestures/")]
        if wanted is None:
            assert result.outcome in ("task_fault", "failed") and not sent, (task, result.outcome, sent)
        else:
            assert result.outcome in ("verified", "unverified") and sent[-1:] == [wanted], (task, result.error, sent)
        page.close()


def test_a_card_dragged_to_another_column_is_the_task_s_card_and_column(context, served, tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/board.html"

    def move(page) -> None:  # type: ignore[no-untyped-def]
        _drag(page, page.get_by_text("Fix login"), page.locator("section[aria-label=Done]"))
        page.get_by_text("moved Fix login to Done").wait_for()

    procedure = build_procedure(record(context, url, move, title='Move "Fix login" to Done'))
    drag = next(s for s in procedure.steps if s.action == "drag")
    assert "{" in drag.selector and any("{" in s for s in drag.to)  # the item by its text, the column by its name
    _replays(
        context,
        served,
        url,
        procedure,
        {
            'Move "Write tests" to Doing': "/moved?card=Write tests&to=Doing",
            'Move "Plan sprint" to Done': "/moved?card=Plan sprint&to=Done",
            'Move "Fix login" to Archive': None,  # no such column
        },
    )
    script = tmp_path / "board.py"  # the exported script drags with the real pointer too
    script.write_text(playwright_script(procedure))
    served.received.clear()
    ran = subprocess.run(
        [sys.executable, str(script), "--item", "Update docs", "--destination", "Doing"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0 and "/moved?card=Update%20docs&to=Doing" in served.received, ran.stdout + ran.stderr


def test_an_item_dragged_to_a_place_of_its_list_goes_to_the_task_s_place(context, served) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/sortable.html"

    def move(page) -> None:  # type: ignore[no-untyped-def]
        _drag(page, page.get_by_text("Delta"), page.get_by_text("Bravo"), 0.25)
        page.get_by_text("saved Alpha,Delta,Bravo").wait_for()

    procedure = build_procedure(record(context, url, move, title="Move Delta to the 2nd place"))
    _replays(
        context,
        served,
        url,
        procedure,
        {
            "Move Alpha to the 4th place": "/order?items=Bravo,Charlie,Delta,Alpha,Echo",
            "Move Echo to the 1st place": "/order?items=Echo,Alpha,Bravo,Charlie,Delta",
            "Move Bravo to the 9th place": None,  # the list has five
        },
    )


def test_items_dragged_until_the_list_is_sorted_become_one_sort(context, served) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/sortable.html"

    def sort(page) -> None:  # type: ignore[no-untyped-def]
        for name in ("Echo", "Delta", "Charlie", "Bravo"):
            _drag(page, page.get_by_text(name, exact=True), page.get_by_text("Alpha", exact=True), 0.25)
            page.wait_for_timeout(100)
        page.get_by_text("saved Echo,Delta,Charlie,Bravo,Alpha").wait_for()

    procedure = build_procedure(record(context, url, sort, title="Put the list in reverse order"))
    sorts = [s for s in procedure.steps if s.action == "drag"]
    assert len(sorts) == 1 and sorts[0].sort == "descending", [s.description for s in procedure.steps]
    _replays(context, served, url, procedure, {"Put the list in reverse order": "/order?items=Echo,Delta,Charlie,Bravo,Alpha"})


def test_a_slider_is_moved_to_the_task_s_number_within_its_range(context, served) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/slider.html"

    def slide(page) -> None:  # type: ignore[no-untyped-def]
        slider = page.locator("#volume")
        x, y = _middle(slider)
        page.mouse.move(x - 100, y)
        page.mouse.down()
        page.mouse.move(x - 40, y, steps=6)
        page.mouse.up()
        while int(slider.input_value()) != 20:
            page.keyboard.press("ArrowRight" if int(slider.input_value()) < 20 else "ArrowLeft")
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/saved.html?volume=20")

    procedure = build_procedure(record(context, url, slide, title="Set the volume to 20"))
    assert [s.action for s in procedure.steps] == ["navigate", "slide", "click"]
    store = ProcedureStore()
    store.add(procedure)
    for volume in ("35", "0", "50", "80"):
        page = context.new_page()
        page.goto(url)
        served.received.clear()
        result = run_task(f"Set the volume to {volume}", page=page, store=store, mode="replay")
        saved = [p for p in served.received if p.startswith("/gestures/saved.html")]
        if volume == "80":  # out of its range: stopped before the form was sent, the slider left as it was
            assert result.outcome == "task_fault" and "outside the slider's range" in (result.error or "") and not saved
            assert page.locator("#volume").input_value() == "10"
        else:
            assert result.outcome == "verified" and saved == [f"/gestures/saved.html?volume={volume}"], result.error
        page.close()


def test_a_hover_that_opened_a_menu_is_replayed_before_the_click(context, served) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/hover.html"

    def choose(page) -> None:  # type: ignore[no-untyped-def]
        page.mouse.move(*_middle(page.get_by_text("Account settings")), steps=3)
        page.wait_for_timeout(300)
        x, y = _middle(page.get_by_text("Billing"))
        page.mouse.move(x, y, steps=3)
        page.mouse.click(x, y)
        page.get_by_text("opened Billing").wait_for()

    procedure = build_procedure(record(context, url, choose, title="Open Billing"))
    assert [s.action for s in procedure.steps] == ["navigate", "hover", "click"]
    _replays(context, served, url, procedure, {"Open Security": "/opened?page=security", "Open Profile": "/opened?page=profile"})


def test_a_list_is_scrolled_until_it_loads_the_task_s_item(context, served) -> None:  # type: ignore[no-untyped-def]
    url = f"{served.url}/gestures/more.html"

    def read(page) -> None:  # type: ignore[no-untyped-def]
        page.mouse.move(*_middle(page.locator("#feed")))
        wanted = page.get_by_text("Article 27", exact=True)
        while not (wanted.count() and wanted.is_visible()):
            page.mouse.wheel(0, 300)
            page.wait_for_timeout(250)
        x, y = _middle(wanted)
        page.mouse.click(x, y)
        page.get_by_text("read Article 27").wait_for()

    procedure = build_procedure(record(context, url, read, title='Read "Article 27"'))
    assert [s.action for s in procedure.steps] == ["navigate", "scroll", "click"]
    _replays(
        context,
        served,
        url,
        procedure,
        {
            'Read "Article 41"': "/read?article=Article 41",
            'Read "Article 3"': "/read?article=Article 3",
            'Read "Article 77"': None,
        },
    )


def test_the_agent_drags_by_refs_and_auto_mode_can_learn_the_drag(context, served, llm) -> None:  # type: ignore[no-untyped-def]
    from tests.agent.conftest import MODEL, act, ref_of
    from tests.llm_server import Reply, tool_call

    def drag(request):  # type: ignore[no-untyped-def]
        return Reply(tool_calls=[tool_call("drag", source=ref_of(request, "Update docs"), target=ref_of(request, "Done"))])

    llm.replies = [drag, act("finish", success=True, summary="moved")]
    page = context.new_page()
    page.goto(f"{served.url}/gestures/board.html")
    result = run_task('Move "Update docs" to Done', page=page, store=ProcedureStore(), mode="agent", model=MODEL)
    assert result.outcome == "unverified" and [s.command for s in result.steps] == ["drag", "finish"], result.error
    assert "/moved?card=Update%20docs&to=Done" in served.received
    assert any(t["function"]["name"] == "drag" for t in llm.requests[0]["tools"])
