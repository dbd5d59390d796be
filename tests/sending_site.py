"""tests/sites over HTTP on 127.0.0.1, answering the POSTs of tests/sites/sending and keeping every request with
its body, so that a test judges a run by what the site received."""

from __future__ import annotations

import html
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

SITES = Path(__file__).parent / "sites"


@dataclass
class Got:
    method: str
    path: str
    body: bytes = b""
    content_type: str = ""

    def form(self) -> dict[str, list[str]]:
        return parse_qs(self.body.decode())

    def json(self) -> object:
        return json.loads(self.body)


@dataclass
class SendingSite:
    """`status`: what the site answers to a POST (500: it refuses what it got, with the page it shows anyway);
    `variants`: a page served in place of another (the site changed)."""

    received: list[Got] = field(default_factory=list)
    status: int = 200
    variants: dict[str, str] = field(default_factory=dict)
    url: str = ""

    def __post_init__(self) -> None:
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                site.received.append(Got("GET", self.path))
                name = site.variants.get(self.path.split("?")[0], self.path.split("?")[0]).lstrip("/")
                page = (SITES / name).resolve()
                if name and page.is_relative_to(SITES.resolve()) and page.is_file():
                    self._answer(200, page.read_bytes(), "text/javascript" if name.endswith(".js") else "text/html")
                else:
                    self._answer(404, b"not found", "text/plain")

            def do_POST(self) -> None:
                got = Got("POST", self.path, self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                got.content_type = self.headers.get("Content-Type", "")
                site.received.append(got)
                if self.path.endswith("/api/expenses"):
                    self._answer(site.status, b'{"saved": true}', "application/json")
                else:
                    subject = html.escape((got.form().get("subject") or [""])[0])
                    page = f"<!doctype html><title>Saved</title><h1>Ticket saved</h1><p>Subject: {subject}</p>"
                    self._answer(site.status, page.encode(), "text/html")

            def _answer(self, status: int, data: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def posts(self, path: str) -> list[Got]:
        return [g for g in self.received if g.method == "POST" and g.path.endswith(path)]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
