from agent import run_task
from procedures import build_procedure
from procedures.building.merging import align, same_task
from procedures.models import ProcedureStep
from procedures.store import ProcedureStore
from tests.helpers import log_in, record, sample_procedure


def _show_password_then_log_in(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#user").press_sequentially("emile")
    page.get_by_role("button", name="Show password").click()
    page.locator("#pass").press_sequentially("pw")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/welcome.html*")


def test_a_second_demonstration_merges_as_alternatives(context, site: str) -> None:  # type: ignore[no-untyped-def]
    store = ProcedureStore()
    first = build_procedure(record(context, f"{site}/login.html", log_in("kanesha", "xyz"), title='Log in as "kanesha"'))
    second = build_procedure(record(context, f"{site}/login.html", _show_password_then_log_in, title='Log in as "emile"'))
    assert store.add_or_merge(first) == (first.id, False)
    assert store.add_or_merge(second) == (first.id, True)
    merged = store.get(first.id)
    assert len(store) == 1 and [s.action for s in merged.steps] == ["navigate", "fill", "click", "fill", "click"]
    assert [s.optional for s in merged.steps] == [False, False, True, False, False]
    assert len(merged.abstract.flow) == 5 and merged.abstract.flow[2].endswith("(if it is there)"), merged.abstract.flow
    assert merged.steps[2].label == "Show password" and merged.variants[-1].startswith(
        f"merged the demonstration {second.recording_id}"
    )

    merged.steps[2] = merged.steps[2].model_copy(update={"selectors": ["#gone"], "selector": "#gone"})
    merged.steps[1] = merged.steps[1].model_copy(update={"selectors": ["#renamed", "#user"], "selector": "#renamed"})
    store.update(merged)  # a page that offers neither the stored first selector nor the optional step
    page = context.new_page()
    result = run_task('Log in as "bob"', page=page, store=store, mode="replay", params={"password": "pw"}, timeout_ms=1500)
    assert result.success, result.error
    assert [s.status for s in result.steps] == ["ok", "ok", "skipped", "ok", "ok"] and result.steps[1].selector == "#user"
    assert page.locator("#hello").inner_text() == "Welcome bob"


def test_other_tasks_and_other_sites_stay_apart() -> None:
    store = ProcedureStore()
    login = sample_procedure()
    store.add(login)
    elsewhere = sample_procedure(domain="example.org")
    search = sample_procedure(title="Search the catalogue for lamps").model_copy(
        update={"steps": [ProcedureStep(action="navigate", value="http://127.0.0.1/search.html"), login.steps[3]]}
    )
    assert not same_task(login, elsewhere) and not same_task(login, search)
    assert store.add_or_merge(search)[1] is False and store.add_or_merge(elsewhere)[1] is False and len(store) == 3


def test_alignment_pairs_the_most_alike_steps_in_order() -> None:
    login = sample_procedure()
    go = login.steps[3].model_copy(update={"label": "Log in"})
    renamed = go.model_copy(update={"selectors": ["#sign-in"], "selector": "#sign-in", "label": "Log in now"})
    confirm = ProcedureStep(action="click", selector="#yes", selectors=["#yes"], label="Yes, continue")
    other_user = login.steps[1].model_copy(update={"value": "{password}"})
    old = [login.steps[1], login.steps[2], go]
    assert align(old, [login.steps[1], login.steps[2], confirm, renamed]) == [(0, 0), (1, 1), (None, 2), (2, 3)]
    assert align(old, [other_user, go]) == [(0, None), (1, 0), (2, 1)]  # another value is another step
