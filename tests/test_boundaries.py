"""The core stays Qt-free: only app/ may import PySide6."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["recorder", "procedures", "retrieval", "agent"]


def _imports_pyside(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "PySide6" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "PySide6":
            return True
    return False


def test_no_pyside_import_outside_app() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if path.relative_to(ROOT).parts[0] not in {"app", "tests", ".venv", "build"}
        and not any(part.startswith(".") for part in path.relative_to(ROOT).parts)
        and _imports_pyside(path)
    ]
    assert offenders == []


def test_core_packages_load_without_qt() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in CORE)
        + "import recorder.session, procedures.store, procedures.builder, retrieval.retriever, agent.replay\n"
        + "print([m for m in sys.modules if m.startswith('PySide6')])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_the_check_notices_a_pyside_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from PySide6.QtCore import QObject\n")
    assert _imports_pyside(bad)
