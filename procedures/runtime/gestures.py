"""Gestures replayed with the real pointer (page.mouse) and checked: a drag onto an element, to a place of
its list, into another list, or by the demonstrated move (a resize handle); a list sorted by dragging its
items; a slider moved to a number; a hover; a scroll until an element shows or to the end.

Each function returns a problem in a person's words (None: done and checked) and never says it moved
something it did not. Part of procedures.runtime (inlined into exported scripts): standard library and
Playwright only.
"""

import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import FrameLocator, Locator, Page

from core.ordering import PLAIN_NUMBER, in_order, sort_key
from procedures.runtime.deadline import evaluate_in_time
from procedures.runtime.formats import ordinal_number

GESTURES = ("drag", "slide", "hover", "scroll")
DRAG_STEPS = 12  # pointer moves between press and release, as a hand makes them
MAX_WHEELS = 200  # wheel turns a scroll may take before its element is given up
WHEEL_PX = 300
SETTLE_MS = 1000  # a list at its end that has not grown for this long has loaded all it will

PLACE_JS = """(el, list) => {
  let n = el;
  while (n && n.parentElement !== list) n = n.parentElement;
  return [n ? Array.prototype.indexOf.call(list.children, n) + 1 : 0, list.children.length];
}"""
TEXTS_JS = "(e) => Array.from(e.children).map((c) => (c.innerText || c.textContent || '').trim())"
AT_END_JS = """(e) => {
  const box = e === document.body ? document.scrollingElement : e;
  return [box.scrollTop + box.clientHeight >= box.scrollHeight - 2, box.scrollHeight];
}"""
IN_VIEW_JS = """(e, box) => {
  const r = e.getBoundingClientRect();
  const v = box === document.body ? {top: 0, bottom: innerHeight} : box.getBoundingClientRect();
  return r.height > 0 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
}"""
RANGE_JS = """(e) => {
  const s = e.closest('[role=slider]') || e;
  const range = e.localName === 'input' && e.type === 'range';
  const num = (v) => (v === null || v === '' ? null : Number(v));
  return range ? [num(e.min) ?? 0, num(e.max) ?? 100, Number(e.value)]
    : [num(s.getAttribute('aria-valuemin')), num(s.getAttribute('aria-valuemax')), num(s.getAttribute('aria-valuenow'))];
}"""


def _middle(target: Locator) -> tuple[float, float]:
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    if box is None:
        raise ValueError("the element is not shown")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pointer_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at `start`, move there by hand and release at `end`."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 4, start[1] + 4, steps=2)  # past the page's threshold for a drag
    page.mouse.move(*end, steps=DRAG_STEPS)
    page.mouse.move(*end)
    page.mouse.up()


def _point_in(target: Locator, at: list[float]) -> tuple[float, float]:
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    if box is None:
        raise ValueError("the drop target is not shown")
    fx, fy = (at + [0.5, 0.5])[:2] if at else (0.5, 0.5)
    return box["x"] + box["width"] * min(max(fx, 0.05), 0.95), box["y"] + box["height"] * min(max(fy, 0.05), 0.95)


def drag_onto(page: Page, source: Locator, target: Locator | None, at: list[float], offset: list[float]) -> str | None:
    """Drag `source` to the point `at` of `target`, or by `offset` when there is no target; checked."""
    start = _middle(source)
    size = evaluate_in_time(
        source, "(e) => { const r = (e.parentElement || e).getBoundingClientRect(); return [r.width, r.height]; }"
    )
    end = _point_in(target, at) if target is not None else (start[0] + offset[0], start[1] + offset[1])
    pointer_drag(page, start, end)
    if target is not None:
        box, moved = target.bounding_box(), source.bounding_box()
        if box is None or moved is None:
            return None  # the page took the dragged element in (a drop zone)
        x, y = moved["x"] + moved["width"] / 2, moved["y"] + moved["height"] / 2
        inside = box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]
        dropped = evaluate_in_time(target, "(t, s) => t.contains(s)", source.element_handle())
        return None if inside or dropped or not at else "the dragged element did not end up on its target"
    after = evaluate_in_time(
        source, "(e) => { const r = (e.parentElement || e).getBoundingClientRect(); return [r.width, r.height]; }"
    )
    now = _middle(source)
    changed = abs(now[0] - start[0]) + abs(now[1] - start[1]) > 2 or abs(after[0] - size[0]) + abs(after[1] - size[1]) > 2
    return None if changed else "nothing moved"


