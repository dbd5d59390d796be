"""A replay's outcome weighed with its request evidence, without a browser (agent.evidence.verdict), and the
revision and the restore that keep a false failure from deprecating a good procedure."""

from agent.evidence import disputed, propose_check_removal, verdict
from procedures.evidence import ParameterEvidence, ParameterPlace, RequestEvidence, RunEvidence
from procedures.models import Check
from procedures.store import ProcedureStore
from tests.helpers import sample_procedure

LEARNED = [RequestEvidence(method="POST", url="http://127.0.0.1/login", kind="form", parameters=[])]
PLACES = [ParameterPlace(name="username", places=["user"]), ParameterPlace(name="password", places=["pass"], secret=True)]
VALUES = {"username": "bob", "password": "pw"}


def _sent(*statuses: str, problems: list[str] | None = None, error: int | None = None) -> RunEvidence:
    parameters = [ParameterEvidence(name=p.name, place=p.places[0], status=s) for p, s in zip(PLACES, statuses)]  # type: ignore[arg-type]
    return RunEvidence(kind="request", parameters=parameters, problems=problems or [], error_status=error)


def test_the_pages_alone_judge_where_the_demonstration_sent_nothing() -> None:
    procedure = sample_procedure()
    evidence = RunEvidence()
    assert verdict("verified", procedure, evidence, VALUES, False) == ("verified", None) and evidence.kind == "page"
    assert verdict("unverified", procedure, RunEvidence(), VALUES, False)[0] == "unverified"
    outcome, why = verdict("verified", procedure, RunEvidence(error_status=500), VALUES, False)
    assert outcome == "failed" and "answered 500" in str(why)  # a sending request refused is never verified


def test_request_evidence_fails_a_run_the_pages_passed_and_verifies_one_only_a_check_failed() -> None:
    procedure = sample_procedure(evidence=LEARNED)
    assert verdict("verified", procedure, _sent("sent", "present"), VALUES, False)[0] == "verified"
    outcome, why = verdict("verified", procedure, _sent("demonstrated", "present"), VALUES, False)
    assert outcome == "failed" and "demonstration's value sent at user" in str(why)
    outcome, why = verdict("verified", procedure, _sent(problems=["the page sent no POST"]), VALUES, False)
    assert outcome == "unverified" and "sent no POST" in str(why)  # never verified on evidence it lacks
    outcome, why = verdict("failed", procedure, _sent("sent", "present"), VALUES, True)
    assert outcome == "verified" and "check is wrong" in str(why)
    assert verdict("failed", procedure, _sent("sent", "present"), VALUES, False)[0] == "failed"  # a step failed
    assert verdict("failed", procedure, _sent("sent"), VALUES, True)[0] == "failed"  # the password: not shown sent
    assert verdict("task_fault", procedure, _sent("sent", "present"), VALUES, True)[0] == "task_fault"
    assert disputed("failed", _sent("sent", "present")) and not disputed("failed", _sent("missing", "present"))


def test_a_wrong_check_is_proposed_for_removal_and_restore_clears_the_failures(home) -> None:  # type: ignore[no-untyped-def]
    wrong = Check(kind="text", expected="Welcome emile")
    store = ProcedureStore()
    pid = store.add(sample_procedure(checks=[Check(kind="url", expected="*/home"), wrong]))
    revision = propose_check_removal(store, store.get(pid), [wrong], None)
    assert revision is not None and "Welcome emile" in revision.changes[0]
    assert propose_check_removal(store, store.get(pid), [wrong], None).successes == 2  # type: ignore[union-attr]
    assert store.revisions.accept(revision.id).checks == [Check(kind="url", expected="*/home")]
    for _ in range(3):
        store.record_outcome(pid, success=False)
    assert store.get(pid).deprecated
    restored = store.set_deprecated(pid, False)
    assert not restored.deprecated and restored.failure_count == 0
    assert not store.record_outcome(pid, success=False).deprecated  # the next failure alone deprecates nothing
