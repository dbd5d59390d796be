"""Secret values tied to the sites they belong to: the value of a site's variable goes to that site only,
and two values of one name (the forum's password, the shop's) each to their own."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.sites import on_site


@dataclass(frozen=True)
class ScopedSecret:
    name: str
    value: str
    sites: tuple[str, ...] = ()  # none: the site the run started on


@dataclass
class SecretScope:
    """A run's secret values; `start` is the site the run started on, for values that name no site."""

    secrets: list[ScopedSecret]
    start: str = ""

    @classmethod
    def of(cls, secrets: Iterable[ScopedSecret], start: str = "") -> SecretScope:
        return cls([s for s in dict.fromkeys(secrets) if s.value], start)

    @property
    def values(self) -> set[str]:
        return {s.value for s in self.secrets}

    @property
    def names(self) -> list[str]:
        return list(dict.fromkeys(s.name for s in self.secrets))

    def by_name(self) -> dict[str, str]:
        """One value per name (the most specific), for turning a typed value back into its placeholder."""
        return {s.name: s.value for s in sorted(self.secrets, key=lambda s: bool(s.sites))}

    def value_for(self, name: str, host: str) -> str:
        """The value of `name` meant for `host`: one tied to that site, else one tied to no site when the run
        started there; ValueError when there is none or more than one."""
        for scoped in (True, False):
            values = {
                s.value
                for s in self.secrets
                if s.name == name
                and bool(s.sites) == scoped
                and any(on_site(host, site) for site in s.sites or (self.start,) if site)
            }
            if len(values) == 1:
                return values.pop()
            if len(values) > 1:
                raise ValueError(f"{{{name}}} has more than one value for {host}; give the one meant for it")
        raise ValueError(f"{{{name}}} is not for {host or 'this page'}")
