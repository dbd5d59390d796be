"""Replays judged by the requests their pages sent, beside what the pages show, and checked against what the
fixture server received: a JSON report sent by fetch, a form posted with a secret, a site that refuses what it
got, that sends nothing or sends twice, and a check that would fail a run the site received right."""

import json
import subprocess
import sys

import pytest

from agent import run_task
from app.cli.procedures import describe_procedure
from app.formatting import run_outcome
from app.mcp.models import RunReport
from procedures import build_procedure
from procedures.models import Check, Procedure
from procedures.script_export import playwright_script
from procedures.store import ProcedureStore
from tests.helpers import record
from tests.sending_site import SendingSite, form, sent_json

TOKEN, OTHER_TOKEN = "s3cret-Tok3n", "other-Tok3n"
TICKET, NEW_TICKET = 'Open a ticket "Printer jam" with priority Urgent', 'Open a ticket "Toner low" with priority Low'
REPORT = 'File an expense report for Ann Lee in Euro: "Taxi" 12.50 and "Hotel" 80.00'
NEW_REPORT = 'File an expense report for Bob Stone in Pound sterling: "Lunch" 9.75 and "Train" 31.20'
SENT_REPORT = {
    "employee": "Bob Stone",
    "currency": "GBP",
    "lines": [{"description": "Lunch", "amount": 9.75}, {"description": "Train", "amount": 31.2}],
}


