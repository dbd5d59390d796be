import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from recorder.recordings import RecordingStore
from tests.helpers import ROOT, run_cli


def test_record_headless_prints_a_summary_and_stores(site: str, home: Path) -> None:
    result = run_cli("record", f"{site}/login.html", "--headless", "--seconds", "2", "--title", "Open login")
    assert result.returncode == 0, result.stderr
    assert "navigate" in result.stdout and "Recording " in result.stdout
    (recording,) = RecordingStore().list()
    assert recording.title == "Open login"
    assert [s.action for s in recording.steps] == ["navigate"]


def test_ctrl_c_stops_and_a_killed_recording_is_recovered(site: str, home: Path) -> None:
    def start() -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "record", f"{site}/form.html", "--headless"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=os.environ.copy(),
            start_new_session=True,  # its own process group, as a terminal's foreground job
        )
        try:
            assert proc.stdout is not None and proc.stdout.readline().startswith("Recording.")
            deadline = time.monotonic() + 20
            while not any('"t": "step"' in p.read_text() for p in (home / "journals").glob("*.jsonl")):
                assert time.monotonic() < deadline, "the navigate step never reached the journal"
                time.sleep(0.1)
        except BaseException:
            proc.kill()  # never leave a recorder running behind a failed test
            proc.communicate(timeout=30)
            raise
        return proc

    proc = start()
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group, Chromium and Playwright's driver too
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Recording " in out
    assert err == "", err  # no "Future exception was never retrieved", no traceback
    assert len(RecordingStore().list()) == 1

    proc = start()
    proc.kill()
    proc.communicate(timeout=30)
    assert len(RecordingStore().list()) == 1  # the killed one is only in its journal
    recovered = run_cli("recover")
    assert recovered.returncode == 0 and "Recovered" in recovered.stdout
    recordings = RecordingStore().list()
    assert len(recordings) == 2 and all(r.steps[0].action == "navigate" for r in recordings)
    assert list((home / "journals").glob("*.jsonl")) == []
