"""Replays judged by what the site received, on forms a newcomer wrote: options named by their short form,
dates written another way than the field holds them, a radio value the page lacks, a misspelt parameter name,
and a search result the title names."""

from urllib.parse import parse_qs, urlsplit

import pytest

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record

ORDER = "Order 2 Medium cakes, Chocolate, for Emma Stone, pickup on 12/24/2026"


def _order(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("Your name").click()
    page.keyboard.type("Emma Stone")
    page.get_by_label("Quantity").fill("2")
    page.get_by_label("Size").click()
    for key in ("ArrowDown", "ArrowDown", "Enter"):  # the keyboard, as a person picks in a list
        page.keyboard.press(key)
    date = page.get_by_label("Pickup date")
    box = date.bounding_box()
    page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)  # on its month
    page.keyboard.type("12242026")
    page.get_by_text("Chocolate").click()
    page.get_by_role("button", name="Place order").click()
    page.wait_for_url("**/placed.html*")
    page.get_by_text("cake is ordered").wait_for()


def _sent(served, page_name: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    path = [p for p in served.received if p.startswith(f"/bakery/{page_name}?")][-1]
    return parse_qs(urlsplit(path).query)


@pytest.fixture
def bakery(context, served):  # type: ignore[no-untyped-def]
    procedure = build_procedure(record(context, f"{served.url}/bakery/order.html", _order, title=ORDER))
    store = ProcedureStore()
    store.add(procedure)
    return procedure, store


def test_the_order_form_gets_the_task_values_however_they_are_written(context, served, bakery) -> None:  # type: ignore[no-untyped-def]
    procedure, store = bakery
    size = next(p for p in procedure.abstract.parameters if p.kind == "option")
    assert size.example == "Medium" and size.aliases["Large"] == "Large (10 inch)"  # as the title names it
    assert [p.name for p in procedure.abstract.parameters if p.kind == "choice"] == ["flavour"]  # the group's legend
    tasks = {
        "Order 3 Large cakes, Vanilla, for Ann Lee, pickup on January 3, 2027": ("3", "l10", "2027-01-03", "van", "Ann Lee"),
        "Please order 4 cakes in size Small, flavour Lemon, for Al Bo, pickup on 01/02/2027": (
            "4",
            "s6",
            "2027-01-02",
            "lem",
            "Al Bo",
        ),
    }
    for task, (qty, size_sent, day, flavour, name) in tasks.items():
        page = context.new_page()
        page.goto(f"{served.url}/bakery/order.html")
        result = run_task(task, page=page, store=store, mode="replay")
        assert result.outcome == "verified", (task, result.error)  # the page shows the option's value: the check holds
        sent = _sent(served, "placed.html")
        assert (sent["qty"], sent["size"], sent["date"], sent["flavour"], sent["name"]) == (
            [qty],
            [size_sent],
            [day],
            [flavour],
            [name],
        ), task
        page.close()


def test_a_value_the_page_lacks_or_a_misspelt_name_is_the_task_fault(context, served, bakery) -> None:  # type: ignore[no-untyped-def]
    procedure, store = bakery
    placed = [p for p in served.received if p.startswith("/bakery/placed.html")]  # the demonstration's order
    page = context.new_page()
    page.goto(f"{served.url}/bakery/order.html")
    result = run_task(
        "Order 2 Medium cakes, Strawberry, for Zoe Park, pickup on 01/15/2027", page=page, store=store, mode="replay"
    )
    assert result.outcome == "task_fault" and 'offers no "Strawberry"' in (result.error or "")
    result = run_task(ORDER, page=page, store=store, mode="replay", params={"date": "2027-03-01"})
    assert result.outcome == "task_fault" and 'no parameter "date"' in (result.error or "") and "pickup_date" in result.error
    assert [p for p in served.received if p.startswith("/bakery/placed.html")] == placed  # nothing more was ordered
    stored = store.get(procedure.id)
    assert (stored.success_count, stored.failure_count) == (0, 0)  # neither counts against the procedure


def test_a_request_no_field_takes_is_asked_about_before_anything_is_sent(context, served, bakery) -> None:  # type: ignore[no-untyped-def]
    procedure, store = bakery
    placed = [p for p in served.received if p.startswith("/bakery/placed.html")]
    page = context.new_page()
    page.goto(f"{served.url}/bakery/order.html")
    for task in (
        "Order 2 Large cakes, Chocolate, for Emma Stone, pickup on 12/24/2026, and tag as VIP",
        "order a large chocolate cake and tag as VIP",
    ):
        result = run_task(task, page=page, store=store, mode="replay")
        assert result.outcome == "task_fault" and '"tag as VIP"' in (result.error or ""), result.error
    assert [p for p in served.received if p.startswith("/bakery/placed.html")] == placed  # nothing was ordered
    assert page.get_by_label("Your name").input_value() == ""  # nor entered
    stored = store.get(procedure.id)
    assert (stored.success_count, stored.failure_count) == (0, 0)


def _pick_size(page, downs: int) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("Size").click()
    for key in ["ArrowDown"] * downs + ["Enter"]:
        page.keyboard.press(key)


def _corrected_order(page) -> None:  # type: ignore[no-untyped-def]
    """Sent too early (no pickup date: the page says so and sends nothing), then size and flavour changed."""
    page.get_by_label("Your name").click()
    page.keyboard.type("Emma Stone")
    _pick_size(page, 2)
    page.get_by_text("Chocolate").click()
    page.get_by_role("button", name="Place order").click()
    page.get_by_text("Choose a pickup date").wait_for()
    _pick_size(page, 1)
    page.get_by_text("Vanilla").click()
    date = page.get_by_label("Pickup date")
    box = date.bounding_box()
    page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)
    page.keyboard.type("12242026")
    page.get_by_role("button", name="Place order").click()
    page.wait_for_url("**/placed.html*")


