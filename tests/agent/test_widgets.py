"""Widgets whose demonstrated input does not carry over to the next task: a spinner set by its arrows or
arrow keys (replay presses as often as the task's number needs, whichever arrow that is), an element the
task names by its kind, a list where several items are chosen (whatever items it shows), and a field that
takes input only once a text above it has been read to its end."""

from agent import run_task
from procedures import Procedure, build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def stored(procedure: Procedure) -> ProcedureStore:
    store = ProcedureStore()
    store.add(procedure)
    return store


def replay_on(context, url: str, store: ProcedureStore, task: str, storage: str = "") -> str:  # type: ignore[no-untyped-def]
    """Open `url` with `storage` (a script that fills localStorage) run first, replay `task`, and return #status."""
    page = context.new_page()
    page.goto(url)
    if storage:
        page.evaluate(storage)
        page.reload()
    result = run_task(task, page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    status = page.locator("#status").inner_text()
    page.close()
    return status


def _answers(text: str):  # type: ignore[no-untyped-def]
    """A person who types `text` as the answer and sends it."""

    def act(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Answer").press_sequentially(text)
        page.get_by_role("button", name="Send").click()
        page.get_by_text(f"answered {text}").wait_for()

    return act


def test_a_spinner_is_stepped_to_the_tasks_number(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/spinner.html"

    def set_both(page) -> None:  # type: ignore[no-untyped-def]
        for _ in range(3):
            page.locator(".up").click()
        page.locator("#copies").click()
        for _ in range(4):
            page.keyboard.press("ArrowUp")
        page.locator("#save").click()
        page.get_by_text("saved 3 and 4").wait_for()

    procedure = build_procedure(record(context, url, set_both, title="Set the quantity to 3, the copies to 4 and save"))
    spins = [s for s in procedure.steps if s.spin]
    assert [s.action for s in spins] == ["click", "press"] and len(procedure.steps) == 4  # 3 clicks, 4 presses: a step each
    assert sorted(p.example or "" for p in procedure.abstract.parameters if p.kind == "text") == ["3", "4"]
    store = stored(procedure)
    task = "Set the quantity to -2, the copies to 2 and save"
    assert replay_on(context, url, store, task, "localStorage.setItem('start', '1')") == "saved -2 and 2"
    task = "Set the quantity to 10, the copies to 0 and save"
    by_three = "localStorage.setItem('start', '-5'); localStorage.setItem('step', '3')"
    assert replay_on(context, url, store, task, by_three) == "saved 10 and 0"


def test_a_slider_is_moved_by_its_keys_to_the_tasks_number(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """A handle without a field, its number shown in a text of its own beside another number."""
    url = f"{site}/widgets/slider.html"

    def slide(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#knob").click()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.locator("#save").click()
        page.get_by_text("saved 3").wait_for()

    procedure = build_procedure(record(context, url, slide, title="Set the level to 3 and save"))
    assert [s.action for s in procedure.steps if s.spin] == ["press"]
    store = stored(procedure)
    assert replay_on(context, url, store, "Set the level to -4 and save", "localStorage.setItem('start', '2')") == "saved -4"
    assert replay_on(context, url, store, "Set the level to 7 and save", "localStorage.setItem('start', '-6')") == "saved 7"


def test_an_element_named_by_its_kind_is_the_first_of_that_kind(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/kinds.html"

    def tick(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Tiv").check()
        page.get_by_text("clicked checkbox").wait_for()

    procedure = build_procedure(record(context, url, tick, title='Click any "checkbox" in the panel'))
    assert [s.by_kind for s in procedure.steps] == [False, True]
    store = stored(procedure)
    other = "localStorage.setItem('order', 'radio,button,textarea,checkbox,text')"
    assert replay_on(context, url, store, 'Click any "text box" in the panel', other) == "clicked text"
    assert replay_on(context, url, store, 'Click any "button" in the panel', other) == "clicked button"  # not Help


def test_a_list_of_several_choices_takes_the_items_the_task_lists(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/picklist.html"

    def pick(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#fruit option", has_text="Pears").click()
        page.locator("#fruit option", has_text="Plums").click(modifiers=["Control"])
        page.get_by_role("button", name="Submit").click()
        page.get_by_text("picked Pears, Plums").wait_for()

    procedure = build_procedure(record(context, url, pick, title="Pick Pears, Plums from the fruit list and submit"))
    assert [p.example for p in procedure.abstract.parameters if p.kind == "option"] == ["Pears, Plums"]
    store = stored(procedure)
    others = "localStorage.setItem('items', 'Figs|Kiwis|Nuts|Oats|Rice|Rye|Corn|Yams|Taro')"
    task = "Pick Yams and Figs from the fruit list and submit"
    assert replay_on(context, url, store, task, others) == "picked Figs, Yams"


def test_a_field_disabled_until_the_terms_are_read_takes_the_name(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/agreement.html"

    def sign(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#terms").hover()
        page.mouse.wheel(0, 5000)
        page.wait_for_function("!document.querySelector('#name').disabled")
        page.locator("#name").fill("Ann Lee")
        page.get_by_role("button", name="Accept").click()
        page.get_by_text("accepted by Ann Lee").wait_for()

    procedure = build_procedure(record(context, url, sign, title='Read the terms, sign as "Ann Lee" and accept'))
    store = stored(procedure)
    assert replay_on(context, url, store, 'Read the terms, sign as "Bo Park" and accept') == "accepted by Bo Park"


def test_a_value_read_off_the_page_beside_the_name_the_task_gives(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/card.html"

    procedure = build_procedure(record(context, url, _answers("Ely"), title="Type the Home town from the card and send it"))
    assert [s.reads for s in procedure.steps] == [False, True, False]
    assert [p.example for p in procedure.abstract.parameters if p.kind == "target"][0] == "Home town"
    store = stored(procedure)
    other = """localStorage.setItem('card', JSON.stringify([["Pet", "yak"], ["Colour", "plum"], ["Home town", "Hove"]]))"""
    assert replay_on(context, url, store, "Type the Colour from the card and send it", other) == "answered plum"
    page = context.new_page()
    page.goto(url)
    result = run_task("Type the Shoe size from the card and send it", page=page, store=store, mode="replay")
    assert result.outcome == "failed" and 'the page shows nothing beside "Shoe size"' in (result.error or "")


def test_a_value_read_off_the_line_below_the_tasks_own_words(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """ "Type the code below": the page shows the code on the line after the instruction, another on each visit."""
    url = f"{site}/widgets/code.html"

    procedure = build_procedure(record(context, url, _answers("K7QX"), title="Type the code below and send it."))
    assert [s.reads for s in procedure.steps] == [False, True, False]
    assert "K7QX" not in procedure.model_dump_json()
    store = stored(procedure)
    assert (
        replay_on(context, url, store, "Type the code below and send it.", "localStorage.setItem('code', 'ZP4M')")
        == "answered ZP4M"
    )


def test_the_word_at_the_tasks_place_in_the_text_below(context, site: str) -> None:  # type: ignore[no-untyped-def]
    url = f"{site}/widgets/words.html"

    title = "Type the 2nd word of the text below and send it."
    procedure = build_procedure(record(context, url, _answers("brown"), title=title))
    assert [p.example for p in procedure.abstract.parameters if p.kind == "text"] == ["2nd"]
    store = stored(procedure)
    task = "Type the 4th word of the text below and send it."
    storage = f"localStorage.setItem('ask', {task!r}); localStorage.setItem('text', 'Slow grey cats nap, mostly.')"
    assert replay_on(context, url, store, task, storage) == "answered nap"
