"""Self-healing judged by what the site received, on an order form changed after the demonstration in one
way per test: replay fails honestly, a lying model is never believed, a competent one heals the run with
few calls, and once its revision is accepted, replay does the task with new values and no model."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agent import RunControls, run_task
from agent.healing import GONE_AFTER, confirm_left_out, revised_parameters
from procedures import build_procedure
from procedures.binding.values import current_values, invalid_values
from procedures.building.merging import revise_steps
from procedures.models import Parameter, ProcedureStep
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL
from tests.agent.order_shop import CHANGES, DEMONSTRATED, LIE, RECODED_AS, OrderShop, competent, order, task
from tests.helpers import record, sample_procedure
from tests.llm_server import LLMServer

HEALED = ("kim", "Pickup")
LATER = [("lee", "Pickup"), ("max", "Standard"), ("noa", "Express")]


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[OrderShop]:
    root = tmp_path / "shop"
    root.mkdir()
    site = OrderShop(root)
    site.serve("v1")
    yield site
    site.close()


@pytest.mark.parametrize("change", CHANGES)
def test_a_changed_site_is_healed_and_the_revision_replays_new_values(  # type: ignore[no-untyped-def]
    context, shop: OrderShop, llm: LLMServer, change: str, home: Path
) -> None:
    store = ProcedureStore()
    pid = store.add(build_procedure(record(context, f"{shop.url}/order.html", order, title=task(DEMONSTRATED))))
    shop.orders.clear()
    shop.serve(change)
    approve = RunControls(approve=lambda action, details: True)
    page = context.new_page()

    def run(values: tuple[str, str], **options: Any) -> Any:
        page.goto("about:blank")
        before = len(shop.orders)
        result = run_task(
            task(values), page=page, store=store, url=f"{shop.url}/order.html", timeout_ms=3000, controls=approve, **options
        )
        assert set(shop.orders[before:]) <= {values}, f"the site got {shop.orders[before:]} for {values}"  # never a wrong value
        return result

    needs_help = bool(competent(change, HEALED))
    replayed = run(HEALED, mode="replay")
    assert replayed.success != needs_help, replayed.error
    assert replayed.cost.llm_calls == 0
    if needs_help:
        assert replayed.outcome == "failed" and replayed.error  # the procedure's fault, said as such

    llm.replies = list(LIE)
    lied = run(HEALED, mode="auto", model=MODEL)
    if needs_help:
        assert not lied.success and lied.revision_id is None  # a claim the end checks refute is not believed
        assert store.revisions.pending(store.get(pid)) is None

    llm.replies = competent(change, HEALED)
    calls = len(llm.requests)
    healed = run(HEALED, mode="auto", model=MODEL)
    assert healed.success and healed.verified, [(s.source, s.step, s.command, s.status, s.error) for s in healed.steps]
    assert healed.cost.llm_calls == len(competent(change, HEALED)) == len(llm.requests) - calls
    assert shop.orders[-1] == HEALED
    if needs_help:
        shown = json.dumps([m["content"] for r in llm.requests[calls:] for m in r["messages"]], ensure_ascii=False)
        assert "internal:" not in shown and " › " not in shown, shown  # the steps, and why replay stopped, in words
        assert healed.revision_id is not None  # a verified heal that changed something proposes its lesson
        revision = store.revisions.get(healed.revision_id)
        assert all(s.value in (None, "{full_name}", "{delivery}") or s.action == "navigate" for s in revision.steps), [
            s.value for s in revision.steps
        ]
        assert revision.changes  # what the agent did at each changed step, and why, for `revisions show` and the editor
        if change == "removed":
            assert any("the agent said it no longer exists: the form places the order itself now" in c for c in revision.changes)
            assert revision.steps[3].optional and not revision.steps[4].optional  # left out, until runs confirm it
        if change == "cookie":
            assert revision.steps[1].optional and revision.steps[1].label == "Accept all"  # an inserted step
        if change == "recoded":  # the new options are the allowed values; the former ones stand for them
            delivery = next(p for p in revision.parameters or [] if p.name == "delivery")
            assert delivery.allowed == ["Standard delivery (3-5 days)", "Express delivery (next day)", "Collect at the shop"]
            assert delivery.aliases == dict(zip(["Standard", "Express", "Pickup"], delivery.allowed))
            mapping = '"Standard" → "Standard delivery (3-5 days)", "Express" → "Express delivery (next day)", "Pickup" → "Collect at the shop"'
            assert any(mapping in c for c in revision.changes), revision.changes
        assert store.revisions.accept(revision.id).failure_count == 0  # the failures were of the old steps

    if change == "cookie":
        page.goto(f"{shop.url}/consent.html")
        page.evaluate("localStorage.clear()")  # a browser that never accepted the wall: the learned step is played
    for values in LATER:
        later = run(values, mode="replay")
        assert later.success and later.verified and later.cost.llm_calls == 0, later.error
        assert shop.orders[-1] == values
    if change == "removed":  # the healing run and two more did without the left-out step: it is gone
        assert GONE_AFTER == 3
        assert [s.label for s in store.get(pid).steps].count("Review order") == 0, [s.label for s in store.get(pid).steps]
        removal = store.revisions.list(pid, "accepted")[0]
        assert any("removed: 3 verified runs did without it" in c for c in removal.changes), removal.changes


RECODED = list(RECODED_AS.values())


def test_a_revision_makes_the_new_options_the_allowed_values_and_keeps_the_former_ones_as_their_names() -> None:
    procedure = sample_procedure()
    delivery = Parameter(name="delivery", kind="option", example="Express", allowed=["Standard", "Express", "Pickup", "Mail"])
    procedure.abstract.parameters.append(delivery)
    select = ProcedureStep(
        action="select",
        value="{delivery}",
        selectors=['internal:role=combobox[name="Delivery"s]'],
        options=RECODED,
        option_values=["d-std", "d-exp", "d-shop"],
    )
    parameters = revised_parameters(procedure, [select], {"delivery": ("Pickup", "Collect at the shop")})
    assert parameters is not None
    new = parameters[-1]
    assert new.allowed == RECODED and new.option_values == ["d-std", "d-exp", "d-shop"] and new.example == RECODED[1]
    # the agent's choice for the run's value, the others by their words; one with no option stays as itself
    assert new.aliases == {"Standard": RECODED[0], "Express": RECODED[1], "Pickup": RECODED[2], "Mail": "Mail"}
    revised = procedure.model_copy(update={"abstract": procedure.abstract.model_copy(update={"parameters": parameters})})
    assert current_values(revised, {"delivery": "pickup", "username": "Pickup"}) == {"delivery": RECODED[2], "username": "Pickup"}
    assert invalid_values(revised, {"delivery": "Standard"}) == [] and invalid_values(revised, {"delivery": "d-exp"}) == []
    assert invalid_values(revised, {"delivery": "Tomorrow"})  # outside what the procedure allows: still the task's fault
    assert revised_parameters(procedure, [select.model_copy(update={"options": delivery.allowed})], {}) is None  # unchanged


def test_a_step_left_out_is_removed_once_three_verified_runs_did_without_it(home: Path) -> None:
    store = ProcedureStore()
    procedure = sample_procedure()
    steps = revise_steps(procedure.steps, 1, [procedure.steps[2], procedure.steps[3]])  # a run did without step 2
    assert steps[1].optional and steps[1].left_out == 1 and not steps[2].left_out
    procedure = procedure.model_copy(update={"steps": steps})
    pid = store.add(procedure)
    assert confirm_left_out(store, steps, pid, {1}, {0, 2, 3}, "run") is None and store.get(pid).steps[1].left_out == 2
    revision = confirm_left_out(store, store.get(pid).steps, pid, {1}, {0, 2, 3}, "run")
    assert revision is not None and revision.status == "accepted" and revision.successes == GONE_AFTER
    assert [s.selectors for s in store.get(pid).steps] == [s.selectors for s in procedure.steps if s is not steps[1]]
    assert revision.changes == [
        "step 2 (fill a page element with {username}) removed: 3 verified runs did without it since a revision left it out"
    ]

    back = store.add(sample_procedure(steps=steps))  # a run that plays the step ends the watch: it stays optional
    assert confirm_left_out(store, steps, back, set(), {0, 1, 2, 3}, "run") is None
    assert store.get(back).steps[1].optional and store.get(back).steps[1].left_out == 0
    assert confirm_left_out(store, store.get(back).steps, back, {1}, {0, 2, 3}, "run") is None  # no more counting
