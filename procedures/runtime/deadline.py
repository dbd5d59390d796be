"""Calls into a page with a deadline. Playwright waits for `evaluate` and CDP calls as long as the page takes,
and a page whose script never ends never answers; a call here that gets no answer in time ends in PageFrozen,
the page closed (every later call on it fails at once instead of waiting too)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable
from typing import Any

from playwright._impl._sync_base import mapping
from playwright.sync_api import ElementHandle, Frame, JSHandle, Locator, Page
from playwright.sync_api import Error as PlaywrightError

PAGE_DEADLINE_S = 10.0  # a page busy for longer than this is frozen: a settled page answers in milliseconds
LOCATOR_WAIT_S = 30.0  # what a locator waits for its element before the call itself (Playwright's default)
POPUP_FLOOD = 5  # windows a run's pages opened of their own from which the run says the screen was flooded


FROZEN: weakref.WeakKeyDictionary[Page, str] = weakref.WeakKeyDictionary()  # pages closed as frozen -> why


class PageFrozen(Exception):
    """The page did not answer a call in time: a script on it never ends."""


def frozen(page: Page, seconds: float = PAGE_DEADLINE_S) -> PageFrozen:
    """PageFrozen for `page`, once it is closed (closing is done by the browser, which a frozen page cannot stop)."""
    why = FROZEN[page] = f"the page did not answer for {seconds:.0f} s: a script on it never ends (the page was closed)"
    try:
        page.close(run_before_unload=False)
    except PlaywrightError:
        pass
    return PageFrozen(why)


Target = Page | Frame | Locator | ElementHandle | JSHandle


def evaluate_in_time(
    target: Target, expression: str, arg: Any = None, seconds: float = PAGE_DEADLINE_S, page: Page | None = None
) -> Any:
    """`target.evaluate(expression, arg)` on a page, frame, locator or handle (a handle names its `page`), or
    PageFrozen when the page has not answered within `seconds` (a locator's wait for its element on top)."""
    call = target._impl_obj.evaluate(expression=expression, arg=mapping.to_impl(arg), **_wait(target))  # noqa: SLF001
    return mapping.from_maybe_impl(_in_time(target, call, seconds, page))


def handle_in_time(
    target: Target, expression: str, arg: Any = None, seconds: float = PAGE_DEADLINE_S, page: Page | None = None
) -> JSHandle:
    """`target.evaluate_handle(expression, arg)` with the deadline of evaluate_in_time."""
    call = target._impl_obj.evaluate_handle(expression=expression, arg=mapping.to_impl(arg), **_wait(target))  # noqa: SLF001
    return mapping.from_impl(_in_time(target, call, seconds, page))


def _wait(target: Target) -> dict[str, float]:
    """A locator's wait for its element (Playwright's own, which it ends itself); other targets do not wait."""
    return {"timeout": LOCATOR_WAIT_S * 1000} if isinstance(target, Locator) else {}


def _in_time(target: Target, call: Awaitable[Any], seconds: float, page: Page | None) -> Any:
    owner = page or (target if isinstance(target, Page) else target.page if isinstance(target, (Frame, Locator)) else None)
    if owner is None:
        raise TypeError("a handle's call into its page needs the page, to close it when it freezes")
    limit = seconds + (LOCATOR_WAIT_S if isinstance(target, Locator) else 0)

    async def timed() -> Any:
        return await asyncio.wait_for(call, limit)

    try:
        return target._sync(timed())  # noqa: SLF001
    except TimeoutError:
        raise frozen(owner, seconds) from None


def page_trouble(page: Page) -> str | None:
    """What the page did that no procedure can get past, said plainly (it froze and was closed, it flooded the
    screen with windows); None otherwise."""
    return FROZEN.get(page) or popup_flood(page)


def popup_flood(page: Page) -> str | None:
    """What a page that opened POPUP_FLOOD windows or more of its own did, said plainly; None otherwise. Counted
    by the browser, which knows of a window as soon as it is opened (Playwright, once it has loaded)."""
    try:
        browser = page.context.browser
        if browser is None:
            opened = len(page.context.pages) - 1
        else:
            cdp = browser.new_browser_cdp_session()
            try:
                targets = cdp.send("Target.getTargets", timeout=PAGE_DEADLINE_S * 1000)["targetInfos"]
            finally:
                cdp.detach()
            opened = sum(1 for t in targets if t.get("type") == "page" and t.get("openerId"))
    except PlaywrightError:
        return None
    return f"the page opened {opened} windows of its own (a popup flood)" if opened >= POPUP_FLOOD else None
