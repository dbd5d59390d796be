"""Checks built from a demonstration assert only what the task decides: each built check is matched against the
page a run that did exactly another task sees (a false failure when it does not hold) and against the page of a
run that sent the demonstrated values instead (a false success when it holds)."""

from __future__ import annotations

import re

from procedures.building.checks import _text_with_parameters
from procedures.building.decided_checks import decided
from procedures.building.heuristic import build_heuristic
from procedures.models import Check, Procedure
from procedures.runtime.checks import text_pattern, url_matches
from procedures.runtime.placeholders import fill_placeholders
from recorder.models import PageOutcome, RecordedStep, Recording

ADMIN = "http://admin.example.org/admin/library/book/"
GENRES = ["Science", "History", "Poetry", "Fiction"]


def _step(action: str, role: str, name: str, url: str, **more: object) -> RecordedStep:
    selector = f'internal:role={role}[name="{name}"s]'
    return RecordedStep(action=action, selector=selector, selectors=[selector], url=url, label=name, **more)  # type: ignore[arg-type]


def _holds(procedure: Procedure, values: dict[str, str], page: str, url: str) -> list[str]:
    """The end checks that fail on a page that shows `page` at `url`, for a run with `values`."""
    failing = []
    for check in procedure.outcome_checks():
        if check.kind == "url":
            ok = url_matches(fill_placeholders(check.expected, values, "url"), url)
        elif check.kind == "text":
            ok = bool(re.search(text_pattern(fill_placeholders(check.expected, values)), page, re.IGNORECASE))
        else:
            continue
        if not ok:
            failing.append(check.expected)
    return failing


def _change_book() -> Procedure:
    """Another book's pages and genre changed: the list row shows the book's author and format too."""
    row = {"row": "tr", "row_texts": ["Ada Byron", "Hardcover", "320", "Science"], "row_selector": "th > a"}
    steps = [
        RecordedStep(action="navigate", value=ADMIN, url=ADMIN),
        _step("click", "link", "Dune Road", ADMIN, tag="a", navigates_to=ADMIN + "1/change/", **row),
        _step("fill", "textbox", "Pages:", ADMIN + "1/change/", field="Pages", value="321"),
        _step("select", "combobox", "Genre:", ADMIN + "1/change/", field="Genre", value="History", tag="select", options=GENRES),
        _step("click", "button", "Save", ADMIN + "1/change/", navigates_to=ADMIN),
    ]
    lines = [
        "The book “Dune Road” was changed successfully.",
        "Dune Road Ada Byron Hardcover 321 History",
        "Copper Hill Marcus Hale Paperback 104 History",
        "Winter Ledger Ines Duarte Paperback 180 Poetry",
    ]
    outcome = PageOutcome(url=ADMIN, alerts=[lines[0]], lines=lines)
    return build_heuristic(
        Recording(title='Set the pages of "Dune Road" to 321 and its genre to History', steps=steps, outcome=outcome)
    )


def test_the_changed_lists_row_keeps_no_data_of_the_demonstrated_book() -> None:
    procedure = _change_book()
    texts = " | ".join(c.expected for c in procedure.checks)
    assert "Ada Byron" not in texts and "Hardcover" not in texts, texts
    names = {p.example: p.name for p in procedure.abstract.parameters}
    values = {names["Dune Road"]: "Winter Ledger", names["321"]: "96", names["History"]: "Poetry"}
    done = "The book “Winter Ledger” was changed successfully.\nWinter Ledger Ines Duarte Paperback 96 Poetry"
    assert _holds(procedure, values, done, ADMIN) == []  # exactly the task: no false failure
    kept = "The book “Winter Ledger” was changed successfully.\nWinter Ledger Ines Duarte Paperback 321 History"
    assert _holds(procedure, values, kept, ADMIN) != []  # the demonstrated values sent: no false success


def test_a_url_keeps_only_the_values_that_are_parameters() -> None:
    steps = [
        RecordedStep(action="navigate", value=ADMIN, url=ADMIN),
        _step("click", "link", "Science", ADMIN, tag="a", navigates_to=ADMIN + "?genre__exact=science"),
        _step("fill", "textbox", "Search", ADMIN + "?genre__exact=science", field="Search", value="orbit"),
        _step("click", "button", "Search", ADMIN + "?genre__exact=science", navigates_to=ADMIN + "?genre__exact=science&q=orbit"),
    ]
    outcome = PageOutcome(url=ADMIN + "?genre__exact=science&q=orbit", lines=["2 results (14 total)"])
    procedure = build_heuristic(Recording(title='Search the Science books for "orbit"', steps=steps, outcome=outcome))
    urls = [c.expected for c in procedure.checks if c.kind == "url"]
    assert urls and all("science" not in u and "q={" in u for u in urls), urls
    given = Check(kind="url", expected=ADMIN + "?genre__exact=science&o={order}", source="demonstration")
    assert decided([given], [])[0].expected == ADMIN + "?o={order}"
    person = Check(kind="url", expected=ADMIN + "?genre__exact=science")
    assert decided([person], []) == [person]  # what the person asserted stands


def test_no_check_is_a_bare_placeholder_or_garbled() -> None:
    assert _text_with_parameters("now has Gold item and is a VIP.", {"item": "Gold", "kind": "item", "vip": "VIP"}) == (
        "now has {item} {kind} and is a {vip}."
    )  # a value that is another parameter's name is not found inside a placeholder
    checks = [
        Check(kind="text", expected=text, source="demonstration")
        for text in ("{title}", "* {title} *", "now has {item} {{}}item{{}}", "Notes: {notes}", "{a} * {b}")
    ]
    assert [c.expected for c in decided(checks, [])] == ["Notes: {notes}", "{a} * {b}"]


def test_a_former_value_and_another_option_become_wildcards() -> None:
    checks = [
        Check(kind="text", expected=text, source="demonstration")
        for text in ("status: chatting -> {status}", "Status changed from Open to {status}", "Priority: {priority} (was low)")
    ]
    assert [c.expected for c in decided(checks, ["low", "normal"])] == [
        "status: * -> {status}",
        "Status changed from * to {status}",
        "Priority: {priority} (was *)",
    ]
