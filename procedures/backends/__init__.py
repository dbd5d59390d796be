"""Where a ProcedureStore keeps its procedures: the local SQLite file (procedures.backends.sqlite) or a team store
on PostgreSQL (procedures.backends.postgres, which needs the `team` extra: psycopg 3 and its pool)."""

from __future__ import annotations

from typing import Protocol
from urllib.parse import urlsplit

from core.settings import TEAM_SCHEMES


def is_team_store(location: str | None) -> bool:
    """Whether a store's location names a team store (a postgresql:// URL) rather than a SQLite file."""
    return bool(location) and urlsplit(str(location)).scheme in TEAM_SCHEMES


def shown(url: str) -> str:
    """A team store's URL as messages show it: no user name or password."""
    parts = urlsplit(url)
    return parts._replace(netloc=parts.hostname + (f":{parts.port}" if parts.port else "") if parts.hostname else "").geturl()


class Listener(Protocol):
    """What a backend's `listen()` gives: the ids of the procedures changed elsewhere (see postgres.ChangeListener)."""

    def wait(self, timeout: float) -> list[str]: ...

    def fileno(self) -> int: ...

    def close(self) -> None: ...

    def __enter__(self) -> Listener: ...

    def __exit__(self, *exc: object) -> None: ...
