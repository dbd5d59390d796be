"""The RETRIEVE score: 0.4 goal + 0.3 domain + 0.2 confidence + 0.1 parameters, kept broken down."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from core.sites import host_of, on_site
from procedures.models import Procedure

WEIGHTS = {"goal": 0.4, "domain": 0.3, "confidence": 0.2, "params": 0.1}
NEUTRAL_DOMAIN = 0.5  # no URL given: the domain neither helps nor hurts
MIN_GOAL = 0.35  # below this, a procedure is about something else, whatever its other parts say


class Breakdown(BaseModel):
    model_config = ConfigDict(frozen=True)

    goal: float
    domain: float
    confidence: float
    params: float

    @property
    def score(self) -> float:
        return sum(getattr(self, name) * weight for name, weight in WEIGHTS.items())


class Match(BaseModel):
    """A retrieved procedure with its score, the parts of the score, and the values bound for the task."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    procedure: Procedure
    score: float
    breakdown: Breakdown
    bound: dict[str, str]
    missing: list[str]
    how: dict[str, str] = {}  # how each bound value was found
    unplaced: list[str] = []  # values the task names that no parameter took
    defaulted: list[str] = []  # parameters that kept their demonstrated value

    def reasons(self) -> list[str]:
        b, out = self.breakdown, []
        out.append(f'similar goal: "{self.procedure.abstract.goal}" ({b.goal:.0%})')
        if b.domain == 1.0:
            out.append(f"matches current domain ({', '.join(self.procedure.abstract.domains)})")
        elif b.domain == 0.0:
            out.append("on another site")
        out.append(f"confidence {b.confidence:.0%} ({self.procedure.success_count} ok, {self.procedure.failure_count} failed)")
        if self.missing:
            out.append(f"missing {', '.join(self.missing)}")
        return out


def domain_match(url: str | None, domains: list[str]) -> float:
    """1 when the page's host is, or is a subdomain of, one of the domains; 0 when not; neutral without a URL."""
    if not url:
        return NEUTRAL_DOMAIN
    host = host_of(url)
    if not host:
        return NEUTRAL_DOMAIN
    return 1.0 if any(on_site(host, d) for d in domains) else 0.0


def parameter_availability(procedure: Procedure, bound: dict[str, str]) -> float:
    required = [p.name for p in procedure.abstract.parameters if p.required]
    if not required:
        return 1.0
    return sum(name in bound for name in required) / len(required)
