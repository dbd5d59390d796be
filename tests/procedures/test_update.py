from collections.abc import Iterator

import pytest

from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure


@pytest.fixture
def store(store_location: str) -> Iterator[ProcedureStore]:
    store = ProcedureStore(store_location)
    yield store
    store.close()


def test_confidence_is_fair_to_new_procedures(store: ProcedureStore) -> None:
    pid = store.add(sample_procedure())
    assert store.get(pid).confidence == 0.5
    after_failure = store.record_outcome(pid, success=False, step_failed=3)
    assert after_failure.confidence == pytest.approx(1 / 3)
    assert not after_failure.deprecated  # one early failure does not bury it
    assert store.get(pid).steps[3].failure_count == 1
    for _ in range(3):
        store.record_outcome(pid, success=True)
    assert store.get(pid).confidence == pytest.approx(4 / 6)


def test_deprecation_after_three_uses_under_half_and_restore_by_hand(store: ProcedureStore) -> None:
    pid = store.add(sample_procedure())
    store.record_outcome(pid, success=True)
    store.record_outcome(pid, success=False)
    assert not store.get(pid).deprecated  # two uses: too early to judge
    assert store.record_outcome(pid, success=False, step_failed=1).deprecated
    assert store.index.search('"demo"', 5) == []  # a deprecated procedure is no candidate
    assert store.get(pid).steps[1].failure_count == 1
    assert [p.id for p in store.list(include_deprecated=False)] == []
    assert not store.set_deprecated(pid, False).deprecated
    assert [p.id for p in store.list(include_deprecated=False)] == [pid]


def test_edits_are_validated(store: ProcedureStore) -> None:
    pid = store.add(sample_procedure())
    procedure = store.get(pid)
    procedure.title = "Log in quickly"
    procedure.abstract.flow = ["Open", "Type", "Go"]
    assert store.update(procedure).title == "Log in quickly"
    assert store.get(pid).abstract.flow == ["Open", "Type", "Go"]

    broken = store.get(pid)
    broken.steps[1].value = "{nickname}"
    with pytest.raises(ShowMeHowError, match="unknown parameter"):
        store.update(broken)
    renamed = store.get(pid)
    renamed.abstract.parameters[0].name = "Bad Name"
    with pytest.raises(ShowMeHowError, match="invalid procedure"):
        store.update(renamed)
    assert store.get(pid).steps[1].value == "{username}"
