"""Step pictures taken while a recording runs, the same from the GUI and the command line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page

from recorder.models import RecordedStep
from recorder.pictures import picture_where_it_happened, recording_pictures, step_picture_file


class StepPictures:
    """Takes the picture of each recorded step that is new or changed (a fill grows as the person types), on the
    recording's first page, into the recording's pictures folder."""

    def __init__(self, recording_id: str, home: Path | None = None) -> None:
        self.folder = recording_pictures(recording_id, home)
        self.seen: list[tuple[object, ...]] = []  # what each recorded step was when its picture was taken

    def take(self, page: Page, steps: Sequence[RecordedStep]) -> list[tuple[int, Path]]:
        """The pictures taken now: (step index, file)."""
        taken = []
        for index in range(max(0, len(self.seen) - 1), len(steps)):
            step = steps[index]
            seen = (step.action, step.selector, step.value)
            if index < len(self.seen) and self.seen[index] == seen:
                continue
            self.seen[index : index + 1] = [seen]
            pictured = step.selector or step.action == "navigate"  # an opened page: the top of its content
            if pictured and not step.frame and step.page == 0 and not page.is_closed():
                picture = picture_where_it_happened(page, step, step_picture_file(self.folder, index))
                if picture is not None:
                    taken.append((index, picture))
        return taken