def _place_of(item: Locator, holder: Locator) -> tuple[int, int]:
    """The 1-based place of the item of `holder` that holds `item`, and how many items it has; 0 when gone."""
    if not item.count() or not holder.count():
        return 0, 0
    return tuple(evaluate_in_time(item.first, PLACE_JS, holder.element_handle()))  # type: ignore[return-value]


def move_to_place(page: Page, holder: Locator, item: Locator, place: int, relative: bool = False) -> str | None:
    """Drag `item` within the list `holder` to the 1-based `place` (-1: the last; `relative`: by so many
    places), dropping it on the item there."""
    now, count = _place_of(item, holder)
    if not now:
        return "the item is not in the list"
    wanted = now + place if relative else count if place == -1 else place
    if not 1 <= wanted <= count:
        return f"the list has {count} items: there is no place {wanted}"
    for edge in (0.3, 0.05):  # a second try nearer the far edge when the list did not take it
        if now == wanted:
            return None
        box = holder.locator(":scope > *").nth(wanted - 1).bounding_box()
        if box is None:
            return f"the item at place {wanted} is not shown"
        fy = edge if wanted < now else 1 - edge
        pointer_drag(page, _middle(item.first), (box["x"] + box["width"] / 2, box["y"] + box["height"] * fy))
        if not holder.count() or not item.count():
            return None  # the page took the list away once the item was dropped (its task is over)
        now, count = _place_of(item, holder)
    return None if now == wanted else f"the item is at place {now}, not {wanted}"


def move_into(page: Page, item: Locator, holder: Locator, at: list[float], name: str) -> str | None:
    """Drag `item` into the list `holder`; checked by the item's text being shown there."""
    text = (item.inner_text() or "").strip()
    pointer_drag(page, _middle(item), _point_in(holder, at))
    page.wait_for_timeout(100)  # the page moves the item, or renders the list again
    shown = (holder.inner_text() or "").strip()
    return None if text and text in shown else f'"{text}" did not end up in {name}'


def sort_by_dragging(page: Page, holder: Locator, way: str) -> str | None:
    """Drag the items of the list `holder` until they are in `way` ("ascending" or "descending") order."""
    items = holder.locator(":scope > *")
    texts: list[str] = evaluate_in_time(holder, TEXTS_JS)
    for _ in range(len(texts) * 2):
        keys = sort_key(texts)
        wanted = [t for _, t in sorted(zip(keys, texts), key=lambda pair: pair[0], reverse=way == "descending")]
        wrong = next((i for i, (a, b) in enumerate(zip(texts, wanted)) if a != b), None)
        if wrong is None:
            return None
        text = wanted[wrong]  # the item found by its text: its place changes as it moves
        problem = move_to_place(page, holder, items.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).first, wrong + 1)
        if problem:
            return problem
        texts = evaluate_in_time(holder, TEXTS_JS)
    return None if len(texts) < 2 or in_order(texts) == way else f"the list is not in {way} order: {texts}"


def _read_number(shows: Locator) -> float | None:
    found = PLAIN_NUMBER.search(shows.inner_text() or "")
    return float(found.group(0)) if found else None


