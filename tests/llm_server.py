"""A scripted OpenAI-compatible server on 127.0.0.1: real HTTP for litellm, answers chosen by the test."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODEL = "openai/scripted"  # the model name that reaches this server through litellm's OpenAI provider


@dataclass
class Reply:
    """One scripted answer: a message (content and/or tool calls), or a raw status and body."""

    content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    status: int = 200
    raw: str | None = None
    delay: float = 0.0


def tool_call(name: str, **arguments: Any) -> dict[str, Any]:
    return {
        "id": f"call_{name}_{time.monotonic_ns()}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


@dataclass
class LLMServer:
    replies: list[Reply | Callable[[dict[str, Any]], Reply]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""
    default: Reply | None = None
    embed: Callable[[str], list[float]] | None = None  # answers /v1/embeddings: one vector per input text

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                server.requests.append(body)
                if self.path.endswith("/embeddings") and server.embed is not None:
                    return self._send(200, json.dumps(_embeddings(body, server.embed)))
                if server.replies:
                    reply = server.replies.pop(0)
                else:
                    reply = server.default or Reply(status=500, raw='{"error": {"message": "no scripted reply"}}')
                if callable(reply):
                    reply = reply(body)
                if reply.delay:
                    time.sleep(reply.delay)
                self._send(reply.status, reply.raw if reply.raw is not None else json.dumps(_completion(body, reply)))

            def _send(self, status: int, payload: str) -> None:
                data = payload.encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _embeddings(request: dict[str, Any], embed: Callable[[str], list[float]]) -> dict[str, Any]:
    texts = request.get("input") or []
    texts = [texts] if isinstance(texts, str) else texts
    return {
        "object": "list",
        "data": [{"object": "embedding", "index": i, "embedding": embed(text)} for i, text in enumerate(texts)],
        "model": request.get("model", "test"),
        "usage": {"prompt_tokens": 10, "total_tokens": 10},
    }


def _completion(request: dict[str, Any], reply: Reply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["tool_calls"] = reply.tool_calls
    return {
        "id": f"chatcmpl-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "test"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    }
