"""Run every benchmark and print its figures: `python -m tests.bench [name ...]`."""

import importlib
import pkgutil
import sys
from pathlib import Path

names = sys.argv[1:] or sorted(
    m.name.removeprefix("bench_") for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_")
)
for name in names:
    print(f"== {name}")
    importlib.import_module(f"tests.bench.bench_{name}").main()