def slide_by_shown(page: Page, handle: Locator, shows: Locator, wanted: float) -> str | None:
    """Move a slider's handle until the number it shows is `wanted`: the track's ends first (its range), then
    halving the way; out of its range, the handle goes back where it was and nothing is changed."""
    start = _middle(handle)
    track = handle.locator("xpath=..").bounding_box()
    if track is None:
        return "the slider's track is not shown"
    across = track["width"] >= track["height"]

    def at(fraction: float) -> tuple[float, float]:
        if across:
            return track["x"] + track["width"] * fraction, start[1]
        return start[0], track["y"] + track["height"] * fraction

    page.mouse.move(*start)
    page.mouse.down()
    ends = []
    for fraction in (-0.1, 1.1):
        page.mouse.move(*at(fraction), steps=4)
        ends.append(_read_number(shows))
    low_end, high_end = ends
    if low_end is None or high_end is None:
        page.mouse.move(*start, steps=4)
        page.mouse.up()
        return "the slider shows no number"
    if not min(ends) <= wanted <= max(ends):
        page.mouse.move(*start, steps=4)
        page.mouse.up()
        return f"{wanted:g} is outside the slider's range, {min(ends):g} to {max(ends):g}"
    low, high = 0.0, 1.0
    for _ in range(30):
        middle = (low + high) / 2
        page.mouse.move(*at(middle), steps=2)
        shown = _read_number(shows)
        if shown == wanted or shown is None:
            break
        if (shown < wanted) == (high_end > low_end):
            low = middle
        else:
            high = middle
    page.mouse.up()
    return _nudge(page, handle, lambda: _read_number(shows), wanted, high_end > low_end)


def _nudge(page: Page, handle: Locator, read: Callable[[], float | None], wanted: float, rising: bool) -> str | None:
    """The last steps by the arrow keys, as a person does when the pointer cannot land on the number."""
    for _ in range(50):
        shown = read()
        if shown == wanted:
            return None
        if shown is None:
            break
        up = shown < wanted
        handle.focus()
        page.keyboard.press("ArrowRight" if up else "ArrowLeft")
        if read() == shown:  # the keys do nothing here
            break
    shown = read()
    return (
        None
        if shown == wanted
        else f"the slider stopped at {shown:g}, not {wanted:g}"
        if shown is not None
        else "the slider shows no number"
    )


def slide_by_value(page: Page, slider: Locator, wanted: float) -> str | None:
    """A range input or an ARIA slider: click its track where the number lies, then the arrow keys."""
    low, high, _ = evaluate_in_time(slider, RANGE_JS)
    if low is not None and high is not None and not low <= wanted <= high:
        return f"{wanted:g} is outside the slider's range, {low:g} to {high:g}"
    track = slider.bounding_box()
    if track is not None and low is not None and high is not None and high > low:
        fraction = (wanted - low) / (high - low)
        vertical = track["height"] > track["width"] * 2
        x = track["x"] + (track["width"] / 2 if vertical else 8 + (track["width"] - 16) * fraction)
        y = track["y"] + (track["height"] - 8 - (track["height"] - 16) * fraction if vertical else track["height"] / 2)
        page.mouse.click(x, y)
    return _nudge(page, slider, lambda: evaluate_in_time(slider, RANGE_JS)[2], wanted, True)


def scroll_until(page: Page, box: Locator, target: Locator | None, name: str) -> str | None:
    """Turn the wheel over `box` until `target` is in view, or (no target) until its end has loaded all."""
    body = evaluate_in_time(box, "(e) => e === document.body")
    if body:
        size = page.viewport_size or {"width": 800, "height": 600}
        page.mouse.move(size["width"] / 2, size["height"] / 2)
    else:
        page.mouse.move(*_middle(box))
    handle = box.element_handle()
    still = 0.0
    for _ in range(MAX_WHEELS):
        if target is not None and target.count() and evaluate_in_time(target.first, IN_VIEW_JS, handle):
            return None
        end, height = evaluate_in_time(box, AT_END_JS)
        page.mouse.wheel(0, WHEEL_PX)
        page.wait_for_timeout(100)
        grown = evaluate_in_time(box, AT_END_JS)[1] != height
        still = 0.0 if grown or not end else still + 100
        if still >= SETTLE_MS:
            break
    if target is None:
        return None if evaluate_in_time(box, AT_END_JS)[0] else "the end was never reached"
    return None if target.count() and target.first.is_visible() else f"scrolled to the end and never found {name}"


