"""Gesture steps folded without a browser: a slider's clicks, keys and moves into its last value, the drags
of one list's items that leave it in order into one sort, and the building of their places and parameters."""

from procedures import build_procedure
from procedures.building.gesture_steps import place_value, sorts
from recorder.folding import StepFolder
from recorder.models import RecordedStep, Recording


def _fold(steps: list[RecordedStep]) -> list[RecordedStep]:
    folded: list[RecordedStep] = []
    folder = StepFolder(folded)
    for step in steps:
        folder.action(step)
    return folded


def _reorder(item: str, place: int, order: list[str]) -> RecordedStep:
    selectors = [f'internal:text="{item}"s', f"#list > li:nth-of-type({place})"]
    return RecordedStep(
        action="drag", selector=selectors[0], selectors=selectors, label=item, to=["#list"], place=place, order=order
    )


def test_a_slider_s_click_keys_and_moves_fold_into_its_last_value() -> None:
    slider = {"selector": "#volume", "selectors": ["#volume"]}
    steps = [
        RecordedStep(action="click", **slider),
        RecordedStep(action="slide", value="12", **slider),
        RecordedStep(action="press", value="ArrowRight", **slider),
        RecordedStep(action="slide", value="13", **slider),
    ]
    assert [(s.action, s.value) for s in _fold(steps)] == [("slide", "13")]


def test_drags_that_leave_a_list_in_order_fold_into_one_and_others_stay() -> None:
    steps = [
        _reorder("c", 1, ["c", "a", "d", "b"]),
        _reorder("b", 2, ["c", "b", "a", "d"]),
        _reorder("d", 1, ["d", "c", "b", "a"]),  # in order now: descending
    ]
    folded = _fold(steps)
    assert len(folded) == 1 and folded[0].repeat == 3 and sorts(folded[0], "Rearrange the list") == "descending"
    single = _reorder("a", 1, ["a", "b", "c"])
    assert sorts(single, "Move a to the top") is None and sorts(single, "Sort the list") == "ascending"
    assert len(_fold([_reorder("c", 1, ["c", "a", "b"]), _reorder("b", 3, ["c", "a", "b"])])) == 2


def test_a_place_is_the_title_s_ordinal_a_move_by_so_many_or_the_last() -> None:
    moved = _reorder("Delta", 3, ["Alpha", "Bravo", "Delta", "Charlie"]).model_copy(update={"was": 4})
    assert place_value(moved, "Drag Delta up by one position") == "-1"
    assert place_value(moved, "Drag Delta somewhere") == "3"
    assert place_value(moved.model_copy(update={"place": 4}), "Drag Delta to the bottom") == "last"
    procedure = build_procedure(Recording(title="Drag Delta to the 3rd position", steps=[moved]))
    (step,) = procedure.steps
    named = {p.name: p.example for p in procedure.abstract.parameters}
    assert named == {"position": "3rd", "item": "Delta"} and step.value == "{position}" and step.description.startswith("Drag")
