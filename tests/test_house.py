"""Rules of the house that the tree itself must keep: no function in the product code is too long to
read at once (ruff's mccabe rule, configured in pyproject.toml, keeps their complexity down)."""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys

from tests.helpers import ROOT

PRODUCT = ("app", "agent", "retrieval", "procedures", "recorder", "core")
MAX_LINES = 60


@functools.cache
def function_lengths() -> list[tuple[int, str]]:
    """measured() in an interpreter of its own: in a busy test worker CPython 3.11.7's parser once raised a
    spurious "AST constructor recursion depth mismatch"."""
    code = "import json; from tests.test_house import measured; print(json.dumps(measured()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return [(lines, where) for lines, where in json.loads(out.stdout)]


def measured() -> list[tuple[int, str]]:
    """(lines, "path:line name") for every function and method of the product code, longest first."""
    found = []
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    where = f"{path.relative_to(ROOT).as_posix()}:{node.lineno} {node.name}"
                    found.append((node.end_lineno - start + 1, where))  # type: ignore[operator]
    return sorted(found, reverse=True)


def test_the_walk_sees_the_product_code() -> None:
    seen = {where.split("/")[0] for _, where in function_lengths()}
    assert seen == set(PRODUCT), f"no functions found in {sorted(set(PRODUCT) - seen)}"


def test_no_function_is_over_60_lines() -> None:
    lengths = function_lengths()
    largest = "\n".join(f"  {lines} lines  {where}" for lines, where in lengths[:3])
    print(f"the three largest functions:\n{largest}")
    over = [f"  {lines} lines  {where}" for lines, where in lengths if lines > MAX_LINES]
    assert not over, f"{len(over)} functions over {MAX_LINES} lines:\n" + "\n".join(over) + f"\nthe three largest:\n{largest}"


def test_no_module_defines_a_name_twice() -> None:
    """A second `def` of a name in a module silently replaces the first (ruff's F811 sees it only when the first was
    never used in between)."""
    twice = []
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            scopes = [tree, *(node for node in ast.walk(tree) if isinstance(node, ast.ClassDef))]
            for scope in scopes:
                names = [
                    node.name
                    for node in scope.body
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not node.decorator_list
                ]
                twice += [f"{path.relative_to(ROOT).as_posix()}: {name}" for name in sorted(set(names)) if names.count(name) > 1]
    assert not twice, "defined twice:\n" + "\n".join(twice)
