"""Keyed hashes of the values typed into a recording's secret fields, never the values themselves.

For each secret fill the page sends HMAC-SHA256(key, value) and the value's length (injected_js/secrets.js).
With them the session finds the value wherever another document reports it (the URL a GET form led to,
the text of a button on the next page) and in the recording's title and description, and cuts it out.
The key and the hashes live in memory for one recording only; nothing of them is stored.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from core.masking import SECRET_MASK, SHORT_SECRET
from core.secrecy import redact_url
from core.words import snake_case
from recorder.models import RecordedStep


@dataclass(frozen=True)
class Fingerprint:
    digest: bytes
    length: int
    name: str  # the parameter the builder will make of the field: its placeholder in the title


class SecretFingerprints:
    def __init__(self) -> None:
        self.key = secrets.token_bytes(32)
        self._latest: dict[Hashable, Fingerprint] = {}  # by field: only a field's latest value counts

    def remember(self, field: Hashable, digest: str | None, length: int | None, field_name: str) -> None:
        """The latest value of a secret field; no digest: the field was emptied."""
        if digest is None or length is None:
            self._latest.pop(field, None)
        else:
            self._latest[field] = Fingerprint(bytes.fromhex(digest), length, snake_case(field_name))

    def spans(self, text: str) -> list[tuple[int, int, Fingerprint]]:
        """Where secret values occur in `text`, first and longest first; short values only as whole words."""
        wanted: dict[int, dict[bytes, Fingerprint]] = {}
        for fingerprint in self._latest.values():
            wanted.setdefault(fingerprint.length, {})[fingerprint.digest] = fingerprint
        found = []
        for length, digests in wanted.items():
            for start in range(len(text) - length + 1):
                window = text[start : start + length]
                fingerprint = digests.get(hmac.digest(self.key, window.encode(), "sha256"))
                if fingerprint is not None and (length >= SHORT_SECRET or _whole_word(text, start, start + length)):
                    found.append((start, start + length, fingerprint))
        return sorted(found, key=lambda span: (span[0], -span[1]))

    def holds(self, text: str) -> bool:
        return bool(self._latest) and bool(self.spans(text))

    def replace(self, text: str, by_name: bool = False) -> str:
        """The text with each secret value replaced by the mask, or by_name by its `{placeholder}`."""
        if not self._latest:
            return text
        out, at = [], 0
        for start, end, fingerprint in self.spans(text):
            if start >= at:
                out.append(text[at:start] + (f"{{{fingerprint.name}}}" if by_name else SECRET_MASK))
                at = end
        return "".join(out) + text[at:]

    def redact_url(self, url: str) -> str:
        return redact_url(url, self.holds if self._latest else None)

    def scrub(self, step: RecordedStep) -> RecordedStep | None:
        """The step with no secret value left in it; None for a key press that is one."""
        return scrub_step(step, self.holds, self.replace) if self._latest else step


def scrub_step(step: RecordedStep, holds: Callable[[str], bool], mask: Callable[[str], str]) -> RecordedStep | None:
    """The step with no secret value left in it, as `holds` finds them and `mask` hides them: selectors
    that hold one are dropped (the last, structural one is masked), URLs redacted, a value that holds
    one makes the step secret. None for a key press that is a secret."""
    changes: dict[str, object] = {
        "url": redact_url(step.url, holds),
        "navigates_to": redact_url(step.navigates_to, holds) if step.navigates_to else None,
        "label": mask(step.label),
        "field": mask(step.field),
        "beside": mask(step.beside),
        "files": [mask(name) for name in step.files],
        "frame": [mask(selector) for selector in step.frame],
        "to": [mask(selector) for selector in step.to],
        "to_label": mask(step.to_label),
        "order": [mask(text) for text in step.order],
    }
    if step.selectors:
        kept = [s for s in step.selectors[:-1] if not holds(s)] + [mask(step.selectors[-1])]
        changes |= {"selectors": kept, "selector": kept[0]}
    if step.action in ("navigate", "back", "forward") and step.value is not None:
        changes["value"] = redact_url(step.value, holds)
    elif step.value is not None and holds(step.value):
        if step.action == "press":
            return None
        changes |= {"value": None, "option_value": None, "secret": True}
    return step.model_copy(update=changes)


def _whole_word(text: str, start: int, end: int) -> bool:
    def word(ch: str) -> bool:
        return ch.isalnum() or ch == "_"

    inside_before = start > 0 and word(text[start - 1]) and word(text[start])
    inside_after = end < len(text) and word(text[end]) and word(text[end - 1])
    return not inside_before and not inside_after
