"""Untrusted JSON text (imported files): parsed, or refused with one clear message."""

from __future__ import annotations

import json

from core.errors import ShowMeHowError

MAX_DEPTH = 64  # no file ShowMeHow reads nests deeper than a few levels


def load_json(text: str, source: str = "input") -> object:
    """The parsed document; ShowMeHowError when it is not JSON or nests deeper than MAX_DEPTH."""
    try:
        data = json.loads(text)
    except RecursionError as exc:
        raise ShowMeHowError(f"{source} nests too deeply (more than {MAX_DEPTH} levels)") from exc
    except ValueError as exc:
        raise ShowMeHowError(f"{source} is not JSON ({exc})") from exc
    level: list[object] = [data]
    for _ in range(MAX_DEPTH):
        level = [child for item in level for child in _children(item)]
        if not level:
            return data
    raise ShowMeHowError(f"{source} nests too deeply (more than {MAX_DEPTH} levels)")


def _children(item: object) -> list[object]:
    if isinstance(item, dict):
        return [v for v in item.values() if isinstance(v, (dict, list))]
    if isinstance(item, list):
        return [v for v in item if isinstance(v, (dict, list))]
    return []
