"""What a run's trace keeps of the agent's way: a detour (a link that led elsewhere, then back) is left out."""

from agent.run_trace import without_detour
from recorder.models import RecordedStep

START, WRONG = "http://127.0.0.1/learning/search.html", "http://127.0.0.1/learning/other.html"


def _step(action: str, url: str, **fields: object) -> RecordedStep:
    return RecordedStep(
        action=action,
        url=url,
        selector="#x" if action != "navigate" else None,
        selectors=["#x"] if action != "navigate" else [],
        **fields,
    )


def test_a_detour_and_the_way_back_are_left_out() -> None:
    steps = [_step("navigate", START, value=START), _step("fill", START, value="1042"), _step("click", START, navigates_to=WRONG)]
    assert without_detour(steps, START) == steps[:2]
    assert without_detour(steps[:2], START) is None  # the start page again, never left: a reload, kept
    assert without_detour(steps, "http://127.0.0.1/elsewhere.html") is None
