"""What a request sent: its body (or a GET form's query) read as places and values, and values compared as a
site receives them. Pure and standard-library only: the recorder, the builder and replay read requests alike.

A place is a field name (`title`, a repeated name once per value, in order) or a JSON path (`lines[0].amount`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qsl, urlsplit

SENDING_METHODS = ("POST", "PUT", "PATCH", "DELETE")
MAX_BODY = 1_000_000  # bytes of a body read; a larger one is not read
MAX_FIELDS = 500  # places kept of one request

Fields = list[tuple[str, str]]


@dataclass
class Sent:
    """One request as places and values. `problem`: why its body could not be read (then `fields` is empty)."""

    method: str
    url: str
    kind: str  # query (a GET form), form (urlencoded), multipart, json, or other
    fields: Fields = field(default_factory=list)
    problem: str | None = None

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def path(self) -> str:
        return urlsplit(self.url).path or "/"

    def at(self, place: str) -> list[str]:
        """The values sent at `place`, in order."""
        return [value for where, value in self.fields if where == place]


def read_request(method: str, url: str, content_type: str, body: bytes | None, navigation: bool = False) -> Sent | None:
    """The request as places and values, or None when it sends nothing a person gave: a GET without a query, or one
    that is neither a page loaded (`navigation`) nor a fetch."""
    method = method.upper()
    if method not in SENDING_METHODS:
        query = urlsplit(url).query
        if method != "GET" or not query:
            return None
        return Sent(method, url, "query", parse_qsl(query, keep_blank_values=True)[:MAX_FIELDS])
    if not body:
        return Sent(method, url, "other")
    if len(body) > MAX_BODY:
        return Sent(method, url, "other", problem=f"a body of {len(body):,} bytes, too large to read")
    kind = _kind(content_type, body)
    try:
        fields = _READERS[kind](body, content_type)
    except (ValueError, UnicodeDecodeError, LookupError) as exc:
        return Sent(method, url, kind, problem=f"a {kind} body that could not be read ({exc.__class__.__name__})")
    return Sent(method, url, kind, fields[:MAX_FIELDS])


def _kind(content_type: str, body: bytes) -> str:
    media = content_type.split(";", 1)[0].strip().lower()
    if media == "application/x-www-form-urlencoded":
        return "form"
    if media == "multipart/form-data":
        return "multipart"
    if media.endswith("json") or (not media or media == "text/plain") and body.lstrip()[:1] in (b"{", b"["):
        return "json"
    return "other"


def _form(body: bytes, _content_type: str) -> Fields:
    return parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=bool(body.strip()))


def _multipart(body: bytes, content_type: str) -> Fields:
    if "boundary=" not in content_type:
        raise ValueError("no boundary")
    message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    if not message.is_multipart():
        raise ValueError("not multipart")
    fields: Fields = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not name:
            continue
        filename = part.get_filename()
        content = part.get_payload(decode=True) or b""
        fields.append((str(name), filename if filename is not None else content.decode("utf-8")))
    return fields


def _json(body: bytes, _content_type: str) -> Fields:
    fields: Fields = []
    _flatten(json.loads(body.decode("utf-8")), "", fields)
    return fields


def _flatten(value: object, path: str, fields: Fields) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _flatten(item, f"{path}.{key}" if path else str(key), fields)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _flatten(item, f"{path}[{index}]", fields)
    elif len(fields) < MAX_FIELDS:
        fields.append((path, _scalar(value)))


def _scalar(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _other(_body: bytes, _content_type: str) -> Fields:
    return []


_READERS = {"form": _form, "multipart": _multipart, "json": _json, "other": _other}

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def canonical(value: str) -> str:
    """A value as compared with another: case and runs of spaces aside, a number as its number (`12.50` is `12.5`)."""
    text = " ".join(value.split()).casefold()
    plain = text.replace(",", "")
    return repr(float(plain)) if _NUMBER.match(plain) else text


def same_value(sent: str, given: str) -> bool:
    """Whether a value sent is the value given (see `canonical`)."""
    return canonical(sent) == canonical(given)


def places_of(value: str, fields: Fields) -> list[str]:
    """The places where `value` was sent, in order, each once."""
    if not value.strip():
        return []
    return list(dict.fromkeys(place for place, sent in fields if same_value(sent, value)))


def list_places(items: list[str], fields: Fields) -> list[str]:
    """The places of a list's items sent in order (one field repeated, or a JSON array's items): `tags`, `tags[*]`."""
    if len(items) < 2:
        return []
    found = []
    for item in items:
        places = places_of(item, fields)
        if not places:
            return []
        found.append(places[0])
    shared = {re.sub(r"\[\d+\]", "[*]", place) for place in found}
    return sorted(shared) if len(shared) == 1 else []


def values_at(sent: Sent, place: str) -> list[str]:
    """The values sent at `place`; `[*]` stands for every index of an array, in order."""
    if "[*]" not in place:
        return sent.at(place)
    pattern = re.compile("^" + re.escape(place).replace(r"\[\*\]", r"\[\d+\]") + "$")
    return [value for where, value in sent.fields if pattern.match(where)]


_INDEX = re.compile(r"^(.*?)\[(\d+)\]")


def array_lengths(fields: Fields) -> dict[str, int]:
    """How many items each array that holds values was sent with, by its path (`lines`: 2), outermost arrays only."""
    indices: dict[str, set[str]] = {}
    for place, _ in fields:
        found = _INDEX.match(place)
        if found:
            indices.setdefault(found.group(1), set()).add(found.group(2))
    return {path: len(items) for path, items in indices.items()}
