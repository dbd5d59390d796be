"""Goal similarity on small stores: the vocabulary, the roles of touched elements, values, misspellings,
opposites, and candidates that are never pruned away by one uncommon word."""

from pathlib import Path

import pytest

from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore
from retrieval import Retriever
from retrieval.retriever import all_of, fts_query
from retrieval.spelling import close_enough, corrections
from retrieval.text import analyze
from retrieval.vocabulary import vocabulary


def _procedure(title: str, *steps: ProcedureStep, parameters: tuple[Parameter, ...] = (), start: str = "") -> Procedure:
    start = start or "https://example.org/page"
    navigate = ProcedureStep(action="navigate", value=start, url=start)
    return Procedure(
        title=title,
        abstract=Abstract(goal=title, parameters=list(parameters), flow=[title], domains=["example.org"]),
        steps=[navigate, *[s.model_copy(update={"url": s.url or start}) for s in steps]],
    )


def _click(selector: str, label: str = "", tag: str = "button") -> ProcedureStep:
    return ProcedureStep(action="click", selector=selector, selectors=[selector], label=label, tag=tag)


@pytest.fixture
def store(tmp_path: Path) -> ProcedureStore:
    return ProcedureStore(tmp_path / "showmehow.db")


def _first(store: ProcedureStore, task: str) -> tuple[str | None, float, list[str]]:
    matches = Retriever(store, min_score=0.0).retrieve(task, k=3)
    return (matches[0].procedure.title, matches[0].breakdown.goal, matches[0].evidence) if matches else (None, 0.0, [])


def test_vocabulary_is_a_data_file_of_groups_and_opposites() -> None:
    vocab = vocabulary()
    assert {"click", "link", "dialog", "dropdown", "login"} <= vocab.meaning("click") | vocab.meanings[
        "hyperlink"
    ] | vocab.meanings["popup"] | vocab.meanings["combobox"] | vocab.meanings["sign in"]
    assert "unsubscribe" in vocab.opposites["subscribe"]
    assert vocab.is_action("click") and not vocab.is_action("button") and not vocab.is_action("file")


def test_new_values_neither_help_nor_hurt(store: ProcedureStore) -> None:
    store.add(
        _procedure(
            'Click on the "previous" button.',
            _click('internal:role=button[name="{button}"i]', label="previous"),
            parameters=(Parameter(name="button", example="previous"),),
        )
    )
    same = _first(store, 'Click on the "previous" button.')
    new = _first(store, 'Click on the "Yes" button.')
    assert new[0] == same[0] == 'Click on the "previous" button.'
    assert new[1] == same[1] >= 0.9


def test_short_ui_tasks_match_on_click_button_and_link(store: ProcedureStore) -> None:
    store.add(_procedure("Click button ONE, then click button TWO.", _click("#one", "ONE"), _click("#two", "TWO")))
    store.add(
        _procedure(
            'Click on the link "Neque,".',
            _click('internal:role=link[name="{link}"i]', "Neque,", "a"),
            parameters=(Parameter(name="link", example="Neque,"),),
        )
    )
    assert _first(store, "Click button ONE, then click button TWO.")[1] >= 0.9
    title, goal, evidence = _first(store, 'Follow the hyperlink "Vel"')
    assert title == 'Click on the link "Neque,".' and goal >= 0.5
    assert '"follow" = "click" (synonym, in the title)' in evidence and '"hyperlink" = "link" (synonym, in the title)' in evidence


def test_roles_of_touched_elements_say_what_a_procedure_is_about(store: ProcedureStore) -> None:
    radio = ProcedureStep(
        action="check", selector='internal:role=radio[name="{label}"i]', selectors=['internal:role=radio[name="{label}"i]']
    )
    store.add(
        _procedure(
            "Select S4 and press Submit",
            radio,
            _click('internal:role=button[name="Submit"i]', "Submit"),
            parameters=(Parameter(name="label", example="S4"),),
        )
    )
    store.add(_procedure("Select 57 with the slider and press Submit", _click("#handle", tag="span")))
    title, _, evidence = _first(store, "Pick the radio button S2")
    assert title == "Select S4 and press Submit"
    assert '"radio button" = "radio" (synonym, in the steps\' elements)' in evidence


