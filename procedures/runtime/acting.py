"""A step's action on its element: a widget idiom's play (procedures.runtime.idioms), else the plain action
(click, fill, choose, tick, press, upload, a gesture).

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

import string
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from procedures.runtime import checks
from procedures.runtime.deadline import evaluate_in_time
from procedures.runtime.formats import for_input, ordinal_number
from procedures.runtime.gestures import GESTURES, play_gesture, word_of
from procedures.runtime.idioms import IdiomPlays, idiom_playing, idioms_of
from procedures.runtime.locating import Locating
from procedures.runtime.placeholders import PLACEHOLDER, placeholders
from procedures.runtime.reaching import Reaching
from procedures.runtime.stepping import NOT_FILLABLE, OPTIONS_WAIT_MS, UNCHECKED
from procedures.runtime.steps import Step
from procedures.runtime.widgets import listed, read_through, shown_beside


class Acting(IdiomPlays, Locating, Reaching):
    """The Player's part that acts on the element found."""

    def _act(self, index: int, step: Step, locator: Locator, page: Page, files: list[str]) -> None:
        action, timeout = step["action"], self.timeout_ms
        marked = idioms_of(step)
        if action in ("click", "dblclick", "fill", "check") and all(i.revealed for i in marked):
            several = any(i.several for i in marked)
            self._reveal(locator.first if several else locator)  # items that show a value, or items compared: one or more
        value = self._text(step.get("value")) if step.get("value") is not None else ""
        if action in ("click", "dblclick", "fill", "select", "check") and all(i.read_through for i in marked):
            read_through(locator)  # a field that takes input once a text above it is read to its end
        if step.get("navigates_to") and not step.get("frame") and self.before_leaving is not None:
            self.before_leaving(index, locator, page)  # the element while its page still shows it
        idiom = idiom_playing(step)
        if idiom is not None:
            idiom.play(self, index, step, locator, page, value)
        elif action == "click":
            self._click_shown(index, step, locator, page)
        elif action == "dblclick":
            locator.dblclick(timeout=timeout)
        elif action == "fill":
            self._fill(index, step, locator, page, value)
        elif action == "select" and step.get("input_type") == "select-multiple":
            labels = [label for label, _ in locator.evaluate_all(checks.OPTIONS_JS) or []]
            self._choose(index, step, locator, page, listed(value, labels))
        elif action == "select":
            self._choose(index, step, locator, page, value.split("\n"))
        elif action == "check":
            locator.set_checked(value.strip().lower() not in UNCHECKED, timeout=timeout)  # no value: check it
        elif action == "uncheck":
            locator.uncheck(timeout=timeout)
        elif action == "press":
            on_page = evaluate_in_time(locator, "e => e === document.body")
            for _ in range(step.get("repeat") or 1):
                if on_page:
                    page.keyboard.press(value)
                else:
                    locator.press(value, timeout=timeout)
        elif action == "submit":
            evaluate_in_time(locator, "form => form.requestSubmit ? form.requestSubmit() : form.submit()")
        elif action == "upload":
            locator.set_input_files(files, timeout=timeout)
        elif action in GESTURES:
            problem, fault = play_gesture(
                page, self._scope(step, page), step, locator, value, lambda s: self._text(s, "selector")
            )
            self._fail_if(index, step, page, problem, fault)
        else:
            raise ValueError(f"unknown action {action!r}")

    def _fill(self, index: int, step: Step, locator: Locator, page: Page, value: str) -> None:
        if step.get("reads") and step.get("to"):  # a word of what an element shows
            self._typed = word_of(
                self._scope(step, page), [self._text(s, "selector") for s in step["to"]], step.get("word") or ""
            )
            self._fail_if(index, step, page, None if self._typed else f"the page shows no {step.get('word')} word to read")
            locator.fill(self._typed or "", timeout=self.timeout_ms)
        elif step.get("reads"):  # what the page shows beside the text `value`
            self._typed = shown_beside(self._scope(step, page), value)
            self._fail_if(index, step, page, None if self._typed else f'the page shows nothing beside "{value}"')
            if step.get("word"):  # the word at the task's place in it
                place = ordinal_number(self._text(step["word"])) or 0
                words = [w.strip(string.punctuation) for w in (self._typed or "").split()]
                self._typed = words[place - 1] if 0 < place <= len(words) else None
                self._fail_if(index, step, page, None if self._typed else f"no {self._text(step['word'])} word there", "task")
            locator.fill(self._typed or "", timeout=self.timeout_ms)
        elif self._secrets_of(step):
            self._fill_secret(index, step, locator, value)
        else:
            written, value = value, for_input(step.get("input_type") or "", value)  # "2:37 PM" into a time field is "14:37"
            whole = PLACEHOLDER.fullmatch(step.get("value") or "") if written != value else None
            if whole is not None and whole.group(1):
                self.sent[whole.group(1)] = value  # what the form sends, for the end checks' URL
            try:
                locator.fill(value, timeout=self.timeout_ms)
            except PlaywrightError as exc:  # DevTools records a choice in a select as "change", imported as fill
                if NOT_FILLABLE not in str(exc):
                    raise
                self._choose(index, step, locator, page, [value])

    def _choose(self, index: int, step: Step, locator: Locator, page: Page, wanted: list[str]) -> None:
        """Choose options by label, else by value, at once; a choice that is not there fails listing the options."""
        deadline = time.monotonic() + OPTIONS_WAIT_MS / 1000
        while True:
            options = locator.evaluate_all(checks.OPTIONS_JS)
            if options is None:  # not a <select>: let Playwright find the option its own way
                locator.select_option(label=wanted, timeout=self.timeout_ms)
                self._chosen_labels = wanted
                return
            values = checks.matching_options(options, wanted)
            if not isinstance(values, str) or time.monotonic() >= deadline:
                break
            page.wait_for_timeout(100)  # the list may still be loading its options
        if isinstance(values, str):
            self._fail_if(index, step, page, values, "option" if placeholders(step.get("value")) else "procedure")
            return
        locator.select_option(value=values, timeout=self.timeout_ms)
        self._chosen_labels = [next(label for label, v in options if v == value) for value in values]
        self.notes += [
            f"chose the option {label!r} for {choice!r}, which is not an option now"
            for choice, label, value in zip(wanted, self._chosen_labels, values)
            if choice not in (label, value) and checks.closest_option(choice, [label]) == label
        ]
        own = placeholders(step.get("value"))
        if len(own) == 1 and step.get("value") == "{" + next(iter(own)) + "}":
            self.shown[next(iter(own))] = "\n".join(self._chosen_labels)  # a value given as the option's value shows as its label
            self.sent[next(iter(own))] = "\n".join(values)
