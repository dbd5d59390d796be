"""A request in a task that no field, option or step of the procedure takes, named before anything is sent; and
no false alarm on the labelled sets' requests against the procedures that serve them."""

from __future__ import annotations

import pytest

from procedures.binding.values import bind
from tests.retrieval import labelled_set, labelled_set_2

ASKS = "which no field, option or step"


def _asked(procedure, task: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [m for m in bind(procedure, task, env={}, param_env={}).ambiguous if ASKS in m]


@pytest.mark.parametrize("labelled", [labelled_set, labelled_set_2], ids=["set_1", "set_2"])
def test_no_labelled_request_asks_for_what_its_procedure_cannot_take(labelled) -> None:  # type: ignore[no-untyped-def]
    procedures = labelled.procedures()
    served = [r for r in labelled.REQUESTS if r.expected is not None]
    assert len(served) > 150
    alarms = [(r.text, _asked(procedures[r.expected], r.text)) for r in served]
    assert [alarm for alarm in alarms if alarm[1]] == []


def test_a_request_nothing_takes_is_named_as_the_task_words_it() -> None:
    procedures = labelled_set.procedures()
    asked = {
        ("book_table", "Book a table for 6 at Sakura Sushi on Sunday at 20:00 and tag as VIP"): "tag as VIP",
        ("file_ticket", 'File a support ticket "Laptop will not boot" with priority Low, then escalate to Tier 2'): (
            "escalate to Tier 2"
        ),
        ("add_to_cart", "Add 4 POÄNG armchairs to the shopping cart and ship to Oslo"): "ship to Oslo",
        ("crm_customer", 'Create a new customer "Initech" in the CRM and assign to Bob'): "assign to Bob",
    }
    for (key, task), words in asked.items():
        assert _asked(procedures[key], task) == [
            f"the task asks to \"{words}\", which no field, option or step of '{procedures[key].title}' takes"
        ], task
    plain = {
        "book_table": "Book a table for 6 at Sakura Sushi on Sunday at 20:00",
        "slack_message": 'Send Lars Olsen a direct message on Slack: "Meet and greet with Anna"',  # quoted: a value
        "login_user": 'Enter the username "bob" and the password "x" into the text fields and press login.',
        "click_option": "Select rMs and click Submit.",
    }
    for key, task in plain.items():
        assert _asked(procedures[key], task) == [], task
