"""Finding a step's element: its selectors in order, the item the person picked, a menu path, a suggestion as
typed; and revealing it (a closed section or tab) and clicking where it shows.

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

import re
import time
from typing import NoReturn

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import FrameLocator, Locator, Page

from procedures.runtime.deadline import evaluate_in_time, handle_in_time
from procedures.runtime.formats import ordinal_number
from procedures.runtime.idioms import idioms_of
from procedures.runtime.picks import items_said, pick_of
from procedures.runtime.placeholders import fill_placeholders, placeholders
from procedures.runtime.pointing import element_words, visible_point
from procedures.runtime.relabelled import field_relabelled
from procedures.runtime.stepping import (
    HAS_OPENER_JS,
    ITEM_TEXTS_JS,
    LOCATE_POLL_MS,
    MAX_REVEALS,
    MENU_PATH,
    OPENER_JS,
    OPTIONAL_WAIT_MS,
    REVEAL_WAIT_MS,
    SETTLE_QUIET_MS,
    PlayerBase,
    StepFailed,
    describe_step,
    hidden_in_opener,
    hidden_too,
    is_named,
    is_one_of,
    named_selectors,
    page_summary,
    renumbered,
)
from procedures.runtime.steps import Step


class Locating(PlayerBase):
    """The Player's part that finds the element a step acts on."""

    def _locate(self, index: int, step: Step, page: Page) -> tuple[str, Locator, list[str]]:
        """The first stored selector that matches exactly one element whose role and name are the recorded
        ones, waiting until it appears or, once the page has settled, giving up: a missing element is
        reported without waiting for the whole step timeout."""
        scope = self._scope(step, page)
        selectors = [self._text(s, "selector") for s in step.get("selectors") or [step.get("selector")] if s]
        if not selectors:
            raise StepFailed(index, f"step {index + 1} ({describe_step(step)}) has no selector")
        if step.get("ordinal"):  # "the 2nd text box": the so-manyth shown element that the selectors find
            place = ordinal_number(self._text(step["ordinal"]))
            self._fail_if(index, step, page, None if place else f'"{self._text(step["ordinal"])}" names no place', "task")
            selectors = [f"{s} >> visible=true >> nth={(place or 1) - 1}" for s in selectors]
        locators = [scope.locator(s) for s in selectors]
        named = named_selectors(selectors)
        loose = [r for r in map(renumbered, named) if r]
        identities = [scope.locator(s) for s in named + loose]
        hidden = [scope.locator(h) for h in map(hidden_too, named + loose) if h]
        extra = [r for r in loose if r not in selectors]  # last: the recorded element under another number
        selectors += extra
        locators += [scope.locator(r) for r in extra]
        tried: list[str] = []
        strangers: list[str] = []  # fallbacks that found an element with another role or name
        several: dict[str, int] = {}  # selectors that found more than one element, and how many
        self._settled(page, restart=id(page) not in self._acted_on)  # another's action may have set off what is to come
        deadline = time.monotonic() + (min(self.timeout_ms, OPTIONAL_WAIT_MS) if step.get("optional") else self.timeout_ms) / 1000
        while True:
            for number, (selector, locator) in enumerate(zip(selectors, locators)):
                found = locator.count()
                if found == 1 or (found > 1 and any(idiom.several for idiom in idioms_of(step))):
                    if number == 0 or is_named(selector) or is_one_of(locator, identities):
                        return selector, locator, tried
                    if found == 1 and hidden_in_opener(locator, hidden):
                        return selector, locator, tried
                    if selector not in strangers:
                        strangers.append(selector)
                elif found > 1 and number == 0 and pick_of(step, self.picks):  # the person picked one by its place
                    return selector, self._picked(index, step, page, locator, found), tried
                elif found > 1 and number == 0 and step.get("any_row"):  # the task addresses the value's holder
                    self.unsure.append(f"{found} items show the value the task names; the first was used")
                    self.notes.append(self.unsure[-1])
                    return selector, locator.first, tried
                elif found > 1:
                    several[selector] = found
                if selector not in tried:
                    tried.append(selector)
            now = time.monotonic()
            if now >= deadline or self._settled(page, quiet_ms=self._acted_on.get(id(page), SETTLE_QUIET_MS)):
                break
            page.wait_for_timeout(LOCATE_POLL_MS)
        relabelled = field_relabelled(scope, step)  # a form laid out again: its label in more or fewer words
        if relabelled is not None:
            self.relaid = True
            self.notes.append(f'found the field labelled "{step.get("field")}" by the words of its label now')
            return relabelled[0], relabelled[1], tried
        self._not_found(index, step, page, selectors, tried, strangers, several)

    def _picked(self, index: int, step: Step, page: Page, locator: Locator, found: int) -> Locator:
        """The item the person picked by its place among the `found` that show the value; a place beyond them
        stops the run, naming it."""
        name, place = pick_of(step, self.picks) or ("", 0)
        value = self.params.get(name, "")
        self._fail_if(index, step, page, None if place <= found else f'no item #{place}: {found} items show "{value}"', "task")
        self.notes.append(f'picked item #{place} of the {found} that show "{value}"')
        return locator.nth(place - 1)

    def _not_found(
        self,
        index: int,
        step: Step,
        page: Page,
        selectors: list[str],
        tried: list[str],
        strangers: list[str],
        several: dict[str, int],
    ) -> NoReturn:
        """Why no element was found: several items the task does not tell apart, a choice the page does not
        offer (both the task's fault), or nothing that the selectors match."""
        scope = self._scope(step, page)
        other = (
            f"; {', '.join(strangers)} found an element without the recorded role and name, so it was not used"
            if strangers
            else ""
        )
        if step.get("row") and selectors[0] in several:  # several items show the value: the task does not say which
            name = sorted(placeholders(step.get("selector")))[0] if placeholders(step.get("selector")) else ""
            texts = scope.locator(selectors[0]).evaluate_all(ITEM_TEXTS_JS, self._text(step["row"], "selector"))
            raise StepFailed(
                index,
                f"step {index + 1} ({describe_step(step)}): {several[selectors[0]]} items show the value the task names "
                f'("{self.params.get(name, "")}"), and it does not say which one: '
                f"{items_said(texts, name, str(self.params.get(name, '')))}",
                tried,
                fault="task",
            )
        absent = self._task_value_absent(step, scope)
        if absent is not None:
            raise StepFailed(index, f"step {index + 1} ({describe_step(step)}): {absent}", tried, fault="task")
        raise StepFailed(
            index,
            f"step {index + 1} ({describe_step(step)}): no element matched any of {len(selectors)} selectors "
            f"({'; '.join(selectors)}){other}. The page showed {page_summary(page)}",
            tried,
            missing=True,
        )

    def _task_value_absent(self, step: Step, scope: Page | FrameLocator) -> str | None:
        """A choice of a group (radio buttons) that the task names, that the group did not offer when it was
        recorded and that the page does not offer now, while it does offer the demonstrated one (a flavour
        the shop does not sell): the task's fault, not the procedure's."""
        raw, label = step.get("selector") or "", step.get("label") or ""
        names, offered = placeholders(raw), {o.casefold() for o in step.get("options") or []}
        if len(names) != 1 or not label or not offered:
            return None
        name = next(iter(names))
        wanted = self.params.get(name, "")
        if not wanted or wanted.casefold() in offered:
            return None
        demonstrated = fill_placeholders(raw, {**self.params, name: label}, "selector")
        if scope.locator(demonstrated).count() == 0:
            return None
        return f'the page offers no "{wanted}" for {{{name}}}, though it offers the demonstrated "{label}"'

    def _reveal(self, locator: Locator) -> None:
        """Open the collapsed sections or tabs that hide the element (OPENER_JS), outermost first; a
        control that says it has a popup (a menu item with a submenu) is hovered first, as a person does."""
        for _ in range(MAX_REVEALS):
            if locator.is_visible():
                return
            opener = handle_in_time(locator, OPENER_JS).as_element()
            if opener is None:
                return
            name = " ".join(opener.inner_text().split())[:60]
            if opener.get_attribute("aria-haspopup") not in (None, "false"):
                opener.hover(timeout=self.timeout_ms)
                if self._shows(locator):
                    self.notes.append(f"pointed at {name!r}, which held the element")
                    return
            opener.click(timeout=self.timeout_ms)
            self.notes.append(f"opened {name!r}, which held the element")
            self._shows(locator)  # else another section inside it may still be closed

    def _click_shown(self, index: int, step: Step, locator: Locator, page: Page) -> None:
        """Click the element at a point of it that shows (another element may lie over its centre); one that
        went hidden meanwhile (in a section that the previous step closed, still closing when it was found)
        is revealed again and clicked once more."""
        try:
            locator.click(timeout=self.timeout_ms, position=self._point_shown(index, step, locator, page))
        except PlaywrightError as exc:
            if "not visible" not in str(exc) or locator.is_visible():
                raise
            self._reveal(locator)
            locator.click(timeout=self.timeout_ms, position=self._point_shown(index, step, locator, page))

    def _point_shown(self, index: int, step: Step, locator: Locator, page: Page) -> dict[str, float] | None:
        """Where to click a shown element: None for its centre, else a point of it that nothing covers; no such
        point within the step's time stops the run, naming the element and what covers it."""
        if not locator.is_visible():
            return None
        point = visible_point(locator, self.timeout_ms)
        if isinstance(point, str):
            self._fail_if(index, step, page, f"no point of {element_words(locator)} shows: {point} lies over it")
        if point is not None:
            self.notes.append(f"clicked {element_words(locator)} where it shows, beside what lies over its centre")
        return point if isinstance(point, dict) else None

    @staticmethod
    def _shows(locator: Locator) -> bool:
        """Whether the element shows within REVEAL_WAIT_MS."""
        try:
            locator.wait_for(state="visible", timeout=REVEAL_WAIT_MS)
            return True
        except PlaywrightError:
            return False

    def _locate_on_path(self, index: int, step: Step, page: Page) -> tuple[str, Locator, list[str]]:
        """_locate; when the element a parameter names is missing and its value is a menu path ("File >
        Export > PDF"), each item of the path but the last is pointed at (clicked when that shows
        nothing) and the last is found in its place. Each item must show only once the one before is open."""
        try:
            return self._locate(index, step, page)
        except StepFailed as failure:
            path = self._menu_path(step) if failure.missing else None
            if path is None:
                raise
            missing = failure
        name, items = path
        scope = self._scope(step, page)
        shown = [scope.get_by_text(item, exact=True).locator("visible=true").first for item in items]
        for item, (opener, following) in zip(items, zip(shown, shown[1:])):
            if following.count():
                raise missing  # shown already: it is not in that item's menu, so the path does not hold
            opener.hover(timeout=self.timeout_ms)
            if not self._shows(following):
                opener.click(timeout=self.timeout_ms)
            self.notes.append(f"opened the menu {item!r}")
        played = self.params
        self.params = {**played, name: items[-1]}
        try:
            return self._locate(index, step, page)
        finally:
            self.params = played

    def _as_typed(self, step: Step, page: Page, selector: str, locator: Locator) -> Locator:
        """Among the suggestions that show the typed value in any case, the first that shows it as typed and as a
        word ("SHV" is Shreveport's code, and is in "Nashville" too); else the first."""
        base = selector.removesuffix(" >> nth=0")
        names = set().union(*(placeholders(s) for s in step.get("selectors") or []))
        typed = [str(self.params.get(name, "")) for name in sorted(names)]
        if base == selector or not any(typed):
            return locator
        shown = self._scope(step, page).locator(base)
        for at, text in enumerate(shown.all_inner_texts()):
            if all(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text) for t in typed if t):
                return shown.nth(at)
        return locator

    def _menu_path(self, step: Step) -> tuple[str, list[str]] | None:
        """The parameter naming the step's element whose value is a menu path, and the path's items."""
        for name in sorted(placeholders(step.get("selector") or "")):
            items = [item.strip() for item in MENU_PATH.split(str(self.params.get(name, "")))]
            if len(items) > 1 and all(items):
                return name, items
        return None

    def _at_hand(self, index: int, page: Page) -> bool:
        """Whether the element of the first step after `index` that opens nothing is on the page now, shown or
        inside a closed tab or section that a control opens (that step opens it): the steps that opened
        the demonstration's section for it are not needed, and would open another one."""
        after = next((s for s in self._steps[index + 1 :] if not s.get("reveals")), None)
        if after is None or after.get("ordinal") or not all(idiom.known_at_hand for idiom in idioms_of(after)):
            return False
        scope = self._scope(after, page)
        try:
            for selector in [self._text(s, "selector") for s in after.get("selectors") or [after.get("selector")] if s]:
                found = scope.locator(selector)
                if found.count() == 1 and (found.is_visible() or evaluate_in_time(found, HAS_OPENER_JS)):
                    return True
        except (KeyError, PlaywrightError):
            return False
        return False
