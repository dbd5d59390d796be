"""A small picture of the element a step acted on: the element with a margin of the page around it, at
most MAX_WIDTH x MAX_HEIGHT CSS pixels, as JPEG, with password fields and the given `masks` painted over
by Playwright's `mask` (a secret never shows). Cheap: one clipped screenshot, no scrolling."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from core.settings import data_dir

MAX_WIDTH, MAX_HEIGHT, MARGIN = 480, 160, 16  # CSS pixels
SECRET_FIELDS = "input[type=password]"
QUALITY = 70  # JPEG: a few KB to a few tens of KB a picture


def recording_pictures(recording_id: str, home: Path | None = None) -> Path:
    """Where a recording's step pictures are kept: step_001.jpg for its first step, and so on."""
    return (home or data_dir()) / "pictures" / recording_id


def step_picture_file(folder: Path, index: int) -> Path:
    """The picture of step `index` (0-based) in `folder`."""
    return folder / f"step_{index + 1:03d}.jpg"


def element_picture(page: Page, selector: str, path: Path, masks: Sequence[Locator] = (), timeout_ms: int = 300) -> Path | None:
    """Save the picture of the first element `selector` finds on `page` at `path`; None when it is gone,
    hidden or out of view (a click that left the page, for instance)."""
    try:
        found = page.locator(selector)
        if not found.count():
            return None
        box = found.first.bounding_box(timeout=timeout_ms)
        view = page.viewport_size
        if box is None or view is None or box["width"] < 1 or box["height"] < 1:
            return None
        x, y = max(0.0, box["x"] - MARGIN), max(0.0, box["y"] - MARGIN)
        width = min(MAX_WIDTH, box["width"] + 2 * MARGIN, view["width"] - x)
        height = min(MAX_HEIGHT, box["height"] + 2 * MARGIN, view["height"] - y)
        if width < 1 or height < 1:
            return None  # out of view
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(path),
            clip={"x": x, "y": y, "width": width, "height": height},
            mask=[page.locator(SECRET_FIELDS), *masks],
            type="jpeg",
            quality=QUALITY,
            timeout=3000,
        )
    except PlaywrightError:
        return None
    return path
