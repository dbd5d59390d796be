"""Step pictures. The picture of a step is the element it acted on with a margin of the page around it, at
most MAX_WIDTH x MAX_HEIGHT CSS pixels, as JPEG; a step that acted on no element in view (a page opened, a
failed step) is pictured by the top of the page's content instead, the part a person reads first, since a
whole page shrunk to a row's height shows nothing. A step whose element is gone once it is done (a click that
left the page) is pictured before it acts (`element_picture` with a Locator), else not at all: the next page's
top is no picture of it. Password fields, fields that are secret by their name, whatever shows one of the run's
secret `values`, and a field a step put a secret in are painted over (a secret never shows; recorder.secret_boxes
finds them where page scripts cannot see). A run takes one capture a step, the page as it looks, and cuts the
step's picture out of it (`step_pictures`); the recorder, which keeps no page picture, keeps only the step's
picture (`element_picture`)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from PIL import Image, ImageChops, ImageDraw
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.settings import data_dir
from recorder.models import RecordedStep
from recorder.secret_boxes import secret_boxes

MAX_WIDTH, MAX_HEIGHT, MARGIN = 480, 160, 16  # CSS pixels
MASK_COLOUR = "#FF00FF"  # Playwright's mask colour
QUALITY = 70  # step pictures: a few KB to a few tens of KB each
PAGE_QUALITY = 80  # page pictures: some 100 KB at 1280 x 800
BOX = "found => found.length ? found[0].getBoundingClientRect().toJSON() : null"  # in the viewport, CSS pixels
BACKGROUND_NOISE = 24  # JPEG noise: a pixel that differs less from the page's background is background


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


def _clip_around(box: dict[str, float] | None, view: dict[str, int] | None) -> Clip | None:
    """The element's box (viewport, CSS pixels) with its margin, within the viewport and the size bounds."""
    if not box or view is None or box["width"] < 1 or box["height"] < 1:
        return None
    x, y = max(0.0, box["x"] - MARGIN), max(0.0, box["y"] - MARGIN)
    width = min(MAX_WIDTH, box["width"] + 2 * MARGIN, view["width"] - x)
    height = min(MAX_HEIGHT, box["height"] + 2 * MARGIN, view["height"] - y)
    if width < 1 or height < 1:
        return None  # out of view
    return {"x": x, "y": y, "width": width, "height": height}


def element_clip(page: Page, target: str | Locator) -> Clip | None:
    """The part of the viewport that pictures the first element `target` (a selector or a Locator) finds; None
    when it is gone, hidden or out of view (a click that left the page, for instance). One call to the page, no
    waiting."""
    try:
        box = (page.locator(target) if isinstance(target, str) else target).evaluate_all(BOX)
    except PlaywrightError:
        return None
    return _clip_around(box, page.viewport_size)


class Hidden(TypedDict):
    """What a capture must paint over: Playwright's masks (the field a step put a secret in), and boxes."""

    masks: list[Locator]
    boxes: list[dict[str, float]]


def marked(page: Page, values: Sequence[str], selector: str | None = None, secret: bool = False) -> Hidden:
    """What a capture of `page` must hide (see the module): the secret fields and what shows one of the secret
    `values` in each of its frames, found in isolated worlds (recorder.secret_boxes): a page's scripts never
    get the values."""
    return {"masks": [page.locator(selector)] if selector and secret else [], "boxes": secret_boxes(page, values)}


def _marked_capture(page: Page, values: Sequence[str], selector: str | None, secret: bool) -> bytes | None:
    """The viewport with what is to hide painted over (see _capture); None when the page does not answer."""
    try:
        hidden = marked(page, values, selector, secret)
    except PlaywrightTimeout:
        return None
    return _capture(page, hidden)


def _capture(page: Page, hidden: Hidden) -> bytes | None:
    """The viewport as JPEG in CSS pixels, what is `hidden` painted over; None when it cannot be taken."""
    try:
        capture = page.screenshot(
            mask=hidden["masks"],
            mask_color=MASK_COLOUR,
            type="jpeg",
            quality=PAGE_QUALITY,
            caret="initial",  # hiding the caret costs a style sheet put in and taken out
            scale="css",  # the capture's pixels are the clip's
            timeout=5000,
        )
    except PlaywrightError:
        return None
    return _painted(capture, hidden["boxes"]) if hidden["boxes"] else capture


