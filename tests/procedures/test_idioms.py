"""The widget idioms' two tables agree with the model: replay's IDIOMS and the builder's WIDGET_IDIOMS. Pure: no browser."""

from __future__ import annotations

from typing import get_type_hints

from procedures.building.heuristic import WIDGET_IDIOMS
from procedures.models import ProcedureStep
from procedures.runtime.idioms import IDIOMS, IdiomPlays, idiom_playing
from procedures.runtime.steps import Step
from recorder.models import Recording


def test_each_idiom_replay_plays_is_marked_by_a_field_of_the_stored_step() -> None:
    fields = set(ProcedureStep.model_fields)
    assert {idiom.field for idiom in IDIOMS} <= fields & set(get_type_hints(Step))
    assert all(getattr(IdiomPlays, idiom.play.__name__) is idiom.play for idiom in IDIOMS)
    assert len({idiom.field for idiom in IDIOMS}) == len(IDIOMS)


def test_the_runtime_reads_only_keys_that_a_stored_step_has() -> None:
    assert set(get_type_hints(Step)) <= set(ProcedureStep.model_fields)


def test_a_step_is_played_by_the_first_idiom_that_marks_it_for_its_action() -> None:
    spun = ProcedureStep(action="click", selector="#up", spin=True, value="{n}").model_dump()
    assert idiom_playing(spun).field == "spin"  # type: ignore[arg-type,union-attr]
    ticked = ProcedureStep(action="check", selector="#boxes", many=True, value="{c}").model_dump()
    assert idiom_playing(ticked).field == "many"  # type: ignore[arg-type,union-attr]
    clicked = ProcedureStep(action="click", selector="#boxes", many=True).model_dump()  # `many` is a check's only
    assert idiom_playing(clicked) is None  # type: ignore[arg-type]
    compared = ProcedureStep(action="click", selector="li", compare="").model_dump()  # set, though empty: compared
    assert idiom_playing(compared).field == "compare"  # type: ignore[arg-type,union-attr]


def test_a_recording_without_widgets_finds_no_widget_idiom() -> None:
    plain = Recording.model_validate(
        {"title": "Open the page", "steps": [{"action": "navigate", "value": "http://127.0.0.1:8000/", "url": ""}]}
    )
    assert [idiom.detect(plain) for idiom in WIDGET_IDIOMS] == [{} for _ in WIDGET_IDIOMS]
