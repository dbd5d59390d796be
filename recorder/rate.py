"""How fast a page may add steps: a token bucket, refilled with time, spent by the steps a page adds.

Only trusted events reach the recorder, but a page can still navigate, reload or go back on its own,
and each of those may become a step; this bounds what such a page can add to a recording. The person's
own input (a step from a trusted event) never spends it: a burst of clicks or a held key loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class StepBudget:
    """At most `burst` steps at once, refilled at `per_second`; pure (times are passed in)."""

    burst: int
    per_second: float
    tokens: float = field(init=False)
    at: float | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def allows(self, now: float) -> bool:
        """Whether the page may add a step now (the bucket is refilled first)."""
        if self.at is not None:
            self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.per_second)
        self.at = now
        return self.tokens >= 1

    def spend(self, steps: int) -> None:
        if steps > 0:
            self.tokens -= steps
