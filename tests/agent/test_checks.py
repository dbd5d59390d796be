"""Replay knows whether it did the task: step checks, postconditions, assertions and an honest UPDATE,
on fixture sites that submit the wrong value, refuse input, change their confirmation page or stick."""

import json
from pathlib import Path

import pytest

from agent import replay, run_task
from procedures import build_procedure
from procedures.models import Check, Procedure
from procedures.store import ProcedureStore
from procedures.transfer import read_importable
from tests.helpers import record, run_cli

ORDER_TITLE = 'Order a Medium shirt for "Ada" at ada@example.org'


def _order(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#name").press_sequentially("Ada")
    page.locator("#email").press_sequentially("ada@example.org")
    page.locator("#size").focus()
    page.keyboard.press("ArrowDown")  # Small -> Medium, as a person chooses
    page.locator("#wrap").check()
    page.get_by_role("button", name="Place order").click()
    page.wait_for_url("**/confirm.html*")


def _review(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#notes").press_sequentially("call first")
    page.locator("#wrap").check()
    page.get_by_role("button", name="Continue").click()
    page.get_by_text("call first").wait_for()
    page.get_by_role("button", name="Confirm order").click()
    page.get_by_role("heading", name="Your mug is on its way").wait_for()


def _parcel(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#wrap").check()
    page.locator("#name").press_sequentially("Ada")
    page.get_by_role("button", name="Send").click()
    page.get_by_text("Thanks, the parcel is on its way").wait_for()


def _delete(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("button", name="Delete item").click()
    page.get_by_role("button", name="Delete", exact=True).click()
    page.get_by_text("The item was deleted").wait_for()


@pytest.fixture(scope="module")
def demonstrations(browser, site: str) -> dict[str, Procedure]:  # type: ignore[no-untyped-def]
    context = browser.new_context()
    built = {
        "order": build_procedure(record(context, f"{site}/checks/order.html", _order, title=ORDER_TITLE)),
        "dialog": build_procedure(record(context, f"{site}/checks/dialog.html", _delete, title="Delete the old lamp")),
        "parcel": build_procedure(record(context, f"{site}/checks/inline.html", _parcel, title='Send a parcel to "Ada"')),
        "review": build_procedure(
            record(context, f"{site}/checks/notes.html", _review, title='Order a mug with notes "call first" and gift wrap')
        ),
    }
    context.close()
    return built


def _stored(procedure: Procedure) -> tuple[ProcedureStore, Procedure]:
    store = ProcedureStore()
    return store, store.get(store.add(procedure))


def _values(procedure: Procedure, **new: str) -> dict[str, str]:
    names = {p.example: p.name for p in procedure.abstract.parameters}
    values = {p.name: p.example or "" for p in procedure.abstract.parameters}
    return values | {names[example]: value for example, value in new.items()}


def _open(context, url: str, **flags: str):  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(url)
    page.evaluate("localStorage.clear()")
    for flag in flags:
        page.evaluate("flag => localStorage.setItem(flag, '1')", flag)
    page.reload()
    return page


def test_the_demonstration_leaves_postconditions_with_parameters(demonstrations) -> None:  # type: ignore[no-untyped-def]
    order = demonstrations["order"]
    values = _values(order)
    name, size = next(n for n, v in values.items() if v == "Ada"), next(n for n, v in values.items() if v == "Medium")
    assert [(c.kind, c.expected, c.source) for c in order.checks] == [
        (  # the size as the form sends it: the chosen option's value (issue 28)
            "url",
            f"{order.steps[0].url.rsplit('/', 1)[0]}/confirm.html?name={{{name}}}&email={{email}}&size={{{size}__value}}",
            "demonstration",
        ),
        ("text", "Order number *", "demonstration"),
        ("text", f"Thanks {{{name}}}, your {{{size}}} shirt is on its way", "demonstration"),
        ("checked", "{gift_wrap}", "demonstration"),  # no trace of it on the page: checked on the box before submit
    ]
    assert order.checks[-1].after_step == len(order.steps) - 1  # the step before the one that sends the form
    clicks = [s for s in demonstrations["dialog"].steps if s.action == "click"]
    assert clicks[0].changes_page is True  # the dialog opened
    assert [c.expected for c in demonstrations["dialog"].checks] == ["The item was deleted"]


def test_values_a_page_along_the_way_shows_are_checked_there(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    review = demonstrations["review"]
    confirm = next(i for i, s in enumerate(review.steps) if s.label == "Confirm order")
    along = [(c.expected, c.after_step) for c in review.checks if c.after_step == confirm]
    assert along == [("Notes {notes}", confirm), ("Gift wrap {gift_wrap}", confirm)]  # shown on the review page only
    assert not [c for c in review.checks if c.kind in ("value", "checked")]  # the page's words cover them: no element check
    assert review.uncovered_parameters() == []
    new = {"notes": "leave at the door", "gift_wrap": "no"}
    passed = replay(context.new_page(), review, new)
    assert passed.success and passed.outcome == "verified", passed.error
    page = _open(context, f"{site}/checks/notes.html", truncate="1")
    cut = replay(page, review, new, timeout_ms=1500)  # the site keeps only "leave"
    assert cut.outcome == "failed" and cut.failed_step == confirm - 1, cut.error  # checked after "Continue"
    assert "expected the page to show 'Notes leave at the door'" in (cut.error or "")


def test_a_box_the_page_never_shows_is_checked_before_the_form_is_sent_in_place(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    parcel = demonstrations["parcel"]
    send = next(i for i, s in enumerate(parcel.steps) if s.label == "Send")
    assert ("checked", "{gift_wrap}", send) in [(c.kind, c.expected, c.after_step) for c in parcel.checks]  # no page to leave
    passed = replay(context.new_page(), parcel, {"name": "Bo", "gift_wrap": "yes"})
    assert passed.outcome == "verified", passed.error
    page = _open(context, f"{site}/checks/inline.html", untick="1")
    unticked = replay(page, parcel, {"name": "Bo", "gift_wrap": "yes"}, timeout_ms=1500)  # the name clears the box
    assert unticked.outcome == "failed" and unticked.failed_step == send - 1, unticked.error


def test_a_verified_replay_counts_and_shows_what_it_checked(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, order = _stored(demonstrations["order"])
    result = run_task(
        "order a shirt", page=context.new_page(), store=store, mode="replay", params=_values(order, Ada="Bo Li", Medium="Large")
    )
    assert result.success and result.outcome == "verified", result.error
    assert result.verdict() == "Succeeded, verified (3 checks passed)"
    assert [s.checked for s in result.steps][1:4] == [["holds its value", "no validation message"]] * 2 + [
        ["shows the option", "no validation message"]
    ]
    assert store.get(order.id).success_count == 1
    logged = [json.loads(line) for line in (Path(result.run_dir) / "checks.jsonl").read_text().splitlines()]  # type: ignore[arg-type]
    assert [c["passed"] for c in logged] == [True, True, True]


def test_a_site_that_submits_the_wrong_value_fails_the_postcondition(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, order = _stored(demonstrations["order"])
    page = _open(context, f"{site}/checks/order.html", buggy="1")
    result = run_task("order a shirt", page=page, store=store, mode="replay", params=_values(order, Ada="Bo"), timeout_ms=1500)
    assert not result.success and result.outcome == "failed"
    assert "expected the URL to match" in (result.error or "") and "name=Guest" in (result.error or "")
    assert "expected the page to show 'Thanks Bo, your Medium shirt is on its way'" in (result.error or "")
    assert "saw 'Thanks Guest, your Medium shirt" in (result.error or "")
    after = store.get(order.id)
    assert after.failure_count == 1 and after.success_count == 0


def test_a_changed_confirmation_page_fails_the_postcondition(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    _, order = _stored(demonstrations["order"])
    page = _open(context, f"{site}/checks/order.html", redesigned="1")
    outcome = replay(page, order, _values(order), timeout_ms=1500)
    assert not outcome.success and outcome.outcome == "failed" and outcome.failed_step is None
    assert [c.passed for c in outcome.checks] == [True, True, False]
    assert "saw 'We received your request" in (outcome.checks[2].detail or "")


def test_a_refused_value_fails_at_its_step_and_does_not_count(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, order = _stored(demonstrations["order"])
    result = run_task(
        "order a shirt",
        page=context.new_page(),
        store=store,
        mode="replay",
        params=_values(order, **{"ada@example.org": "not-an-email"}),
    )
    assert result.outcome == "task_fault" and result.failed_step == 3, result.error
    assert "expected the page to accept the value, saw the validation message" in (result.error or "")
    assert result.steps[-1].screenshot and Path(result.steps[-1].screenshot).exists()
    result = run_task("order a shirt", page=context.new_page(), store=store, mode="replay", params=_values(order, Ada="R2D2"))
    assert result.outcome == "task_fault" and result.steps[-1].command == "click", result.error
    assert "saw 'name' marked invalid" in (result.error or "") or "A name cannot contain digits" in (result.error or "")
    after = store.get(order.id)
    assert (after.success_count, after.failure_count, after.deprecated) == (0, 0, False)
    assert all(step.failure_count == 0 for step in after.steps)


def test_binding_failures_leave_confidence_unchanged(context, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, order = _stored(demonstrations["order"])
    values = _values(order)
    name = next(n for n, v in values.items() if v == "Ada")
    missing = run_task("order a shirt", page=context.new_page(), store=store, mode="replay", params={name: "Bo"})
    assert missing.outcome == "task_fault" and "needs" in (missing.error or "")
    wrong = run_task("order a shirt", page=context.new_page(), store=store, mode="replay", params=_values(order, Medium="Huge"))
    assert wrong.outcome == "task_fault" and not wrong.steps, wrong.error  # refused before the page is touched
    assert 'size cannot be "Huge": it must be one of "Small", "Medium", "Large"' in (wrong.error or "")
    for _ in range(3):
        run_task("order a shirt", page=context.new_page(), store=store, mode="replay", params={name: "Bo"})
    after = store.get(order.id)
    assert (after.uses, after.deprecated) == (0, False)


def test_an_option_given_by_its_value_is_chosen_at_once(context, demonstrations) -> None:  # type: ignore[no-untyped-def]
    _, order = _stored(demonstrations["order"])
    page = context.new_page()
    outcome = replay(page, order, _values(order, Medium="l"))
    assert outcome.success, outcome.error
    assert outcome.steps[3].duration_ms < 2000
    assert "your Large shirt" in page.locator("h1").inner_text()


def test_a_click_that_changes_nothing_or_hits_the_wrong_button_fails(context, site: str, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, dialog = _stored(demonstrations["dialog"])

    def delete(**flags: str):  # type: ignore[no-untyped-def]
        page = _open(context, f"{site}/checks/dialog.html", **flags)
        return run_task("delete the old lamp", page=page, store=store, mode="replay", timeout_ms=1500)

    stuck = delete(stuck="1")
    assert stuck.outcome == "failed" and stuck.failed_step == 2, stuck.error
    assert "expected the click to change the page as in the demonstration, saw no change" in (stuck.error or "")
    assert store.get(dialog.id).steps[1].failure_count == 1
    dialog = store.get(dialog.id)
    dialog.steps[2].selectors = ["#buttons > button:nth-child(1)"]  # only a position survives, and the buttons moved
    dialog.steps[2].selector = dialog.steps[2].selectors[0]
    store.update(dialog)
    wrong = delete(swapped="1")
    assert wrong.outcome == "failed" and "expected the page to show 'The item was deleted'" in (wrong.error or "")
    assert store.get(dialog.id).failure_count == 2


def test_without_checks_a_run_is_done_but_unverified_and_does_not_count(context, demonstrations) -> None:  # type: ignore[no-untyped-def]
    store, dialog = _stored(demonstrations["dialog"].model_copy(update={"checks": []}))
    result = run_task("delete the old lamp", page=context.new_page(), store=store, mode="replay")
    assert not result.success and result.outcome == "unverified" and not result.verified  # success: verified only
    assert result.verdict().startswith("Done, unverified")
    assert json.loads((Path(result.run_dir) / "result.json").read_text())["outcome"] == "unverified"  # type: ignore[arg-type]
    assert store.get(dialog.id).uses == 0
    assert store.get(dialog.id).runs == 1  # a run all the same: the Procedures tab's uses show it


def test_the_persons_assertions_from_the_cli_decide_the_run(demonstrations, capsys) -> None:  # type: ignore[no-untyped-def]
    from app.cli import main

    store, dialog = _stored(demonstrations["dialog"].model_copy(update={"checks": []}))
    assert main(["assert", dialog.id[:8]]) == 0 and "No checks: runs of this procedure end unverified." in capsys.readouterr().out
    assert main(["assert", dialog.id[:8], "element", "#done", "--after-step", "3"]) == 0
    assert main(["assert", dialog.id[:8], "text", "Old lamp was deleted"]) == 0
    listed = capsys.readouterr().out
    assert "1. #done is visible  [after step 3, person]" in listed
    assert "2. the page shows 'Old lamp was deleted'  [at the end, person]" in listed
    assert main(["assert", dialog.id[:8], "value", "#x"]) == 2
    assert "usage: showmehow assert ID value SELECTOR VALUE" in capsys.readouterr().err
    assert main(["assert", dialog.id[:8], "text", "x", "--after-step", "9"]) == 2
    assert "check 3 is after step 9, but there are 3 steps" in capsys.readouterr().err
    ran = run_cli("run", "delete the old lamp", "--mode", "replay", "--headless")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "[check] the page shows 'Old lamp was deleted' ... FAILED: expected the page to show" in ran.stdout
    assert "Failed: the page shows 'Old lamp was deleted'" in ran.stdout
    assert main(["assert", dialog.id[:8], "remove", "2"]) == 0
    assert [c.kind for c in store.get(dialog.id).checks] == ["element"]
    assert store.get(dialog.id).failure_count == 1
    assert main(["list"]) == 0
    header, _, row = capsys.readouterr().out.splitlines()[-3:]
    assert header.split()[-3:] == ["CHECKS", "DEPRECATED", "BY"] and row.split()[-2] == "1"  # not deprecated: blank


def test_an_imported_devtools_assertion_is_checked(context, site: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.procedures.test_transfer import devtools_file

    data = devtools_file(site)
    data["steps"].append({"type": "waitForElement", "selectors": [["#hello"]], "target": "main"})
    path = tmp_path / "devtools.json"
    path.write_text(json.dumps(data))
    (procedure,) = read_importable(path).procedures
    assert [(c.kind, c.source, c.after_step) for c in procedure.checks] == [
        ("url", "devtools", None),
        ("element", "devtools", None),
    ]
    assert procedure.checks[0].expected.endswith("/welcome.html?username={username}")
    page = context.new_page()
    outcome = replay(page, procedure, {"username": "bob", "value": "pw"})
    assert outcome.outcome == "verified" and len(outcome.checks) == 2, outcome.error
    broken = procedure.model_copy(
        update={"checks": [*procedure.checks[:1], Check(kind="element", selector="#gone", source="devtools")]}
    )
    outcome = replay(context.new_page(), broken, {"username": "bob", "value": "pw"}, timeout_ms=1000)
    assert outcome.outcome == "failed" and "#gone is visible" in (outcome.error or "")


def test_a_value_a_list_shows_on_many_rows_is_checked_on_the_changed_records_row(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def change(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("link", name="Dune Road").click()
        page.get_by_label("Genre:").focus()
        page.keyboard.type("History")  # a trusted choice, as a person makes it
        page.get_by_role("button", name="Save").click()
        page.get_by_text("was changed").wait_for()

    procedure = build_procedure(record(context, f"{site}/shelf.html", change, title='Change the genre of "Dune Road" to History'))
    shown = [c.expected for c in procedure.checks if c.kind == "text"]
    assert not any("Byron" in text or "Almanac" in text for text in shown), shown  # another record's row, or this one's data
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/shelf.html")
    result = run_task('Change the genre of "Copper Hill" to Poetry', page=page, store=store, mode="replay")
    assert "Copper Hill\tMarcus Hale\tPoetry" in page.locator("#rows").inner_text(), (
        result.error,
        procedure.abstract.model_dump(),
        shown,
    )
    assert result.outcome in ("verified", "unverified"), result.error


def test_a_missing_element_the_tasks_value_names_is_no_task_done_already(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def delete(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_role("link", name="Books").click()
        page.get_by_role("link", name="Dune Road").click()
        page.get_by_role("button", name="Delete").click()
        page.get_by_text("was deleted").wait_for()

    procedure = build_procedure(record(context, f"{site}/shelf.html?home=1", delete, title='Delete the book "Dune Road"'))
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/shelf.html?home=1")
    result = run_task(
        'Delete the book "Nowhere Near"', page=page, store=store, mode="replay"
    )  # no such book: the list stays as it was
    assert procedure.outcome_checks() and result.outcome not in ("verified", "unverified"), [c.expected for c in procedure.checks]
    assert "Nowhere Near" in (result.error or "")
    page.goto(f"{site}/shelf.html?home=1")
    result = run_task('Delete the book "Copper Hill"', page=page, store=store, mode="replay")
    assert "Copper Hill" not in page.locator("#rows").inner_text() and result.outcome in ("verified", "unverified"), result.error
