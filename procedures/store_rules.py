"""What every backend of the procedure store follows: a procedure's row, Memp's deprecation rule, and how a save
that someone else's save overtook is refused and who saved what is told."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from core.errors import ShowMeHowError
from procedures.models import Procedure, confidence


class SkippedRowWarning(UserWarning):
    """A stored procedure that fails validation was left out; `showmehow doctor` lists them."""


DEPRECATE_MIN_USES = 3
DEPRECATE_BELOW_RATE = 0.5


class EditConflict(ShowMeHowError):
    """A save of a procedure that someone else saved since it was read: refused, never overwritten."""


def deprecates(success_count: int, failure_count: int) -> bool:
    """Memp's rule: at least DEPRECATE_MIN_USES uses and a success rate under DEPRECATE_BELOW_RATE."""
    uses = success_count + failure_count
    return uses >= DEPRECATE_MIN_USES and success_count / uses < DEPRECATE_BELOW_RATE


@dataclass(frozen=True)
class Counted:
    """A procedure's counts once an outcome or another run is recorded: what `record_outcome` returns, read back by
    the statement that counted it (the whole procedure is not read again: `get` it for that)."""

    procedure_id: str
    success_count: int
    failure_count: int
    other_runs: int
    deprecated: bool
    version: int

    @property
    def confidence(self) -> float:
        return confidence(self.success_count, self.failure_count)

    @property
    def uses(self) -> int:
        return self.success_count + self.failure_count

    @classmethod
    def of(cls, p: Procedure) -> Counted:
        return cls(p.id, p.success_count, p.failure_count, p.other_runs, p.deprecated, p.version)


def _at(when: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(when))


def provenance(procedure: Procedure) -> str:
    """Who stored a procedure and who saved it last, and when: what `show` and the editor say of it."""
    return (
        f"version {procedure.version}, saved by {procedure.changed_by or 'someone'} at {_at(procedure.updated_at)}; "
        f"stored by {procedure.created_by or 'someone'} at {_at(procedure.created_at)}"
    )


def edit_conflict(procedure: Procedure, stored_version: int, who: str, when: float) -> EditConflict:
    return EditConflict(
        f"'{procedure.title}' was changed by {who or 'someone'} at {_at(when)} (version {stored_version}) since this copy "
        f"(version {procedure.version}) was read; reload it and make the change again"
    )


def procedure_row(p: Procedure) -> tuple[object, ...]:
    """The values of a procedure's row, in the order of the columns of the procedures table."""
    return (
        p.id,
        p.title,
        p.abstract.goal,
        json.dumps(p.abstract.domains),
        int(p.deprecated),
        p.success_count,
        p.failure_count,
        p.updated_at,
        p.model_dump_json(),
    )
