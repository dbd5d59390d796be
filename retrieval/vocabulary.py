"""The vocabulary of tasks about web pages (vocabulary.toml): which words and phrases mean the same,
and which undo each other. Loaded once per process."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from core.words import stem, tokens

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.toml")


@dataclass(frozen=True, eq=False)  # hashed by identity: there is one per file
class Vocabulary:
    meanings: dict[str, frozenset[str]]  # a stemmed word or phrase ("log in") -> the groups it belongs to
    longest_phrase: int  # in words
    opposites: dict[str, frozenset[str]]  # a group or stemmed word -> what undoes it
    words: frozenset[str]  # every word the vocabulary knows, unstemmed: spelling candidates
    members: dict[str, tuple[str, ...]]  # a group -> its stemmed words and phrases
    actions: frozenset[str]  # the groups of [actions]
    phrase_starts: frozenset[str]  # the first words of phrases

    def meaning(self, term: str) -> frozenset[str]:
        """The term itself and the groups it belongs to."""
        return _meaning(self, term)

    def is_action(self, term: str) -> bool:
        """Whether a word or phrase only ever says what to do, never to what ("click", "delete")."""
        groups = self.meanings.get(term)
        return bool(groups) and groups <= self.actions


@lru_cache(maxsize=100_000)
def _meaning(vocab: Vocabulary, term: str) -> frozenset[str]:
    return vocab.meanings.get(term, frozenset()) | {term}


def phrase_key(text: str) -> str:
    return " ".join(stem(t) for t in tokens(text))


@cache
def vocabulary(path: Path = VOCABULARY_FILE) -> Vocabulary:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    meanings: dict[str, set[str]] = {}
    members: dict[str, tuple[str, ...]] = {}
    words: set[str] = set()
    groups = data["actions"] | data["things"]
    for group, entries in groups.items():
        keys = tuple(dict.fromkeys(phrase_key(e) for e in [group, *entries]))
        members[group] = keys
        for key in keys:
            meanings.setdefault(key, set()).add(group)
        words.update(t for e in [group, *entries] for t in tokens(e))
    opposites: dict[str, set[str]] = {}
    for a, b in data["opposites"]["pairs"]:
        a, b = (name if name in members else phrase_key(name) for name in (a, b))
        opposites.setdefault(a, set()).add(b)
        opposites.setdefault(b, set()).add(a)
        words.update(tokens(f"{a} {b}"))
    return Vocabulary(
        meanings={k: frozenset(v) for k, v in meanings.items()},
        longest_phrase=max(len(k.split()) for k in meanings),
        opposites={k: frozenset(v) for k, v in opposites.items()},
        words=frozenset(words),
        members=members,
        actions=frozenset(data["actions"]),
        phrase_starts=frozenset(k.split()[0] for k in meanings if " " in k),
    )
