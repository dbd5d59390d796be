"""Issue 40: between look-alikes on one site, the verb decides before the nouns they share, and the fields a task
names are values, not topics. The store is the third labelled set's; the requests are worded anew."""

from collections.abc import Iterator

import pytest

from procedures.store import ProcedureStore
from retrieval import Retriever
from tests.retrieval.labelled_set_3 import ISSUE, LOGIN, procedures


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcedureStore]:
    store = ProcedureStore(tmp_path_factory.mktemp("verbs") / "showmehow.db")
    store.add_many(procedures().values())
    yield store
    store.close()


def top(store: ProcedureStore, task: str, url: str | None = None) -> str | None:
    matches = Retriever(store).retrieve(task, url=url, k=3)
    return matches[0].procedure.id if matches else None


def test_a_task_that_creates_is_not_served_by_the_procedure_it_shares_a_noun_with(store: ProcedureStore) -> None:
    assert top(store, "Open a new ticket about the heating with the comment that room 5 is cold", ISSUE) == "ticket_create"


def test_a_light_verb_takes_its_meaning_from_its_object(store: ProcedureStore) -> None:
    assert top(store, 'Add the comment "Parts arrive on Monday" to ticket 77', ISSUE) == "ticket_comment"
    assert top(store, 'Leave a note on issue 19: "Customer called back"', ISSUE) == "ticket_comment"


def test_a_title_that_starts_with_a_verb_says_what_it_does(store: ProcedureStore) -> None:
    assert top(store, 'Reply on ticket 41 saying "Works for me now"') == "ticket_comment"


def test_a_word_after_a_field_name_is_that_fields_value(store: ProcedureStore) -> None:
    assert top(store, "Log in with username kofi and password pa55word") == "tracker_login"
    assert top(store, "Log in with username kofi and password pa55word", LOGIN) == "tracker_login"
