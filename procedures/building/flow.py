"""The flow a procedure reads as: a line per step, repeats folded, and its tags and prerequisites."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from core.sites import host_of
from core.words import STOP_WORDS
from procedures.building import gesture_steps
from procedures.models import Parameter, ProcedureStep
from procedures.search import element_name
from recorder.models import Recording


def says_itself(step: ProcedureStep) -> bool:
    """A step built with a description of its own (a widget's use), which is also its flow line."""
    return bool(
        step.spin
        or step.by_kind
        or step.reads
        or step.compare is not None
        or step.by_picture
        or step.action in gesture_steps.GESTURE_ACTIONS
    )


def flow_line(step: ProcedureStep, params_by_step: dict[int, str], index: int) -> str | None:
    if says_itself(step):
        return step.description
    label = element_name(step) or step.field or step.tag or "the element"
    param = params_by_step.get(index)
    shown = f"{{{param}}}" if param else label
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
        case "check" if step.value is not None:
            return f'Set "{label}" to {step.value}'
        case "check":
            return f'Check "{shown}"' if step.input_type != "radio" else f'Choose "{shown}"'
        case "uncheck":
            return f'Uncheck "{label}"'
        case "click":
            return f'Click "{shown}"'
        case "dblclick":
            return f'Double-click "{shown}"'
        case "press":
            return f"Press {step.value}" + (f" ({step.repeat} times)" if step.repeat > 1 else "")
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


def fold(lines: list[str]) -> list[str]:
    """Fold runs of the same line into one, noting how often a repeated real step happened."""
    folded: list[tuple[str, int]] = []
    for line in lines:
        if folded and folded[-1][0] == line:
            folded[-1] = (line, folded[-1][1] + 1)
        else:
            folded.append((line, 1))
    return [line if n == 1 or line.startswith(("Enter", "Choose")) else f"{line} ({n} times)" for line, n in folded]


def flow_of(steps: list[ProcedureStep]) -> list[str]:
    """The flow that steps read as: their descriptions, repeats folded, optional steps said to be so."""
    return fold([f"{s.description} (if it is there)" if s.optional else s.description for s in steps if s.description])


def tags_of(recording: Recording, steps: list[ProcedureStep], values: dict[str, str]) -> list[str]:
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


def prerequisites(steps: list[ProcedureStep], domains: list[str], parameters: list[Parameter]) -> list[str]:
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


def flow_lines_of(
    steps: list[ProcedureStep], origin: list[int], targets: dict[int, str], rows: dict[int, str], names: dict[str, str]
) -> list[str]:
    """A flow line per built step; `origin` is the recorded step each comes from, `names` the parameters kept."""
    named = targets | rows
    click_params = {at: named[i] for at, i in enumerate(origin) if named.get(i) in names}
    lines = [flow_line(s, click_params, i) for i, s in enumerate(steps)]
    for at, index in enumerate(origin):
        if rows.get(index) in names:
            what = f"{{{targets[index]}}}" if targets.get(index) in names else steps[at].label or steps[at].row_selector
            items = f"{steps[at].value} items" if steps[at].each_row else "any item" if steps[at].any_row else "the item"
            lines[at] = f'Click "{what}" in {"every item" if steps[at].value == "all" else items} that shows {{{rows[index]}}}'
    return lines


def domains_and_goal(recording: Recording) -> tuple[list[str], str]:
    """The hosts the recording visited, and its goal: the title, else the description's first sentence."""
    domains = list(
        dict.fromkeys(h for h in (host_of(s.value if s.action == "navigate" else s.url) for s in recording.steps) if h)
    )
    goal = (
        recording.title.strip()
        or recording.description.strip().split(".")[0]
        or (f"Repeat the demonstrated steps on {domains[0]}" if domains else "Repeat the demonstrated steps")
    )
    return domains, goal
