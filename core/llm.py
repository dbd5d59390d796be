"""Calling an LLM through litellm: imported lazily, configured from the settings, errors made plain."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from core.errors import ShowMeHowError
from core.settings import Settings

KEYLESS_PROVIDERS = ("ollama/", "ollama_chat/")


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


def complete(
    model: str,
    messages: list[dict[str, Any]],
    settings: Settings,
    timeout: float | None = None,
    usage: Usage | None = None,
    **kwargs: Any,
) -> Any:
    """One chat completion; returns the response message and counts it in `usage`. Raises LLMError with
    a plain reason."""
    options = connection_options(model, settings)
    litellm = _litellm()
    started, response = time.perf_counter(), None
    try:
        response = litellm.completion(
            model=model, messages=messages, timeout=timeout or settings.llm_timeout, num_retries=0, **options, **kwargs
        )
    except litellm.Timeout as exc:
        raise LLMError(f"{model} did not answer within {timeout or settings.llm_timeout:.0f} s") from exc
    except litellm.AuthenticationError as exc:
        raise LLMError(f"{model} refused the API key in ${settings.api_key_env}") from exc
    except Exception as exc:  # litellm raises many provider-specific types
        if isinstance(exc, litellm.APIConnectionError) or "Connection error" in str(exc):
            where = settings.api_base or "the provider"
            raise LLMError(f"cannot reach {model} at {where}; check `showmehow config set api_base URL`") from exc
        raise LLMError(f"{model} failed: {str(exc).splitlines()[0][:300]}") from exc
    finally:
        if usage is not None:
            usage.add(response, time.perf_counter() - started)
    try:
        return response.choices[0].message
    except (AttributeError, IndexError) as exc:
        raise LLMError(f"{model} returned no message") from exc
