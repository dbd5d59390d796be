"""The folding rules, without a browser."""

from __future__ import annotations

from recorder.folding import NAVIGATION_FOLLOWS_ACTION_S, Edit, PageState, StepFolder
from recorder.models import RecordedStep


def _step(action: str, selector: str = "#a", value: str | None = None, at: float = 100.0, page: int = 0) -> RecordedStep:
    return RecordedStep(action=action, selector=selector, selectors=[selector], value=value, timestamp=at, page=page)


def test_keystrokes_on_one_field_fold_into_one_fill_with_the_final_value() -> None:
    folder = StepFolder([])
    folder.action(_step("fill", value="h"))
    edits = folder.action(_step("fill", value="hello"))
    assert [(s.action, s.value) for s in folder.steps] == [("fill", "hello")]
    assert edits == [Edit(0, folder.steps[0])]
    folder.action(_step("fill", "#b", value="x"))
    folder.action(_step("fill", value="again"))  # back to the first field: a new step
    assert [s.value for s in folder.steps] == ["hello", "x", "again"]


def test_a_click_then_a_double_click_on_one_target_is_one_dblclick() -> None:
    folder = StepFolder([])
    folder.action(_step("click"))
    edits = folder.action(_step("dblclick"))
    assert [s.action for s in folder.steps] == ["dblclick"]
    assert edits[0] == Edit(0, None) and edits[1].index == 0


def test_a_load_soon_after_a_click_is_its_navigation_and_a_late_one_is_a_navigate_step() -> None:
    folder, page = StepFolder([]), PageState(index=0)
    assert [s.action for s in (e.step for e in folder.load(page, "http://x/", "navigate", 0, now=1.0))] == ["navigate"]
    folder.action(_step("click", at=10.0))
    folder.load(page, "http://x/next", "navigate", 1, now=11.0)
    assert folder.steps[-1].navigates_to == "http://x/next" and len(folder.steps) == 2
    folder.load(page, "http://x/later", "navigate", 2, now=11.0 + NAVIGATION_FOLLOWS_ACTION_S)  # the click already has one
    assert [s.action for s in folder.steps] == ["navigate", "click", "navigate"]


def test_history_reload_and_spa_routes() -> None:
    folder, page = StepFolder([]), PageState(index=0)
    folder.load(page, "http://x/1", "navigate", 0, now=0)
    folder.load(page, "http://x/1", "reload", 0, now=1)
    folder.load(page, "http://x/2", "navigate", 1, now=20)
    folder.load(page, "http://x/1", "back_forward", 0, now=21)
    folder.route_change(page, "http://x/2", "traverse", 1, now=22)
    folder.action(_step("click", at=30))
    folder.route_change(page, "http://x/#/items", "push", 2, now=31)
    assert [s.action for s in folder.steps] == ["navigate", "reload", "navigate", "back", "forward", "click"]
    assert folder.steps[-1].navigates_to == "http://x/#/items"
    assert folder.load(page, "about:blank", "navigate", 3, now=40) == []


def test_a_popup_belongs_to_the_step_that_opened_it() -> None:
    folder, opener, popup = StepFolder([]), PageState(index=0), PageState(index=1)
    folder.load(opener, "http://x/", "navigate", 0, now=0)
    folder.action(_step("click", at=50))
    folder.popup(opener_index=0, page_index=1, now=51)
    assert folder.steps[-1].opens_page == 1
    assert folder.load(popup, "http://x/help", "navigate", 0, now=52) == []  # its first page is the click's doing
    assert folder.popup(opener_index=0, page_index=2, now=50 + NAVIGATION_FOLLOWS_ACTION_S + 1) == []


def test_what_the_page_showed_after_a_step_lands_on_that_step_once() -> None:
    folder = StepFolder([])
    folder.action(_step("click"))
    folder.after(0, changed=True, alert=False)
    folder.after(0, changed=False, alert=True)  # a later report (after the load, say) does not overwrite the first
    assert (folder.steps[0].changes_page, folder.steps[0].shows_alert) == (True, False)
    folder.action(_step("fill", "#b", value="x"))
    assert folder.after(0, changed=True, alert=True)[0].step.changes_page is None  # only clicks change pages  # type: ignore[union-attr]
    assert folder.after(1, changed=None, alert=False) == []  # no step on that page


def test_presses_of_one_key_in_a_row_fold_into_one_step_with_a_count() -> None:
    folder = StepFolder([])
    for _ in range(30):  # a held arrow key
        folder.action(_step("press", value="ArrowRight"))
    folder.action(_step("press", value="ArrowLeft"))
    folder.action(_step("press", value="ArrowLeft"))
    folder.action(_step("press", "#b", value="ArrowLeft"))  # another element: another step
    assert [(s.selector, s.value, s.repeat) for s in folder.steps] == [
        ("#a", "ArrowRight", 30),
        ("#a", "ArrowLeft", 2),
        ("#b", "ArrowLeft", 1),
    ]


