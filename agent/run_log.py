"""The record of one run: runs/run_<UTC timestamp>/ with actions.jsonl, memory_events.jsonl, checks.jsonl
(the end checks), prompts.jsonl, a screenshot per step and result.json (with the outcome). Nothing secret
is written: callers pass masked values."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from agent.results import CheckRecord, StepRecord
from core.secrecy import SECRET_MASK
from core.settings import data_dir


class RunLog:
    """Writes a run's files. Values registered with `hide()` are masked in everything written."""

    def __init__(self, home: Path | None = None) -> None:
        self._hidden: list[str] = []
        runs = (home or data_dir()) / "runs"
        runs.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        self.dir = runs / f"run_{stamp}"
        suffix = 1
        while self.dir.exists():
            suffix += 1
            self.dir = runs / f"run_{stamp}_{suffix}"
        self.dir.mkdir()
        for name in ("actions.jsonl", "memory_events.jsonl", "checks.jsonl"):
            (self.dir / name).touch()

    def hide(self, values: Iterable[str]) -> None:
        """Secret values of this run: never written, whether plain, URL-encoded or JSON-escaped.
        (Values under four characters would mask ordinary text; steps never log values anyway.)"""
        for value in values:
            if len(value) >= 4:
                forms = {value, quote_plus(value), quote(value), json.dumps(value, ensure_ascii=False)[1:-1]}
                self._hidden.extend(sorted(forms, key=len, reverse=True))

    def masked(self, text: str) -> str:
        for value in self._hidden:
            text = text.replace(value, SECRET_MASK)
        return text

    def _append(self, name: str, record: dict[str, Any]) -> None:
        with open(self.dir / name, "a", encoding="utf-8") as handle:
            handle.write(self.masked(json.dumps(record, ensure_ascii=False, default=str)) + "\n")

    def action(self, record: StepRecord) -> None:
        self._append("actions.jsonl", {"time": time.time(), **record.model_dump()})

    def check(self, record: CheckRecord) -> None:
        self._append("checks.jsonl", {"time": time.time(), **record.model_dump()})

    def memory_event(self, event: dict[str, Any]) -> None:
        self._append("memory_events.jsonl", event)

    def prompt(self, messages: list[dict[str, Any]]) -> None:
        self._append("prompts.jsonl", {"time": time.time(), "messages": messages})

    def screenshot(self, page: Page, step: int) -> Path | None:
        path = self.dir / f"step_{step:03d}.png"
        try:
            page.screenshot(path=str(path), timeout=5000)
        except PlaywrightError:
            return None
        return path

    def summary(self, record: dict[str, Any]) -> None:
        text = json.dumps(record, indent=2, ensure_ascii=False, default=str)
        (self.dir / "result.json").write_text(self.masked(text) + "\n", encoding="utf-8")
