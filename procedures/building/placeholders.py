"""Placeholders: a recorded step with `{name}` where the demonstrated values stood (quoted in selectors, encoded
in URLs), literal braces escaped."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, quote_plus

from procedures.building.flow import flow_line
from procedures.models import ProcedureStep
from procedures.runtime.placeholders import escape_braces
from recorder.models import RecordedStep

PLACEHOLDER = re.compile(r"\{[a-z][a-z0-9_]*\}")
QUOTED_IN_SELECTOR = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'')  # the texts a selector matches, as written in it


class Placeholders:
    """Puts `{name}` where demonstrated values appear: quoted in selectors, encoded in URLs.
    Everything else has its literal braces escaped. Longer values win over their substrings."""

    MARK = re.compile(r"\x00([a-z][a-z0-9_]*)\x00")

    def __init__(
        self, values: dict[str, str], in_paths: dict[str, str] | None = None, in_queries: dict[str, str] | None = None
    ) -> None:
        """`in_paths`: the values that may stand for a URL path part (all of them when not given);
        `in_queries`: more that may stand for a query value (the chosen options' values, `{genre__value}`)."""
        self._quoted = {json.dumps(v, ensure_ascii=False): n for n, v in sorted(values.items(), key=lambda i: -len(i[1]))}
        self._in_selector = re.compile("|".join(map(re.escape, self._quoted))) if self._quoted else None
        self._query = self._encoded(values | (in_queries or {}))
        self._path = self._encoded(values if in_paths is None else in_paths)
        self._in_query = self._url_pattern("=", self._query)
        self._in_path = self._url_pattern("/", self._path)
        words = sorted((v.strip() for v in values.values() if len(v.strip()) >= 2), key=len, reverse=True)
        self._values = re.compile("|".join(rf"(?<!\w){re.escape(v)}(?!\w)" for v in words), re.IGNORECASE) if words else None

    @staticmethod
    def _encoded(values: dict[str, str]) -> dict[str, str]:
        encoded: dict[str, str] = {}
        for name, value in sorted(values.items(), key=lambda item: -len(item[1])):
            if len(value) >= 2:
                for form in (quote_plus(value), quote(value)):
                    encoded.setdefault(form, name)
        return encoded

    @staticmethod
    def _url_pattern(after: str, encoded: dict[str, str]) -> re.Pattern[str] | None:
        return re.compile(rf"(?<={after})(?:{'|'.join(map(re.escape, encoded))})(?=[&#/?]|$)") if encoded else None

    def _finish(self, marked: str) -> str:
        return self.MARK.sub(r"{\1}", escape_braces(marked))

    def selector(self, text: str) -> str:
        if self._in_selector is not None:
            text = self._in_selector.sub(lambda m: f'"\0{self._quoted[m.group(0)]}\0"', text)
        return self._finish(text)

    def _unanchored(self, selectors: list[str]) -> list[str]:
        """Leave out selectors that find the element by a text holding a demonstrated value among other
        words (an instruction such as "Enter 8:22 AM as the time"): the next visit has another value there.
        The last one (the element's path) stays when none is left."""
        if self._values is None:
            return selectors

        def anchored(selector: str) -> bool:
            texts = (a or b for a, b in QUOTED_IN_SELECTOR.findall(selector))
            return any(not PLACEHOLDER.fullmatch(t) and self._values.search(t) for t in texts)  # type: ignore[union-attr]

        kept = [s for s in selectors if not anchored(s)]
        return kept or selectors[-1:]

    def url(self, text: str | None) -> str:
        text = text or ""
        for pattern, names in ((self._in_query, self._query), (self._in_path, self._path)):
            if pattern is not None:
                text = pattern.sub(lambda m, names=names: f"\0{names[m.group(0)]}\0", text)  # type: ignore[misc]
        return self._finish(text)

    def text(self, text: str) -> str:
        return escape_braces(text)

    def step(self, step: RecordedStep, own: str | None, target: str | None = None) -> ProcedureStep:
        """The step with placeholders; `own` is the parameter its value is, `target` the one that
        names the element it acts on (then only selectors built from that name are kept: the others
        point at the demonstrated element, whatever the new value is)."""
        selectors = self._unanchored([self.selector(s) for s in step.selectors])
        if target is not None:
            named = [s for s in selectors if f"{{{target}}}" in s] or _by_text_in_parent(step.selectors, target)
            loose = [re.sub(rf'"\{{{target}\}}"s', f'"{{{target}}}"i', s) for s in named]  # any case, as part of a name
            if any(s.startswith("internal:role=") for s in loose):  # part of a name: an element of the role clicked
                loose = [s for s in loose if not s.startswith("internal:text=")]
            elif re.fullmatch(r"[a-z][a-z0-9-]*", step.tag):  # part of a text: only in the kind of element clicked
                loose = [f'{s} >> internal:and="{step.tag}"' if s.startswith("internal:text=") else s for s in loose]
            selectors = list(dict.fromkeys(named + loose))
        if own is not None:
            value: str | None = f"{{{own}}}"
        elif step.value is None:
            value = None
        else:
            value = self.url(step.value) if step.action == "navigate" else self.text(step.value)
        data = step.model_dump() | {
            "selectors": selectors,
            "selector": selectors[0] if selectors else None,
            "frame": [self.selector(s) for s in step.frame],
            "url": self.url(step.url),
            "navigates_to": self.url(step.navigates_to) if step.navigates_to else None,
            "value": value,
            "option_value": None if own is not None and step.action == "select" else step.option_value,
            "label": self.text(step.label),
            "action": "check" if step.action == "uncheck" and own is not None else step.action,
        }
        return ProcedureStep(**data)


def _by_text_in_parent(selectors: list[str], target: str) -> list[str]:
    """A chosen element that no selector found by its text (the same text stood elsewhere, in a hidden
    list): found by its text inside the element that held it (the list of choices), whatever its place."""
    path = selectors[-1] if selectors else ""
    if " > " not in path or ">>" in path or "internal:" in path:
        return []
    parent = path.rsplit(" > ", 1)[0]
    return [f'{parent} >> internal:text="{{{target}}}"s']


def template_step(step: RecordedStep, values: dict[str, str], own: str | None = None) -> ProcedureStep:
    """A step taken at run time (by the agent) as a procedure step: the run's parameter `values` become
    placeholders, as in a built procedure; `own` is the parameter that the step's whole value is."""
    built = Placeholders(values).step(step, own)
    built.description = flow_line(built, {}, 0) or ""
    return built
