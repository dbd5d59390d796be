"""What every backend of the procedure store follows: a procedure's row, Memp's deprecation rule, and how a save
that someone else's save overtook is refused and who saved what is told."""

from __future__ import annotations

import json
import time

from core.errors import ShowMeHowError
from procedures.models import Procedure


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
