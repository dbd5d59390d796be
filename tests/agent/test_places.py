"""A field that the task names by its place among the shown fields of its kind ("the 2nd text box"):
the place is a parameter, counted on the page when replay comes to it."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def test_the_field_at_the_place_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def fill(page) -> None:  # type: ignore[no-untyped-def]
        page.locator("input[type=radio]").nth(0).check()
        page.locator("[name=t2]").fill("5")
        page.locator("#submit").click()

    title = 'Check the 1st radio button and enter the number "5" into the 2nd textbox'
    procedure = build_procedure(record(context, f"{site}/places.html", fill, title=title))
    assert sorted(p.example for p in procedure.abstract.parameters if p.example) == ["1st", "2nd", "5"]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    result = run_task(
        'Check the 3rd radio button and enter the number "12" into the 3rd textbox', page=page, store=store, mode="replay"
    )
    assert result.outcome in ("verified", "unverified"), result.error  # no check looks for the value in another box
    assert page.locator("#status").inner_text() == "radio 3, boxes - - 12"
    page.reload()
    result = run_task(
        'Check the 2nd radio button and enter the number "7" into the 4th textbox', page=page, store=store, mode="replay"
    )
    assert result.outcome == "failed" and page.locator("#status").inner_text() == ""  # there is no 4th: nothing is guessed
    assert page.locator("[name=t1]").input_value() == "" and page.locator("[name=t3]").input_value() == ""
