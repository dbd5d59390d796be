"""A value the task names is never replaced by the demonstrated one: labelled wordings, written before the code.

A quoted value is bound whole (a title that starts with "The"); a task that says "all" where the title said
"every" binds the value between the title's own words, or stops before the step that would use the demonstrated
one; a clause asking for something no step does ("... and email a copy to my manager") is named, so the run
stops before anything is sent. No false alarm on the admin's own rewordings (the labelled request sets are
checked in test_unasked.py)."""

from __future__ import annotations

import pytest

from procedures.binding.contradiction import find_contradiction
from procedures.binding.values import bind
from procedures.models import Procedure
from tests.procedures.test_binding import _admin, _link
from tests.procedures.test_unasked import ASKS

GENRES = ["---------", "Science", "History", "Poetry", "Fiction"]
AUTHORS = ["---------", "Ada Byron", "Marcus Hale", "Ines Duarte"]
ACTIONS = ["---------", "Delete selected books", "Mark selected books as out of stock"]


def _add_book(demonstrated: str) -> Procedure:
    return _admin(
        f'Add a book titled "{demonstrated}" by Ada Byron, genre Science, published 2021-03-04, in stock, 321 pages',
        "book/add/",
        ("fill", "textbox Title:", {"field": "Title", "value": demonstrated}),
        ("select", "combobox Author:", {"field": "Author", "value": "Ada Byron", "tag": "select", "options": AUTHORS}),
        ("select", "combobox Genre:", {"field": "Genre", "value": "Science", "tag": "select", "options": GENRES}),
        ("fill", "textbox Published:", {"field": "Published", "value": "2021-03-04"}),
        ("check", "checkbox In stock", {"field": "In stock", "input_type": "checkbox"}),
        ("fill", "textbox Pages:", {"field": "Pages", "value": "321"}),
        ("click", "button Save", {}),
    )


def _mark_every(title: str) -> Procedure:
    """The genre is a filter link (no allowed values): only the words around it can bind it."""
    return _admin(
        title,
        "",
        ("click", "link Books", _link("book/")),
        ("click", "link Science", _link("book/?genre__exact=science")),
        ("check", "checkbox Select all objects on this page", {"field": "Select all", "input_type": "checkbox"}),
        ("select", "combobox Action", {"field": "Action", "value": ACTIONS[2], "tag": "select", "options": ACTIONS}),
        ("click", "button Go", {}),
    )


def _change_book() -> Procedure:
    return _admin(
        'Change the genre of "Dune Road" to History and mark it out of stock',
        "",
        ("click", "link Books", _link("book/")),
        ("click", "link Dune Road", _link("book/1/change/")),
        ("select", "combobox Genre:", {"field": "Genre", "value": "History", "tag": "select", "options": GENRES[1:]}),
        ("uncheck", "checkbox In stock", {"field": "In stock", "input_type": "checkbox"}),
        ("click", "button Save", {}),
    )


QUOTED = [  # (the demonstrated title, the task's title)
    ("Dune", "The Dispossessed"),
    ("Dune", "The Left Hand of Darkness"),
    ("Quiet Orbit", "The Dispossessed"),
    ("The Quiet Orbit", "Dispossessed"),
    ("Kindred", "A Wizard of Earthsea"),
    ("Kindred", "An Instance of the Fingerpost"),
]


@pytest.mark.parametrize(("demonstrated", "wanted"), QUOTED)
def test_a_quoted_value_is_bound_whole(demonstrated: str, wanted: str) -> None:
    procedure = _add_book(demonstrated)
    for task in (
        f'Add a book titled "{wanted}" by Marcus Hale, genre History, published 2019-11-20, in stock, 480 pages',
        f"Add a book titled “{wanted}” by Marcus Hale, genre History, published 2019-11-20, in stock, 480 pages",
        f'Create a new book "{wanted}" written by Marcus Hale: History, released 2018-09-09, 212 pages, available in stock',
    ):
        assert bind(procedure, task, env={}, param_env={}).values["title"] == wanted, task


EVERY = [  # (the demonstration's title, a task, the genre it asks for)
    ("Mark every Science book as out of stock", "Mark all Fiction books as out of stock", "Fiction"),
    ("Mark every Science book as out of stock", "Mark all the Poetry books out of stock", "Poetry"),
    ("Mark every Science book as out of stock", "Mark each History book as out of stock", "History"),
    ("Mark every Science book as out of stock", "Mark every Fiction book as out of stock", "Fiction"),
    ("Mark all Science books as out of stock", "Mark every Poetry book as out of stock", "Poetry"),
    ("Mark every book in the Science genre as out of stock", "Mark all books in the Fiction genre as out of stock", "Fiction"),
]


