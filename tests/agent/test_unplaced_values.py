"""A task shaped like the demonstration's title that says another thing where no parameter stands stops
before replay would do the demonstration's task instead (and does not count against the procedure); a
value typed in another case than the title wrote it is typed the same way for the task's value."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_a_count_that_no_parameter_holds_stops_before_the_first_click(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def add_three(page) -> None:  # type: ignore[no-untyped-def]
        for _ in range(3):
            page.get_by_role("button", name="Add one").click()

    store = ProcedureStore()
    pid = store.add(build_procedure(record(context, f"{site}/busy.html", add_three, title="Add 3 items to the counter")))
    page = context.new_page()
    page.goto(f"{site}/busy.html")
    result = run_task("Add 5 items to the counter", page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and result.error is not None
    assert '"5" (where the title said "3")' in result.error
    assert page.locator("#count").inner_text() == "0"  # stopped before the first click (the demonstration's)
    result = run_task("Add 3 items to the counter", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#count").inner_text() == "3"
    stored = store.get(pid)
    assert stored.failure_count == 0


def test_a_value_typed_in_capitals_is_typed_in_capitals_or_in_the_case_the_task_asks_for(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def shout(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Name").press_sequentially("RILEY")
        page.get_by_role("button", name="Submit").click()

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{site}/shout.html", shout, title='Type "riley" in upper case letters')))
    page = context.new_page()
    page.goto(f"{site}/shout.html")
    result = run_task('Type "dana" in upper case letters', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "sent DANA"
    result = run_task('Type "TOM" in lower case letters', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error  # the title's case is a slot the task fills
    assert page.locator("#status").inner_text() == "sent tom"


def test_an_item_the_task_points_at_by_a_picture_alone_is_the_one_showing_that_picture(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """ "The item with the [picture] icon": the picture among the task's words says which, not the words;
    a page whose sentence shows no picture is no success."""
    url = f"{site}/widgets/iconmenu.html"

    def choose(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("menuitem", name="Favourite").click()
        page.get_by_text("chose Favourite").wait_for()

    store = ProcedureStore()
    title = "Choose the item with the icon"
    procedure = build_procedure(record(context, url, choose, title=title))
    assert [s.by_picture for s in procedure.steps] == [False, True]
    store.add(procedure)
    page = context.new_page()
    for wanted, status in (("moon", "chose Dark"), ("sun", "chose Light"), ("nothing", "")):
        page.goto(url)
        page.evaluate(f"localStorage.setItem('wanted', '{wanted}')")
        page.reload()
        result = run_task(title, page=page, store=store, mode="replay")
        assert result.outcome in (("failed",) if wanted == "nothing" else ("verified", "unverified")), result.error
        assert page.locator("#status").inner_text() == status


def test_a_word_the_demonstration_looked_for_and_did_not_find_stops_replay_where_it_shows(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """The person found no "kiwi" and reported it missing: that is what to do on a page without the word
    the task names, not on one that shows it (the page's own sentence quoting it does not count)."""
    url = f"{site}/widgets/lookup.html"

    def report(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("button", name="Report it missing").click()
        page.get_by_text("reported missing").wait_for()

    store = ProcedureStore()
    pid = store.add(build_procedure(record(context, url, report, title='Find the word "kiwi" or report it missing')))
    page = context.new_page()
    for wanted, status in (("fig", "reported missing"), ("pear", "")):
        page.goto(url)
        page.evaluate(f"localStorage.setItem('wanted', '{wanted}')")
        page.reload()
        result = run_task(f'Find the word "{wanted}" or report it missing', page=page, store=store, mode="replay")
        assert result.outcome in (("task_fault",) if wanted == "pear" else ("verified", "unverified")), result.error
        assert page.locator("#status").inner_text() == status
    assert '"pear"' in (result.error or "") and store.get(pid).failure_count == 0
