"""Calling an LLM through litellm: imported lazily, configured from the settings, errors made plain."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from core.errors import ShowMeHowError
from core.settings import Settings

KEYLESS_PROVIDERS = ("ollama/", "ollama_chat/", "hosted_vllm/", "llamafile/", "lm_studio/")  # local servers: no key
POLL_S = 0.1  # how often a waiting call looks at its stop request


class LLMError(ShowMeHowError):
    """The model could not be asked or gave no usable answer; the message names what to fix."""


def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        import litellm
    except ImportError as exc:
        raise LLMError("LLM features need litellm: install with `pip install 'showmehow[llm]'`") from exc
    litellm.suppress_debug_info = True
    return litellm


@dataclass
class Usage:
    """What a run spent on the model: calls, tokens and the time spent waiting for answers."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    def add(self, response: Any, seconds: float) -> None:
        self.calls += 1
        self.seconds += seconds
        usage = getattr(response, "usage", None)
        self.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
        self.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)


def connection_options(model: str, settings: Settings) -> dict[str, Any]:
    """api_base and api_key for a model, or an error naming the setting to fix."""
    options: dict[str, Any] = {}
    if settings.api_base:
        options["api_base"] = settings.api_base
    key = os.environ.get(settings.api_key_env)
    if key:
        options["api_key"] = key
    elif not model.startswith(KEYLESS_PROVIDERS):
        raise LLMError(
            f"no API key for {model}: ${settings.api_key_env} is empty; export it, or name another variable with "
            "`showmehow config set api_key_env NAME`"
        )
    return options


def _plain(model: str, settings: Settings, timeout: float, litellm: Any, exc: Exception) -> LLMError:
    """An LLMError that says what went wrong with a call to `model`, in one line."""
    if isinstance(exc, litellm.Timeout):
        return LLMError(f"{model} did not answer within {timeout:.0f} s")
    if isinstance(exc, litellm.AuthenticationError):
        return LLMError(f"{model} refused the API key in ${settings.api_key_env}")
    if isinstance(exc, litellm.APIConnectionError) or "Connection error" in str(exc):
        where = settings.api_base or "the provider"
        return LLMError(f"cannot reach {model} at {where}; check `showmehow config set api_base URL`")
    return LLMError(f"{model} failed: {str(exc).splitlines()[0][:300]}")


def embed(model: str, texts: list[str], settings: Settings, timeout: float | None = None) -> list[list[float]]:
    """One embedding per text, in order. Raises LLMError with a plain reason."""
    options = connection_options(model, settings)
    litellm = _litellm()
    timeout = timeout or settings.llm_timeout
    try:
        response = litellm.embedding(model=model, input=texts, timeout=timeout, num_retries=0, **options)
        vectors = [list(map(float, item["embedding"])) for item in sorted(response.data, key=lambda item: item["index"])]
    except Exception as exc:  # litellm raises many provider-specific types
        raise _plain(model, settings, timeout, litellm, exc) from exc
    if len(vectors) != len(texts) or any(len(v) != len(vectors[0]) or not v for v in vectors):
        raise LLMError(f"{model} returned {len(vectors)} embeddings of uneven size for {len(texts)} texts")
    return vectors


class _Inline(concurrent.futures.ThreadPoolExecutor):
    """The calls' loop's executor runs what it is given at once, on the loop's thread: litellm prepares a
    call there, so that a call is cancelled while it waits for the network, never left half-made elsewhere."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller, as a thread pool would
            future.set_exception(exc)
        return future


class _Calls:
    """One event loop on a daemon thread runs every call, so that a call can be cancelled in flight (its
    connection closed) and litellm's cached async clients always belong to the loop that made them."""

    _loop: asyncio.AbstractEventLoop | None = None
    _lock = threading.Lock()

    @classmethod
    def loop(cls) -> asyncio.AbstractEventLoop:
        with cls._lock:
            if cls._loop is None:
                cls._loop = asyncio.new_event_loop()
                cls._loop.set_default_executor(_Inline(max_workers=1))
                threading.Thread(target=cls._loop.run_forever, name="showmehow-llm", daemon=True).start()
            return cls._loop


def within(make: Callable[[], Awaitable[Any]], seconds: float, stop: threading.Event | None = None) -> Any:
    """Run a coroutine with a deadline on the whole call (not on each read); a stop request, Ctrl-C or the
    deadline cancels it in flight. Raises TimeoutError at the deadline, InterruptedError on a stop request."""

    async def run() -> Any:
        return await make()

    future = asyncio.run_coroutine_threadsafe(run(), _Calls.loop())
    deadline = time.monotonic() + seconds
    try:
        while True:
            if stop is not None and stop.is_set():
                raise InterruptedError("stopped on request")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            try:
                return future.result(timeout=min(POLL_S, remaining))
            except concurrent.futures.TimeoutError:
                continue
    finally:
        future.cancel()


def complete(
    model: str,
    messages: list[dict[str, Any]],
    settings: Settings,
    timeout: float | None = None,
    stop: threading.Event | None = None,
    usage: Usage | None = None,
    **kwargs: Any,
) -> Any:
    """One chat completion within `timeout` seconds in all (the llm_timeout setting by default); returns the
    response message and counts it in `usage`. Raises LLMError with a plain reason, also when `stop` is set
    while it waits."""
    options = connection_options(model, settings)
    litellm = _litellm()
    seconds = timeout or settings.llm_timeout
    started, response = time.perf_counter(), None
    try:
        response = within(
            lambda: litellm.acompletion(model=model, messages=messages, timeout=seconds, num_retries=0, **options, **kwargs),
            seconds,
            stop,
        )
    except InterruptedError as exc:
        raise LLMError(f"{model}: stopped on request while waiting for its answer") from exc
    except TimeoutError as exc:
        raise LLMError(f"{model} did not answer within {seconds:.0f} s") from exc
    except Exception as exc:  # litellm raises many provider-specific types
        raise _plain(model, settings, seconds, litellm, exc) from exc
    finally:
        if usage is not None:
            usage.add(response, time.perf_counter() - started)
    try:
        return response.choices[0].message
    except (AttributeError, IndexError) as exc:
        raise LLMError(f"{model} returned no message") from exc