@pytest.mark.parametrize(("title", "task", "genre"), EVERY)
def test_all_for_every_binds_the_tasks_value_or_stops_before_the_demonstrated_one(title: str, task: str, genre: str) -> None:
    procedure = _mark_every(title)
    link = next(p.name for p in procedure.abstract.parameters if p.kind == "target")
    binding = bind(procedure, task, env={}, param_env={})
    if binding.values.get(link) == genre:
        return
    stop = find_contradiction(procedure, binding, task)
    clicks = next(i for i, s in enumerate(procedure.steps) if f"{{{link}}}" in (s.selector or ""))
    assert stop is not None and stop.step <= clicks, (binding.values, binding.sources)


def _asked(procedure: Procedure, task: str) -> list[str]:
    return [m for m in bind(procedure, task, env={}, param_env={}).ambiguous if ASKS in m]


UNASKED = [  # (procedure, task, the words the run names)
    ("change", 'Change the genre of "Copper Hill" to Poetry and email a copy to my manager', "email a copy to my manager"),
    ("change", 'Change the genre of "Copper Hill" to Poetry and send me an SMS reminder', "send me an SMS reminder"),
    ("change", 'Change the genre of "Copper Hill" to Poetry, mark it out of stock and notify the author', "notify the author"),
    (
        "add",
        'Add a book titled "Paper Moons" by Ines Duarte, genre Poetry, published 2023-06-01, and mark it urgent',
        "mark it urgent",
    ),
    (
        "add",
        'Add a book titled "Paper Moons" by Ines Duarte, genre Poetry, 96 pages and then open the first article',
        "open the first article",
    ),
    ("every", "Mark every Fiction book as out of stock and email a copy to my manager", "email a copy to my manager"),
    ("every", "Mark every Fiction book as out of stock, then print the invoice", "print the invoice"),
]

PLAIN = [  # the benchmark's own rewordings and others a person writes: nothing unasked
    ("change", 'Change the genre of "Copper Hill" to Poetry and mark it out of stock'),
    ("change", 'Set the genre of the book "Iron Meadow" to History and flag it as unavailable'),
    ("change", '"Amber Vault" should now be listed under Poetry and no longer be in stock'),
    ("change", 'Change the genre of "Copper Hill" to Poetry and save it'),
    ("change", 'Change the genre of "Copper Hill" to Poetry and then save the changes'),
    ("change", 'Open "Copper Hill", change its genre to Poetry and mark it out of stock'),
    ("add", 'Enter the book "Small Gods of Tin" (author Ines Duarte, Fiction, 2022-02-22, 305 pages) and mark it as in stock'),
    (
        "add",
        'Create a new book "Northern Lights Atlas" written by Marcus Hale: History, released 2018-09-09, 212 pages, available in stock',
    ),
    ("add", 'Add a book titled "Salt and Empire" by Marcus Hale, genre History, published 2019-11-20, in stock, 480 pages'),
    ("add", 'Add a book titled "Paper Moons" by Ines Duarte, genre Poetry, 96 pages and press Save'),
    ("add", 'Add a book titled "Paper Moons" by Ines Duarte, genre Poetry, 96 pages and keep it in stock'),
    ("every", "Mark every Fiction book as out of stock and click Go"),
    ("every", "Mark every Fiction book as out of stock and then select all of them"),
]


def _procedure(kind: str) -> Procedure:
    return {
        "change": _change_book,
        "add": lambda: _add_book("Dune"),
        "every": lambda: _mark_every("Mark every Science book as out of stock"),
    }[kind]()


@pytest.mark.parametrize(("kind", "task", "words"), UNASKED)
def test_a_clause_no_step_does_is_named_whatever_its_verb(kind: str, task: str, words: str) -> None:
    asked = _asked(_procedure(kind), task)
    assert len(asked) == 1 and f'"{words}"' in asked[0], asked


@pytest.mark.parametrize(("kind", "task"), PLAIN)
def test_no_clause_of_what_the_procedure_does_is_named(kind: str, task: str) -> None:
    assert _asked(_procedure(kind), task) == []