def place_in_list(value: str) -> tuple[int, bool] | None:
    """The 1-based place a value names ("3", "3rd", "third", "top", "last": -1), or a move by so many places
    ("+1", then True); None when it names no place."""
    text = value.strip().lower()
    if text in ("last", "bottom", "end"):
        return -1, False
    if text in ("top", "first", "start"):
        return 1, False
    if re.fullmatch(r"[+-]\d+", text):
        return int(text), True
    number = int(text) if text.isdigit() else ordinal_number(text)
    return (number, False) if number else None


def find_one(scope: Page | FrameLocator, selectors: list[str], timeout_ms: float) -> Locator | None:
    """The first of `selectors` that finds exactly one element, waiting up to `timeout_ms` for one to."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        for selector in selectors:
            found = scope.locator(selector)
            if found.count() == 1:
                return found
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.1)


def play_gesture(
    page: Page, scope: Page | FrameLocator, step: Mapping[str, Any], locator: Locator, value: str, text_for: Callable[[str], str]
) -> tuple[str | None, str]:
    """Play a gesture step on its element `locator`; (the problem, whose fault it is: "task" when a value
    the task gave is not there or not possible, else "procedure"), (None, "") when done and checked."""
    action, to_names = step["action"], step.get("to") or []
    named = any("{" in s for s in to_names)
    fault = "task" if named else "procedure"
    name = f'"{text_for(step.get("to_label") or "") or (to_names[0] if to_names else "")}"'
    if action == "scroll":  # what it scrolls to shows only once scrolled
        return scroll_until(page, locator, scope.locator(text_for(to_names[0])) if to_names else None, name), fault
    to = find_one(scope, [text_for(s) for s in to_names], 3000) if to_names else None
    if to_names and to is None and action != "slide":
        return f"{name} is not on the page: nothing was {'scrolled' if action == 'scroll' else 'moved'}", fault
    if action == "hover":
        page.mouse.move(*_middle(locator))
        return None, ""
    if action == "slide":
        found = PLAIN_NUMBER.fullmatch(value.strip())
        if found is None:
            return f'"{value}" is no number', "task"
        wanted = float(found.group(0))
        problem = slide_by_shown(page, locator, to, wanted) if to is not None else slide_by_value(page, locator, wanted)
        return problem, "task" if problem and "outside" in problem else "procedure"
    if step.get("sort"):
        return sort_by_dragging(page, to or locator.locator("xpath=.."), step["sort"]), "procedure"
    if step.get("place"):
        inside = to is not None and evaluate_in_time(to, "(t, e) => t.contains(e)", locator.element_handle())
        if to is None or inside:
            wanted = place_in_list(value)
            if wanted is None:
                return f'"{value}" is no place in a list', "task"
            return move_to_place(page, to or locator.locator("xpath=../.."), locator, *wanted), "task"
        return move_into(page, locator, to, step.get("at") or [], name), fault
    return drag_onto(page, locator, to, step.get("at") or [], step.get("offset") or [0, 0]), fault


def word_of(scope: Page | FrameLocator, selectors: list[str], place: str) -> str | None:
    """The word at `place` ("last", "2nd") of the text the element of `selectors` holds, without punctuation."""
    element = find_one(scope, selectors, 3000)
    if element is None:
        return None
    text = evaluate_in_time(element, "(e) => e.localName === 'textarea' || e.localName === 'input' ? e.value : e.innerText")
    words = [w for w in (re.sub(r"[^\w]", "", w) for w in str(text).split()) if w]
    at = len(words) if place == "last" else ordinal_number(place) or 0
    return words[at - 1] if 0 < at <= len(words) else None
