"""A run never replays a value the task contradicts, and a value the procedure does not allow fails
before the browser is touched; neither counts against the procedure."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record

TITLE = "Set the priority to High"


def _choose(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("Priority").click()
    page.get_by_label("Priority").select_option("High")
    page.get_by_text("Email updates").click()


def test_values_the_task_cannot_have_fail_early_and_contradictions_stop_replay(context, site: str) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    procedure = build_procedure(record(context, f"{site}/choices.html", _choose, title=TITLE))
    assert [(p.name, p.kind) for p in procedure.abstract.parameters] == [("priority", "option"), ("email_updates", "toggle")]
    pid = store.add(procedure)
    page = context.new_page()

    result = run_task("Set the priority to Critical", page=page, store=store, mode="replay")
    assert not result.success and page.url == "about:blank"  # the page was never touched
    assert result.error is not None and 'must be one of "Low", "Normal", "High", "Urgent"' in result.error

    result = run_task('Set the priority to Urgent and tag it "security"', page=page, store=store, mode="replay")
    assert not result.success and result.error is not None
    assert '"security"' in result.error and "replay stops before it" in result.error
    assert page.get_by_label("Priority").input_value() == "u"  # the steps before the contradicted one ran
    assert result.binding["priority"] == "the task puts it where the title did (after 'priority to')"

    result = run_task("Set the priority to urgent, without email updates", page=page, store=store, mode="replay")
    assert result.outcome == "unverified" and not result.success, result.error  # done; no check: success is verified only
    assert page.get_by_label("Priority").input_value() == "u" and not page.get_by_label("Email updates").is_checked()
    assert result.binding == {
        "priority": "the task puts it where the title did (after 'priority to')",
        "email_updates": "the task turns off 'Email updates'",
    }
    assert result.outcome == "unverified"  # the demonstration ended on no message to check
    stored = store.get(pid)
    assert (stored.success_count, stored.failure_count) == (0, 0)  # only verified runs and the procedure's own failures count


def test_a_button_in_the_row_that_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def delete_bob(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("tr", has_text="Bob").filter(has_not_text="Bobby").get_by_role("button", name="Delete").click()

    procedure = build_procedure(record(context, f"{site}/rows.html", delete_bob, title="Delete the user Bob"))
    assert [(p.name, p.example) for p in procedure.abstract.parameters] == [("user", "Bob")]
    assert procedure.abstract.flow[-1] == 'Click "Delete" in the item that shows {user}'
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{site}/rows.html?order=Dan|Carol|Bobby|Bob")
    result = run_task("Delete the user Carol", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "deleted Carol"
    result = run_task("delete the user bob", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified") and page.locator("#status").inner_text() == "deleted Bob"  # not Bobby