def test_a_corrected_demonstration_replays_what_the_person_meant_in_the_end(context, served) -> None:  # type: ignore[no-untyped-def]
    title = "Order a Large Vanilla cake for Emma Stone, pickup on 12/24/2026"
    procedure = build_procedure(record(context, f"{served.url}/bakery/order.html", _corrected_order, title=title))
    assert [p.name for p in procedure.abstract.parameters] == ["name", "size", "flavour", "pickup_date"]
    assert [s.action for s in procedure.steps] == ["navigate", "fill", "select", "check", "fill", "click"]
    store = ProcedureStore()
    store.add(procedure)
    ordered = len([p for p in served.received if p.startswith("/bakery/placed.html")])
    page = context.new_page()
    page.goto(f"{served.url}/bakery/order.html")
    result = run_task("Order a Small Lemon cake for Al Bo, pickup on 01/02/2027", page=page, store=store, mode="replay")
    assert result.outcome == "verified", result.error
    placed = [p for p in served.received if p.startswith("/bakery/placed.html")]
    assert len(placed) == ordered + 1  # one order, sent once
    assert _sent(served, "placed.html") == {
        "name": ["Al Bo"],
        "qty": ["1"],
        "size": ["s6"],
        "date": ["2027-01-02"],
        "flavour": ["lem"],
    }


def test_the_result_the_title_names_is_the_one_opened(context, served) -> None:  # type: ignore[no-untyped-def]
    def shop(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("Search products").click()
        page.keyboard.type("blue")
        page.keyboard.press("Enter")
        page.get_by_role("link", name="Blue wool scarf").click()
        page.get_by_label("Qty").fill("2")
        page.get_by_role("button", name="Add to cart").click()
        page.wait_for_url("**/cart.html*")

    title = 'Search for "blue" and add 2 "Blue wool scarf" to the cart'
    store = ProcedureStore()
    store.add(build_procedure(record(context, f"{served.url}/bakery/search.html", shop, title=title)))
    page = context.new_page()
    page.goto(f"{served.url}/bakery/search.html")
    result = run_task('Search for "blue" and add 1 "Blue denim jacket" to the cart', page=page, store=store, mode="replay")
    assert result.outcome == "verified", result.error
    assert _sent(served, "cart.html") == {"item": ["105"], "qty": ["1"]}  # not the first result showing "blue"
