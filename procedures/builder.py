"""The heuristic builder: a Recording becomes a Procedure, deterministically and without network."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, quote_plus, urlsplit

from core.sites import host_of
from core.words import STOP_WORDS, snake_case
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.placeholders import escape_braces
from recorder.models import RecordedStep, Recording

# Words that sit between a noun and its value in titles: "the issue called X", "a user named Y".
CONNECTORS = frozenset(
    ["called", "named", "titled", "labelled", "labeled", "as", "is", "=", ":", "to", "for", "with", "the", "a", "an", "of"]
)
# Verbs that start a task: what follows them is the action's target, not a value ("Go to Settings").
VERBS = frozenset(
    "go open click press select choose visit navigate log sign enter type find search create delete add remove "
    "edit update set make view show check uncheck submit send buy pay book file start stop".split()
)


class _Parameters:
    """The parameters found so far, with names kept unique."""

    def __init__(self) -> None:
        self.items: list[Parameter] = []
        self.values: dict[str, str] = {}  # parameter name -> demonstrated value

    def add(self, base: str, example: str | None, secret: bool = False) -> str:
        if not secret:
            for name, value in self.values.items():
                if value == example:
                    return name  # the same value typed twice is one parameter
        name, n = base, 2
        while any(p.name == name for p in self.items):
            name, n = f"{base}_{n}", n + 1
        self.items.append(Parameter(name=name, example=None if secret else example, secret=secret))
        if not secret and example is not None:
            self.values[name] = example
        return name


def _name_from_title(value: str, text: str) -> str | None:
    """The noun before `value` in a title ("Open the issue called X" -> "issue"), if any."""
    at = text.lower().find(value.lower())
    if at <= 0:
        return None
    before = [w for w in re.findall(r"[A-Za-z0-9_]+", text[:at]) if w.lower() not in CONNECTORS]
    if not before:
        return None
    word = before[-1].lower()
    return None if word in STOP_WORDS or word in VERBS else snake_case(word)


def _mentions(text: str, value: str) -> bool:
    value = value.strip()
    if len(value) < 2 or value.lower() in STOP_WORDS:
        return False
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


class _Placeholders:
    """Puts `{name}` where demonstrated values appear: quoted in selectors, encoded in URLs.
    Everything else has its literal braces escaped. Longer values win over their substrings."""

    MARK = re.compile(r"\x00([a-z][a-z0-9_]*)\x00")

    def __init__(self, values: dict[str, str]) -> None:
        ordered = sorted(values.items(), key=lambda item: -len(item[1]))
        quoted = {json.dumps(v, ensure_ascii=False): n for n, v in ordered}
        encoded: dict[str, str] = {}
        for name, value in ordered:
            if len(value) >= 2:
                for form in (quote_plus(value), quote(value)):
                    encoded.setdefault(form, name)
        self._quoted, self._encoded = quoted, encoded
        self._in_selector = re.compile("|".join(map(re.escape, quoted))) if quoted else None
        self._in_url = re.compile(rf"(?<=[=/])(?:{'|'.join(map(re.escape, encoded))})(?=[&#/]|$)") if encoded else None

    def _finish(self, marked: str) -> str:
        return self.MARK.sub(r"{\1}", escape_braces(marked))

    def selector(self, text: str) -> str:
        if self._in_selector is not None:
            text = self._in_selector.sub(lambda m: f'"\0{self._quoted[m.group(0)]}\0"', text)
        return self._finish(text)

    def url(self, text: str | None) -> str:
        text = text or ""
        if self._in_url is not None:
            text = self._in_url.sub(lambda m: f"\0{self._encoded[m.group(0)]}\0", text)
        return self._finish(text)

    def text(self, text: str) -> str:
        return escape_braces(text)

    def step(self, step: RecordedStep, own: str | None) -> ProcedureStep:
        """The step with placeholders; `own` is the parameter its value is, if any."""
        selectors = [self.selector(s) for s in step.selectors]
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
        }
        return ProcedureStep(**data)


def _flow_line(step: ProcedureStep, params_by_step: dict[int, str], index: int) -> str | None:
    label = step.label or step.field or step.tag or "the element"
    param = params_by_step.get(index)
    shown = f"{{{param}}}" if param and step.action == "click" else label
    field = (step.field or step.label or "value").lower()
    match step.action:
        case "navigate":
            parts = urlsplit(step.value or step.url)
            stem = re.sub(r"\.\w+$", "", parts.path.rstrip("/").rsplit("/", 1)[-1])
            words = " ".join(re.findall(r"[A-Za-z]+", stem)).lower()
            where = parts.hostname or step.value or ""
            return f"Open the {words} page on {where}" if words and words != "index" else f"Open {where}"
        case "fill":
            return f"Enter the {field}"
        case "select":
            return f"Choose the {field}"
        case "check":
            return f'Check "{label}"' if step.input_type != "radio" else f'Choose "{label}"'
        case "uncheck":
            return f'Uncheck "{label}"'
        case "click":
            return f'Click "{shown}"'
        case "dblclick":
            return f'Double-click "{shown}"'
        case "press":
            return f"Press {step.value}"
        case "submit":
            return "Submit the form"
        case "upload":
            return f"Attach the {field}"
        case "back":
            return "Go back"
        case "forward":
            return "Go forward"
        case "reload":
            return "Reload the page"
    return None


def _fold(lines: list[str]) -> list[str]:
    """Fold runs of the same line into one, noting how often a repeated real step happened."""
    folded: list[tuple[str, int]] = []
    for line in lines:
        if folded and folded[-1][0] == line:
            folded[-1] = (line, folded[-1][1] + 1)
        else:
            folded.append((line, 1))
    return [line if n == 1 or line.startswith(("Enter", "Choose")) else f"{line} ({n} times)" for line, n in folded]


def _tags(recording: Recording, steps: list[ProcedureStep], values: dict[str, str]) -> list[str]:
    tags: list[str] = []
    value_words = {w for v in values.values() for w in re.findall(r"[a-z]+", v.lower())}
    actions = {s.action for s in steps}
    if any(s.secret for s in steps):
        tags.append("login" if any("pass" in (s.field + s.input_type).lower() for s in steps) else "credentials")
    if actions & {"fill", "select", "check"}:
        tags.append("form")
    if "upload" in actions:
        tags.append("upload")
    if any(s.input_type == "search" or "search" in s.field.lower() for s in steps):
        tags.append("search")
    words = [
        w for w in re.findall(r"[a-z]+", recording.title.lower()) if w not in STOP_WORDS and len(w) > 2 and w not in value_words
    ]
    for word in words[:5]:
        if word not in tags:
            tags.append(word)
    return tags


def _prerequisites(steps: list[ProcedureStep], domains: list[str], parameters: list[Parameter]) -> list[str]:
    out = []
    starts_signed_in = not any(s.secret for s in steps) and any(
        re.search(r"sign ?out|log ?out|my account|profile", (s.label + " " + s.url).lower()) for s in steps
    )
    if starts_signed_in and domains:
        out.append(f"Signed in to {domains[0]}")
    secrets = [p.name for p in parameters if p.secret]
    if secrets:
        out.append(f"Know the {', '.join(secrets)} (kept secret, never stored)")
    if any(s.action == "upload" for s in steps):
        out.append("Have the file to upload at hand")
    return out


def build_heuristic(recording: Recording) -> Procedure:
    params = _Parameters()
    owners: dict[int, str] = {}  # step index -> the parameter that step's value is
    mention_text = f"{recording.title}\n{recording.description}"
    for index, step in enumerate(recording.steps):
        if step.action in ("fill", "select"):
            base = snake_case(step.field or step.label, fallback="value")
            if step.secret:
                owners[index] = params.add(base, None, secret=True)
            elif step.value is not None and step.value != "":
                owners[index] = params.add(base, step.value)
        elif step.action == "upload" and step.files:
            owners[index] = params.add(snake_case(step.field or "file", fallback="file"), ", ".join(step.files))
        elif step.action in ("click", "dblclick", "check") and step.label and _mentions(mention_text, step.label):
            base = _name_from_title(step.label, mention_text)  # None for a verb's target, like "Log in"
            if base is not None:
                params.add(base, step.label)

    click_params = {
        i: n for i, s in enumerate(recording.steps) for n, v in params.values.items() if s.label == v and i not in owners
    }
    steps = []
    substitute = _Placeholders(params.values)
    for index, step in enumerate(recording.steps):
        built = substitute.step(step, owners.get(index))
        if step.action == "upload" and index in owners:
            built = built.model_copy(update={"files": [], "value": f"{{{owners[index]}}}"})
        steps.append(built)
    flow_lines = [_flow_line(s, click_params, i) for i, s in enumerate(steps)]
    for step, line in zip(steps, flow_lines):
        step.description = line or ""
    domains = list(
        dict.fromkeys(h for h in (host_of(s.value if s.action == "navigate" else s.url) for s in recording.steps) if h)
    )
    goal = (
        recording.title.strip()
        or recording.description.strip().split(".")[0]
        or (f"Repeat the demonstrated steps on {domains[0]}" if domains else "Repeat the demonstrated steps")
    )
    return Procedure(
        title=recording.title.strip() or goal,
        description=recording.description,
        abstract=Abstract(
            goal=goal,
            parameters=params.items,
            prerequisites=_prerequisites(steps, domains, params.items),
            flow=_fold([line for line in flow_lines if line]),
            domains=domains,
            tags=_tags(recording, steps, params.values),
        ),
        steps=steps,
        recording_id=recording.id,
    )


def template_step(step: RecordedStep, values: dict[str, str], own: str | None = None) -> ProcedureStep:
    """A step taken at run time (by the agent) as a procedure step: the run's parameter `values` become
    placeholders, as in a built procedure; `own` is the parameter that the step's whole value is."""
    built = _Placeholders(values).step(step, own)
    built.description = _flow_line(built, {}, 0) or ""
    return built
