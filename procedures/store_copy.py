"""Copying a procedure library between stores (a local SQLite file and a team store, either way): what
`showmehow store migrate` does. Idempotent: run again, it copies nothing; run after changes, it copies those."""

from __future__ import annotations

import json
from dataclasses import dataclass

from core.database import transaction
from procedures.store import ProcedureStore


@dataclass(frozen=True)
class Copied:
    added: int  # procedures the target did not have
    updated: int  # procedures the source holds a later save of
    unchanged: int
    revisions: int  # revisions the target did not have, or had in another state
    lessons: int  # lessons the target did not have, or had otherwise


def _lesson(source: str, held: str | None) -> str | None:
    """A stored lesson as the copy writes it (retrieval.lessons.Lesson): the source's, used as often and as lately as
    either copy was; None when the target holds that already."""
    lesson = json.loads(source)
    if held is not None:
        other = json.loads(held)
        for use in ("use_count", "last_used"):
            lesson[use] = max(lesson[use], other[use])
        if lesson == other:
            return None
    return json.dumps(lesson)


def copy_store(source: ProcedureStore, target: ProcedureStore) -> Copied:
    """Copy every procedure, revision and lesson of `source` into `target`, in one transaction of the target's: a
    procedure the target lacks is added, one it holds an older save of (by version, then time) is overwritten, as it
    is (its counts, version and who); search text is written as for any save; a lesson the target lacks or holds
    otherwise is written as the source has it, with the higher use count and the later last use of the two. Embeddings are left to be made again."""
    added, updated, unchanged = [], 0, 0
    into = target.backend  # procedures are written as they are, below the front's rules of saving
    with transaction(into._db) as db:
        for procedure in source.list():
            if not target.has(procedure.id):
                added.append(procedure)
                continue
            stored = into._get(db, procedure.id, into.LOCK)
            if (procedure.version, procedure.updated_at) > (stored.version, stored.updated_at):
                into._write_back(db, procedure)
                updated += 1
            else:
                unchanged += 1
        target.add_many(added)
        known = {r.id: r for r in target.revisions.list()}
        revisions = [r for r in source.revisions.list() if known.get(r.id) != r]
        for revision in revisions:
            target.revisions._save(revision)
        held = dict(target.lesson_rows.rows())
        lessons = [(i, data) for i, source_data in source.lesson_rows.rows() if (data := _lesson(source_data, held.get(i)))]
        target.lesson_rows.put(lessons)
    return Copied(len(added), updated, unchanged, len(revisions), len(lessons))
