"""Desktop app figure: from a new Python process to the main window shown (target: under 2 s)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import sys\n"
    "from PySide6.QtWidgets import QApplication\n"
    "from app.qt import MainWindow\n"
    "app = QApplication(sys.argv)\n"
    "window = MainWindow(headless=True)\n"
    "window.show()\n"
    "app.processEvents()\n"
    "print('litellm' in sys.modules, flush=True)\n"
    "window.close()\n"
)


def main() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SHOWMEHOW_HOME": tempfile.mkdtemp()}
    timings = []
    for _ in range(5):
        started = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        timings.append(time.perf_counter() - started)
        assert out.stdout.strip() == "False", "litellm was imported at start"
    median = statistics.median(timings)
    print(
        f"app start to window shown (new process, window closed after): median {median:.2f} s{'  OK' if median < 2 else '  OVER TARGET 2 s'}"
    )


if __name__ == "__main__":
    main()
