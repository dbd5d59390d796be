"""A real PostgreSQL server for the team store's tests: Debian's `postgresql` package, a throwaway cluster on a free
port of 127.0.0.1 (started once per test session and worker), and a fresh database per test.

PostgreSQL refuses to run as root: as root (CI), the cluster belongs to the `postgres` user the package creates."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

SUPERUSER = "showmehow"


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if not found:
        reason = "PostgreSQL is not installed, so the team store cannot be tested: `apt-get install -y postgresql`"
        if os.environ.get("CI"):  # CI installs it (.ci/run): its absence there is a fault, not a choice
            pytest.fail(reason, pytrace=False)
        pytest.skip(f"{reason} (the team store's own set-up line, docs/team-store.md)")
    return Path(found[-1]).parent


def _as_owner(*command: str) -> list[str]:
    """The command run as the cluster's owner: `postgres` when the tests run as root."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """initdb + pg_ctl into a temporary directory; `database()` makes a new empty store's place and returns its URL."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.root = Path(tempfile.mkdtemp(prefix="showmehow-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync")
        self.pg_ctl("start")
        self.url = f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}"

    def _run(self, *command: str) -> None:
        result = subprocess.run(_as_owner(*command), capture_output=True, text=True, timeout=60)
        if result.returncode:
            pytest.fail(f"{' '.join(command[:1])} failed: {result.stderr or result.stdout}", pytrace=False)

    def database(self) -> str:
        """A new empty schema of the cluster's database, as a URL whose connections use it (a schema is made at
        once, where a database takes a second)."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"{self.url}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return f"{self.url}/postgres?options=-csearch_path%3D{name}"

    def pg_ctl(self, action: str) -> None:
        """`pg_ctl stop` (fast) or `start` on the running cluster, as an administrator restarts a server."""
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=400"
        extra = ["-o", options, "-l", str(self.root / "log")] if action == "start" else ["-m", "fast"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), *extra, "-w", action)

    def stop(self) -> None:
        subprocess.run(_as_owner(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"), capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def team_url(postgres: Cluster, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The URL of a new, empty team store on the test cluster. Every team store the test opened and left open is
    closed when it ends: a pool left to the garbage collector keeps connections and closes whenever (and wherever)
    the collector runs."""
    from procedures.backends.postgres import TeamDatabase

    opened: list[TeamDatabase] = []
    init = TeamDatabase.__init__

    def tracked(self: TeamDatabase, url: str) -> None:
        init(self, url)
        opened.append(self)

    monkeypatch.setattr(TeamDatabase, "__init__", tracked)
    yield postgres.database()
    for database in opened:
        database.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives, once for each backend: a SQLite file, then a team store's database."""
    if request.param == "sqlite":
        return str(tmp_path / "s.db")
    return request.getfixturevalue("team_url")
