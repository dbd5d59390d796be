"""The requests a demonstration's steps sent (a form posted, a fetch with a body, a GET form's query): what of
the person's values went where. Held in memory while recording; stored with the recording, scrubbed: a value
typed into a secret field is kept only as "present", and nothing is kept that the person did not give."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext
from playwright.sync_api import Error as PlaywrightError

from core.secrecy import redact_url
from core.sent import Sent, array_lengths, canonical, read_request
from core.sites import host_of
from recorder.models import SHORT, RecordedStep, SentField, SentRequest

WATCHED = ("document", "fetch", "xhr")  # a page loaded (a form posted or a GET form's query), a fetch or an XHR
MAX_KEPT = 200  # requests held while recording


class RequestLog:
    """Watches a context's requests while a recording runs and keeps, in memory, those that send something."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self._seen: list[tuple[float, Any, Sent]] = []
        self._status: dict[int, int] = {}

    def start(self) -> None:
        self.context.on("request", self._on_request)
        self.context.on("response", self._on_response)

    def stop(self) -> None:
        for event, handler in (("request", self._on_request), ("response", self._on_response)):
            try:
                self.context.remove_listener(event, handler)
            except (PlaywrightError, KeyError, ValueError):
                pass

    def _on_request(self, request: Any) -> None:
        if len(self._seen) >= MAX_KEPT or request.resource_type not in WATCHED:
            return
        try:
            body = request.post_data_buffer
            content_type = request.headers.get("content-type", "")
        except (PlaywrightError, ValueError):
            body, content_type = None, ""
        sent = read_request(request.method, request.url, content_type, body)
        if sent is not None:
            self._seen.append((time.time(), request, sent))

    def _on_response(self, response: Any) -> None:
        self._status[id(response.request)] = response.status

    def sent(self) -> list[tuple[Sent, int | None]]:
        """Every request kept, as read (values and all: held in memory, never stored), with its answer's status."""
        return [(sent, self._status.get(id(request))) for _, request, sent in self._seen]

    def requests(self, steps: list[RecordedStep], holds_secret: Callable[[str], bool]) -> list[SentRequest]:
        """The requests sent after a step, each with the step before it, scrubbed (see `scrubbed`)."""
        kept = []
        for at, request, sent in self._seen:
            index = max((i for i, step in enumerate(steps) if step.timestamp <= at), default=None)
            if index is None:
                continue
            summary = scrubbed(sent, steps, holds_secret, index, self._status.get(id(request)))
            if summary is not None:
                kept.append(summary)
        return kept


def given_values(steps: list[RecordedStep]) -> set[str]:
    """Every value the person gave in the steps: typed text (and its lines), options' labels and values, files."""
    values: set[str] = set()
    for step in steps:
        if step.action in ("navigate", "back", "forward", "reload", "press"):
            continue
        for text in (step.value, step.option_value, *step.files):
            if text and text.strip():
                values.add(canonical(text))
                values.update(canonical(line) for line in text.splitlines() if line.strip())
    return values


def scrubbed(
    sent: Sent, steps: list[RecordedStep], holds_secret: Callable[[str], bool], index: int, status: int | None
) -> SentRequest | None:
    """The request with only the places of values the person gave (a secret one as "present"); None for a GET
    that carries none of them (a link's query, a search the page makes by itself)."""
    given = given_values(steps)
    fields = []
    for place, value in sent.fields:
        if value and holds_secret(value):
            fields.append(SentField(place=place[:SHORT], secret=True))
        elif canonical(value) in given and not holds_secret(place):
            fields.append(SentField(place=place[:SHORT], value=value[:SHORT]))
    if sent.method == "GET" and not fields:
        return None
    base = sent.url.split("?", 1)[0].split("#", 1)[0]
    return SentRequest(
        step=index,
        method=sent.method,
        url=redact_url(base, holds_secret)[:SHORT],
        kind=sent.kind,
        fields=fields,
        lengths=dict(list(array_lengths(sent.fields).items())[:100]),
        status=status,
        problem=sent.problem,
        third_party=host_of(sent.url) != host_of(steps[index].url),
    )
