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


def _browser_of(pid: int) -> int:
    """The Chromium browser process (not a renderer) that process `pid` started, found under /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    todo, found = [pid], []
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            command = (Path("/proc") / str(child) / "cmdline").read_bytes().split(b"\0")
            if b"chromium" in command[0] and not any(part.startswith(b"--type=") for part in command):
                found.append(child)
    assert found, "no browser started"
    return found[0]


def test_record_builds_the_procedure_and_says_when_a_closed_window_cut_it_short(site: str, home: Path) -> None:
    from procedures.store import ProcedureStore

    command = [sys.executable, "-m", "app.cli", "record", f"{site}/form.html", "--headless", "--title", "Open the form"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        assert proc.stdout is not None and proc.stdout.readline().startswith("Recording.")
        os.kill(_browser_of(proc.pid), signal.SIGKILL)  # the window goes away before the recording is stopped
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "before the recording was stopped: it is kept, marked partial" in err
    assert "(partial: cut short)" in out and "Stored procedure" in out
    (recording,) = RecordingStore().list()
    assert recording.partial
    assert [p.title for p in ProcedureStore().list()] == ["Open the form"]
    kept = run_cli("record", f"{site}/login.html", "--headless", "--seconds", "1", "--no-build")
    assert kept.returncode == 0 and "showmehow build" in kept.stdout and "Stored procedure" not in kept.stdout
    assert len(RecordingStore().list()) == 2 and len(ProcedureStore().list()) == 1
    (login,) = [r for r in RecordingStore().list() if r.id != recording.id]
    assert (home / "pictures" / login.id / "step_001.jpg").stat().st_size > 0  # the opened page's picture, as the GUI's
