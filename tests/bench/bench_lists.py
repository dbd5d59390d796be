"""Lists: each fixture form (rows added by a button, rows the page shows, tags typed into a token box, people
picked from suggestions, a set of boxes ticked) demonstrated once with 2 items, then replayed on the wordings of
tests/bench/list_wordings.py (1 to 6 items), judged by what the fixture's server received. A run is right when
the server got exactly the task's items (and nothing when it ended in a task fault); a false success is a run
that said it succeeded while the server got something else."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from urllib.parse import parse_qsl

from playwright.sync_api import Page, sync_playwright

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder.browser import launch
from tests.attacker import SITES, AttackerServer
from tests.bench.list_wordings import (
    EXPENSES,
    EXPENSES_TITLE,
    GUESTS,
    GUESTS_TITLE,
    RECIPIENTS,
    RECIPIENTS_TITLE,
    TAGS,
    TAGS_TITLE,
    TOPICS,
    TOPICS_TITLE,
)
from tests.helpers import record

FIELDS = {
    "expenses": ("description", "amount"),
    "guests": ("guest", "email"),
    "tags": ("tag",),
    "recipients": ("recipient",),
    "topics": ("topic",),
}
UNORDERED = {"topics"}  # a set of boxes is sent in the page's order, whatever the order they were ticked in


def fill_two(first: str, second: str, add: str | None, submit: str, items: list[tuple[str, str]]) -> Callable[[Page], None]:
    """A person filling two rows (after clicking `add` for each, when the form has such a button)."""

    def actions(page: Page) -> None:
        for row, (a, b) in enumerate(items):
            if add:
                page.get_by_role("button", name=add).click()
            page.get_by_role("textbox", name=first).nth(row).fill(a)
            page.get_by_role("textbox", name=second).nth(row).fill(b)
        page.get_by_role("button", name=submit).click()
        page.wait_for_url("**/sent")

    return actions


def in_one_place(fill: Callable[[Page, str], None], submit: str, items: list[str]) -> Callable[[Page], None]:
    """A person adding `items` one by one in the same place (`fill` adds one), then submitting."""

    def actions(page: Page) -> None:
        for item in items:
            fill(page, item)
        page.get_by_role("button", name=submit).click()
        page.wait_for_url("**/sent")

    return actions


def type_tag(page: Page, tag: str) -> None:
    page.get_by_label("Tags").click()
    page.keyboard.type(tag)
    page.keyboard.press("Enter")


def pick_person(page: Page, name: str) -> None:
    page.get_by_label("Add people").click()
    page.keyboard.type(name.split()[0][:3].lower())  # a few letters, then the suggestion
    page.get_by_role("option", name=name).click()


def tick(page: Page, label: str) -> None:
    page.get_by_label(label).check()


def received(server: AttackerServer, fields: tuple[str, ...]) -> list[tuple[str, ...]] | None:
    """The items the server got in the form it was sent (empty ones left out), None when it got none."""
    posts = [parse_qsl(r.body.decode(), keep_blank_values=True) for r in server.received if r.method == "POST"]
    if not posts:
        return None
    columns = [[v for k, v in posts[-1] if k == name] for name in fields]
    return [item for item in zip(*columns) if any(item)]


def _one(wordings: list[tuple[str, list[str]]]) -> list[tuple[str, list[tuple[str, ...]]]]:
    """Wordings of a list of one value an item, with each item as the server gets it."""
    return [(task, [(item,) for item in items]) for task, items in wordings]


def main() -> None:
    os.environ["SHOWMEHOW_HOME"] = tempfile.mkdtemp(prefix="showmehow-bench-")
    server = AttackerServer(root=SITES, name="127.0.0.1")
    forms = [
        (
            "expenses",
            "/lists/expenses.html",
            EXPENSES_TITLE,
            fill_two("Description", "Amount", "Add expense", "Send report", [("Taxi", "12.50"), ("Hotel", "80.00")]),
            EXPENSES,
        ),
        (
            "guests",
            "/lists/guests.html",
            GUESTS_TITLE,
            fill_two("Name", "Email", None, "Save guests", [("Ann Lee", "ann@example.org"), ("Bo Chen", "bo@example.org")]),
            GUESTS,
        ),
        ("tags", "/lists/tags.html", TAGS_TITLE, in_one_place(type_tag, "Save note", ["urgent", "finance"]), _one(TAGS)),
        (
            "recipients",
            "/lists/recipients.html",
            RECIPIENTS_TITLE,
            in_one_place(pick_person, "Share", ["Ada Lovelace", "Donald Knuth"]),
            _one(RECIPIENTS),
        ),
        ("topics", "/lists/topics.html", TOPICS_TITLE, in_one_place(tick, "Subscribe", ["History", "Travel"]), _one(TOPICS)),
    ]
    right = false_successes = total = 0
    with sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        context = browser.new_context()
        for name, path, title, demonstrate, wordings in forms:
            store = ProcedureStore()
            store.add(build_procedure(record(context, server.base + path, demonstrate, title=title)))
            for task, want in wordings:
                server.received.clear()
                page = context.new_page()
                page.goto(server.base + path)
                result = run_task(task, page=page, store=store, mode="replay")
                page.close()
                got = received(server, FIELDS[name])
                ok = sorted(got or []) == sorted(want) if name in UNORDERED else got == want
                said = result.outcome in ("verified", "unverified")
                total, right = total + 1, right + ok
                false_successes += said and not ok
                if not ok:
                    print(f"  wrong: {task!r}: {result.outcome} {result.error or ''} got {got}")
        browser.close()
    server.close()
    print(f"lists: {right}/{total} right ({100 * right / total:.0f}%), {false_successes} false successes")


if __name__ == "__main__":
    main()