def _painted(capture: bytes, boxes: list[dict[str, float]]) -> bytes:
    """A JPEG capture with `boxes` (CSS pixels, the capture's) painted over."""
    with Image.open(io.BytesIO(capture)) as image:
        rgb = image.convert("RGB")
    draw = ImageDraw.Draw(rgb)
    for box in boxes:
        draw.rectangle((box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]), fill=MASK_COLOUR)
    out = io.BytesIO()
    rgb.save(out, "JPEG", quality=PAGE_QUALITY)
    return out.getvalue()


def element_picture(
    page: Page, selector: str | Locator | None, path: Path, secret: bool = False, values: Sequence[str] = ()
) -> Path | None:
    """Save at `path` the picture of the first element `selector` (or a Locator) finds on `page`, painted over
    when the step put a `secret` in it, and what shows one of the secret `values`; with no selector, the top
    of the page's content. None when there is no such element in view, or no picture could be taken."""
    clip = element_clip(page, selector) if selector else None
    if selector and clip is None:
        return None
    capture = _marked_capture(page, values, selector if isinstance(selector, str) else None, secret)
    if capture is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    return cut_out(capture, clip, path)


def picture_where_it_happened(page: Page, step: RecordedStep, path: Path) -> Path | None:
    """A recorded step's picture (see element_picture), only while `page` still shows the page the step
    happened on: once a click has left it, the next page's element or top is no picture of the step."""
    same = step.action == "navigate" or page.url == step.url
    picture = element_picture(page, step.selector, path, step.secret) if same else None
    if picture is not None and step.action != "navigate" and page.url != step.url:  # it left while the picture was taken
        picture.unlink(missing_ok=True)
        return None
    return picture


def step_pictures(
    page: Page,
    path: Path,
    values: Sequence[str] = (),
    selector: str | None = None,
    secret: bool = False,
    element_path: Path | None = None,
) -> tuple[Path | None, Path | None]:
    """One capture of the viewport saved at `path` (JPEG, CSS pixels, what shows a secret painted over, see
    the module) and, cut out of it and saved at `element_path`, the step's picture: the element `selector`
    finds when it is in view; with no selector, the top of the page's content. Either is None when it was not
    taken (the element is gone: the step left its page)."""
    clip = element_clip(page, selector) if selector and element_path is not None else None
    capture = _marked_capture(page, values, selector, secret)
    if capture is None:
        return None, None
    path.write_bytes(capture)
    if element_path is None or (selector and clip is None):
        return path, None
    return path, cut_out(capture, clip, element_path)


def cut_out(capture: bytes, clip: Clip | None, path: Path) -> Path:
    """Save the `clip` of an encoded `capture` at `path`, as JPEG; with no clip, the top of its content."""
    with Image.open(io.BytesIO(capture)) as image:
        box = _content_top(capture, image.size) if clip is None else _box(clip, image.size)
        image.crop(box).save(path, "JPEG", quality=QUALITY)
    return path


def _box(clip: Clip, size: tuple[int, int]) -> tuple[int, int, int, int]:
    left, top = round(clip["x"]), round(clip["y"])
    return left, top, min(size[0], left + round(clip["width"])), min(size[1], top + round(clip["height"]))


def _content_top(capture: bytes, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The top left of what differs from the page's background (its top left pixel) in a capture of `size`,
    with a margin, at most MAX_WIDTH x MAX_HEIGHT; the top left corner when the page is blank. Found on the
    capture decoded at an eighth of its size (JPEG decodes that directly, some 30 times faster)."""
    with Image.open(io.BytesIO(capture)) as small:
        small.draft("RGB", (size[0] // 8, size[1] // 8))
        rgb = small.convert("RGB")
    background = Image.new("RGB", rgb.size, rgb.getpixel((0, 0)))  # type: ignore[arg-type]
    differs = ImageChops.difference(rgb, background).convert("L").point(lambda v: 255 if v > BACKGROUND_NOISE else 0)
    scale = size[0] / rgb.width
    found = differs.getbbox()
    left, top, right, bottom = (round(v * scale) for v in found) if found else (0, 0, *size)
    left, top = max(0, left - MARGIN), max(0, top - MARGIN)
    return left, top, min(right + MARGIN, left + MAX_WIDTH, size[0]), min(bottom + MARGIN, top + MAX_HEIGHT, size[1])
