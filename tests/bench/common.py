"""Helpers for the benchmarks: a served fixture site, a headless browser, and figure printing."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import statistics
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SITES = Path(__file__).resolve().parent.parent / "sites"


@contextmanager
def served_sites(directory: Path = SITES, changing: bool = False) -> Iterator[str]:
    """The fixture sites over HTTP; `changing` pages may be rewritten between runs, so none is cached."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def end_headers(self) -> None:
            if changing:
                self.send_header("Cache-Control", "no-store")
            super().end_headers()

    with serving(http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))) as base:
        yield base


@contextmanager
def serving(server: socketserver.BaseServer) -> Iterator[str]:
    """`server` (bound on 127.0.0.1) answering in a thread; yields its base URL, shuts it down on leaving."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"  # type: ignore[index]
    finally:
        server.shutdown()
        server.server_close()


def isolated_home() -> str:
    home = tempfile.mkdtemp(prefix="showmehow-bench-")
    os.environ["SHOWMEHOW_HOME"] = home
    return home


def report(name: str, values_ms: list[float], target_ms: float | None = None) -> None:
    median = statistics.median(values_ms)
    p95 = sorted(values_ms)[int(len(values_ms) * 0.95) - 1]
    verdict = "" if target_ms is None else ("  OK" if median < target_ms else f"  OVER TARGET {target_ms} ms")
    print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms, n={len(values_ms)}{verdict}")


def false_success(outcome: str, rewarded: bool) -> bool:
    """A run that said it did the task (verified or unverified) while the site's own judge says it did not."""
    return outcome in ("verified", "unverified") and not rewarded
