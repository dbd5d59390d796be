"""ProcedureStore: the front of the procedure library that the rest of the code uses, whichever backend holds it.

Two backends, one interface: the local SQLite file (the default; procedures.backends.sqlite) and a team store on
PostgreSQL (the `store` setting or SHOWMEHOW_STORE; procedures.backends.postgres). Its parts share the backend's
database: `store.index` (search text and embeddings), `store.revisions` (learned changes waiting for a decision),
`store.lesson_rows` (the lessons the agent learned, retrieval.lessons); `store.learned` (procedures learned from
verified agent runs, waiting for a decision) and `store.recordings` (what the procedures were built from) always
stay in the local file. A demonstration of a task stored already is merged into its procedure by
procedures.building.merging."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from core.database import DB_FILE
from core.settings import data_dir, store_location
from procedures.backends import Listener, is_team_store
from procedures.backends.postgres import TeamProcedureStore
from procedures.backends.sqlite import LocalProcedureStore
from procedures.building import merging
from procedures.learned_store import LearnedStore
from procedures.models import Procedure
from procedures.store_rules import Counted, EditConflict, SkippedRowWarning, deprecates, provenance

__all__ = ["Counted", "EditConflict", "ProcedureStore", "SkippedRowWarning", "deprecates", "open_store", "provenance"]


def open_backend(location: Path | str | None = None) -> LocalProcedureStore:
    """The backend that `location` names: a team store for a postgresql:// URL, else the SQLite file at that path;
    None: the `store` setting's team store, else the data directory's file."""
    where = str(location) if location else store_location()
    if is_team_store(where):
        return TeamProcedureStore(where)
    return LocalProcedureStore(Path(location) if location else data_dir() / DB_FILE)


class ProcedureStore:
    """Procedures on a SQLite file (`ProcedureStore(path)`; `ProcedureStore()` uses the data directory's database)
    or in a team store (`ProcedureStore("postgresql://...")`; `ProcedureStore()` when the `store` setting or
    SHOWMEHOW_STORE names one): the same calls on either, `backend` doing them."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.backend = open_backend(path)
        self.path = self.backend.path
        self.index = self.backend.index
        self.revisions = self.backend.revisions
        self.lesson_rows = self.backend.lesson_rows
        self.recordings = self.backend.recordings
        self.learned = LearnedStore(self.recordings.path)  # procedures learned from runs, waiting for a decision

    @property
    def user(self) -> str:
        """Who this store's saves and decisions are by (the `user` setting)."""
        return self.backend.user

    @user.setter
    def user(self, name: str) -> None:
        self.backend.user = name

    # --- reading ---------------------------------------------------------------------------

    def get(self, procedure_id: str) -> Procedure:
        return self.backend.get(procedure_id)

    def resolve(self, prefix: str) -> str:
        """The full id of the procedure that an id or an unambiguous prefix of one names."""
        return self.backend.resolve(prefix)

    def built_from(self) -> dict[str, list[str]]:
        """Recording id -> ids of the procedures built from it or merged with it, oldest first."""
        return merging.built_from(self.backend.recording_links())

    def list(self, include_deprecated: bool = True) -> list[Procedure]:
        """Every valid procedure, newest first; a row that fails validation is skipped with a SkippedRowWarning."""
        return self.backend.list(include_deprecated)

    def invalid_rows(self) -> list[tuple[str, str]]:
        """(id, reason) of every stored procedure that fails validation."""
        return self.backend.invalid_rows()

    def check_integrity(self, quick: bool = False) -> None:
        """The backend's check of its database; ShowMeHowError naming the damage when it fails."""
        self.backend.check_integrity(quick)

    def has(self, procedure_id: str) -> bool:
        return self.backend.has(procedure_id)

    def __len__(self) -> int:
        return len(self.backend)

    # --- writing ---------------------------------------------------------------------------

    def add(self, procedure: Procedure) -> str:
        return self.backend.add(procedure)

    def add_many(self, procedures: Iterable[Procedure]) -> list[str]:
        """Insert all in one transaction: either every procedure lands or none does."""
        return self.backend.add_many(procedures)

    def update(self, procedure: Procedure) -> Procedure:
        """Save an edited procedure after validating it again; returns the saved copy, one version on. EditConflict
        when the stored procedure is no longer the version that `procedure` was read at (someone saved it since)."""
        return self.backend.update(procedure)

    def add_or_merge(self, procedure: Procedure) -> tuple[str, bool]:
        """Store a new demonstration: merged into the stored procedure of the same task as alternatives
        (its id, True), or added (its own id, False)."""
        return merging.add_or_merge(self.backend, procedure)

    def merge_target(self, procedure: Procedure) -> Procedure | None:
        """The stored procedure of the same task, which `add_or_merge` would merge `procedure` into."""
        return merging.merge_target(self.backend, procedure)

    def delete(self, procedure_id: str) -> None:
        self.backend.delete(procedure_id)

    def set_deprecated(self, procedure_id: str, deprecated: bool) -> Procedure:
        return self.backend.set_deprecated(procedure_id, deprecated)

    def record_outcome(self, procedure_id: str, success: bool, step_failed: int | None = None) -> Counted:
        """UPDATE phase: count the outcome, mark the failing step (0-based), deprecate what keeps failing; outcomes
        from other processes are never lost. Returns the procedure's counts as they are now."""
        return self.backend.record_outcome(procedure_id, success, step_failed)

    def record_other_run(self, procedure_id: str) -> Counted:
        """A run of the procedure that leaves its confidence as it was (done unverified, or repaired by a fix it
        learned): one more run all the same."""
        return self.backend.record_other_run(procedure_id)

    def listen(self) -> Listener | None:
        """A listener for changes that other machines make (a team store's); None for the local file, where only
        this machine writes."""
        return self.backend.listen()

    def data_version(self) -> int:
        """A number that changes when another connection to the local file (another process too) commits to it."""
        return self.backend.data_version()

    def close(self) -> None:
        self.learned.close()
        self.backend.close()


def open_store(location: Path | str | None = None) -> ProcedureStore:
    """The procedure library at `location` (a SQLite file's path or a postgresql:// URL; None: the `store` setting,
    else the data directory's file), behind its front."""
    return ProcedureStore(location)
