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


def readable_text(text: str | bytes) -> str:
    """Text of any bytes as valid Unicode: bytes that are not UTF-8 (a Latin-1 task, which Python hands
    over as lone surrogates) become U+FFFD, so that writing and printing it cannot fail."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a surrogate that stands for no byte
            text = text.encode("utf-8", "replace")
    return text.decode("utf-8", "replace")
