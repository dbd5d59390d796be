"""Chrome DevTools Recorder JSON: existing recordings become Recordings, then procedures."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ShowMeHowError, describe_error
from core.secrecy import SECRET_MASK, is_secret_name, mask_values, redact_url, value_pattern
from core.words import snake_case
from recorder.fingerprints import scrub_step
from recorder.models import RecordedStep, Recording

IGNORED_TYPES = {
    "setViewport",
    "waitForElement",
    "waitForExpression",
    "scroll",
    "hover",
    "keyUp",
    "close",
    "emulateNetworkConditions",
    "customStep",
}
KNOWN_TYPES = IGNORED_TYPES | {"navigate", "click", "doubleClick", "change", "keyDown"}


class DevToolsStep(BaseModel):
    """One step of a DevTools recording; fields this importer does not use are allowed and ignored."""

    model_config = ConfigDict(extra="allow")

    type: str
    url: str | None = Field(None, max_length=2000)
    value: str | None = Field(None, max_length=100_000)
    key: str | None = Field(None, max_length=50)
    selectors: list[list[str] | str] = Field(default_factory=list, max_length=20)
    target: str | None = None
    frame: list[int] = Field(default_factory=list, max_length=10)
    assertedEvents: list[dict[str, Any]] = Field(default_factory=list)


class DevToolsRecording(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str = Field(max_length=2000)
    steps: list[DevToolsStep] = Field(min_length=1, max_length=5000)


def looks_like_devtools(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("steps"), list) and "format" not in data


def _selector(parts: list[str] | str) -> str | None:
    """A DevTools selector (a list of parts that pierce shadow roots) as a Playwright selector."""
    parts = [parts] if isinstance(parts, str) else parts
    converted = []
    for part in parts:
        if part.startswith("aria/"):
            match = re.fullmatch(r'aria/(.+?)(?:\[role="([a-z]+)"\])?', part)
            if not match or not match.group(2):
                return None  # a bare accessible name has no exact Playwright equivalent
            converted.append(f"internal:role={match.group(2)}[name={json.dumps(match.group(1), ensure_ascii=False)}s]")
        elif part.startswith("xpath/"):
            converted.append("xpath=" + part.removeprefix("xpath/"))
        elif part.startswith("pierce/"):
            converted.append("css=" + part.removeprefix("pierce/"))
        elif part.startswith("text/"):
            converted.append(f"internal:text={json.dumps(part.removeprefix('text/'), ensure_ascii=False)}i")
        else:
            converted.append(part)
    return " >> ".join(converted)


def _aria_name(part: str) -> str:
    return re.sub(r'\[role="[a-z]+"\]$', "", part.removeprefix("aria/"))


def recording_from_devtools(text: str, source: str = "input") -> Recording:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ShowMeHowError(f"{source} is not JSON ({exc})") from exc
    try:
        devtools = DevToolsRecording.model_validate(data)
    except ValidationError as exc:
        raise ShowMeHowError(f"{source} is not a DevTools Recorder file: {describe_error(exc)}") from exc
    steps: list[RecordedStep] = []
    typed_secrets: list[tuple[str, str]] = []  # (value, the field's name)
    pages: dict[str, int] = {"main": 0}
    url = ""
    for number, raw in enumerate(devtools.steps):
        if raw.type not in KNOWN_TYPES:
            raise ShowMeHowError(f"{source}: steps.{number}.type {raw.type!r} is not a DevTools Recorder step type")
        if raw.type in IGNORED_TYPES:
            continue
        page = pages.setdefault(raw.target or "main", len(pages))
        if raw.type == "navigate":
            if not raw.url:
                raise ShowMeHowError(f"{source}: steps.{number}.url is required for a navigate step")
            url = redact_url(raw.url)
            steps.append(RecordedStep(action="navigate", value=url, url=url, page=page))
            continue
        if raw.type == "keyDown":
            if not raw.key:
                raise ShowMeHowError(f"{source}: steps.{number}.key is required for a keyDown step")
            if len(raw.key) == 1:
                continue  # printable keys are part of a change step
        selectors = [s for s in (_selector(parts) for parts in raw.selectors) if s]
        if raw.type != "keyDown" and not selectors:
            raise ShowMeHowError(f"{source}: steps.{number}.selectors has no selector this importer can use")
        action = {"click": "click", "doubleClick": "dblclick", "change": "fill", "keyDown": "press"}[raw.type]
        secret = action == "fill" and _looks_secret(raw)  # a password in a DevTools file is not kept
        name = next(
            (
                _aria_name(part)
                for group in raw.selectors
                for part in ([group] if isinstance(group, str) else group)
                if part.startswith("aria/")
            ),
            "",
        )
        if secret and raw.value:
            typed_secrets.append((raw.value, name))
        navigation = next((redact_url(str(e.get("url"))) for e in raw.assertedEvents if e.get("type") == "navigation"), None)
        steps.append(
            RecordedStep(
                action=action,
                selector=selectors[0] if selectors else "body",
                selectors=selectors or ["body"],
                value=raw.key if action == "press" else (None if secret else raw.value),
                secret=secret,
                url=url,
                page=page,
                frame=[f"iframe >> nth={i}" for i in raw.frame],
                navigates_to=navigation or None,
                label=name,
                field=name,
            )
        )
        if navigation:
            url = navigation
    if not steps:
        raise ShowMeHowError(f"{source}: the recording has no steps to replay")
    return _without_secret_values(Recording(title=devtools.title, steps=steps), devtools, typed_secrets)


def _looks_secret(raw: DevToolsStep) -> bool:
    """A change step in a field whose selectors name a password, PIN, card number... (`#loginPassword` too)."""
    parts = [part for group in raw.selectors for part in ([group] if isinstance(group, str) else group)]
    return any(is_secret_name(part) for part in parts)


def _without_secret_values(recording: Recording, devtools: DevToolsRecording, typed: list[tuple[str, str]]) -> Recording:
    """The recording with the values typed into secret fields, and those that its URLs pass under a
    secret-sounding name (`?pw=...`), cut out wherever else they appear: another field the page copied
    one into, a selector, a URL, the title (where a typed one becomes its parameter's placeholder)."""
    urls = [raw.url for raw in devtools.steps if raw.url]
    urls += [str(event["url"]) for raw in devtools.steps for event in raw.assertedEvents if event.get("url")]
    values = {value for value, _ in typed} | {value for url in urls for value in _secret_parameters(url)}
    pattern = value_pattern(values)
    if pattern is None:
        return recording
    holds = lambda text: pattern.search(text) is not None
    title = recording.title
    for value, name in typed:
        title = mask_values(title, [value], f"{{{snake_case(name)}}}")
    steps = [scrubbed for step in recording.steps if (scrubbed := scrub_step(step, holds, lambda t: pattern.sub(SECRET_MASK, t)))]
    return recording.model_copy(update={"title": mask_values(title, values), "steps": steps})


def _secret_parameters(url: str) -> list[str]:
    query = urlsplit(url)
    pairs = parse_qsl(query.query, keep_blank_values=True) + parse_qsl(query.fragment, keep_blank_values=True)
    return [value for key, value in pairs if value and is_secret_name(key)]
