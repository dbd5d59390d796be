"""Helpers for the benchmarks: a served fixture site, a headless browser, and figure printing."""

from __future__ import annotations

import functools
import http.server
import os
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

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
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
