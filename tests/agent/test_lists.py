"""A task with any number of items: rows demonstrated twice, or items added twice in one place, become one loop,
replayed for as many items as the task gives, judged by what the fixture's server received."""

from urllib.parse import parse_qsl

import pytest

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.bench.bench_lists import fill_two, in_one_place, pick_person, type_tag
from tests.bench.list_wordings import RECIPIENTS_TITLE, TAGS_TITLE
from tests.helpers import record

EXPENSES = "Send an expense report with Taxi 12.50 and Hotel 80.00"


def _posted(victim) -> list[list[tuple[str, str]]]:  # type: ignore[no-untyped-def]
    return [parse_qsl(r.body.decode(), keep_blank_values=True) for r in victim.received if r.method == "POST"]


def _run(context, victim, path: str, task: str, store: ProcedureStore, refuse: int = 0, **options):  # type: ignore[no-untyped-def]
    victim.received.clear()
    page = context.new_page()
    page.goto(victim.base + path)
    page.evaluate(f"localStorage.setItem('refuse', '{refuse}')")
    result = run_task(task, page=page, store=store, mode="replay", **options)
    page.close()
    return result


def test_rows_added_by_a_button(context, victim) -> None:  # type: ignore[no-untyped-def]
    page = "/lists/expenses.html"
    two = [("Taxi", "12.50"), ("Hotel", "80.00")]
    procedure = build_procedure(
        record(context, victim.base + page, fill_two("Description", "Amount", "Add expense", "Send report", two), title=EXPENSES)
    )
    assert [(p.name, p.kind) for p in procedure.abstract.parameters] == [("expenses", "list")]
    assert "For each expense: enter the description, enter the amount" in procedure.abstract.flow
    store = ProcedureStore()
    store.add(procedure)
    three = [("Bus", "2.00"), ("Tea", "3.10"), ("Cab", "9.90")]
    again = record(
        context,
        victim.base + page,
        fill_two("Description", "Amount", "Add expense", "Send report", three),
        title="Send an expense report with Bus 2.00, Tea 3.10 and Cab 9.90",
    )
    assert store.add_or_merge(build_procedure(again)) == (procedure.id, True)
    merged = store.get(procedure.id)
    assert [s.action for s in merged.steps] == ["navigate", "loop", "click"] and not any(s.optional for s in merged.steps)

    result = _run(context, victim, page, "Send an expense report with Train ticket 23.10, Lunch (12.00) and Museum 9.50", store)
    assert result.outcome == "verified", result.error
    sent = [(k, v) for k, v in _posted(victim)[-1] if k != "title"]
    assert sent == [
        ("description", "Train ticket"),
        ("amount", "23.10"),
        ("description", "Lunch"),
        ("amount", "12.00"),
        ("description", "Museum"),
        ("amount", "9.50"),
    ]

    seven = ", ".join(f"Item{n} {n}.00" for n in range(1, 8))
    result = _run(context, victim, page, f"Send an expense report with {seven}", store)
    assert result.outcome == "task_fault" and "the page allows at most 6" in (result.error or "") and not _posted(victim)
    result = _run(context, victim, page, "Send an expense report", store, params={"expenses": '[["Pens", "4.00"], ["", ""]]'})
    assert result.outcome == "task_fault" and "item 2 is empty" in (result.error or "") and not _posted(victim)
    result = _run(context, victim, page, "Send an expense report", store, params={"expenses": '[["Pens", "4.00", "x"]]'})
    assert result.outcome == "task_fault" and "item 1 has 3 values, but each item has 2" in (result.error or "")
    result = _run(context, victim, page, "Send an expense report", store)
    assert result.outcome == "task_fault" and "needs expenses" in (result.error or "") and not _posted(victim)

    result = _run(context, victim, page, "Send an expense report with Tea 1.00 and Cake 2.00", store, refuse=2)
    assert result.outcome == "failed" and "expense 2 (Cake, 2.00): " in (result.error or "")
    assert "You cannot add expense 2" in (result.error or "") and not _posted(victim)


def test_rows_the_page_shows(context, victim) -> None:  # type: ignore[no-untyped-def]
    page = "/lists/guests.html"
    two = [("Ann Lee", "ann@example.org"), ("Bo Chen", "bo@example.org")]
    title = "Add guests Ann Lee ann@example.org and Bo Chen bo@example.org"
    store = ProcedureStore()
    store.add(
        build_procedure(record(context, victim.base + page, fill_two("Name", "Email", None, "Save guests", two), title=title))
    )
    result = _run(
        context, victim, page, "Add guests Cy Doe cy@example.org, Di Eve <di@example.org> then Ed Fox ed@example.org", store
    )
    assert result.outcome == "verified", result.error
    got = _posted(victim)[-1]
    assert [v for k, v in got if k == "guest"] == ["Cy Doe", "Di Eve", "Ed Fox", "", "", ""]
    assert [v for k, v in got if k == "email"] == ["cy@example.org", "di@example.org", "ed@example.org", "", "", ""]
    many = ", ".join(f"G{n} g{n}@example.org" for n in range(1, 8))
    result = _run(context, victim, page, f"Add guests {many}", store)
    assert (
        result.outcome == "task_fault"
        and "guest 7 (G7, g7@example.org): the page shows no row for it" in (result.error or "")
        and not _posted(victim)
    )


@pytest.mark.parametrize(
    ("path", "title", "demonstrate", "task", "field", "sent"),
    [
        (  # a token box: each tag typed and ended by Enter
            "/lists/tags.html",
            TAGS_TITLE,
            in_one_place(type_tag, "Save note", ["urgent", "finance"]),
            "Tag the note with billing, q3 and review",
            "tag",
            ["billing", "q3", "review"],
        ),
        (  # people typed in part and picked from the suggestions: the whole name typed, the same name picked
            "/lists/recipients.html",
            RECIPIENTS_TITLE,
            in_one_place(pick_person, "Share", ["Ada Lovelace", "Donald Knuth"]),
            "Share the document with Barbara Liskov",
            "recipient",
            ["Barbara Liskov"],
        ),
    ],
    ids=["tags", "recipients"],
)
def test_items_added_in_one_place(context, victim, path, title, demonstrate, task, field, sent) -> None:  # type: ignore[no-untyped-def]
    procedure = build_procedure(record(context, victim.base + path, demonstrate, title=title))
    assert [p.kind for p in procedure.abstract.parameters] == ["list"]
    assert [s.action for s in procedure.steps] == ["navigate", "loop", "click"]
    store = ProcedureStore()
    store.add(procedure)
    result = _run(context, victim, path, task, store)
    assert result.outcome == "verified", result.error
    assert [v for k, v in _posted(victim)[-1] if k == field] == sent
