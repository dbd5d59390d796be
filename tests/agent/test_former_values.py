"""Checks that assert only what the task decides, judged by what an issue tracker received: its last page shows
the change of status as a history line (`status: chatting -> resolved`) and the new priority beside the old one
(`Priority: high (was low)`). A run on another issue did exactly its task and is verified; a task that also asks
for what no step does is refused before anything is sent."""

from __future__ import annotations

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record

TITLE = 'Set the status of "Printer jams" to resolved and its priority to high'


def _demonstrate(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("link", name="Printer jams").click()
    page.wait_for_url("**/issue.html?id=1")
    for label, downs in (("Status", 1), ("Priority", 2)):  # from chatting to resolved, from low to high
        page.get_by_label(label).click()
        for key in ["ArrowDown"] * downs + ["Enter"]:
            page.keyboard.press(key)
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/saved.html?id=1")
    page.get_by_text("status: chatting -> resolved").wait_for()  # and "Priority: high (was low)"


def test_a_run_that_did_its_task_is_not_failed_by_the_demonstrations_former_values(context, served) -> None:  # type: ignore[no-untyped-def]
    procedure = build_procedure(record(context, f"{served.url}/tracker/index.html", _demonstrate, title=TITLE))
    texts = " ".join(c.expected for c in procedure.checks)
    assert "chatting" not in texts and "Ada Byron" not in texts and "(was low)" not in texts, texts
    assert "status: * -> {" in texts and "(was *)" in texts, texts  # the new values are still checked
    store = ProcedureStore()
    store.add(procedure)
    for task, sent in (
        ('Set the status of "Wifi down" to closed and its priority to urgent', "id=2&status=closed&priority=urgent"),
        ('Set the status of "Mouse stuck" to open and its priority to low', "id=3&status=open&priority=low"),
    ):
        page = context.new_page()
        page.goto(f"{served.url}/tracker/index.html")
        result = run_task(task, page=page, store=store, mode="replay")
        page.close()
        assert f"/tracker/saved.html?{sent}" in served.received, served.received[-3:]
        assert result.outcome == "verified", (task, result.error, [c.description for c in result.checks])
    saved = len(served.received)
    for clause in ("and email a copy to my manager", "then print the invoice", "and send me an SMS reminder"):
        task = f'Set the status of "Wifi down" to closed {clause}'
        result = run_task(task, page=context.new_page(), store=store, mode="replay")
        assert result.outcome == "task_fault" and clause.split(" ", 1)[1] in (result.error or ""), (task, result.error)
    assert len(served.received) == saved  # nothing sent, not even the page opened
