"""What a run's pages sent, watched while it plays, judged against where the demonstration's requests carried
each parameter's value: replay and exported scripts alike (the standard library and Playwright only).

Evidence learned (procedures.evidence.RequestEvidence, as dicts here): `method`, `url` (origin and path),
`parameters` ({`name`, `places`, `secret`, `items`}) and `lengths` (a JSON array's items). The verdict is a dict
of procedures.evidence.RunEvidence's fields. Request bodies stay in memory and are never kept."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext
from playwright.sync_api import Error as PlaywrightError

from core.sent import Sent, array_lengths, read_request, same_value, values_at
from core.sites import host_of
from procedures.runtime.placeholders import OPTION_VALUE, option_values, placeholders

WATCHED_KINDS = ("document", "fetch", "xhr")
MAX_WATCHED = 500
STATUS_WORDS = {
    "sent": "sent at",
    "missing": "NOT sent at",
    "demonstrated": "the demonstration's value sent at",
    "present": "present at",
    "absent": "NOT present at",
    "unchecked": "not checked at",
    "moved": "sent, but not at",  # the form was laid out again: the value travelled under another name
}
WRONG = ("missing", "demonstrated", "absent")


@dataclass
class Watched:
    """A request a run sent: read, with the answer's status and the 1-based step playing when it left."""

    sent: Sent
    status: int | None
    step: int | None


class RequestWatch:
    """The requests a context's pages send while attached, each with the 1-based step playing (`step()`)."""

    def __init__(self, context: BrowserContext, step: Callable[[], int | None]) -> None:
        self.context, self.step = context, step
        self.seen: list[Watched] = []
        self._by_request: dict[int, Watched] = {}
        context.on("request", self._on_request)
        context.on("response", self._on_response)

    def _on_request(self, request: Any) -> None:
        if request.resource_type not in WATCHED_KINDS or len(self.seen) >= MAX_WATCHED:
            return
        try:
            body = request.post_data_buffer
            content_type = request.headers.get("content-type", "")
        except (PlaywrightError, ValueError):
            body, content_type = None, ""
        sent = read_request(request.method, request.url, content_type, body)
        if sent is not None:
            watched = Watched(sent=sent, status=None, step=self.step())
            self.seen.append(watched)
            self._by_request[id(request)] = watched

    def _on_response(self, response: Any) -> None:
        watched = self._by_request.get(id(response.request))
        if watched is not None:
            watched.status = response.status

    def settle(self, page: Any, timeout_ms: float = 2_000) -> None:
        """Wait (up to `timeout_ms`) for the answers to the requests sent, so that their statuses are known."""
        waited = 0.0
        while any(w.status is None for w in self.seen) and waited < timeout_ms and not page.is_closed():
            try:
                page.wait_for_timeout(50)
            except PlaywrightError:
                return
            waited += 50

    def detach(self) -> None:
        for event, handler in (("request", self._on_request), ("response", self._on_response)):
            try:
                self.context.remove_listener(event, handler)
            except (PlaywrightError, KeyError, ValueError):
                pass


def sent_forms(name: str, value: str, steps: list[Mapping[str, Any]]) -> list[str]:
    """How a form sends the value of parameter `name`: as given, and as the chosen option's value attribute."""
    forms = [value]
    derived = option_values(list(steps), {name: value}).get(name + OPTION_VALUE)
    for step in steps:
        if step.get("value") == f"{{{name}}}" and step.get("action") != "select":
            labels, attributes = step.get("options") or [], step.get("option_values") or []
            if len(labels) == len(attributes) and value in labels:
                derived = derived or attributes[labels.index(value)]
    if derived and derived not in forms:
        forms.append(derived)
    return forms


def judge_requests(
    evidence: list[Mapping[str, Any]],
    watched: list[Watched],
    values: Mapping[str, str],
    examples: Mapping[str, str | None],
    steps: list[Mapping[str, Any]],
) -> dict[str, Any]:
    """What the run's requests say of the task's `values` where the demonstration's requests (`evidence`) had
    them; `examples`: the demonstrated values (a value the task replaced must not be sent there)."""
    result: dict[str, Any] = {"kind": "request" if evidence else "none", "parameters": [], "problems": [], "mismatches": []}
    result["error_status"] = None
    for expected in evidence:
        request, problem = _the_request(expected, watched)
        if request is None and expected["method"] == "GET":
            continue  # a page or a query not asked for again (the site changed its pages): no evidence, none against
        if request is None:
            result["problems"].append(problem)
            continue
        if request.status is not None and request.status >= 400:
            result["error_status"] = request.status
        result["parameters"] += [_judge_place(place, request, values, examples, steps) for place in expected["parameters"]]
        lengths = array_lengths(request.sent.fields)
        for path, length in (expected.get("lengths") or {}).items():
            if lengths.get(path, 0) != length:
                result["mismatches"].append(f"{path} was sent with {lengths.get(path, 0)} items, the demonstration's {length}")
    if not result["parameters"]:
        result["kind"] = "none"
    return result


