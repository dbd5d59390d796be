"""The operations both front ends perform, tested once below them (no terminal, no window)."""

from pathlib import Path

import pytest

from app.operations import build_and_store, chosen_recording, duplicate_procedure, find_procedures, keep_as_new
from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from recorder.models import RecordedStep, Recording
from tests.helpers import sample_procedure


def _recording(rid: str) -> Recording:
    url = "http://127.0.0.1/login.html"
    return Recording(id=rid, title="Open the login page", steps=[RecordedStep(action="navigate", value=url, url=url)])


def test_a_recording_is_built_once_unless_forced(home: Path) -> None:
    store = ProcedureStore()
    store.recordings.add(_recording("cd" + "0" * 30))
    recording = chosen_recording(store)  # the newest
    first = build_and_store(store, recording)
    assert not first.merged and store.get(first.procedure_id).recording_id == recording.id
    with pytest.raises(ShowMeHowError, match=f"already procedure {first.procedure_id[:12]}"):
        build_and_store(store, recording)
    forced = build_and_store(store, recording, title="Again", force=True)
    assert forced.procedure_id != first.procedure_id and store.get(forced.procedure_id).title == "Again"
    assert len(store) == 2


def test_a_duplicate_starts_without_run_history(home: Path) -> None:
    store = ProcedureStore()
    original = store.add(sample_procedure(title="Log in to the wiki"))
    store.record_outcome(original, success=False)
    store.set_deprecated(original, True)
    copy = store.get(duplicate_procedure(store, original))
    assert copy.id != original and copy.title == "Log in to the wiki (copy)"
    assert (copy.success_count, copy.failure_count, copy.deprecated) == (0, 0, False)
    assert copy.steps == store.get(original).steps


def test_find_procedures_ranks_the_stored_ones(home: Path) -> None:
    store = ProcedureStore()
    wiki = store.add(sample_procedure(title="Log in to the wiki"))
    store.add(sample_procedure(title="Export the report"))
    matches = find_procedures(store, 'Log in to the wiki as "bob"', k=1)
    assert [m.procedure.id for m in matches] == [wiki]


def test_a_recording_without_an_action_is_kept_but_not_built(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import call_cli

    store = ProcedureStore()
    failed = "chrome-error://chromewebdata/"
    store.recordings.add(Recording(id="e" * 32, title="x"))
    store.recordings.add(Recording(id="f" * 32, title="x", steps=[RecordedStep(action="navigate", value=failed, url=failed)]))
    for rid, held in (("e" * 32, "no step"), ("f" * 32, f"only a navigation to a page that did not load ({failed})")):
        with pytest.raises(ShowMeHowError, match="kept but not built") as raised:
            build_and_store(store, store.recordings.get(rid))
        assert held in str(raised.value)
        shown = call_cli(capsys, "build", rid[:12])
        assert shown.returncode == 2 and shown.stderr.strip() == f"showmehow: {raised.value}"
    assert len(store) == 0 and find_procedures(store, "x") == []
    listed = call_cli(capsys, "recordings").stdout
    assert listed.count("not built") == 2


def test_a_merge_is_said_and_can_be_undone(home: Path) -> None:
    store = ProcedureStore()
    first_id, second_id = "e1" + "0" * 30, "e2" + "0" * 30
    for rid in (first_id, second_id):
        store.recordings.add(_recording(rid))
    first = build_and_store(store, store.recordings.get(first_id))
    before = store.get(first.procedure_id)
    second = build_and_store(store, store.recordings.get(second_id))  # the same task again
    assert second.merged and second.procedure_id == first.procedure_id and len(store) == 1
    assert second.before == before and second.demonstration is not None
    assert store.built_from()[second_id] == [first.procedure_id]  # the recording is not "not built"
    with pytest.raises(ShowMeHowError, match="already procedure"):
        build_and_store(store, store.recordings.get(second_id))
    new_id = keep_as_new(store, second)
    assert len(store) == 2 and new_id != first.procedure_id
    assert store.get(first.procedure_id).variants == before.variants  # as it was before the merge
    assert store.get(new_id).recording_id == second_id and store.built_from()[second_id] == [new_id]
    with pytest.raises(ShowMeHowError, match="not merged"):
        keep_as_new(store, first)
