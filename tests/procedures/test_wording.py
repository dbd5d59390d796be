"""Binding reads people's words: a value ends at the next instruction unless quoted, pronouns name the record."""

import pytest

from procedures.binding.values import bind
from procedures.models import NO, YES, Parameter
from procedures.wording.phrasing import value_end
from tests.helpers import titled

EMAIL = Parameter(name="email", example="ann@old.test", label="Email")
NAME = Parameter(name="name", example="Ann Lee", label="Name")
VIP = Parameter(name="vip", example=YES, kind="toggle", allowed=[YES, NO], required=False, label="VIP")


@pytest.mark.parametrize(
    ("task", "name", "expected"),
    [
        ("Change the email to tom.okafor@newco.test and tick VIP", "email", "tom.okafor@newco.test"),
        ("Change the email to tom.okafor@newco.test, then save", "email", "tom.okafor@newco.test"),
        ("Set the name to Leo Park and make him VIP", "name", "Leo Park"),
        ("Set the name to Leo Park then save", "name", "Leo Park"),
        ('Set the name to "Leo and tick Park"', "name", "Leo and tick Park"),  # quoted: as written
        ("Set the name to Salt and Pepper Ltd", "name", "Salt and Pepper Ltd"),  # no instruction follows the "and"
    ],
)
def test_a_value_ends_where_the_next_instruction_starts(task: str, name: str, expected: str) -> None:
    procedure = titled("Change the email to ann@old.test, set the name to Ann Lee and make her VIP", EMAIL, NAME, VIP)
    assert bind(procedure, task, env={}, param_env={}).values[name] == expected


def test_pronouns_stand_for_the_record_the_task_names() -> None:
    procedure = titled("Set the name to Ann Lee and make her VIP", NAME, VIP)
    for task in ("Set the name to Leo Park and make him VIP", "Set the name to Leo Park and make them VIP"):
        binding = bind(procedure, task, env={}, param_env={})
        assert binding.values["name"] == "Leo Park" and not binding.changed, task


def test_value_end_keeps_what_has_no_instruction_after_it() -> None:
    assert value_end("Bread and butter", "Tea") == "Bread and butter"
    assert value_end("Tom, Ann and set", "Tea") == "Tom, Ann and set"  # a list whose last item is a verb
    assert value_end("https://x.test/a and open it", "https://y.test/") == "https://x.test/a"


def test_a_search_term_is_the_part_of_the_name_the_task_looks_for() -> None:
    search = Parameter(name="search", example="Okafor", label="Search")
    customer = Parameter(name="customer", example="Tom Okafor", kind="target")
    procedure = titled("Make Tom Okafor VIP", search, customer, VIP)
    for task, term in (("Make Ann Lee VIP", "Lee"), ("Make Ann Mary Lee VIP and change her email", "Lee")):
        binding = bind(procedure, task, env={}, param_env={})
        assert (binding.values["customer"], binding.values["search"]) == (task.split(" VIP")[0][5:], term)
        assert binding.sources["search"] == "the part of customer it was in the demonstration"
