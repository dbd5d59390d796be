"""Where a page shows a secret, found where its scripts cannot reach: in an isolated world of each of its frames,
through CDP, as the recording channel listens. The secret values go to that world only; page scripts share its
DOM but none of its JavaScript, so that wrapping a built-in, a getter or a prototype shows them nothing. The
answer is boxes in the page's viewport, which a picture is painted over (nothing is written into the page)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from playwright.sync_api import CDPSession, Frame, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from recorder.scripts import secret_boxes_function

WORLD = "smh_pictures"
DEADLINE_MS = 10_000  # a page that does not answer in this time is frozen: it is not pictured
PAD = 4  # CSS pixels around each box: a frame's border and rounding


def secret_boxes(page: Page, values: Sequence[str]) -> list[dict[str, float]]:
    """The boxes (page viewport, CSS pixels) of every frame's secret fields and of what shows one of `values`;
    Playwright's TimeoutError when a frame does not answer in time (no picture is then taken: no box would hide a
    secret)."""
    boxes: list[dict[str, float]] = []
    for where in [page, *page.frames[1:]]:
        try:
            cdp = page.context.new_cdp_session(where)
        except PlaywrightError:
            continue  # a frame in its parent's process: the parent's session reads it
        try:
            origin = (0.0, 0.0) if where is page else _origin(where)  # type: ignore[arg-type]
            boxes += _session_boxes(cdp, origin, list(values)) if origin is not None else []
        except PlaywrightTimeout:
            raise
        except PlaywrightError:
            pass  # a frame that is navigating or gone shows nothing
        finally:
            _detach(cdp)
    return boxes


def _origin(frame: Frame) -> tuple[float, float] | None:
    """Where a child frame's box starts in the page's viewport; None when it is gone or has no box."""
    try:
        box = frame.frame_element().bounding_box()  # read in the parent's process, which has answered by now
    except PlaywrightError:
        return None
    return (box["x"], box["y"]) if box else None


def _session_boxes(cdp: CDPSession, origin: tuple[float, float], values: list[str]) -> list[dict[str, float]]:
    """The boxes of the frames that one CDP session (a page, or an out-of-process frame) holds; `origin`: where
    its top frame starts in the page's viewport."""
    tree = cdp.send("Page.getFrameTree", timeout=DEADLINE_MS)["frameTree"]
    frames: list[tuple[str, bool]] = []

    def walk(node: dict[str, Any], top: bool) -> None:
        frames.append((node["frame"]["id"], top))
        for child in node.get("childFrames") or []:
            walk(child, False)

    walk(tree, True)
    boxes = []
    for frame_id, top in frames:
        try:
            offset = origin if top else _owner_offset(cdp, frame_id, origin)
            boxes += [_moved(box, offset) for box in _frame_boxes(cdp, frame_id, values)]
        except PlaywrightTimeout:
            raise
        except PlaywrightError:
            continue
    return boxes


def _owner_offset(cdp: CDPSession, frame_id: str, origin: tuple[float, float]) -> tuple[float, float]:
    """Where an in-process frame's content starts: its iframe's content box, in the session's top frame."""
    owner = cdp.send("DOM.getFrameOwner", {"frameId": frame_id}, timeout=DEADLINE_MS)
    quad = cdp.send("DOM.getBoxModel", {"backendNodeId": owner["backendNodeId"]}, timeout=DEADLINE_MS)["model"]["content"]
    return origin[0] + quad[0], origin[1] + quad[1]


def _frame_boxes(cdp: CDPSession, frame_id: str, values: list[str]) -> list[dict[str, float]]:
    world = cdp.send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": WORLD}, timeout=DEADLINE_MS)[
        "executionContextId"
    ]
    answer = cdp.send(
        "Runtime.callFunctionOn",
        {
            "functionDeclaration": secret_boxes_function(),
            "arguments": [{"value": values}],
            "executionContextId": world,
            "returnByValue": True,
        },
        timeout=DEADLINE_MS,
    )
    found = answer.get("result", {}).get("value")
    return found if "exceptionDetails" not in answer and isinstance(found, list) else []


def _moved(box: dict[str, float], offset: tuple[float, float]) -> dict[str, float]:
    return {
        "x": box["x"] + offset[0] - PAD,
        "y": box["y"] + offset[1] - PAD,
        "width": box["width"] + 2 * PAD,
        "height": box["height"] + 2 * PAD,
    }


def _detach(cdp: CDPSession) -> None:
    try:
        cdp.detach()
    except PlaywrightError:
        pass
