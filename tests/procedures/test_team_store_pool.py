"""A team store dropped without close() (issue 41): its pool closes all the same, from a thread of its own, instead
of being left to the garbage collector, which may run in one of the pool's own threads (the pool's __del__ then
tries to wait for the thread it runs in: an unraisable error in a random later test, warnings being errors)."""

import gc
import time

from procedures.store import ProcedureStore
from tests.helpers import sample_procedure
from tests.postgres import Cluster


def _closed(pool: object) -> bool:
    deadline = time.monotonic() + 5
    while not pool.closed and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.05)
    return pool.closed  # type: ignore[attr-defined]


def test_a_team_store_dropped_unclosed_closes_its_pool(postgres: Cluster) -> None:
    url = postgres.database()
    kept = ProcedureStore(url)
    kept_pool = kept.backend._db.pool  # type: ignore[attr-defined]
    kept.backend._db._closer.detach()  # type: ignore[attr-defined]  # the control: a store without the fix
    del kept
    gc.collect()
    assert not _closed(kept_pool)  # its pool is left open, to be collected whenever and wherever
    kept_pool.close()
    store = ProcedureStore(url)
    store.add(sample_procedure())
    pool = store.backend._db.pool  # type: ignore[attr-defined]
    del store
    gc.collect()
    assert _closed(pool)
