"""Step pictures. The picture of a step's element is the element with a margin of the page around it, at
most MAX_WIDTH x MAX_HEIGHT CSS pixels, as JPEG, with password fields and the given `masks` painted over by
Playwright's `mask` (a secret never shows). A run takes one capture a step, the page as it looks, and cuts
the element's picture out of it (`step_pictures`); the recorder, which keeps no page picture, clips the
element's picture from the page (`element_picture`)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from core.settings import data_dir

MAX_WIDTH, MAX_HEIGHT, MARGIN = 480, 160, 16  # CSS pixels
SECRET_FIELDS = "input[type=password]"
BOX = "found => found.length ? found[0].getBoundingClientRect().toJSON() : null"  # in the viewport, CSS pixels
QUALITY = 70  # element pictures: a few KB to a few tens of KB each
PAGE_QUALITY = 80  # page pictures: some 100 KB at 1280 x 800


class Clip(TypedDict):
    """A rectangle of the viewport, in CSS pixels."""

    x: float
    y: float
    width: float
    height: float


def recording_pictures(recording_id: str, home: Path | None = None) -> Path:
    """Where a recording's step pictures are kept: step_001.jpg for its first step, and so on."""
    return (home or data_dir()) / "pictures" / recording_id


def step_picture_file(folder: Path, index: int) -> Path:
    """The picture of step `index` (0-based) in `folder`."""
    return folder / f"step_{index + 1:03d}.jpg"


def element_clip(page: Page, selector: str) -> Clip | None:
    """The part of the viewport that pictures the first element `selector` finds; None when it is gone,
    hidden or out of view (a click that left the page, for instance). One call to the page, no waiting."""
    try:
        box = page.locator(selector).evaluate_all(BOX)
    except PlaywrightError:
        return None
    view = page.viewport_size
    if not box or view is None or box["width"] < 1 or box["height"] < 1:
        return None
    x, y = max(0.0, box["x"] - MARGIN), max(0.0, box["y"] - MARGIN)
    width = min(MAX_WIDTH, box["width"] + 2 * MARGIN, view["width"] - x)
    height = min(MAX_HEIGHT, box["height"] + 2 * MARGIN, view["height"] - y)
    if width < 1 or height < 1:
        return None  # out of view
    return {"x": x, "y": y, "width": width, "height": height}


def element_picture(page: Page, selector: str, path: Path, masks: Sequence[Locator] = ()) -> Path | None:
    """Save the picture of the first element `selector` finds on `page` at `path`; None when there is none."""
    clip = element_clip(page, selector)
    if clip is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(
            path=str(path),
            clip=clip,
            mask=[page.locator(SECRET_FIELDS), *masks],
            type="jpeg",
            quality=QUALITY,
            caret="initial",  # hiding the caret costs a style sheet put in and taken out
            timeout=3000,
        )
    except PlaywrightError:
        return None
    return path


def step_pictures(
    page: Page, path: Path, masks: Sequence[Locator] = (), selector: str | None = None, element_path: Path | None = None
) -> tuple[Path | None, Path | None]:
    """One capture of the viewport saved at `path` (JPEG, CSS pixels, password fields and `masks` painted
    over) and, when `selector` finds an element in view, its picture cut out of that capture and saved at
    `element_path`. Either is None when it could not be taken."""
    clip = element_clip(page, selector) if selector and element_path is not None else None
    try:
        data = page.screenshot(
            mask=[page.locator(SECRET_FIELDS), *masks],
            type="jpeg",
            quality=PAGE_QUALITY,
            caret="initial",
            scale="css",  # the capture's pixels are the clip's
            timeout=5000,
        )
    except PlaywrightError:
        return None, None
    path.write_bytes(data)
    if clip is None or element_path is None:
        return path, None
    return path, cut_out(data, clip, element_path)


def cut_out(capture: bytes, clip: Clip, path: Path) -> Path:
    """Save the `clip` of an encoded `capture` at `path`, as JPEG."""
    left, top = round(clip["x"]), round(clip["y"])
    with Image.open(io.BytesIO(capture)) as image:
        right, bottom = min(image.width, left + round(clip["width"])), min(image.height, top + round(clip["height"]))
        image.crop((left, top, right, bottom)).save(path, "JPEG", quality=QUALITY)
    return path
