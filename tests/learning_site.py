"""tests/sites/learning on 127.0.0.1 (tests.attacker's server, which keeps every request with its body): its forms'
POSTs answered with a page that says what the site got, so that a test or a benchmark judges a run by it."""

from __future__ import annotations

import html
from urllib.parse import parse_qs, urlsplit

from tests.attacker import SITES, AttackerServer, Received

ANSWERS = {
    "signed-in": "<h1>Welcome, {username}</h1>",
    "ordered": "<h1>Order placed</h1><p>For {name}</p>",
    "created": "<h1>Account created</h1><p>{full_name} in {city}</p>",
}


class LearningSite:
    def __init__(self) -> None:
        self.server = AttackerServer(root=SITES, name="127.0.0.1", answer=self._answer)
        self.url = f"{self.server.base}/learning"

    def _answer(self, got: Received) -> tuple[int, bytes, str]:
        fields = {k: html.escape(v[0]) for k, v in parse_qs(got.body.decode()).items()}
        shape = ANSWERS.get(got.path.rsplit("/", 1)[-1], "<h1>Received</h1>")
        body = shape.format_map({k: fields.get(k, "") for k in ("username", "name", "full_name", "city")})
        return 200, f"<!doctype html><title>Done</title>{body}".encode(), "text/html"

    def posted(self, path: str) -> list[dict[str, list[str]]]:
        """The forms the site received at `path`, in order."""
        return [parse_qs(r.body.decode()) for r in self.server.received if r.method == "POST" and r.path.endswith(path)]

    def opened(self, page: str) -> list[dict[str, list[str]]]:
        """The queries the site was asked `page` with, in order."""
        return [
            parse_qs(urlsplit(r.path).query)
            for r in self.server.received
            if r.method == "GET" and r.path.split("?")[0].endswith(page)
        ]

    def close(self) -> None:
        self.server.close()
