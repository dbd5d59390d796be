"""A model that answers one byte every 2 s: the call ends at its deadline, or at once on a stop request."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from core.llm import LLMError, complete
from core.settings import Settings
from tests.llm_server import LLMServer, Reply

ANSWER = b'{"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}'


class Dribbler:
    """Sends a valid answer one byte every 2 s and notes when the client hangs up."""

    def __init__(self) -> None:
        self.hung_up = threading.Event()
        dribbler = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(ANSWER)))
                self.end_headers()
                try:
                    for byte in ANSWER:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(2)
                except OSError:
                    dribbler.hung_up.set()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"


@pytest.fixture
def dribbler(monkeypatch: pytest.MonkeyPatch) -> Iterator[Dribbler]:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    quick = LLMServer(replies=[Reply(content="warm")])  # litellm and its client loaded before the clock starts
    assert complete("openai/quick", [{"role": "user", "content": "hi"}], Settings(api_base=quick.url)).content == "warm"
    quick.close()
    server = Dribbler()
    yield server
    server.server.shutdown()
    server.server.server_close()


def test_the_deadline_is_on_the_whole_call(dribbler: Dribbler) -> None:
    settings = Settings(api_base=dribbler.url, llm_timeout=3)
    started = time.monotonic()
    with pytest.raises(LLMError, match="did not answer within 3 s"):
        complete("openai/slow", [{"role": "user", "content": "hi"}], settings)
    assert time.monotonic() - started < 4.5
    assert dribbler.hung_up.wait(10)  # the connection was closed, not left dribbling


def test_a_stop_request_interrupts_a_call_in_flight(dribbler: Dribbler) -> None:
    settings = Settings(api_base=dribbler.url, llm_timeout=60)
    stop = threading.Event()
    threading.Timer(1.0, stop.set).start()
    started = time.monotonic()
    with pytest.raises(LLMError, match="stopped on request"):
        complete("openai/slow", [{"role": "user", "content": "hi"}], settings, stop=stop)
    assert time.monotonic() - started < 2.5
    assert dribbler.hung_up.wait(10)
