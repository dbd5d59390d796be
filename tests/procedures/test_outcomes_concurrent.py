"""Two processes recording outcomes on one procedure at once: every outcome is counted, and every other run."""

import subprocess
import sys

from procedures.store import ProcedureStore
from tests.helpers import ROOT, sample_procedure

RECORD = """
import sys
from procedures.store import ProcedureStore
store = ProcedureStore(sys.argv[1])
for number in range(200):
    store.record_outcome(sys.argv[2], success=number % 4 != 0, step_failed=1)
    if number % 5 == 0:
        store.record_other_run(sys.argv[2])
"""


def test_outcomes_from_two_processes_are_all_counted(store_location: str) -> None:
    path = store_location
    pid = ProcedureStore(path).add(sample_procedure())
    workers = [subprocess.Popen([sys.executable, "-c", RECORD, str(path), pid], cwd=ROOT) for _ in range(2)]
    assert [w.wait(timeout=120) for w in workers] == [0, 0]
    procedure = ProcedureStore(path).get(pid)
    assert (procedure.success_count, procedure.failure_count) == (300, 100)
    assert procedure.steps[1].failure_count == 100
    assert (procedure.other_runs, procedure.runs, procedure.uses) == (80, 480, 400)
