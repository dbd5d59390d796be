"""Where to click an element that something else partly covers: a point of it that shows, as a person clicks
the part of a button that another one does not hide.

Part of procedures.runtime (inlined into exported scripts before playback): standard library and
Playwright only.
"""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

from procedures.runtime.deadline import evaluate_in_time

COVER_POLL_MS = 100  # how often a covered element is looked at again, in case the cover goes away
PASSING_MS = 1000  # how long a cover over the centre may be passing (a popup closing) before a point beside it is clicked
GRID = 7  # points across and down the element looked at for one that shows it

# Where the element shows: {x, y} from its top left at a point where the topmost element is it, inside it or its label
# (its centre when it shows there, else of a GRID x GRID grid of points the one farthest from any point that
# does not show it and from its edges), or {cover: what lies over its centre} when no point in the viewport
# shows it; null when it has no box.
VISIBLE_POINT_JS = f"""(el) => {{
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  const root = el.getRootNode();
  const top = (x, y) => (root.elementFromPoint ? root : document).elementFromPoint(x, y);
  const label = (e) => e.closest && e.closest('label');  // a label over its own control clicks it, as Playwright allows
  const mine = (e) => e && (e === el || el.contains(e) || (e.shadowRoot && e.contains(el)) || (label(e) && label(e).control === el));
  const shows = (x, y) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && mine(top(r.left + x, r.top + y));
  if (shows(r.width / 2, r.height / 2)) return {{ x: r.width / 2, y: r.height / 2, centre: true }};
  const points = [];
  for (let i = 0; i < {GRID}; i++) for (let j = 0; j < {GRID}; j++) {{
    const x = ((i + 0.5) / {GRID}) * r.width, y = ((j + 0.5) / {GRID}) * r.height;
    points.push({{ x, y, shown: shows(x, y) }});
  }}
  const hidden = points.filter((p) => !p.shown);
  const clearance = (p) => Math.min(p.x, p.y, r.width - p.x, r.height - p.y, ...hidden.map((h) => Math.hypot(h.x - p.x, h.y - p.y) / 2));
  const best = points.filter((p) => p.shown).sort((a, b) => clearance(b) - clearance(a))[0];
  if (best) return {{ x: best.x, y: best.y, centre: false }};
  const over = top(r.left + r.width / 2, r.top + r.height / 2);
  if (!over) return {{ cover: 'nothing (it is outside the window)' }};
  const text = (over.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
  const id = over.id ? '#' + over.id : over.classList.length ? '.' + over.classList[0] : '';
  return {{ cover: '<' + over.localName + id + '>' + (text ? ' "' + text + '"' : '') }};
}}"""


def element_words(locator: Locator) -> str:
    """The element as a person names it: its tag and the start of its text."""
    try:
        text = " ".join(locator.inner_text(timeout=1000).split())[:40]
        tag = evaluate_in_time(locator, "e => e.localName")
    except PlaywrightError:
        return "the element"
    return f'<{tag}> "{text}"' if text else f"<{tag}>"


def visible_point(locator: Locator, timeout_ms: float) -> dict[str, float] | str | None:
    """The point to click the element at, from its top left: None when its centre shows (Playwright's own
    click is right), a point of it that shows when something has lain over its centre for PASSING_MS, else
    (once `timeout_ms` has passed with no point of it shown) what covers it, in words."""
    started = time.monotonic()
    deadline = started + timeout_ms / 1000
    locator.scroll_into_view_if_needed(timeout=timeout_ms)
    while True:
        found = evaluate_in_time(locator, VISIBLE_POINT_JS)
        if found is None or found.get("centre"):
            return None
        now = time.monotonic()
        if "cover" not in found and now >= min(deadline, started + PASSING_MS / 1000):
            return {"x": found["x"], "y": found["y"]}
        if now >= deadline:
            return str(found["cover"])
        locator.page.wait_for_timeout(COVER_POLL_MS)
