"""A group of radio buttons takes its parameter's name from what labels the group, then from its field
name, and from the title's words only when neither is a word."""

from procedures import build_procedure
from tests.helpers import record


def _choose(page) -> None:  # type: ignore[no-untyped-def]
    for label in ("Large", "Red", "Express", "Gift box", "Evening"):
        page.get_by_text(label, exact=True).click()
    page.get_by_role("button", name="Order").click()
    page.wait_for_url("**/done.html*")


def test_a_radio_groups_parameter_is_named_by_what_labels_the_group(context, site: str) -> None:  # type: ignore[no-untyped-def]
    title = "Order a Large shirt in Red, sent Express in a Gift box, delivery time Evening"
    procedure = build_procedure(record(context, f"{site}/groups.html", _choose, title=title))
    named = {p.example: (p.name, p.label) for p in procedure.abstract.parameters}
    assert named["Large"] == ("shirt_size", "Shirt size")  # the heading just before the group
    assert named["Red"] == ("colour", "Colour")  # the words that lead it
    assert named["Express"] == ("shipping_speed", "Shipping speed")  # the radiogroup's aria-labelledby
    assert named["Gift box"] == ("wrapping", "wrapping")  # its field name
    assert named["Evening"][0] == "time"  # "r" is no word: the title's noun before the value


def _fill_line(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("input[name=item]").first.press_sequentially("Taxi")
    page.locator("input[name=amt]").first.press_sequentially("23.10")
    category = page.locator("select[name=c1]")
    category.click()  # a person's click opens the list; the choice is the script-dispatched change that follows
    category.select_option("Meals")
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url("**/done.html*")


def test_a_field_in_a_table_column_is_named_by_the_columns_heading(context, site: str) -> None:  # type: ignore[no-untyped-def]
    procedure = build_procedure(record(context, f"{site}/columns.html", _fill_line, title="Claim Taxi for 23.10"))
    named = {p.example: p.name for p in procedure.abstract.parameters}
    assert named == {"Taxi": "description", "23.10": "amount", "Meals": "category"}, named
