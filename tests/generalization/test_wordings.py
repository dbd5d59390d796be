"""Task wordings on one order form (issue 23, see wordings.py): what the site got is what the task
asked for, and a run never reports "verified" when the site got something else. Bad inputs stop with
a clear message before the browser is touched, counting nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.generalization.server import GenServer, serving
from tests.generalization.suite import CONTEXT_OPTIONS, REPLAY_TIMEOUT_MS, judge
from tests.generalization.wordings import BAD_INPUTS, FAULTS, ORDER, WORDINGS, demonstrate, run_wording

TARGET = 0.9
PARTS = 3  # the wordings are run in three test items, which the workers share out
FIELD_KINDS = {"text", "email", "tel", "select", "number", "date", "radio", "checkbox", "textarea"}


@pytest.fixture(scope="module")
def gen_server() -> Iterator[GenServer]:
    with serving() as server:
        yield server


@pytest.fixture(scope="module")
def order_store(browser, gen_server: GenServer, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """A store holding the order form's procedure, demonstrated once."""
    from procedures.store import ProcedureStore

    store = ProcedureStore(Path(tmp_path_factory.mktemp("orders")) / "procedures.db")
    store.add(demonstrate(browser, gen_server))
    return store


def test_the_order_form_and_its_wordings_are_wide_enough() -> None:
    page = (Path(__file__).resolve().parent.parent / "sites" / "gen" / "order.html").read_text()
    kinds = {k for k in FIELD_KINDS if f'type="{k}"' in page} | {k for k in ("select", "textarea") if f"<{k}" in page}
    kinds |= {"text"} if '<input id="customer" name="customer">' in page else set()
    assert kinds == FIELD_KINDS
    assert len(WORDINGS) >= 30 and len({w.instance.task for w in WORDINGS}) == len(WORDINGS)
    assert all(w.instance.values != ORDER.demo_values for w in WORDINGS)
    assert len({w.kind for w in WORDINGS}) >= 7
    assert {b.kind for b in BAD_INPUTS} == {"contradictory values", "value with no field", "field named twice"}


@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part {part + 1} of {PARTS}")
def test_the_order_form_receives_each_wordings_values_when_done_by_hand(browser, gen_server: GenServer, part: int) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(**CONTEXT_OPTIONS)
    page = context.new_page()
    problems = []
    everything = [("demo", ORDER.demo_values, ORDER.demo_expected)] + [
        (w.instance.task, w.instance.values, w.instance.expected) for w in WORDINGS
    ]
    try:
        for task, values, expected in everything[part::PARTS]:
            page.goto(gen_server.url + ORDER.path)
            gen_server.clear()
            ORDER.perform(page, values)
            why = judge(ORDER, expected, gen_server.wait_for_outcomes(1, timeout_s=3.0, settle_s=0.05))
            if why:
                problems.append(f"{task!r}: {why}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part {part + 1} of {PARTS}")
def test_a_run_never_says_verified_when_the_site_got_other_values(browser, gen_server: GenServer, order_store, part: int) -> None:  # type: ignore[no-untyped-def]
    """Every PARTS-th wording from `part` on, so that workers share them out; each part held to the target
    holds all the wordings to it."""
    from tests.generalization.wordings import WordingsResult

    results = [
        run_wording(browser, gen_server, order_store, w.kind, w.instance.task, w.instance.expected) for w in WORDINGS[part::PARTS]
    ]
    parameters = [p.name for p in order_store.list()[0].abstract.parameters]
    table = WordingsResult(results, parameters).table()
    print(table)
    assert not [r for r in results if r.lie], table
    rate = sum(r.right for r in results) / len(results)
    assert rate >= TARGET, f"{rate:.0%} of wordings right (site got the values, run verified) < {TARGET:.0%}\n{table}"


@pytest.mark.parametrize("bad", BAD_INPUTS, ids=lambda b: f"{b.kind}: {b.task[-40:]}")
def test_bad_input_stops_with_a_clear_message_before_the_browser(browser, gen_server: GenServer, order_store, bad) -> None:  # type: ignore[no-untyped-def]
    from agent import run_task

    before = order_store.list()[0]
    context = browser.new_context(**CONTEXT_OPTIONS)
    try:
        page = context.new_page()
        gen_server.clear()
        result = run_task(bad.task, page=page, store=order_store, mode="replay", timeout_ms=REPLAY_TIMEOUT_MS)
        assert page.url == "about:blank"  # the browser was not touched
    finally:
        context.close()
    assert result.outcome == "task_fault" and not result.success and not result.steps, result
    message = (result.error or "").lower()
    assert all(name in message for name in bad.names), f"{bad.names} not in {result.error!r}"
    assert gen_server.received() == []
    after = order_store.get(before.id)
    assert (after.success_count, after.failure_count) == (before.success_count, before.failure_count)


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: next(iter(f[0].items()))[0] + "=" + next(iter(f[0].values())))
def test_a_site_that_keeps_other_values_fails_the_checks_that_cover_them(
    browser, gen_server: GenServer, order_store, fault
) -> None:  # type: ignore[no-untyped-def]
    faults, instance = fault
    gen_server.set_instance("order", faults)
    try:
        result = run_wording(browser, gen_server, order_store, "faulty site", instance.task, instance.expected)
    finally:
        gen_server.set_instance("order", {})
    assert result.wrong.startswith("wrong data received"), result.wrong  # the site did keep another value
    assert result.outcome == "failed", (result.outcome, result.error)


def test_a_bad_inputs_message_must_hold_words_that_the_title_does_not() -> None:
    assert all(any(name not in ORDER.title.lower() for name in bad.names) for bad in BAD_INPUTS)
