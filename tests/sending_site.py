"""tests/sites on 127.0.0.1 (tests.attacker's server, which keeps every request with its body), answering the
POSTs of tests/sites/sending, so that a test judges a run by what the site received."""

from __future__ import annotations

import html
import json
from urllib.parse import parse_qs

from tests.attacker import SITES, AttackerServer, Received


class SendingSite:
    """`status`: what the site answers to a POST (500: it refuses what it got, with the page it shows anyway);
    `variants`: a file served in place of another (the site changed)."""

    def __init__(self) -> None:
        self.status = 200
        self.server = AttackerServer(root=SITES, name="127.0.0.1", answer=self._answer)
        self.url, self.variants = self.server.base, self.server.variants

    def _answer(self, got: Received) -> tuple[int, bytes, str]:
        if got.path.endswith("/api/expenses"):
            return self.status, b'{"saved": true}', "application/json"
        subject = html.escape((form(got).get("subject") or [""])[0])
        return (
            self.status,
            f"<!doctype html><title>Saved</title><h1>Ticket saved</h1><p>Subject: {subject}</p>".encode(),
            "text/html",
        )

    def posts(self, path: str) -> list[Received]:
        return [got for got in self.server.received if got.method == "POST" and got.path.endswith(path)]

    def close(self) -> None:
        self.server.close()


def form(got: Received) -> dict[str, list[str]]:
    return parse_qs(got.body.decode())


def sent_json(got: Received) -> object:
    return json.loads(got.body)
