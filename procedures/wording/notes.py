"""A note on a change is optional: a comment, remark or note that the demonstration's title happened to name is
the demonstration's own, and a task that gives none leaves the field empty."""

from __future__ import annotations

import re

NOTE_WORDS = re.compile(r"(?<![^\W_])(?:notes?|comments?|remarks?|memo|annotations?)(?![^\W_])", re.IGNORECASE)


def is_note(label: str) -> bool:
    """Whether a field's label says it takes a note on the change ("Change note", "Comment")."""
    return NOTE_WORDS.search(label or "") is not None
