"""What a widget idiom's step maker reads of the recording being built (Making), and an idiom's entry in the
builder's table (WidgetIdiom): where in the recording its uses start, and the one step that stands for a use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from procedures.models import ParameterKind, ProcedureStep
from recorder.models import RecordedStep, Recording

if TYPE_CHECKING:  # for type hints only: the parameters and placeholders find widget idioms in turn
    from procedures.building.parameters import Parameters
    from procedures.building.placeholders import Placeholders

Made = tuple[ProcedureStep, int]  # the step built, and the index of the first recorded step after the use it stands for


class Making(Protocol):
    """The recording being built, as an idiom's step maker reads it."""

    recording: Recording
    params: Parameters
    owners: dict[int, str]  # step index -> the parameter that is the step's value
    targets: dict[int, str]  # step index -> the parameter that names the element the step acts on
    substitute: Placeholders
    mention_text: str  # the title and the description

    def named(self, written: str, fallback: str, kind: ParameterKind = "text") -> str:
        """A new parameter for `written`, named as the title names it (else `fallback`)."""
        ...


class WidgetIdiom(NamedTuple):
    """A widget idiom as the builder finds it: `detect` says where in the recording each of its uses starts (by
    step index, what the use is), `make` builds the step that stands for the use at a step index (None: no use
    starts there) from what `detect` found."""

    detect: Callable[[Recording], dict[int, Any]]
    make: Callable[[Making, dict[int, Any], int, RecordedStep], Made | None]


def at_each_step(recording: Recording) -> dict[int, Any]:
    """The detection of an idiom that its step maker tells at each step by itself: nothing found beforehand."""
    return {}
