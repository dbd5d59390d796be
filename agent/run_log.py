"""The record of one run: runs/run_<UTC timestamp>/ with actions.jsonl, memory_events.jsonl, checks.jsonl
(the end checks), prompts.jsonl, a screenshot per step and result.json (with the outcome). Nothing secret
is written: the run's secret values are masked in every record, and fields that show one are masked in
screenshots."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from playwright.sync_api import Locator, Page
from pydantic import BaseModel, ValidationError

from agent.results import CheckRecord, StepRecord
from core.masking import SECRET_MASK, value_pattern
from core.settings import data_dir
from recorder.pictures import element_picture, step_pictures

Model = TypeVar("Model", bound=BaseModel)


class RunLog:
    """Writes a run's files. Values registered with `hide()` are masked in everything written."""

    def __init__(self, home: Path | None = None) -> None:
        self._hidden: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self._taken = 0  # pictures taken so far
        self._before = 0  # pictures of elements taken before their step left the page
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
        """Secret values of this run, bound to a parameter or not: masked, plain or URL-encoded, in
        everything written, in the records and results shown to people, and in what the model reads."""
        self._hidden |= {value for value in values if value}
        self._pattern = value_pattern(self._hidden)

    def masked(self, text: str) -> str:
        return text if self._pattern is None else self._pattern.sub(SECRET_MASK, text)

    def masked_data(self, data: Any) -> Any:
        """JSON-like data with every string masked (keys too); other objects become masked strings."""
        if isinstance(data, str):
            return self.masked(data)
        if isinstance(data, dict):
            return {self.masked(str(key)): self.masked_data(value) for key, value in data.items()}
        if isinstance(data, list | tuple):
            return [self.masked_data(item) for item in data]
        if data is None or isinstance(data, bool | int | float):
            return data
        return self.masked(str(data))

    def masked_model(self, model: Model) -> Model:
        return type(model).model_validate(self.masked_data(model.model_dump()))

    def _append(self, name: str, record: dict[str, Any]) -> None:
        with open(self.dir / name, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(self.masked_data(record), ensure_ascii=False) + "\n")

    def action(self, record: StepRecord) -> None:
        self._append("actions.jsonl", {"time": time.time(), **record.model_dump()})

    def check(self, record: CheckRecord) -> None:
        self._append("checks.jsonl", {"time": time.time(), **record.model_dump()})

    def memory_event(self, event: dict[str, Any]) -> None:
        self._append("memory_events.jsonl", event)

    def prompt(self, messages: list[dict[str, Any]]) -> None:
        self._append("prompts.jsonl", {"time": time.time(), "messages": messages})

    def screenshot(self, page: Page, step: int) -> Path | None:
        """The page as it looks, with secret fields and anything showing a secret value masked."""
        return step_pictures(page, self._named(step).with_suffix(".jpg"), sorted(self._hidden))[0]

    def pictures(
        self, page: Page, step: int, selector: str | None = None, secret: bool = False, before: Path | None = None
    ) -> tuple[Path | None, Path | None]:
        """The page after step `step` as it looks (`screenshot`) and, cut out of that one capture, the step's
        small picture: the element `selector` finds, painted over too when the step put a `secret` in it; with
        no selector, the top of the page's content (see recorder.pictures); None for what was not taken. A
        picture taken `before` the step left its page is the step's own."""
        name = self._named(step)
        element = None if before is not None else name.with_name(f"{name.name}_element.jpg")
        shot, picture = step_pictures(page, name.with_suffix(".jpg"), sorted(self._hidden), selector, secret, element)
        return shot, before or picture

    def picture_before_leaving(self, page: Page, target: Locator) -> Path | None:
        """The picture of the element a step is about to act on, taken while its page still shows it."""
        self._before += 1
        return element_picture(page, target, self.dir / f"leaving_{self._before:03d}_element.jpg", values=sorted(self._hidden))

    def _named(self, step: int) -> Path:
        """The name of the next pictures, numbered in the order taken and never below the step's number: the
        agent's steps, which count from 1 again after replay's, must not replace replay's pictures."""
        self._taken = max(self._taken + 1, step)
        return self.dir / f"step_{self._taken:03d}"

    def summary(self, record: dict[str, Any]) -> None:
        text = json.dumps(self.masked_data(record), indent=2, ensure_ascii=False)
        (self.dir / "result.json").write_text(text + "\n", encoding="utf-8")


def run_records(run_dir: str | Path) -> list[StepRecord]:
    """The step records of a run, read from its actions.jsonl, with the pictures that are files in the run's
    folder (a picture elsewhere is left out); a line that is not a step record is left out."""
    folder = Path(run_dir).resolve()
    try:
        lines = (folder / "actions.jsonl").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    records = []
    for line in lines:
        try:
            record = StepRecord.model_validate_json(line)
        except ValidationError:
            continue
        picture = Path(record.picture).resolve() if record.picture else None
        inside = picture is not None and picture.parent == folder and picture.is_file()
        records.append(record.model_copy(update={"picture": str(picture) if inside else None}))
    return records
