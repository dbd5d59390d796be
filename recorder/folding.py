"""How page events become steps, apart from the browser: keystrokes and option changes on one field
fold into one `fill` or `select`, a click and a double click on one target into a `dblclick`, a click
into a field and the typing that follows into its `fill`, presses of one key on one target in a row
(a held arrow key) into one `press` with a count (the numbers an arrow key steps a field to are its
doing, not typing), and a
page load or SPA route change that follows an action becomes that action's `navigates_to`. A slider's
clicks, key presses and moves fold into its last `slide`, and items of one list dragged in a row until the
list is in order fold into one `drag` (the last, counted in `repeat`).

A form is kept as the person meant it when they sent it: a field set more than once before the form is
sent keeps its last value, and an attempt to send it that the page answered on the same page (a validation
message, or nothing visible) or after which the person changed what they had entered and sent it again
is dropped, with the values it sent that were changed later.

Pure: times are passed in, and each call returns the edits it made so that the session can mirror
them in its journal. Tested without Chromium.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.ordering import in_order
from recorder.models import RecordedStep

NAVIGATION_FOLLOWS_ACTION_S = 10.0  # a page load this soon after a click or key press belongs to it
SPA_FOLLOWS_ACTION_S = 3.0
CAUSES_NAVIGATION = {"click", "dblclick", "press", "submit", "select", "check", "uncheck"}
FOLDS_ON_ONE_TARGET = {"fill", "select"}  # a later value of the same field replaces the earlier one
SETS_FIELD = frozenset({"fill", "select", "check", "uncheck", "upload"})
TOGGLES = frozenset({"check", "uncheck"})  # a box ticked and unticked again: each tick is a step of its own
MOVES_FOCUS = frozenset({"Tab", "Shift+Tab"})  # keys between fields that change nothing


SLIDER_STEPS = frozenset({"click", "press", "slide"})  # what a person does to a slider before its last value
SLIDER_KEYS = frozenset({"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"})
STEPPING_KEYS = frozenset({"ArrowUp", "ArrowDown", "PageUp", "PageDown"})  # keys that step a number field
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def _stepped(press: RecordedStep, fill: RecordedStep) -> bool:
    """Whether `fill` is the number that the arrow key `press` stepped its field to."""
    return press.value in STEPPING_KEYS and NUMBER.fullmatch(fill.value or "") is not None


def _reorders(step: RecordedStep, list_step: RecordedStep) -> bool:
    """Whether `step` dragged an item within the list that `list_step` dragged one in."""
    both = all(s.action == "drag" and s.place and s.to for s in (step, list_step))
    return both and _same_place(step, list_step) and step.to[0] == list_step.to[0]


def _sends(step: RecordedStep) -> bool:
    """Whether the step may send a form: a submit, Enter, or a click on a button."""
    if step.action == "press":
        return step.value == "Enter"
    return step.action == "submit" or (
        step.action == "click" and (step.tag == "button" or step.input_type in ("submit", "image"))
    )


def _field(step: RecordedStep) -> tuple[object, ...]:
    """What a step sets: a radio group as a whole, else its element."""
    where = (step.page, tuple(step.frame))
    if step.input_type == "radio" and step.group:
        return (*where, "group", step.group)
    return (*where, step.selector)


def _set_to(step: RecordedStep) -> tuple[str, str | None]:
    return (step.action, step.value if step.action in FOLDS_ON_ONE_TARGET else step.selector)


def _same_place(step: RecordedStep, other: RecordedStep) -> bool:
    return step.page == other.page and step.frame == other.frame


def _same_document(url: str | None, other: str) -> bool:
    return url is None or url.split("?")[0].split("#")[0] == other.split("?")[0].split("#")[0]


@dataclass(frozen=True)
class Edit:
    """Step `index` is now `step`; None: the step at `index` was removed (later steps move up)."""

    index: int
    step: RecordedStep | None


@dataclass
class PageState:
    index: int
    history_index: int = -1
    loaded: bool = False
    url: str = ""  # the top frame's URL, as the page reported it (secrets redacted)


class StepFolder:
    """The recording's step list and the rules that grow it."""

    def __init__(self, steps: list[RecordedStep]) -> None:
        self.steps = steps

    def action(self, step: RecordedStep) -> list[Edit]:
        """A user action on an element."""
        edits = self._folded(step)
        if edits and edits[-1].step is step and edits[-1].index == len(self.steps) - 1 and _sends(step):
            edits += self._as_meant(len(self.steps) - 1)
        return edits

    def _folded(self, step: RecordedStep) -> list[Edit]:
        last = self._last_step_on(step.page)
        previous = self.steps[last] if last is not None else None
        same_target = previous is not None and previous.selector == step.selector and previous.frame == step.frame
        if step.action == "drag" and in_order(step.order) is not None:
            run = [i for i in range(len(self.steps)) if _reorders(self.steps[i], step)]
            run = [i for at, i in enumerate(run) if run[at:] == list(range(i, len(self.steps)))]  # a run up to the end
            if run:
                repeat = 1 + sum(self.steps[i].repeat for i in run)
                return [self._drop(i) for i in reversed(run)] + [self._append(step.model_copy(update={"repeat": repeat}))]
        if last is not None and previous is not None and same_target:
            if step.action in FOLDS_ON_ONE_TARGET and previous.action == step.action:
                return [self._replace(last, step)]
            if step.action == "slide" and previous.action in SLIDER_STEPS:
                return [self._replace(last, step)]
            if step.action == "press" and previous.action == "slide" and step.value in SLIDER_KEYS:
                return []  # the number the key moves the slider to comes as its next `slide`
            stepping = step.action == "press" and step.value in STEPPING_KEYS
            if (step.action in ("dblclick", "fill") or stepping) and previous.action == "click":
                return [self._drop(last), self._append(step)]  # the click only focused the field
            if step.action == "fill" and previous.action == "press" and _stepped(previous, step):
                return []  # the number the key stepped the field to: the press, counted, stands for it
            if step.action == "press" and previous.action == "press" and previous.value == step.value:
                return [self._replace(last, previous.model_copy(update={"repeat": previous.repeat + step.repeat}))]
        return [self._append(step)]

    def _form_before(self, end: int) -> list[int]:
        """The steps just before `end` that only set fields (or moved between them) where `end` acts."""
        run: list[int] = []
        for index in range(end - 1, -1, -1):
            step = self.steps[index]
            in_form = step.action in SETS_FIELD or (step.action == "press" and step.value in MOVES_FOCUS)
            if not in_form or not _same_place(step, self.steps[end]):
                break
            run.insert(0, index)
        return run

    def _abandoned(self, attempt: int, between: list[int], sent: int) -> bool:
        """Whether the step at `attempt`, sent again after the fields `between` were set, was an attempt the
        person gave up: the page answered it on the same page, refusing it (a validation message, or no
        visible change) or keeping the form as it was, and the person changed some of what they had entered."""
        tried, again = self.steps[attempt], self.steps[sent]
        if not any(self.steps[i].action in SETS_FIELD for i in between):
            return False
        same_control = (tried.action, tried.selector) == (again.action, again.selector) and _same_place(tried, again)
        if not same_control or tried.opens_page is not None or not _same_document(tried.navigates_to, tried.url):
            return False
        if self._alert_appeared(attempt) or tried.changes_page is False:
            return True
        entered = {
            _field(self.steps[i]): _set_to(self.steps[i])
            for i in self._form_before(attempt)
            if self.steps[i].action in SETS_FIELD
        }
        later = {_field(self.steps[i]): _set_to(self.steps[i]) for i in between if self.steps[i].action in SETS_FIELD}
        kept = any(field not in later for field in entered)  # not a fresh form: the person relied on what it still held
        changed = any(field in entered and entered[field] != value for field, value in later.items())
        return kept and changed

    def _alert_appeared(self, index: int) -> bool:
        """Whether an alert showed after the step at `index` that the page did not show before it."""
        step = self.steps[index]
        before = next(
            (s.shows_alert for s in reversed(self.steps[:index]) if s.page == step.page and s.shows_alert is not None), None
        )
        return bool(step.shows_alert) and not before

    def _as_meant(self, sent: int) -> list[Edit]:
        """The form sent at step `sent` as the person meant it: the attempts before it that they gave up
        dropped, and of the fields set more than once, only the last setting kept (a box's ticks excepted)."""
        form, dropped = self._form_before(sent), set()
        if form and form[0] > 0 and self._abandoned(form[0] - 1, form, sent):
            dropped.add(form[0] - 1)
            form = self._form_before(form[0] - 1) + form
        last: dict[tuple[object, ...], int] = {}
        for index in form:
            step = self.steps[index]
            if step.action in SETS_FIELD and (step.action not in TOGGLES or step.input_type == "radio"):
                field = _field(step)
                if field in last:
                    dropped.add(last[field])
                last[field] = index
        return [self._drop(index) for index in sorted(dropped, reverse=True)]

    def load(self, state: PageState, url: str, nav_type: str, history_index: int, now: float) -> list[Edit]:
        """A document loaded in a page's top frame."""
        state.url = url
        first_load, state.loaded = not state.loaded, True
        previous_index, state.history_index = state.history_index, history_index
        if url.startswith("about:") or nav_type == "prerender":
            return []
        if nav_type == "reload":
            return [self._append(RecordedStep(action="reload", url=url, page=state.index))]
        if nav_type == "back_forward" and previous_index >= 0:
            action = "back" if history_index < previous_index else "forward"
            return [self._append(RecordedStep(action=action, value=url, url=url, page=state.index))]
        attached = self._attach_navigation(state.index, url, NAVIGATION_FOLLOWS_ACTION_S, now)
        if attached:
            return attached
        if first_load and state.index > 0 and any(step.opens_page == state.index for step in self.steps):
            return []  # a popup's first page belongs to the step that opened it
        return [self._append(RecordedStep(action="navigate", value=url, url=url, page=state.index))]

    def route_change(self, state: PageState, to: str, nav_type: str, history_index: int, now: float) -> list[Edit]:
        """A single-page app changed its URL without loading a document."""
        state.url = to
        previous_index, state.history_index = state.history_index, history_index
        if nav_type == "traverse" and previous_index >= 0 and history_index != previous_index:
            action = "back" if history_index < previous_index else "forward"
            return [self._append(RecordedStep(action=action, value=to, url=to, page=state.index))]
        if nav_type in ("push", "replace"):
            return self._attach_navigation(state.index, to, SPA_FOLLOWS_ACTION_S, now)
        return []

    def after(self, page_index: int, changed: bool | None, alert: bool) -> list[Edit]:
        """The page settled after its latest step: note whether a click changed it and whether an alert showed."""
        last = self._last_step_on(page_index)
        if last is None:
            return []
        step = self.steps[last]
        update: dict[str, bool] = {}
        if changed is not None and step.action in ("click", "dblclick") and step.changes_page is None:
            update["changes_page"] = changed
        if step.shows_alert is None:
            update["shows_alert"] = alert
        return [self._replace(last, step.model_copy(update=update))] if update else []

    def popup(self, opener_index: int, page_index: int, now: float) -> list[Edit]:
        """A new page opened by `opener_index`: the opener's latest step, if recent, opened it."""
        last = self._last_step_on(opener_index)
        if last is None or now - self.steps[last].timestamp >= NAVIGATION_FOLLOWS_ACTION_S:
            return []
        return [self._replace(last, self.steps[last].model_copy(update={"opens_page": page_index}))]

    def _attach_navigation(self, page_index: int, url: str, window_s: float, now: float) -> list[Edit]:
        last = self._last_step_on(page_index)
        if last is None:
            return []
        step = self.steps[last]
        if step.action in CAUSES_NAVIGATION and step.navigates_to is None and now - step.timestamp < window_s:
            return [self._replace(last, step.model_copy(update={"navigates_to": url}))]
        return []

    def _last_step_on(self, page_index: int) -> int | None:
        for index in range(len(self.steps) - 1, -1, -1):
            if self.steps[index].page == page_index:
                return index
        return None

    def _append(self, step: RecordedStep) -> Edit:
        self.steps.append(step)
        return Edit(len(self.steps) - 1, step)

    def _replace(self, index: int, step: RecordedStep) -> Edit:
        self.steps[index] = step
        return Edit(index, step)

    def _drop(self, index: int) -> Edit:
        del self.steps[index]
        return Edit(index, None)
