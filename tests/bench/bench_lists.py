"""Lists: each fixture form demonstrated once with 2 items, then replayed on the wordings of
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
from tests.bench.list_wordings import EXPENSES, EXPENSES_TITLE, GUESTS, GUESTS_TITLE
from tests.helpers import record

FIELDS = {"expenses": ("description", "amount"), "guests": ("guest", "email")}


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


def received(server: AttackerServer, fields: tuple[str, str]) -> list[tuple[str, str]] | None:
    """The rows the server got in the form it was sent (empty rows left out), None when it got none."""
    posts = [parse_qsl(r.body.decode(), keep_blank_values=True) for r in server.received if r.method == "POST"]
    if not posts:
        return None
    firsts = [v for k, v in posts[-1] if k == fields[0]]
    seconds = [v for k, v in posts[-1] if k == fields[1]]
    return [(a, b) for a, b in zip(firsts, seconds) if a or b]


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
                ok = got == want
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
