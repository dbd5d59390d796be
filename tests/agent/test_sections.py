"""A target hidden in a tab, a section or notes that are closed is reached by opening what holds it
(the control that names it by aria-controls or aria-labelledby, a <details> summary); a section the page
numbers anew on each visit is still the one recorded; a small word the title quotes is a value."""

from agent import run_task
from procedures import build_procedure
from procedures.runtime.stepping import renumbered
from procedures.store import ProcedureStore
from recorder import RecordingSession
from tests.helpers import record, settle


def test_a_renumbered_name_is_matched_whatever_its_numbers() -> None:
    assert renumbered('internal:role=tab[name="Section #1"s]') == r"internal:role=tab[name=/^Section #\d+$/]"
    assert renumbered('internal:label="Item 3 (a/b)"i') == r"internal:label=/^Item \d+ \(a\/b\)$/"
    assert renumbered('internal:role=button[name="Go"s]') is None


def test_a_word_in_a_closed_tab_or_in_folded_notes_is_reached(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def click_at(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("tab", name="Tab #2").click()
        page.get_by_text("At", exact=True).click()
        page.get_by_text("clicked At").wait_for()

    procedure = build_procedure(record(context, f"{site}/sections.html", click_at, title='Click the word "At"'))
    assert [p.example for p in procedure.abstract.parameters if p.kind == "target"] == ["At"]
    assert [s.reveals for s in procedure.steps] == [False, True, False]  # the tab click only showed "At"
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    for word in ("gamma", "alpha", "delta"):  # tab 3, tab 1 (the one open: the demonstrated tab is not opened), notes
        page.goto(f"{site}/sections.html")
        result = run_task(f'Click the word "{word}"', page=page, store=store, mode="replay")
        assert result.outcome in ("verified", "unverified"), result.error
        assert page.locator("#status").inner_text() == f"clicked {word}"
        assert [r.status for r in result.steps if r.command == "click"] == ["skipped", "ok"]


def test_a_section_numbered_anew_is_the_one_recorded(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def expand(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("button", name="Section #1").click()
        page.get_by_role("button", name="Submit").click()
        page.get_by_text("submitted section 1").wait_for()

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{site}/sections.html", expand, title="Expand the section and submit")))
    page = context.new_page()
    page.goto(f"{site}/sections.html")  # the second visit: section 14
    result = run_task("Expand the section and submit", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "submitted section 14"


def test_a_value_read_or_pasted_off_the_page_is_never_the_demonstrations_copy(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def type_code(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Answer").fill(page.locator("#code").inner_text())
        page.get_by_role("button", name="Send").click()
        page.get_by_text("got W9PX4").wait_for()

    def paste_text(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Source").click()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.press("ControlOrMeta+c")
        page.get_by_label("Answer").click()
        page.keyboard.press("ControlOrMeta+v")
        page.get_by_role("button", name="Send").click()
        page.get_by_text("got Lorem ipsum dolor").wait_for()

    pasted = build_procedure(record(context, f"{site}/copy.html", paste_text, title="Copy the text into the answer and send it"))
    assert "Lorem ipsum dolor" not in pasted.model_dump_json() and [s.action for s in pasted.steps].count("fill") == 0
    page = context.new_page()
    page.goto(f"{site}/copy.html")  # open before recording starts, so the recording knows what it showed then
    session = RecordingSession(context, title="Type the code shown and send it")
    session.start()
    type_code(page)
    settle(session)
    typed = build_procedure(session.stop())
    assert [p.required for p in typed.abstract.parameters if p.example == "W9PX4"] == [True]
    store = ProcedureStore()
    store.add(typed)
    store.add(pasted)
    page.goto(f"{site}/copy.html")
    result = run_task("Type the code shown and send it", page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and page.locator("#status").inner_text() == ""
    result = run_task("Copy the text into the answer and send it", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "got Sed do eiusmod"


def choose_apple(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("menuitem", name="Apple").click()
    page.get_by_text("chose Apple").wait_for()


def replay_menu(context, site: str, title: str, tasks: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Record choosing Apple under `title`, then replay each task, which must choose the item it maps to."""
    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{site}/hovermenu.html", choose_apple, title=title)))
    page = context.new_page()
    for task, leaf in tasks.items():
        page.goto(f"{site}/hovermenu.html")
        result = run_task(task, page=page, store=store, mode="replay")
        assert result.outcome in ("verified", "unverified"), result.error
        assert page.locator("#status").inner_text() == f"chose {leaf}"  # a click on "Fruit" would have chosen it


def test_a_menu_path_is_followed_by_pointing_at_each_item(context, site: str) -> None:  # type: ignore[no-untyped-def]
    replay_menu(context, site, "Select Apple", {"Select Fruit>Banana": "Banana", "Select Fruit > Citrus > Lime": "Lime"})


def test_an_item_in_a_submenu_is_found_by_its_name_and_its_menu_pointed_at(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """The submenu is tied to its item only by standing after it (aria-haspopup, no aria-controls); Lime
    is in the submenu of Citrus, inside that of Fruit."""
    tasks = {'Choose the item "Banana"': "Banana", 'Choose the item "Lime"': "Lime"}
    replay_menu(context, site, 'Choose the item "Apple"', tasks)


def test_a_target_in_a_section_still_closing_is_opened_again(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """The demonstration opened A, then B (which slides A away before hiding it): a word in A is found while
    A is still closing, and clicked once A is opened again."""

    def click_beta(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("button", name="Part A").click()
        page.get_by_role("button", name="Part B").click()
        page.get_by_text("beta", exact=True).click()
        page.get_by_text("clicked beta").wait_for()

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{site}/accordion.html", click_beta, title='Click the word "beta"')))
    page = context.new_page()
    page.goto(f"{site}/accordion.html")
    result = run_task('Click the word "alpha"', page=page, store=store, mode="replay", timeout_ms=2000)
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "clicked alpha"