@pytest.mark.parametrize(
    ("titles", "task", "why"),
    [
        (("Subscribe to the newsletter", "Track a parcel"), "Subscibe to the newsleter", '"subscibe" = "subscribe" (misspelling'),
        (("Rent a car for the weekend", "Rent a bike for the weekend"), "Rent an automobile", '"automobile" = "car" (thesaurus'),
    ],
)
def test_misspellings_and_words_of_the_thesaurus_match_and_are_explained(
    store: ProcedureStore, titles: tuple[str, str], task: str, why: str
) -> None:
    store.add_many([_procedure(t) for t in titles])  # the thesaurus serves the words the vocabulary does not know
    title, _, evidence = _first(store, task)
    assert title == titles[0]
    assert f"{why}, in the title)" in evidence


def test_typing_slips_are_close_enough_and_other_words_are_not() -> None:
    assert close_enough("clik", "click") == 1 and close_enough("tba", "tab") == 1
    assert close_enough("zoom", "room") is None and close_enough("rate", "date") is None  # other words, not typos


def test_a_task_that_undoes_a_procedure_does_not_find_it(store: ProcedureStore) -> None:
    store.add(_procedure("Subscribe to the newsletter"))
    assert Retriever(store).retrieve("Unsubscribe from the newsletter") == []


def test_one_uncommon_word_does_not_prune_the_best_procedure(store: ProcedureStore) -> None:
    store.add(_procedure("Export the report as CSV"))
    store.add_many([_procedure(f"Archive the quarterly {thing}") for thing in ("invoices", "photos", "emails", "notes")])
    title, _, _ = _first(store, "Export the quarterly report as CSV")
    assert title == "Export the report as CSV"


def test_the_candidate_query_narrows_the_most_common_words_only_in_a_large_store() -> None:
    own, synonyms = ["click", "tab", "zebra"], {"press", "open"}
    counts = {"click": 60_000, "tab": 40, "press": 900, "open": 100_000}
    titles = {"click": 300, "open": 9_000}
    query = fts_query(own, synonyms, counts, titles, 100_000)  # 5% of 100,000 rows at most
    assert query == '"tab" OR goal : "click" OR "press"'
    small = {"click": 30, "tab": 2, "press": 5, "open": 41}
    assert fts_query(own, synonyms, small, {}, 41) == '"tab" OR "click" OR "press" OR "open"'
    assert fts_query(["zebra"], set(), {}, {}, 10) == ""
    task = analyze("Click the urgent tab for Ana")
    assert all_of(task, {"click": 9, "urgent": 1, "tab": 3}) == '"click" AND "urgent" AND "tab"'  # not the value
    assert all_of(task, {"click": 9, "tab": 3}) == ""


def test_task_analysis_marks_values_and_folds_phrases() -> None:
    task = analyze('Sign in as bob and send "hello world" to 3 people')
    assert [(t.stem, t.value) for t in task.terms][:2] == [("sign in", False), ("bob", True)]
    assert "hello" not in {t.stem for t in task.terms} and "_" in task.stems  # quoted text is a value
    assert "login" in task.terms[0].meanings


def test_a_word_that_is_a_verb_and_a_thing_is_a_thing_after_a_determiner() -> None:
    assert "create" not in analyze("Import authors from a CSV file").terms[-1].meanings  # "file" is no "add" here
    assert "create" in analyze("File a ticket").terms[0].meanings
    assert not analyze("Delete the book Emma").terms[1].meanings & vocabulary().actions  # no "reserve" either


