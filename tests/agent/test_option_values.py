"""A query value that is a chosen option's value (`?genre__exact=science` for "Science") is tied to the
parameter that holds its label: a run with another genre opens the URL with that option's value."""

from agent import replay
from procedures import build_procedure
from tests.helpers import record


def test_a_query_value_follows_the_option_chosen(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def second_page(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("#genre").focus()
        page.keyboard.press("ArrowDown")  # --------- -> Science, as a person chooses
        page.get_by_role("button", name="Filter").click()
        page.wait_for_url("**genre__exact=science")
        page.goto(page.url + "&page=2")
        page.get_by_role("heading", name="Science books, page 2").wait_for()

    procedure = build_procedure(record(context, f"{site}/books.html", second_page, title="Show page 2 of the Science books"))
    genre = next(p for p in procedure.abstract.parameters if p.kind == "option")
    assert genre.example == "Science"
    opened = [s.value for s in procedure.steps if s.action == "navigate"][-1]
    assert opened == f"{site}/books.html?genre__exact={{{genre.name}__value}}&page=2"
    assert [c.expected for c in procedure.checks] == [f"{{{genre.name}}} books, page *"]
    page = context.new_page()
    result = replay(page, procedure, {genre.name: "Fiction"})
    assert result.outcome == "verified", result.error
    assert page.url.endswith("?genre__exact=fiction&page=2")
    assert page.locator("h1").inner_text() == "Fiction books, page 2"
