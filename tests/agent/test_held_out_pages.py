"""Pages laid out otherwise than the demonstration's, as pages nobody here wrote are: each replay judged by
what the fixture server received."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def _sent(served) -> list[str]:  # type: ignore[no-untyped-def]
    return [p for p in served.received if p.startswith("/received.html")]


def test_a_button_partly_covered_is_clicked_where_it_shows(context, served) -> None:  # type: ignore[no-untyped-def]
    def send(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#send").click(position={"x": 20, "y": 20})  # beside the Help button over its centre
        page.wait_for_url("**/received.html*")

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{served.url}/covered.html", send, title="Send the form")))
    page = context.new_page()
    page.goto(f"{served.url}/covered.html")
    for wall in ("", "400"):  # a page that starts with a cover over everything, then shows
        page.evaluate("wall => localStorage.setItem('wall', wall)", wall)
        result = run_task("Send the form", page=page, store=store, mode="replay")
        assert result.outcome in ("verified", "unverified"), result.error
        assert _sent(served)[-1].startswith("/received.html?sent=yes&") and len(_sent(served)) == 2 + bool(wall)
    assert not [p for p in served.received if "help" in p]  # never the button over its centre
    page.evaluate("localStorage.setItem('wall', 'always')")
    result = run_task("Send the form", page=page, store=store, mode="replay", timeout_ms=1500)
    assert result.outcome == "failed" and 'no point of <button> "Send" shows: <div#wall> "Starting"' in result.error
    assert len(_sent(served)) == 3 and not [p for p in served.received if "help" in p]


def test_a_form_laid_out_again_gets_each_value_in_the_field_its_label_names(context, served) -> None:  # type: ignore[no-untyped-def]
    def enter(page) -> None:  # type: ignore[no-untyped-def]
        for label, value in (("Director", "Spielberg"), ("Country", "USA"), ("Year", "1993")):
            page.get_by_label(label, exact=True).fill(value)
        page.get_by_role("button", name="Submit").click()
        page.wait_for_url("**/received.html*")

    title = 'Enter Director "Spielberg", Country "USA" and Year "1993" and send it'
    procedure = build_procedure(record(context, f"{served.url}/relaid.html", enter, title=title))
    assert not [s for s in procedure.steps if "item that shows" in s.description]  # a plain form has no rows
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/relaid.html")
    page.evaluate("localStorage.setItem('layout', '2')")
    page.reload()  # "Director Name", "Release Year", the fields in another order
    result = run_task('Enter Director "Nolan", Country "UK" and Year "2010" and send it', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert _sent(served)[-1] == "/received.html?a=UK&b=Nolan&c=2010"


def test_the_text_a_person_sees_names_the_element_whatever_its_accessible_name(context, served) -> None:  # type: ignore[no-untyped-def]
    def close(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_text("x", exact=True).click()  # the button named "Close"
        page.wait_for_function("performance.getEntriesByType('resource').length > 0")

    procedure = build_procedure(record(context, f"{served.url}/named.html", close, title='Click the "x" button'))
    assert [(p.name, p.example) for p in procedure.abstract.parameters] == [("button", "x")]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/named.html")
    for task, said in (
        ('Click the "OK" button', "ok"),
        ('Click the "Help" button', "help"),
        ('Click the "Confirm" button', "ok"),
    ):
        result = run_task(task, page=page, store=store, mode="replay")  # its text, its accessible name, its title
        assert result.outcome in ("verified", "unverified"), result.error
        assert _sent(served)[-1].startswith(f"/received.html?clicked={said}&"), task


def test_an_option_of_a_list_box_chosen_as_it_was_is_recorded_and_replayed(context, served) -> None:  # type: ignore[no-untyped-def]
    def choose_red(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#colour option", has_text="Red").click()  # chosen already: the list box sends no change
        page.get_by_role("button", name="Send").click()
        page.wait_for_url("**/received.html*")

    procedure = build_procedure(record(context, f"{served.url}/listbox.html", choose_red, title='Send the colour "Red"'))
    assert [(s.action, s.value) for s in procedure.steps][1] == ("select", "{colour}")
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/listbox.html")
    result = run_task('Send the colour "Gold"', page=page, store=store, mode="replay")
    assert result.outcome == "verified", result.error
    assert _sent(served)[-1].startswith("/received.html?colour=gold&")


def test_a_step_into_a_text_box_holds_on_to_no_words_of_the_instruction(context, served) -> None:  # type: ignore[no-untyped-def]
    def focus(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#area input").click()
        page.wait_for_function("performance.getEntriesByType('resource').length > 0")

    title = "Focus into the textbox."  # the page shows it just before the box
    procedure = build_procedure(record(context, f"{served.url}/focus.html", focus, title=title))
    assert not procedure.abstract.parameters and not [s for s in procedure.steps[-1].selectors if "textbox" in s]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/focus.html")
    page.evaluate("localStorage.setItem('say', 'Put the cursor into the text box below.')")
    page.reload()
    focused = len([p for p in served.received if p.startswith("/received.html?focused=yes")])
    result = run_task(title, page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert len([p for p in served.received if p.startswith("/received.html?focused=yes")]) == focused + 1


def test_a_note_the_title_named_is_optional_and_left_empty_when_a_task_gives_none(context, served) -> None:  # type: ignore[no-untyped-def]
    def close(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Status").focus()
        page.keyboard.press("ArrowDown")  # Closed
        page.get_by_label("Change note").fill("fixed in build 12")
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/received.html*")

    title = 'Set the status to "Closed" with the change note "fixed in build 12"'
    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{served.url}/status.html", close, title=title)))
    page = context.new_page()
    for task, sent in (
        ('Set the status to "Open"', "/received.html?status=open&note="),
        ('Set the status to "Open" with the change note "reopened"', "/received.html?status=open&note=reopened"),
    ):
        page.goto(f"{served.url}/status.html")
        result = run_task(task, page=page, store=store, mode="replay")
        assert result.outcome == "verified", result.error
        assert _sent(served)[-1] == sent


def test_two_items_that_show_the_value_are_named_and_the_person_picks_one(context, served) -> None:  # type: ignore[no-untyped-def]
    def archive(page) -> None:  # type: ignore[no-untyped-def]
        page.locator(".message", has_text="Bob").get_by_role("button", name="Archive").click()
        page.wait_for_function("performance.getEntriesByType('resource').length > 0")

    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{served.url}/mail.html", archive, title="Archive the message from Bob")))
    page = context.new_page()
    page.goto(f"{served.url}/mail.html")
    page.evaluate("""localStorage.setItem("mail", '[["Dee","Rent"],["Dee","Keys"],["Bob","Lunch"]]')""")
    page.reload()
    result = run_task("Archive the message from Dee", page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and '1. "Dee · Rent' in result.error and '2. "Dee · Keys' in result.error
    assert '--param message="Dee #2"' in result.error  # how to pick one
    assert not [p for p in served.received if "Rent" in p or "Keys" in p]  # neither was archived
    for pick, subject in (("#2", "Keys"), ("#3", None)):
        result = run_task(
            "Archive the message from Dee", page=page, store=store, mode="replay", params={"message": f"Dee {pick}"}
        )
        if subject is None:  # a place beyond the items: stopped, naming it
            assert result.outcome == "task_fault" and "no item #3: 2 items show" in result.error
        else:
            assert result.outcome in ("verified", "unverified"), result.error
            assert _sent(served)[-1].startswith(f"/received.html?archived={subject}&")
    assert not [p for p in served.received if "Rent" in p]