def contradicts(evidence: Mapping[str, Any]) -> bool:
    """The site received something other than the task's values, or refused what it got."""
    wrong = any(p["status"] in WRONG for p in evidence["parameters"])
    return evidence.get("error_status") is not None or bool(evidence.get("mismatches")) or wrong


def exact(evidence: Mapping[str, Any]) -> bool:
    """Every learned place carried the task's value, and nothing stands in the way of believing it."""
    ready = evidence["kind"] == "request" and bool(evidence["parameters"])
    return ready and not evidence["problems"] and not contradicts(evidence)


def covers(evidence: Mapping[str, Any], steps: list[Mapping[str, Any]], values: Mapping[str, str]) -> bool:
    """Whether the request carried every value the run gave its steps (so that it alone can say the task was done)."""
    carried = {p["name"] for p in evidence["parameters"] if p["status"] in ("sent", "present")}
    texts = [t for step in steps for v in step.values() for t in (v if isinstance(v, list) else [v]) if isinstance(t, str)]
    used = {name.removesuffix(OPTION_VALUE) for t in texts for name in placeholders(t)}
    return all(name in carried for name in used if (values.get(name) or "").strip())


def evidence_lines(evidence: Mapping[str, Any]) -> list[str]:
    """The evidence per parameter, for a person."""
    out = [
        f"{p['name']}: {STATUS_WORDS[p['status']]} {p['place']}" + (f" (step {p['step']})" if p.get("step") else "")
        for p in evidence["parameters"]
    ]
    refused = [f"the site answered {evidence['error_status']}"] if evidence.get("error_status") else []
    return out + list(evidence.get("mismatches") or []) + list(evidence["problems"]) + refused


def _the_request(expected: Mapping[str, Any], watched: list[Watched]) -> tuple[Watched | None, str]:
    """The one request of the run that stands for the demonstration's, or why there is none to judge."""
    method, url = expected["method"], expected["url"]
    path = url.split("://", 1)[-1].split("/", 1)[-1]
    requests = [w for w in watched if w.sent.method == method]
    same = [w for w in requests if w.sent.path.lstrip("/") == path] or [
        w for w in requests if _record_alike(w.sent.path.lstrip("/"), path)
    ]
    if not same:
        return None, f"the page sent no {method} to {url} (the demonstration's step did)"
    here = [w for w in same if host_of(w.sent.url) == host_of(url)]
    refused = [w for w in here if w.status is not None and w.status >= 400]
    if refused:
        return refused[-1], ""  # what the site refused, whatever else was sent
    if not here:
        return None, f"the request went to another site ({host_of(same[0].sent.url)}), not {host_of(url)}"
    if method != "GET" and len({tuple(w.sent.fields) for w in here}) > 1:  # a GET again (typing a search) is the latest
        return None, f"several different {method} requests to {url}: which one counts is unknown"
    if here[0].sent.problem:
        return None, f"the request to {url} had {here[0].sent.problem}"
    return here[-1], ""


RECORD_ID = re.compile(r"^(?:\d+|[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f-]{27})$", re.IGNORECASE)


def _record_alike(path: str, demonstrated: str) -> bool:
    """The same path for another record: only the segments that are record ids (`/person/2/save` for the
    demonstration's `/person/1/save`) differ."""
    ours, theirs = path.split("/"), demonstrated.split("/")
    return len(ours) == len(theirs) and all(a == b or (RECORD_ID.match(a) and RECORD_ID.match(b)) for a, b in zip(ours, theirs))


def _judge_place(
    place: Mapping[str, Any],
    request: Watched,
    values: Mapping[str, str],
    examples: Mapping[str, str | None],
    steps: list[Mapping[str, Any]],
) -> dict[str, Any]:
    name, places = place["name"], place["places"]
    value = values.get(name)
    shown = {"name": name, "place": " and ".join(places), "step": request.step}
    found = [v for p in places for v in values_at(request.sent, p)]
    if place.get("secret"):
        ok = bool(found) and (value is None or all(same_value(v, value) for v in found))
        return {**shown, "status": "present" if ok else "absent"}
    if value is None:
        return {**shown, "status": "unchecked"}
    if place.get("items"):
        wanted = [line.strip() for line in value.splitlines() if line.strip()]
        ok = len(found) == len(wanted) and all(same_value(a, b) for a, b in zip(found, wanted))
    else:
        forms = sent_forms(name, value, steps) + [values.get(name + OPTION_VALUE) or value]
        ok = all(any(same_value(v, form) for form in forms) for p in places for v in values_at(request.sent, p) or [""])
    if ok:
        return {**shown, "status": "sent"}
    example = examples.get(name)
    old_forms = sent_forms(name, example, steps) if example and not same_value(example, value) else []
    if any(same_value(v, form) for v in found for form in old_forms):
        return {**shown, "status": "demonstrated"}
    moved = not place.get("items") and any(same_value(v, form) for _, v in request.sent.fields for form in forms)
    return {**shown, "status": "moved" if moved else "missing"}
