"""Finding and launching Chromium: the one place that knows the executable and its flags."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from core.errors import ShowMeHowError
from core.settings import Settings, load_settings

INSTALL_HINT = (
    "install it with `sudo apt-get install -y chromium`, or set SHOWMEHOW_CHROMIUM or `showmehow config set chromium_path PATH`"
)

# Flags for a machine whose network is closed: no background fetches, no sign-in, no updates.
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-features=Translate,OptimizationHints,MediaRouter",
]


def find_chromium(settings: Settings | None = None) -> str:
    """The Chromium executable: the setting, then SHOWMEHOW_CHROMIUM, then `chromium` on PATH."""
    settings = settings or load_settings()
    for source, candidate in (
        ("the chromium_path setting", settings.chromium_path),
        ("SHOWMEHOW_CHROMIUM", os.environ.get("SHOWMEHOW_CHROMIUM")),
    ):
        if candidate:
            if Path(candidate).is_file() and os.access(candidate, os.X_OK):
                return candidate
            raise ShowMeHowError(f"Chromium not found at {candidate} (from {source}); {INSTALL_HINT}")
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise ShowMeHowError(f"Chromium is not installed; {INSTALL_HINT}")
    return found


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def launch(playwright: Playwright, headless: bool = True, settings: Settings | None = None) -> Browser:
    if not headless and not has_display():
        raise ShowMeHowError("a visible browser needs a display; run under `xvfb-run -a` or pass --headless")
    args = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    try:
        return playwright.chromium.launch(executable_path=find_chromium(settings), headless=headless, args=args)
    except PlaywrightError as exc:
        raise ShowMeHowError(f"Chromium failed to start: {str(exc).splitlines()[0]}") from exc


def new_context(browser: Browser, headless: bool) -> BrowserContext:
    """A fresh context: a visible window's pages are as large as the window (Playwright would emulate a
    1280x720 page inside it, cut off in a smaller window), headless pages are 1280x800."""
    if headless:
        return browser.new_context(viewport={"width": 1280, "height": 800})
    return browser.new_context(no_viewport=True)


def place_window(page: Page, left: int, top: int, width: int, height: int) -> None:
    """Move and size the visible browser window that shows `page` (through CDP: Chromium's launch flags
    size only a startup window, which Playwright does not use)."""
    cdp = page.context.new_cdp_session(page)
    try:
        window = cdp.send("Browser.getWindowForTarget")["windowId"]
        cdp.send("Browser.setWindowBounds", {"windowId": window, "bounds": {"windowState": "normal"}})
        cdp.send(
            "Browser.setWindowBounds",
            {"windowId": window, "bounds": {"left": left, "top": top, "width": width, "height": height}},
        )
    finally:
        cdp.detach()


@dataclass
class BrowserHandle:
    playwright: Playwright
    browser: Browser
    context: BrowserContext


def start_url(url: str) -> str:
    """`url` as a page to start on (http or https with a host, or a file), or a one-line error."""
    url = url.strip()
    parts = urlsplit(url)
    if (parts.scheme in ("http", "https") and parts.hostname) or (parts.scheme == "file" and parts.path):
        return url
    hint = (
        f"https://{url}" if re.fullmatch(r"[\w.-]+\.[a-z]{2,}(?::\d+)?(?:/\S*)?", url, re.IGNORECASE) else "https://example.com/"
    )
    raise ShowMeHowError(f"{url!r} is not a web address (no http:// or https:// and host): give one like {hint}")


def open_start_page(page: Page, url: str, timeout_ms: float = 30_000) -> None:
    """Open the page a recording or a run starts on, or fail in one line: what, why, what to do."""
    url = start_url(url)
    try:
        page.goto(url, timeout=timeout_ms)
    except PlaywrightError as exc:
        reason = re.search(r"net::ERR_[A-Z_]+|Timeout \d+ms exceeded", str(exc))
        why = reason.group(0) if reason else str(exc).splitlines()[0]
        raise ShowMeHowError(f"cannot open {url} ({why}): check the address, and that the site is up and reachable") from exc
    if page.url.startswith("chrome-error:"):
        raise ShowMeHowError(f"cannot open {url} (the browser shows an error page): check the address, and that the site is up")


@contextmanager
def open_browser(headless: bool = True, settings: Settings | None = None) -> Iterator[BrowserHandle]:
    """Playwright, a browser and one fresh context, all closed on exit."""
    with sync_playwright() as playwright:
        browser = launch(playwright, headless=headless, settings=settings)
        try:
            context = new_context(browser, headless)
            yield BrowserHandle(playwright, browser, context)
        finally:
            try:
                browser.close()
            except PlaywrightError:
                pass  # already gone: the person closed it
