"""Recording helpers: a session on a fresh page, and the check that selectors hold in a fresh load."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import BrowserContext, Frame, Page

from recorder import RecordedStep, RecordingSession
from tests.helpers import settle


class Recorder:
    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.page = context.new_page()
        self.session = RecordingSession(context, title="test")

    @contextmanager
    def recording(self) -> Iterator[Page]:
        self.session.start()
        yield self.page
        self.settle()

    def settle(self) -> None:
        settle(self.session)

    def steps(self) -> list[RecordedStep]:
        return self.session.steps


@pytest.fixture
def recorder(context: BrowserContext) -> Iterator[Recorder]:
    rec = Recorder(context)
    yield rec
    rec.session.stop()


def _frame(page: Page, step: RecordedStep) -> Frame:
    frame = page.main_frame
    for selector in step.frame:
        handle = frame.locator(selector).element_handle()
        assert handle is not None
        inner = handle.content_frame()
        assert inner is not None
        frame = inner
    return frame


def assert_selectors_resolve(context: BrowserContext, step: RecordedStep) -> None:
    """Every selector of the step matches exactly one element in a fresh load, the same for all."""
    page = context.new_page()
    try:
        page.goto(step.url)
        page.wait_for_load_state("load")
        frame = _frame(page, step)
        assert step.selector == step.selectors[0]
        first = None
        for selector in step.selectors:
            locator = frame.locator(selector)
            assert locator.count() == 1, f"{selector!r} matches {locator.count()} elements"
            handle = locator.element_handle()
            if first is None:
                first = handle
            else:
                assert frame.evaluate("([a, b]) => a === b", [first, handle]), f"{selector!r} is another element"
    finally:
        page.close()
