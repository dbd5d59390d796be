"""The attacker's web server: serves tests/sites/hostile (or another folder) and keeps every request it
receives, so that tests can assert on what an attacker, or any site, could observe."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOSTILE = Path(__file__).parent / "sites" / "hostile"


@dataclass
class Received:
    method: str
    path: str  # with the query string
    body: bytes = b""


@dataclass
class AttackerServer:
    """On 127.0.0.1, addressed as `localhost`: another site than the victim's pages on 127.0.0.1."""

    received: list[Received] = field(default_factory=list)
    base: str = ""
    root: Path = HOSTILE  # the folder it serves

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                server.received.append(Received("GET", self.path))
                name = self.path.split("?")[0].lstrip("/")
                page = server.root / name
                if name and "/" not in name and page.is_file():
                    self._answer(200, page.read_bytes(), "text/html" if name.endswith(".html") else "text/javascript")
                else:
                    self._answer(404, b"not found", "text/plain")

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                server.received.append(Received("POST", self.path, body))
                self._answer(200, b"<!doctype html><title>Thanks</title><p>received", "text/html")

            def _answer(self, status: int, data: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.base = f"http://localhost:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def everything(self) -> str:
        """All that reached the attacker, as text."""
        return "\n".join(f"{r.method} {r.path} {r.body.decode('utf-8', 'replace')}" for r in self.received)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
