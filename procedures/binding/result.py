"""The values bound for a task, where each came from, and what the task names that none took."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from procedures.binding.differences import Difference
from procedures.binding.reading import GIVEN


@dataclass
class Binding:
    """The values bound for a task, where each came from, and values the task names that none took."""

    values: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # by parameter: where its value came from, in words
    unplaced: list[str] = field(default_factory=list)
    defaulted: list[str] = field(default_factory=list)  # parameters that kept their demonstrated value
    changed: list[Difference] = field(default_factory=list)  # where the task says another thing than the title, in no parameter
    ambiguous: list[str] = field(default_factory=list)  # readings the task leaves open: each names a parameter and what it read

    def put(self, name: str, value: str, source: str) -> None:
        self.values[name] = value
        self.sources[name] = source

    def with_given(self, given: Mapping[str, str], names: Collection[str]) -> Binding:
        """This binding with the values a person gave (which win over the task's); `names` are the
        procedure's parameters, whose sources then say so."""
        return replace(
            self,
            values=self.values | dict(given),
            sources=self.sources | {name: GIVEN for name in given if name in names},
        )
