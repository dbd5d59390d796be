"""The generalization fixtures' web server: serves tests/sites/gen and records what the pages send.

Every form submission, fetch POST and GET with a query string is kept as a `Received` (method,
path, decoded fields), so that a test can ask what the site got for the task it ran. Pages report
their outcome to `/submit/<shape>` (forms) or `/log/<shape>` (clicks reported with fetch); those
are the *outcomes*.

The instance a page shows (which buttons exist, the order of fields, the labels) comes from
`/instance.js?page=NAME`, which the server answers from `set_instance()`; a query string on the
page itself overrides it (handy when looking at a fixture by hand). Keeping the instance out of the
address means the task runs on the very address the demonstration was recorded on, as a later task
on a real site does, whose content has changed since: a procedure's opening navigate step then
lands on the instance under test instead of reloading the demonstration's.
"""

from __future__ import annotations

import html
import http.server
import json
import mimetypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

GEN_SITES = Path(__file__).resolve().parent.parent / "sites" / "gen"
OUTCOME_PREFIXES = ("/submit/", "/log/")

Fields = dict[str, Any]  # a field's value is a str, or a list of str when the field came more than once


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    fields: Fields = field(default_factory=dict)
    at: float = 0.0

    @property
    def outcome(self) -> bool:
        return self.path.startswith(OUTCOME_PREFIXES)

    def short(self) -> str:
        return f"{self.method} {self.path} {json.dumps(self.fields, ensure_ascii=False)}"


def decode_pairs(pairs: list[tuple[str, str]]) -> Fields:
    """Fields from name/value pairs: line breaks as \\n, a repeated name as a list of its values."""
    fields: Fields = {}
    for name, value in pairs:
        value = value.replace("\r\n", "\n")
        if name not in fields:
            fields[name] = value
        elif isinstance(fields[name], list):
            fields[name].append(value)
        else:
            fields[name] = [fields[name], value]
    return fields


def normalized(fields: Fields) -> Fields:
    """Fields to compare: a list's order does not matter (checkboxes may be shown shuffled)."""
    return {k: sorted(v) if isinstance(v, list) else v for k, v in fields.items()}


class GenServer:
    """A threaded HTTP server on 127.0.0.1 that serves the fixtures and records what they receive."""

    def __init__(self, root: Path = GEN_SITES) -> None:
        self.root = root
        self._lock = threading.Lock()
        self._received: list[Received] = []
        self._instances: dict[str, dict[str, str]] = {}
        self._httpd: http.server.ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.url = ""

    # --- lifecycle ---------------------------------------------------------------------------------

    def start(self) -> str:
        server = self

        class Handler(_Handler):
            owner = server

        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="gen-server", daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        return self.url

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None

    # --- instances and what was received -------------------------------------------------------------

    def set_instance(self, page: str, params: dict[str, str]) -> None:
        """What `page` (its file name without .html, e.g. "buttons") shows from now on."""
        with self._lock:
            self._instances[page] = dict(params)

    def instance(self, page: str) -> dict[str, str]:
        with self._lock:
            return dict(self._instances.get(page, {}))

    def clear(self) -> None:
        with self._lock:
            self._received.clear()

    def received(self) -> list[Received]:
        with self._lock:
            return list(self._received)

    def outcomes(self) -> list[Received]:
        return [r for r in self.received() if r.outcome]

    def wait_for_outcomes(self, count: int = 1, timeout_s: float = 2.0, settle_s: float = 0.15) -> list[Received]:
        """The outcomes once `count` have come (or `timeout_s` passed), after `settle_s` more for stragglers."""
        deadline = time.monotonic() + timeout_s
        while len(self.outcomes()) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(settle_s)
        return self.outcomes()

    def _record(self, received: Received) -> None:
        with self._lock:
            self._received.append(received)


class _Handler(http.server.BaseHTTPRequestHandler):
    owner: GenServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.query and url.path != "/instance.js":
            self.owner._record(Received("GET", url.path, decode_pairs(parse_qsl(url.query, keep_blank_values=True)), time.time()))
        if url.path == "/instance.js":
            page = dict(parse_qsl(url.query)).get("page", "")
            script = (
                f"window.INSTANCE = {json.dumps(self.owner.instance(page))};\n"
                "for (const [k, v] of new URLSearchParams(location.search)) window.INSTANCE[k] = v;\n"
            )
            self._send(200, script.encode(), "text/javascript")
        elif url.path.startswith(OUTCOME_PREFIXES):
            self._send(200, _received_page(url.path), "text/html")
        else:
            self._static(url.path)

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind == "application/json":
            data = json.loads(body or "{}")
            pairs = [(str(k), v if isinstance(v, str) else json.dumps(v)) for k, v in data.items()]
        else:  # urlencoded forms and URLSearchParams bodies
            pairs = parse_qsl(body, keep_blank_values=True)
        pairs = parse_qsl(url.query, keep_blank_values=True) + pairs
        fields = decode_pairs(pairs)
        self.owner._record(Received("POST", url.path, fields, time.time()))
        self._send(200, _received_page(url.path, fields), "text/html")

    def _static(self, path: str) -> None:
        relative = path.removeprefix("/gen/") if path.startswith("/gen/") else None
        file = (self.owner.root / relative).resolve() if relative else None
        if file is None or not file.is_file() or self.owner.root.resolve() not in file.parents:
            self._send(404, b"not found", "text/plain")
            return
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        self._send(200, file.read_bytes(), kind)

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8" if kind.startswith("text/") else kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def _order_summary(fields: Fields) -> str:
    """What the flower shop shows after an order: some of its values, as a real shop does (not the email,
    the phone or the updates box, which a run must check on the form itself)."""

    def shown(name: str) -> str:
        value = fields.get(name, "")
        return html.escape(", ".join(value) if isinstance(value, list) else value)

    return (
        "<h2>Thank you for your order</h2><dl>"
        f"<dt>Customer</dt><dd>{shown('customer')}</dd>"
        f"<dt>Bouquet</dt><dd>{shown('product')} × {shown('quantity')}</dd>"
        f"<dt>Delivery</dt><dd>{shown('delivery')}, on {shown('date')}</dd>"
        f"<dt>Gift wrap</dt><dd>{'yes' if fields.get('giftwrap') else 'no'}</dd>"
        f"<dt>Notes</dt><dd>{shown('notes')}</dd></dl>"
    )


SUMMARIES = {"/submit/order": _order_summary}  # pages that show what they got; the others only say they got it


def _received_page(path: str, fields: Fields | None = None) -> bytes:
    summary = SUMMARIES.get(path)
    body = summary(fields or {}) if summary else f"<p>The site got your request to {path}.</p>"
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>Received</title></head>'
        f"<body><h1>Received</h1>{body}</body></html>"
    ).encode()


@contextmanager
def serving(root: Path = GEN_SITES) -> Iterator[GenServer]:
    server = GenServer(root)
    server.start()
    try:
        yield server
    finally:
        server.stop()
