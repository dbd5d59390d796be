"""The house rules: imports point one way (app > agent > retrieval > procedures > recorder > core),
only app/ imports Qt, and the rest pyproject.toml's import-linter contracts state; every one of them holds."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BELOW_APP = ["core", "recorder", "procedures", "retrieval", "agent"]


def test_the_layer_contract_holds() -> None:
    out = subprocess.run([Path(sys.executable).parent / "lint-imports"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert f"{len(contracts)} kept, 0 broken" in out.stdout


def test_packages_below_the_app_load_without_qt() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in BELOW_APP)
        + "import recorder.session, procedures.store, procedures.building.heuristic, retrieval.retriever, agent.orchestrator\n"
        + "print([m for m in sys.modules if m.startswith('PySide6')])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