def test_an_arrow_key_that_steps_a_number_field_is_one_press_with_a_count() -> None:
    folder = StepFolder([])
    folder.action(_step("click"))  # into the field: only focus
    for value in ("1", "2", "3"):  # each press of the up arrow sets the field's number
        folder.action(_step("press", value="ArrowUp"))
        assert folder.action(_step("fill", value=value)) == []
    folder.action(_step("fill", value="3a"))  # typed: no number a key steps to
    assert [(s.action, s.value, s.repeat) for s in folder.steps] == [("press", "ArrowUp", 3), ("fill", "3a", 1)]


def _field(action: str, selector: str, value: str | None = None, **fields: object) -> RecordedStep:
    return _step(action, selector, value).model_copy(update=fields)


SEND = {"tag": "button"}


def _sent(folder: StepFolder, after: dict[str, object]) -> None:
    """The person presses the form's button and the page answers as `after` says."""
    folder.action(_field("click", "#send", **SEND))
    folder.steps[-1] = folder.steps[-1].model_copy(update=after)


def test_a_field_set_again_before_its_form_is_sent_keeps_its_last_value_in_one_step() -> None:
    folder = StepFolder([])
    folder.action(_field("fill", "#name", "Emma"))
    folder.action(_field("select", "#size", "Medium"))
    folder.action(_field("check", "#choc", group="Flavour", input_type="radio"))
    folder.action(_field("select", "#size", "Large"))
    folder.action(_field("check", "#van", group="Flavour", input_type="radio"))
    folder.action(_field("click", "#send", **SEND))
    assert [(s.selector, s.value) for s in folder.steps] == [
        ("#name", "Emma"),
        ("#size", "Large"),
        ("#van", None),
        ("#send", None),
    ]


def test_an_attempt_the_page_refused_or_the_person_corrected_is_dropped_with_what_was_changed() -> None:
    for answer in ({"changes_page": True, "shows_alert": True}, {"changes_page": False}, {"changes_page": True}):
        folder = StepFolder([])
        folder.action(_field("fill", "#name", "Emma"))
        folder.action(_field("select", "#size", "Medium"))
        _sent(folder, answer)  # a validation message, nothing visible, or an order the person saw was not right
        folder.action(_field("select", "#size", "Large"))
        folder.action(_field("fill", "#date", "2026-12-24"))
        folder.action(_field("click", "#send", **SEND))
        assert [(s.selector, s.value) for s in folder.steps] == [
            ("#name", "Emma"),
            ("#size", "Large"),
            ("#date", "2026-12-24"),
            ("#send", None),
        ], answer


def test_forms_really_sent_twice_stay_as_they_were() -> None:
    two_orders = StepFolder([])  # the page took the first order and emptied its form: everything entered anew
    for size in ("Medium", "Large"):
        two_orders.action(_field("fill", "#name", "Emma"))
        two_orders.action(_field("select", "#size", size))
        _sent(two_orders, {"changes_page": True, "shows_alert": False})
    assert [s.value for s in two_orders.steps] == ["Emma", "Medium", None, "Emma", "Large", None]
    wizard = StepFolder([])  # pages of one URL: the next page's fields are others
    wizard.action(_field("fill", "#name", "Emma"))
    _sent(wizard, {"changes_page": True, "shows_alert": False})
    wizard.action(_field("fill", "#street", "1 Main St"))
    _sent(wizard, {"changes_page": True})
    assert [s.selector for s in wizard.steps] == ["#name", "#send", "#street", "#send"]
    pages = StepFolder([])  # a form of several pages: the first one led to the next page
    pages.action(_field("select", "#size", "Medium", url="http://x/order"))
    _sent(pages, {"navigates_to": "http://x/order/2"})
    pages.action(_field("select", "#size", "Large", url="http://x/order/2"))
    _sent(pages, {})
    assert [s.value for s in pages.steps] == ["Medium", None, "Large", None]
    other = StepFolder([])  # a click on another button between: not the same form sent again
    other.action(_field("select", "#size", "Medium"))
    _sent(other, {"changes_page": True, "shows_alert": True})
    other.action(_field("select", "#size", "Large"))
    other.action(_field("click", "#add", **SEND))
    assert [s.selector for s in other.steps] == ["#size", "#send", "#size", "#add"]


def test_an_alert_the_page_showed_all_along_is_no_refusal() -> None:
    folder = StepFolder([RecordedStep(action="navigate", value="http://x/", url="http://x/", shows_alert=True)])
    for size in ("Medium", "Large"):  # two orders, the form emptied after the first: everything entered anew
        folder.action(_field("fill", "#name", "Emma"))
        folder.action(_field("select", "#size", size))
        _sent(folder, {"changes_page": True, "shows_alert": True})  # the banner still shows
    assert [s.value for s in folder.steps[1:]] == ["Emma", "Medium", None, "Emma", "Large", None]
