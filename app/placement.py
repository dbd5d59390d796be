"""Where the browser window goes: beside the app's window, both on the screen (Qt-free, pure)."""

from __future__ import annotations

from typing import NamedTuple

MIN_BROWSER_WIDTH = 800  # px: most sites still lay out as on a desktop
MIN_APP_WIDTH = 480  # px: the app's tables stay readable


class Rect(NamedTuple):
    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.x + self.width


def side_by_side(screen: Rect, app: Rect, min_app_width: int = 0) -> tuple[Rect, Rect]:
    """(the app's window, the browser's window) within `screen`, not overlapping. The app stays where it
    is when the browser fits on its right or left; else it moves to the screen's left edge and narrows,
    to no less than MIN_APP_WIDTH and `min_app_width` (what its widgets need)."""
    height = screen.height
    if screen.right - app.right >= MIN_BROWSER_WIDTH:
        return app, Rect(app.right, screen.y, screen.right - app.right, height)
    if app.x - screen.x >= MIN_BROWSER_WIDTH:
        return app, Rect(screen.x, screen.y, app.x - screen.x, height)
    width = max(MIN_APP_WIDTH, min_app_width, min(app.width, screen.width - MIN_BROWSER_WIDTH))
    moved = Rect(screen.x, max(screen.y, min(app.y, screen.y + screen.height - app.height)), width, min(app.height, height))
    return moved, Rect(moved.right, screen.y, screen.right - moved.right, height)
