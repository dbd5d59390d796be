"""Secret values masked in text however the text encodes them.

Standard library only: exported scripts carry this module verbatim, so that what they print is masked
as the app masks its run files.
"""

import functools
import html.entities
import re
from collections.abc import Iterable

SECRET_MASK = "••••"  # shown wherever a secret value would be
SHORT_SECRET = 4  # shorter values are matched only as whole words, lest they mask ordinary text


def value_pattern(values: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for any of the values however text encodes them, each character plain, percent-encoded
    (hex digits in either case), `+` for a space, as an HTML character reference or as a JSON escape;
    longest values first, short ones only as whole words."""
    ordered = sorted({value for value in values if value}, key=len, reverse=True)
    if not ordered:
        return None
    return re.compile("|".join(_alternative(value) for value in ordered))


def _alternative(value: str) -> str:
    body = "".join(_char_pattern(char) for char in value)
    if len(value) >= SHORT_SECRET:
        return body
    before = r"(?<!\w)" if re.match(r"\w", value[0]) else ""
    after = r"(?!\w)" if re.match(r"\w", value[-1]) else ""
    return before + body + after


def _hex(number: int, digits: int) -> str:
    """A number in hexadecimal with the given number of digits, each letter in either case."""
    return "".join(f"[{d.lower()}{d.upper()}]" if d.isalpha() else d for d in f"{number:0{digits}X}")


@functools.cache
def _char_pattern(char: str) -> str:
    code = ord(char)
    forms = [re.escape(char), "".join("%" + _hex(byte, 2) for byte in char.encode("utf-8", "surrogatepass"))]
    forms += [r"\+"] if char == " " else []
    forms += [f"&#0*{code};?", f"&#[xX]0*{_hex(code, 1)};?"]
    forms += [re.escape("&" + name) for name in _entity_names().get(char, ())]
    if code > 0xFFFF:
        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        forms.append(r"\\u" + _hex(high, 4) + r"\\u" + _hex(low, 4))
    else:
        forms.append(r"\\u" + _hex(code, 4))
    forms += [re.escape(_JSON_SHORT[char])] if char in _JSON_SHORT else []
    return "(?:" + "|".join(sorted(forms, key=len, reverse=True)) + ")"


_JSON_SHORT = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


@functools.cache
def _entity_names() -> dict[str, list[str]]:
    """Character -> the names of HTML's character references to it ("amp;", "AMP", ...)."""
    names: dict[str, list[str]] = {}
    for name, text in html.entities.html5.items():
        if len(text) == 1:
            names.setdefault(text, []).append(name)
    return names


def mask_values(text: str, values: Iterable[str], mask: str = SECRET_MASK) -> str:
    """The text with every occurrence of the values, however encoded (`value_pattern`), replaced by the mask."""
    pattern = value_pattern(values)
    return text if pattern is None else pattern.sub(lambda _: mask, text)
