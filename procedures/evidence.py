"""Evidence from the network: where each parameter's value travelled in the request a demonstration's step
sent (learned when the procedure is built), and what a run's requests carried there (judged after a replay).

A run that sent the task's values where the demonstration sent its own has the strongest evidence there is;
one whose request carried a demonstrated value the task replaced, or that the site answered with an error,
did not do the task, whatever its pages show."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.sent import list_places, places_of
from core.words import tokens
from procedures.runtime import sending
from procedures.runtime.sending import Watched, sent_forms
from recorder.models import SHORT, Recording

MAX_EVIDENCE = 50


class ParameterPlace(BaseModel):
    """Where a parameter's value travelled: its places in the request (`items`: a list's items, in order)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=64)
    places: list[Annotated[str, Field(max_length=SHORT)]] = Field(max_length=20)
    secret: bool = False  # only its presence is known (and checked)
    items: bool = False


class RequestEvidence(BaseModel):
    """A request that the demonstration's step `step` (1-based, when known) sent, and its parameters' places."""

    model_config = ConfigDict(extra="forbid")

    step: int | None = Field(None, ge=1)
    method: str = Field(max_length=10)
    url: str = Field(max_length=SHORT)  # origin and path, no query
    kind: str = Field(max_length=20)
    parameters: list[ParameterPlace] = Field(default_factory=list, max_length=100)
    lengths: dict[Annotated[str, Field(max_length=SHORT)], int] = Field(default_factory=dict, max_length=100)  # arrays' items

    def describe(self) -> str:
        where = f"step {self.step} " if self.step else ""
        places = ", ".join(f"{p.name} at {' and '.join(p.places)}{' (present)' if p.secret else ''}" for p in self.parameters)
        return f"{where}sends {self.method} {self.url} ({self.kind}): {places}"


# --- learning, from the demonstration's requests ---------------------------------------------------------


def learn_evidence(procedure: Any, recording: Recording) -> list[RequestEvidence]:
    """The places of the procedure's parameters in the requests its demonstration sent to its own site and the
    site accepted (the latest of each method and address: a form sent again after a correction counts once)."""
    steps = [s.model_dump() for s in procedure.steps]
    latest: dict[tuple[str, str], RequestEvidence] = {}
    for request in recording.requests:
        if request.third_party or request.problem or (request.status or 0) >= 400:
            continue
        fields = [(f.place, f.value or "") for f in request.fields if not f.secret]
        secret_places = [f.place for f in request.fields if f.secret]
        found = [place for p in procedure.abstract.parameters if (place := _place(p, steps, fields, secret_places))]
        found = _unshared(found)
        if found:
            at = recording.steps[request.step].timestamp if request.step < len(recording.steps) else None
            step = _procedure_step(procedure, at)
            used = {re.sub(r"\[.*", "", place) for p in found for place in p.places}
            lengths = {path: n for path, n in request.lengths.items() if path in used}
            latest[(request.method, request.url)] = RequestEvidence(
                step=step, method=request.method, url=request.url, kind=request.kind, parameters=found, lengths=lengths
            )
    return list(latest.values())[:MAX_EVIDENCE]


def _place(
    parameter: Any, steps: list[dict[str, Any]], fields: list[tuple[str, str]], secret: list[str]
) -> ParameterPlace | None:
    if parameter.secret:
        places = [p for p in secret if _names_alike(parameter, p)] or (secret if len(secret) == 1 else [])
        return ParameterPlace(name=parameter.name, places=places, secret=True) if places else None
    if parameter.kind == "toggle" or not parameter.example:
        return None  # a checkbox's state, or nothing demonstrated: no value to look for
    items = [line.strip() for line in parameter.example.splitlines() if line.strip()]
    if len(items) > 1:
        places = list_places(items, fields)
        return ParameterPlace(name=parameter.name, places=places, items=True) if places else None
    places = []
    for form in sent_forms(parameter.name, parameter.example, steps):
        places += [p for p in places_of(form, fields) if p not in places]
    alike = [p for p in places if _names_alike(parameter, p)]
    places = alike or places
    return ParameterPlace(name=parameter.name, places=places[:20]) if places else None


def _names_alike(parameter: Any, place: str) -> bool:
    words = set(tokens(re.sub(r"([a-z])([A-Z])", r"\1 \2", place)))
    return bool(words & (set(tokens(parameter.name.replace("_", " "))) | set(tokens(parameter.label))))


def _unshared(found: list[ParameterPlace]) -> list[ParameterPlace]:
    """A place that several parameters' values were sent at belongs to none of them (two fields that both held
    "1"): it could not tell one from the other."""
    counts: dict[str, int] = {}
    for p in found:
        for place in p.places:
            counts[place] = counts.get(place, 0) + 1
    kept = [p.model_copy(update={"places": [pl for pl in p.places if counts[pl] == 1]}) for p in found]
    return [p for p in kept if p.places]


def _procedure_step(procedure: Any, at: float | None) -> int | None:
    """The 1-based procedure step made of the recorded step that happened at `at`, by time."""
    made = [n for n, step in enumerate(procedure.steps, 1) if at is not None and step.timestamp <= at]
    return made[-1] if made else None


# --- judging, from a run's requests ----------------------------------------------------------------------

EvidenceKind = Literal["request", "page", "none"]
PlaceStatus = Literal["sent", "missing", "demonstrated", "present", "absent", "unchecked", "moved"]


class ParameterEvidence(BaseModel):
    """What a run's request carried for one parameter: `sent` the task's value at its place, `missing` not it,
    `demonstrated` the demonstration's value that the task replaced, a secret `present` or `absent`."""

    name: str
    place: str
    status: PlaceStatus
    step: int | None = None


class RunEvidence(BaseModel):
    """The evidence a run had that it did the task: `request` (what the site received), `page` (what the pages
    showed, where the demonstration sent nothing recognisable) or `none`; `problems` say why a request could not
    serve (nothing sent, several requests, a body that could not be read, another site, an error status)."""

    kind: EvidenceKind = "none"
    parameters: list[ParameterEvidence] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)
    error_status: int | None = None
    mismatches: list[str] = Field(default_factory=list)  # what the request sent beside the values: a list's length
    note: str | None = None  # a verdict the request evidence changed, in words

    @property
    def contradicts(self) -> bool:
        """The site received something other than the task's values, or refused what it got."""
        return sending.contradicts(self.model_dump())

    @property
    def exact(self) -> bool:
        """Every learned place carried the task's value, and nothing stands in the way of believing it."""
        return sending.exact(self.model_dump())

    def lines(self) -> list[str]:
        """The evidence per parameter, for a person."""
        return sending.evidence_lines(self.model_dump())


def judge_requests(
    evidence: list[RequestEvidence],
    watched: list[Watched],
    values: Mapping[str, str],
    examples: Mapping[str, str | None],
    steps: list[dict[str, Any]],
) -> RunEvidence:
    """What the run's requests say of the task's `values` where the demonstration's requests had them
    (procedures.runtime.sending, which exported scripts carry too)."""
    return RunEvidence.model_validate(
        sending.judge_requests([e.model_dump() for e in evidence], watched, values, examples, steps)
    )
