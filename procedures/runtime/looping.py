"""Playing a loop step (procedures.loops): its body once per item of its list, each item on its own row (or, for
a loop with no row, on the same elements each time).

Item k goes to the k-th row after the demonstration's first one. A row the page does not show yet is added by
playing the loop's `add` steps; rows the page shows are filled as they are, and rows beyond the items are left
as they were. After the last item, the page must show as many rows as the items need.

Part of procedures.runtime, standard library and Playwright only: exported scripts carry this module verbatim.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

NTH = re.compile(r":nth-of-type\((\d+)\)$")


def loop_items(loop: Mapping[str, Any], value: str) -> list[dict[str, str]]:
    """The items of a list value (JSON text), each with the loop's fields ("" for one the item leaves out)."""
    fields = list(loop["fields"])
    items = []
    for entry in json.loads(value or "[]"):
        if not isinstance(entry, Mapping):
            entry = dict(zip(fields, entry if isinstance(entry, list) else [entry]))
        items.append({name: str(entry.get(name) or "") for name in fields})
    return items


def row_selector(loop: Mapping[str, Any], number: int) -> str:
    """The CSS path of the row for item `number` (0-based): the demonstration's first row, so many rows on."""
    first = loop["row"]
    match = NTH.search(first)
    start = int(match.group(1)) if match else 1
    base = first[: match.start()] if match else first
    return f"{base}:nth-of-type({start + number})"


def _in_row(step: Mapping[str, Any], loop: Mapping[str, Any], row: str) -> dict[str, Any]:
    """The body step acting on the same field in `row`: its own selectors within the row, then its CSS path's
    part below the row's."""
    depth = len(loop["row"].split(" > "))
    selectors = [s for s in step.get("selectors") or [] if s]
    path = selectors[-1].split(" > ") if selectors else []
    below = " > ".join(path[depth:]) if len(path) > depth and path[0] == "html" else ""
    own = [f"{row} >> {s}" for s in (selectors[:-1] if below else selectors) if not s.startswith("html")]
    scoped = [*own, f"{row} > {below}" if below else row][:20]
    return {**step, "selectors": scoped, "selector": scoped[0], "kind": "", "position": 0, "row": "", "row_selector": ""}


def _rows(page: Any, loop: Mapping[str, Any]) -> int:
    """How many rows like the demonstration's the page shows."""
    first = loop["row"]
    parent, _, last = first.rpartition(" > ")
    tag = NTH.sub("", last)
    return int(page.locator(f"{parent} > {tag}").count()) if parent else 0


def play_loop(player: Any, index: int, step: Mapping[str, Any], failed: Any) -> None:
    """Play the loop step at `index`: the body for each item of its list, adding rows as needed; raises `failed`
    (playback's StepFailed) for the item whose row the page does not give or whose steps fail."""
    loop = step["loop"]
    items = loop_items(loop, str(player.params.get(loop["over"]) or "[]"))
    noun = loop["over"].removesuffix("s")
    if not loop.get("row"):  # on the same elements for each item (a tag typed, a person picked, a box ticked)
        _each_item(player, index, loop, items, failed, lambda number, body: body)
        if player.results:
            player.results[-1].checked.append(f"{len(items)} {noun}{'s' if len(items) != 1 else ''} given, each played")
        return
    page = player._page(loop["body"][0])
    before = _rows(page, loop)

    def in_its_row(number: int, body: Mapping[str, Any]) -> Mapping[str, Any]:
        row = row_selector(loop, number)
        if body is loop["body"][0] and not page.locator(row).count():
            _add_row(player, index, loop, page, row, failed)
        return _in_row(body, loop, row)

    _each_item(player, index, loop, items, failed, in_its_row)
    _check_count(player, index, loop, page, (max(before, len(items)), len(items), noun), failed)


def _each_item(
    player: Any,
    index: int,
    loop: Mapping[str, Any],
    items: list[dict[str, str]],
    failed: Any,
    placed: Callable[[int, Mapping[str, Any]], Mapping[str, Any]],
) -> None:
    """The loop's body once per item, with the item's fields as values, each body step as `placed(number, step)`
    makes it; a failure names the item."""
    params, shown = player.params, player.shown_params
    noun = loop["over"].removesuffix("s")
    try:
        for number, item in enumerate(items):
            player.params, player.shown_params = {**params, **item}, {**shown, **item}
            try:
                for body in loop["body"]:
                    player._run_step(index, placed(number, body), first=False)
            except failed as failure:
                said = f"{noun} {number + 1} ({_said(item)})"
                raise failed(index, f"{said}: {failure}", failure.tried, failure.fault, failure.missing) from None
    finally:
        player.params, player.shown_params = params, shown


def _add_row(player: Any, index: int, loop: Mapping[str, Any], page: Any, row: str, failed: Any) -> None:
    if not loop.get("add"):
        raise failed(index, f"the page shows no row for it: it has {_rows(page, loop)}", fault="task")
    for add in loop["add"]:
        player._run_step(index, add, first=False)
    try:
        page.locator(row).first.wait_for(state="attached", timeout=player.timeout_ms)
    except Exception:  # noqa: BLE001 -- Playwright's timeout: the page did not add the row
        said = _alert(page)
        raise failed(index, "the page refused its row: none appeared" + (f' (it says "{said}")' if said else "")) from None


def _alert(page: Any) -> str:
    alerts = page.locator("[role=alert], [aria-live]")
    texts = [t.strip() for t in alerts.all_inner_texts() if t.strip()] if alerts.count() else []
    return texts[0][:200] if texts else ""


def _check_count(player: Any, index: int, loop: Mapping[str, Any], page: Any, counts: tuple[int, int, str], failed: Any) -> None:
    """The page shows a row for every item, and no more than it had or the items need: `counts` are the rows
    expected, the items given and what one is called."""
    expected, items, noun = counts
    rows = _rows(page, loop)
    if rows != expected:
        raise failed(index, f"the page shows {rows} {noun} rows after the loop, not {expected} ({items} given)")
    if player.results:
        player.results[-1].checked.append(f"{items} {noun}{'s' if items != 1 else ''} given, {rows} rows on the page")


def _said(item: Mapping[str, str]) -> str:
    return ", ".join(v for v in item.values() if v)