def _pick(page, label: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label(label).click()
    page.keyboard.press("ArrowDown")  # the keyboard, as a person picks in a list
    page.keyboard.press("Enter")


def _type(page, label: str, text: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label(label).click()
    page.keyboard.type(text)


def _ticket(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Subject", "Printer jam")
    _pick(page, "Priority")
    _type(page, "Access token", TOKEN)
    page.get_by_role("button", name="Save ticket").click()
    page.get_by_text("Ticket saved").wait_for()


def _report(page) -> None:  # type: ignore[no-untyped-def]
    _type(page, "Employee", "Ann Lee")
    _pick(page, "Currency")
    _type(page, "Description 1", "Taxi")
    _type(page, "Amount 1", "12.50")
    page.get_by_role("button", name="Add row").click()
    _type(page, "Description 2", "Hotel")
    _type(page, "Amount 2", "80.00")
    page.get_by_role("button", name="Submit report").click()
    page.get_by_text("Thank you").wait_for()


@pytest.fixture(scope="module")
def site():  # type: ignore[no-untyped-def]
    served = SendingSite()
    yield served
    served.close()


@pytest.fixture(scope="module")
def shared(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture(scope="module")
def demonstrated(shared, site) -> dict[str, Procedure]:  # type: ignore[no-untyped-def]
    ticket = record(shared, f"{site.url}/sending/ticket.html", _ticket, title=TICKET)
    assert TOKEN not in ticket.model_dump_json()  # the secret sent is kept only as present
    report = record(shared, f"{site.url}/sending/expense.html", _report, title=REPORT)
    return {"ticket": build_procedure(ticket), "report": build_procedure(report)}


def _run(shared, site, procedure: Procedure, task: str, page_name: str, **options):  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    if not store.has(procedure.id):
        store.add(procedure)
    page = shared.new_page()
    page.goto(f"{site.url}/sending/{page_name}")
    result = run_task(task, page=page, store=store, mode="replay", **options)
    page.close()
    return result, store


def test_a_json_report_sent_by_fetch_is_verified_by_what_the_site_received(shared, site, demonstrated) -> None:  # type: ignore[no-untyped-def]
    (learned,) = demonstrated["report"].evidence
    assert learned.kind == "json" and {p.name: p.places for p in learned.parameters}["amount_2"] == ["lines[1].amount"]
    assert {p.name: p.places for p in learned.parameters}["currency"] == ["currency"]  # the option's value
    result, _ = _run(shared, site, demonstrated["report"], NEW_REPORT, "expense.html")
    assert result.outcome == "verified", result.error
    assert sent_json(site.posts("api/expenses")[-1]) == SENT_REPORT
    assert result.evidence.kind == "request" and {p.status for p in result.evidence.parameters} == {"sent"}


def test_a_page_that_sends_other_values_or_is_refused_is_not_verified(shared, site, demonstrated) -> None:  # type: ignore[no-untyped-def]
    site.variants["/sending/expense.html"] = "/sending/expense-old.html"  # keeps the last report's values
    try:
        result, store = _run(shared, site, demonstrated["report"], NEW_REPORT, "expense.html")
    finally:
        site.variants.clear()
    assert sent_json(site.posts("api/expenses")[-1]) != SENT_REPORT  # "Thank you" all the same
    assert result.outcome == "failed" and "did not receive the task's values" in str(result.error)
    assert store.get(demonstrated["report"].id).failure_count == 1  # the evidence agrees: it counts
    site.status = 500
    try:
        result, _ = _run(shared, site, demonstrated["report"], NEW_REPORT, "expense.html")
    finally:
        site.status = 200
    assert sent_json(site.posts("api/expenses")[-1]) == SENT_REPORT
    assert result.outcome == "failed" and "answered 500" in str(result.error)


def test_a_form_post_is_verified_with_its_secret_only_present(shared, site, demonstrated) -> None:  # type: ignore[no-untyped-def]
    procedure = demonstrated["ticket"]
    assert TOKEN not in procedure.model_dump_json()
    result, _ = _run(shared, site, procedure, NEW_TICKET, "ticket.html", secrets={"access_token": OTHER_TOKEN})
    assert result.outcome == "verified", result.error
    assert form(site.posts("saved")[-1]) == {"subject": ["Toner low"], "priority": ["l"], "access_token": [OTHER_TOKEN]}
    statuses = {p.name: p.status for p in result.evidence.parameters}
    assert statuses == {"subject": "sent", "priority": "sent", "access_token": "present"}
    assert OTHER_TOKEN not in result.model_dump_json()
    shown = "\n".join(run_outcome(result))  # the terminal and the Run tab; the MCP client gets the same evidence
    assert "Evidence: request" in shown and "access_token: present at access_token" in shown
    assert RunReport.of(result, "").evidence == result.evidence
    assert "priority at priority" in describe_procedure(procedure)  # `showmehow show`


@pytest.mark.parametrize(("mode", "problem"), [("ticket-silent.js", "sent no POST"), ("ticket-twice.js", "several")])
def test_a_site_that_sends_nothing_or_twice_is_not_verified(shared, site, demonstrated, mode, problem) -> None:  # type: ignore[no-untyped-def]
    site.variants["/sending/ticket-mode.js"] = f"/sending/{mode}"
    try:
        result, _ = _run(shared, site, demonstrated["ticket"], NEW_TICKET, "ticket.html", secrets={"access_token": OTHER_TOKEN})
    finally:
        site.variants.clear()
    assert result.outcome == "unverified", result.error  # its pages show the ticket saved
    assert problem in result.verdict()


def test_a_wrong_end_check_does_not_fail_a_run_the_site_received(shared, site, demonstrated) -> None:  # type: ignore[no-untyped-def]
    procedure = demonstrated["ticket"]
    wrong = Check(kind="text", expected="Subject: Printer jam", source="person")  # the demonstration's own subject
    procedure = procedure.model_copy(update={"checks": [*procedure.checks, wrong]})
    result, store = _run(shared, site, procedure, NEW_TICKET, "ticket.html", secrets={"access_token": OTHER_TOKEN})
    assert form(site.posts("saved")[-1])["subject"] == ["Toner low"]
    assert result.outcome == "verified" and "check is wrong" in result.verdict()
    stored = store.get(procedure.id)
    assert (stored.success_count, stored.failure_count, stored.deprecated) == (1, 0, False)
    (revision,) = store.revisions.list(procedure.id)
    assert wrong not in store.revisions.accept(revision.id).checks
    assert json.loads(result.model_dump_json())["evidence"]["note"]


def test_an_exported_script_carries_the_same_evidence(site, demonstrated, tmp_path) -> None:  # type: ignore[no-untyped-def]
    def run(procedure: Procedure, *args: str) -> subprocess.CompletedProcess[str]:
        script = tmp_path / "script.py"
        script.write_text(playwright_script(procedure))
        return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=180, cwd=tmp_path)

    ran = run(demonstrated["ticket"], "--subject", "Toner low", "--priority", "Low", "--access-token", OTHER_TOKEN)
    assert ran.returncode == 0, ran.stderr
    assert "evidence: access_token: present at access_token" in ran.stdout and OTHER_TOKEN not in ran.stdout
    assert ran.stdout.strip().endswith("checks passed)") and form(site.posts("saved")[-1])["priority"] == ["l"]
    site.variants["/sending/expense.html"] = "/sending/expense-old.html"
    try:
        values = ["Bob Stone", "Pound sterling", "Lunch", "9.75", "Train", "31.20"]
        names = [p.name for p in demonstrated["report"].abstract.parameters]
        ran = run(demonstrated["report"], *[a for n, v in zip(names, values) for a in (f"--{n.replace('_', '-')}", v)])
    finally:
        site.variants.clear()
    assert sent_json(site.posts("api/expenses")[-1]) != SENT_REPORT
    assert ran.returncode != 0 and "did not receive the task's values" in ran.stderr
