"""Web servers that keep every request they receive, so that tests can assert on what each site saw: the
attacker's (tests/sites/hostile, addressed as localhost) and the victim's (tests/sites, as 127.0.0.1)."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, quote_plus

SITES = Path(__file__).parent / "sites"
HOSTILE = SITES / "hostile"


@dataclass
class Received:
    method: str
    path: str  # with the query string
    body: bytes = b""


@dataclass
class AttackerServer:
    """On 127.0.0.1, addressed as `localhost` (another site than the victim's pages on 127.0.0.1), serving
    the files under `root`."""

    received: list[Received] = field(default_factory=list)
    base: str = ""
    root: Path = HOSTILE
    name: str = "localhost"
    variants: dict[str, str] = field(default_factory=dict)  # a file served in place of another (the site changed)
    answer: Callable[[Received], tuple[int, bytes, str]] | None = None  # a POST's status, body and type

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                server.received.append(Received("GET", self.path))
                path = self.path.split("?")[0]
                name = server.variants.get(path, path).lstrip("/")
                page = (server.root / name).resolve()
                if name and page.is_relative_to(server.root.resolve()) and page.is_file():
                    self._answer(200, page.read_bytes(), "text/html" if name.endswith(".html") else "text/javascript")
                else:
                    self._answer(404, b"not found", "text/plain")

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                server.received.append(Received("POST", self.path, body))
                if server.answer is not None:
                    self._answer(*server.answer(server.received[-1]))
                else:
                    self._answer(200, b"<!doctype html><title>Thanks</title><p>received", "text/html")

            def _answer(self, status: int, data: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.base = f"http://{self.name}:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def everything(self) -> str:
        """All that reached the attacker, as text."""
        return "\n".join(f"{r.method} {r.path} {r.body.decode('utf-8', 'replace')}" for r in self.received)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def encodings(value: str) -> set[str]:
    """The forms a value takes in files, URLs and bodies: as it is, percent-encoded in both cases, with + for spaces."""
    form = "".join(  # as browsers encode forms: all but letters, digits and *-._ as %XX, + for spaces
        "+" if c == " " else c if c.isascii() and (c.isalnum() or c in "*-._") else quote(c, safe="").replace("~", "%7E")
        for c in value
    )
    encoded = {value, quote(value, safe=""), quote_plus(value), quote(value), form}
    return encoded | {re.sub(r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), form) for form in encoded}


def where_it_went(value: str, servers: list[AttackerServer], home: Path, printed: str = "") -> set[str]:
    """Where a value ended up, in any of its `encodings`: each server (by its base URL) that received it,
    each file under the data directory that holds it, and "terminal" when it was printed."""
    forms = encodings(value)
    found = {server.base for server in servers if any(form in server.everything() for form in forms)}
    found |= {str(path) for path in home.rglob("*") if path.is_file() and any(f.encode() in path.read_bytes() for f in forms)}
    return found | ({"terminal"} if any(form in printed for form in forms) else set())
