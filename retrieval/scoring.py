"""The RETRIEVE score: 0.4 goal + 0.3 domain + 0.2 confidence + 0.1 parameters, kept broken down."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from core.sites import on_site
from procedures.binding.list_values import given_lists
from procedures.binding.result import Binding
from procedures.binding.values import missing_parameters
from procedures.models import Procedure
from procedures.search import place

WEIGHTS = {"goal": 0.4, "domain": 0.3, "confidence": 0.2, "params": 0.1}
NEUTRAL_DOMAIN = 0.5  # no URL given: the domain neither helps nor hurts
SAME_PAGE, VISITED_PAGE, SAME_SITE = 1.0, 0.9, 0.75  # the domain part: where the agent is, against where the procedure ran
MIN_GOAL = 0.35  # below this, a procedure is about something else, whatever its other parts say
MIN_GOAL_HERE = 0.25  # ... unless the task is asked on a page where it was recorded and shares a word with it
NEAR_TIE = 0.03  # two procedures whose scores are this close fit a task about as well: which one is meant is a guess


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
    binding: Binding
    missing: list[str]  # required parameters the binding has no value for
    evidence: list[str] = []  # which task words matched what, and how
    same_shape: bool = False  # the task is its title's words with other values (retrieval.shape): first, whatever scores

    def given(self, values: Mapping[str, str]) -> Match:
        """This match with the values the person gave merged into its binding (theirs win over the task's)."""
        binding = self.binding.with_given(given_lists(self.procedure, values), self.procedure.parameter_names)
        return self.model_copy(update={"binding": binding, "missing": missing_parameters(self.procedure, binding.values)})

    def reasons(self) -> list[str]:
        b, out = self.breakdown, []
        out.append(f'similar goal: "{self.procedure.abstract.goal}" ({b.goal:.0%})')
        if b.domain >= SAME_SITE:
            where = "recorded on this page" if b.domain == SAME_PAGE else "recorded elsewhere on this site"
            out.append(f"matches current domain ({', '.join(self.procedure.abstract.domains) or 'local files'}), {where}")
        elif b.domain == 0.0:
            out.append("on another site")
        runs = f"{self.procedure.success_count} ok, {self.procedure.failure_count} failed"
        if abs(b.confidence - self.procedure.confidence) >= 0.005:
            out.append(
                f"confidence {self.procedure.confidence:.0%} ({runs}) counted as {b.confidence:.0%}: its goal is not"
                " the best, and runs decide only between near-ties"
            )
        else:
            out.append(f"confidence {b.confidence:.0%} ({runs})")
        if self.missing:
            out.append(f"missing {', '.join(self.missing)}")
        return out


def near_tie(matches: list[Match]) -> list[Match]:
    """The best two when they fit the task about as well (NEAR_TIE), so that a front end names both and lets the
    person pick rather than guessing silently; [] when the best is clearly best (or alone of its title's shape)."""
    if len(matches) < 2 or (matches[0].same_shape and not matches[1].same_shape):
        return []
    return matches[:2] if matches[0].score - matches[1].score < NEAR_TIE else []


def near_tie_note(matches: list[Match]) -> str:
    """The near-tie in a person's words ("" when there is none)."""
    tied = near_tie(matches)
    if not tied:
        return ""
    named = " and ".join(f"'{m.procedure.title}' ({m.procedure.id[:12]}, {m.score:.2f})" for m in tied)
    return f"Near-tie: {named} fit this task about as well; the first was taken. Name the one you mean to be sure."


PART_NAMES = {"goal": "goal", "domain": "place", "confidence": "confidence", "params": "parameters"}
ORDINALS = ("1st", "2nd", "3rd")


def standings(matches: list[Match]) -> list[str]:
    """For each match, why it ranks where it does: how far its score is from the one ranked next to it (the first
    against the second, the others against the one above), and which weighted parts of the score make the gap."""
    lines = []
    for rank, match in enumerate(matches):
        other = rank - 1 if rank else 1
        where = ORDINALS[rank] if rank < len(ORDINALS) else f"{rank + 1}th"
        if other >= len(matches):
            lines.append(f"{where}: the only procedure that fits")
            continue
        theirs = matches[other].breakdown
        parts = []
        for name, weight in sorted(
            WEIGHTS.items(), key=lambda p: -abs(getattr(match.breakdown, p[0]) - getattr(theirs, p[0])) * p[1]
        ):
            mine, them = getattr(match.breakdown, name), getattr(theirs, name)
            if abs(mine - them) * weight >= 0.0005:
                parts.append(f"{PART_NAMES[name]} {weight * (mine - them):+.3f} ({mine:.2f} against {them:.2f})")
        gap = match.score - matches[other].score
        side = "ahead of" if gap >= 0 else "behind"
        lines.append(f"{where}: {abs(gap):.3f} {side} {ORDINALS[other]}: " + ("; ".join(parts) or "a tie on every part"))
    return lines


@lru_cache(maxsize=10_000)
def _site(where: str) -> str:
    """What counts as one site, for a place (see procedures.search.place): its host (subdomains join their
    parent through the stored domains), or, for a file, its folder."""
    if where.startswith("file://"):
        return where.rsplit("/", 1)[0]
    netloc = where.split("://", 1)[-1].split("/", 1)[0]
    return netloc.rsplit("@", 1)[-1].split(":", 1)[0].strip("[]")


def place_match(url: str | None, places: list[str], domains: list[str]) -> float:
    """1 on the page (origin and path) where the procedure started, a little less on another page it
    visited, then the same site (or, for files, the same folder), else 0; neutral without a URL."""
    here = place(url or "")
    if not here:
        return NEUTRAL_DOMAIN
    if places and here == places[0]:
        return SAME_PAGE
    if here in places:
        return VISITED_PAGE
    site = _site(here)
    if site and (any(_site(p) == site for p in places) or any(on_site(site, d) for d in domains)):
        return SAME_SITE
    return 0.0


def parameter_availability(procedure: Procedure, bound: dict[str, str]) -> float:
    required = [p.name for p in procedure.abstract.parameters if p.required]
    if not required:
        return 1.0
    return sum(name in bound for name in required) / len(required)