def test_a_verb_that_neither_the_vocabulary_nor_the_thesaurus_links_to_the_title_asks_for_something_else(
    store: ProcedureStore,
) -> None:
    store.add(_procedure('Double-click the "Archive" card'))
    tabs = "inbox sent drafts spam trash notes photos music videos files maps news sport weather travel games shop".split()
    store.add_many([_procedure(f"Open the {tab} tab") for tab in tabs])  # a store where "card" is a rare word
    assert Retriever(store).retrieve("Renew my library card") == []
    assert [m.procedure.title for m in Retriever(store).retrieve('Double-click the "Inbox" card')] == [
        'Double-click the "Archive" card'
    ]


def test_words_that_introduce_values_are_stop_words_only_as_written() -> None:
    assert "titl" in {t.stem for t in analyze("list the titles on the shelf").terms}
    assert "call" in {t.stem for t in analyze("call the support line").terms}
    assert "call" not in {t.stem for t in analyze('add a genre called "Poetry"').terms}


def test_another_form_of_a_stored_word_is_no_misspelling(store: ProcedureStore) -> None:
    store.add(_procedure("Change the status of the order", _click("#status", "Status")))
    assert corrections(["changes", "chnage"], store) == {"chnage": "change"}


def test_of_two_corrections_as_close_the_slip_of_a_neighbouring_key_wins(store: ProcedureStore) -> None:
    store.add(_procedure("Clone the repository", _click("#clone", "Clone")))
    store.add(_procedure("Close the dialog", _click("#close", "Close")))
    assert corrections(["cloze", "clpne"], store) == {"cloze": "close", "clpne": "clone"}


def test_a_task_that_names_the_site_a_procedure_ran_on_finds_it(store: ProcedureStore) -> None:
    for site in ("accounts.google.com", "id.atlassian.com"):
        procedure = _procedure("Sign in with alex@example.org", _click("#next", "Next"), start=f"https://{site}/login")
        store.add(procedure.model_copy(update={"abstract": procedure.abstract.model_copy(update={"domains": [site]})}))
    for name, site in (("Atlassian", "id.atlassian.com"), ("Google", "accounts.google.com")):
        best = Retriever(store).retrieve(f"sign in to {name} with li.wei@example.org", k=1)[0]
        assert best.procedure.abstract.domains == [site]
        assert f'"{name.lower()}" (same word, in the site\'s name)' in best.evidence


def test_a_synonym_in_the_title_counts_more_than_the_same_word_among_demonstrated_values(store: ProcedureStore) -> None:
    kind = ProcedureStep(action="select", selector="#kind", selectors=["#kind"], label="Kind", value="{kind}", tag="select")
    leave = Parameter(name="kind", example="vacation", description="kind of absence")
    store.add(_procedure("Request time off", kind, parameters=(leave,)))
    _, goal, evidence = _first(store, "vacation please")
    assert evidence[0].startswith('"vacation" = "tim off" (synonym, in the title)'), evidence
    assert goal > 0.5


def test_calling_off_a_booking_undoes_booking(store: ProcedureStore) -> None:
    store.add(_procedure('Book a table for 2 on "Friday"', _click("#book", "Book")))
    store.add(_procedure('Cancel the booking "RC-4471"', _click("#cancel", "Cancel booking")))
    matches = Retriever(store).retrieve("call off my booking RC-3300, I have a clash in my schedule", k=3)
    assert [m.procedure.title for m in matches] == ['Cancel the booking "RC-4471"']


def test_a_task_that_asks_to_look_finds_no_procedure_that_changes_records(store: ProcedureStore) -> None:
    genre = ProcedureStep(action="select", selector="#genre", selectors=["#genre"], label="Genre", value="{genre}", tag="select")
    allowed = Parameter(name="genre", example="History", description="genre", allowed=["History", "Poetry", "Science"])
    store.add(_procedure('Change the genre of "Dune Road" to History', genre, parameters=(allowed,)))
    store.add(_procedure("Show the books in the Science genre", _click("a.genre", "Science", tag="a")))
    for task in ("Filter the book list by genre: History", "Display the Poetry books"):
        assert _first(store, task)[0] == "Show the books in the Science genre", task
    assert _first(store, 'Change the genre of "Iron Meadow" to Poetry')[0] == 'Change the genre of "Dune Road" to History'
