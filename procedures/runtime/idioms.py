"""The widget idioms replay plays, one table entry each (IDIOMS): the step field that marks the idiom and how
it is played (a spinner stepped, a day picked in a calendar, a set of boxes ticked...). The building side of
each idiom is procedures.building.idioms.

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

import re
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from playwright.sync_api import Locator, Page

from procedures.runtime import checks
from procedures.runtime.comparison import extreme, superlative
from procedures.runtime.deadline import evaluate_in_time
from procedures.runtime.formats import month_shown, read_date
from procedures.runtime.stepping import (
    ITEM_TEXTS_JS,
    LOCATE_POLL_MS,
    MAX_MONTH_STEPS,
    MAX_PAGER_CLICKS,
    PlayerBase,
    StepFailed,
    describe_step,
    names_arrow,
    page_summary,
)
from procedures.runtime.steps import Step
from procedures.runtime.widgets import (
    PICTURE_ITEM_JS,
    by_meaning,
    first_of_kind,
    kind_named,
    listed,
    number_in,
    spin,
)


class IdiomPlays(PlayerBase):
    """The Player's part that plays the widget idioms: each method is the play of one entry of IDIOMS."""

    def _click_until(self, index: int, step: Step, page: Page) -> tuple[str, str | None, list[str]]:
        """Click the step's element (a pager's "next") until the page shows the text `until` names, as often
        as it takes and not at all when it shows already; the page never showing it is the task's fault."""
        wanted = self._text(step["until"])
        shown = self._scope(step, page).get_by_text(wanted, exact=True).locator("visible=true")
        selector, tried = None, []
        for turn in range(MAX_PAGER_CLICKS + 1):
            deadline = time.monotonic() + self.timeout_ms / 1000
            self._settled(page, restart=True)
            while not shown.count() and not self._settled(page) and time.monotonic() < deadline:
                page.wait_for_timeout(LOCATE_POLL_MS)
            if shown.count():
                self.notes.append(f'the page showed "{wanted}" after {turn} clicks')
                return ("ok" if turn else "skipped"), selector, tried
            try:
                selector, locator, tried = self._locate(index, step, page)
            except StepFailed:
                break  # no pager left: the last page
            if not locator.is_visible():
                break
            locator.click(timeout=self.timeout_ms)
        raise StepFailed(
            index,
            f'step {index + 1} ({describe_step(step)}): the page never showed "{wanted}", the task\'s value. '
            f"The page showed {page_summary(page)}",
            tried,
            fault="task",
        )

    def _click_by_kind(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Click the first element of the kind `value` names ("checkbox") inside the step's element."""
        kind = kind_named(value)
        self._fail_if(index, step, page, None if kind else f'"{value}" names no kind of element', "task")
        target = first_of_kind(locator.first, kind or "")
        self._fail_if(index, step, page, None if target.count() else f"no {value} is shown here")
        target.click(timeout=self.timeout_ms)

    def _click_by_picture(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Click the element of the recorded one's role that shows the picture shown with the task's words,
        opening what holds it first (`value` is not used: the picture is the page's)."""
        found = evaluate_in_time(locator.first, PICTURE_ITEM_JS)
        self._fail_if(index, step, page, found.get("problem"))
        target = self._scope(step, page).locator(found["css"]).nth(found["index"])
        self._reveal(target)
        target.click(timeout=self.timeout_ms)

    def _spin(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Step a spinner by the element's arrows (or arrow keys on its field) until it shows the number `value`."""
        wanted = number_in(value)
        self._fail_if(index, step, page, None if wanted is not None else f'"{value}" is no number', "task")
        assert wanted is not None
        key = "ArrowUp" if step["action"] == "press" else None
        self._fail_if(index, step, page, spin(locator.first.element_handle(), wanted, key, self.timeout_ms))

    def _pick_date(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Step the calendar to the month of the date `value`, by its month arrows, and click the day."""
        calendar = locator.first
        wanted = read_date(value)
        self._fail_if(index, step, page, None if wanted else f'"{value}" is no date', "task")
        assert wanted is not None
        for _ in range(MAX_MONTH_STEPS):
            shown = month_shown(calendar.inner_text(timeout=self.timeout_ms))
            self._fail_if(index, step, page, None if shown else "the calendar shows no month")
            assert shown is not None
            if shown == (wanted.year, wanted.month):
                break
            words = (
                ("prev", "previous", "‹", "«", "<", "←") if shown > (wanted.year, wanted.month) else ("next", "›", "»", ">", "→")
            )
            arrows = [a for a in calendar.locator("a, button, [role=button]").all() if names_arrow(a, words)]
            self._fail_if(index, step, page, None if arrows else f"the calendar has no arrow towards {value}")
            before = calendar.inner_text()
            arrows[0].click(timeout=self.timeout_ms)
            page.wait_for_function(
                "([e, t]) => !e.isConnected || e.innerText !== t",
                arg=[calendar.element_handle(), before],
                timeout=self.timeout_ms,
            )
        day = calendar.locator("td a, td button, [role=gridcell]").filter(has_text=re.compile(rf"^\s*{wanted.day}\s*$"))
        self._fail_if(index, step, page, None if day.count() else f"the calendar shows no day {wanted.day}")
        day.first.click(timeout=self.timeout_ms)

    def _click_in_rows(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Click the element in every item found ("all"), or in the first so many (a number)."""
        elements = locator.all()
        wanted = len(elements) if value.strip().lower() == "all" else int(value) if value.strip().isdigit() else None
        self._fail_if(index, step, page, None if wanted is not None else f'"{value}" is no number of items', "task")
        assert wanted is not None
        self._fail_if(
            index,
            step,
            page,
            None if len(elements) >= wanted else f"{wanted} items wanted, {len(elements)} show the value",
            "task",
        )
        for element in elements[:wanted]:
            element.click(timeout=self.timeout_ms)

    def _click_by_comparison(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Click the element in the item whose value in the step's column is the one the superlative `value` picks."""
        column = step["compare"]
        word = superlative(value, column)
        self._fail_if(index, step, page, None if word else f'"{value}" is no superlative this replay compares by', "task")
        assert word is not None
        items = locator.evaluate_all(ITEM_TEXTS_JS, self._text(step.get("row") or "", "selector"))
        shown = [(at, texts) for at, texts in enumerate(items) if texts is not None]
        best = extreme([texts for _, texts in shown], word, column)
        self._fail_if(index, step, page, None if best is not None else f"no item shows a {word.kind} to compare by {column}")
        assert best is not None
        self.notes.append(f"the {value} of {len(shown)} items by {column}: item {shown[best][0] + 1}")
        locator.nth(shown[best][0]).click(timeout=self.timeout_ms)

    def _tick_exactly(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        """Tick the checkboxes inside `locator` that the value names ("a, b and c"), untick the others; a step
        whose element is itself a checkbox (a set of one) ticks that box."""
        own = evaluate_in_time(locator.first, "e => e.matches('input[type=checkbox]')")
        boxes = locator.first if own else locator.first.locator("input[type=checkbox]")
        names = [n.strip().lower() for n in boxes.evaluate_all(checks.CHECKBOX_NAMES_JS)]
        wanted = set(listed(value, names))  # "Salt and pepper" is one when a box is so labelled
        meant = by_meaning(sorted(wanted), names, self.closeness) if self.closeness and not wanted <= set(names) else {}
        self.notes += [f"ticked {name!r} for {word!r}, a word of the same meaning" for word, name in meant.items()]
        wanted = {meant.get(w, w) for w in wanted}
        missing = sorted(wanted - set(names))
        self._fail_if(
            index,
            step,
            page,
            f"no checkbox here is labelled {', '.join(repr(m) for m in missing)}{' or a word of its meaning' if self.closeness else ''}"
            if missing
            else None,
        )
        for at, name in enumerate(names):
            boxes.nth(at).set_checked(name in wanted, timeout=self.timeout_ms)
        ticked = [n for n, on in zip(names, boxes.evaluate_all("els => els.map(e => e.checked)")) if on]
        if set(ticked) != wanted:
            self._fail_if(index, step, page, f"expected exactly {sorted(wanted)} ticked, saw {sorted(ticked)}")


class Idiom(NamedTuple):
    """One widget idiom as replay plays it: the step field that marks it (true, or for `set_marks` set at all),
    the only action it is played for ("": any), and what its play does beyond acting."""

    field: str
    play: Callable[
        [Any, int, Step, Locator, Page, str], None
    ]  # an IdiomPlays method: (player, index, step, element, page, value)
    action: str = ""
    set_marks: bool = False
    checks_itself: bool = False  # the play checks what it did: the step's own field checks are left out
    revealed: bool = True  # the element is revealed (opened from a closed section) before the play
    read_through: bool = True  # the element is read to its end before the play (a field that takes input then)
    several: bool = False  # one element per item: the selector may find several, the first is revealed
    known_at_hand: bool = True  # whether the element can be told at hand before its step (see Locating._at_hand)

    def marks(self, step: Step) -> bool:
        value = step.get(self.field)  # type: ignore[misc]
        return value is not None if self.set_marks else bool(value)


IDIOMS = (  # in the order a step marked by several is played by the first
    Idiom("spin", IdiomPlays._spin, checks_itself=True),
    Idiom("by_kind", IdiomPlays._click_by_kind, known_at_hand=False),
    Idiom("by_picture", IdiomPlays._click_by_picture, revealed=False, known_at_hand=False),
    Idiom(
        "calendar", IdiomPlays._pick_date, "click", checks_itself=True, revealed=False, read_through=False, known_at_hand=False
    ),
    Idiom("each_row", IdiomPlays._click_in_rows, "click", several=True, known_at_hand=False),
    Idiom("compare", IdiomPlays._click_by_comparison, "click", set_marks=True, several=True),
    Idiom("many", IdiomPlays._tick_exactly, "check", checks_itself=True, revealed=False, read_through=False, known_at_hand=False),
)


def idioms_of(step: Step) -> list[Idiom]:
    """The idioms that mark the step, whatever its action."""
    return [idiom for idiom in IDIOMS if idiom.marks(step)]


def idiom_playing(step: Step) -> Idiom | None:
    """The idiom whose play plays the step, if any."""
    return next((i for i in idioms_of(step) if i.action in ("", step["action"])), None)
