"""The checks a built procedure ends with: the postconditions the demonstration led to and the checks of the
values the person gave, on the last page, on a page along the way, or on the field itself."""

from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import parse_qsl, urlencode, urlsplit

from procedures.building.decided_checks import decided, others_data
from procedures.building.parameters import Parameters
from procedures.models import YES, Check, Parameter, Procedure, ProcedureStep
from procedures.runtime.placeholders import escape_braces, placeholders
from recorder.models import PageOutcome, RecordedStep, Recording

MAX_TEXT_CHECKS = 3
DYNAMIC = re.compile(r"\S*\d\S*")  # a word with a digit: an order number, a date, a count that changes from run to run
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
MONTH_BESIDE_DAY = re.compile(rf"(?<!\w){_MONTH}(?=\s+\d)|(?<=\d\s){_MONTH}(?!\w)", re.IGNORECASE)  # "March 4", "4 Mar."


def _text_with_parameters(text: str, values: dict[str, str]) -> str:
    """`text` as a check: the demonstrated values that show in it become `{name}`, literal braces are
    escaped, and words with digits that are no parameter become `*` wildcards, as do month names beside
    them (a date the page shows in its own words: "March 4, 2021")."""
    chosen = sorted(((n, v.strip()) for n, v in values.items() if len(v.strip()) >= 2), key=lambda item: -len(item[1]))
    pattern = "|".join(rf"(?<!\w)({re.escape(value)})(?!\w)" for _, value in chosen)
    # in one pass: a value that is another parameter's name is not found inside a placeholder already put in
    marked = re.sub(pattern, lambda m: f"\x00{chosen[m.lastindex - 1][0]}\x00", text, flags=re.IGNORECASE) if chosen else text
    parts = marked.split("\x00")
    out = [
        escape_braces(DYNAMIC.sub("*", MONTH_BESIDE_DAY.sub("*", part))) if i % 2 == 0 else f"{{{part}}}"
        for i, part in enumerate(parts)
    ]
    return re.sub(r"\*(\s*\*)+", "*", "".join(out)).strip()


def _url_with_parameters(url: str, values: dict[str, str], in_paths: dict[str, str] | None = None) -> str:
    """The URL as a check: its path, and of its query only the values that are parameters; a path part
    with a digit (an id) that is no parameter becomes a wildcard, and then the query is left out.
    `in_paths`: the values that may stand for a path part (all of them when not given)."""
    parts = urlsplit(url)
    by_value = {v: n for n, v in values.items() if v}
    path_values = {v: n for n, v in (values if in_paths is None else in_paths).items() if v}
    segments = []
    for segment in parts.path.split("/"):
        if segment in path_values:
            segments.append(f"{{{path_values[segment]}}}")
        else:
            segments.append("*" if DYNAMIC.fullmatch(segment) else escape_braces(segment))
    path = "/".join(segments)
    base = f"{parts.scheme}://{parts.netloc}{path}"
    if "*" in path:
        return base + "*"
    query = [(k, f"\x00{by_value[v]}\x00") for k, v in parse_qsl(parts.query, keep_blank_values=True) if v in by_value]
    encoded = escape_braces(urlencode(query)) if query else ""
    return base + ("?" + re.sub(r"%00([a-z][a-z0-9_]*)%00", r"{\1}", encoded) if encoded else "")


def postconditions(
    outcome: PageOutcome | None, steps: list[RecordedStep], values: dict[str, str], in_paths: dict[str, str] | None = None
) -> list[Check]:
    """What the demonstration's last steps led to, as checks: the URL it ended on (when it moved on from
    the page it last opened) and the headings and messages that appeared, with parameter values substituted
    (in the URL's path only `in_paths`, all when not given)."""
    if outcome is None:
        return []
    checks = []
    opened = next((s.value or s.url for s in reversed(steps) if s.action == "navigate"), "")
    if outcome.url.startswith(("http://", "https://")) and outcome.url.split("#")[0].rstrip("/") != opened.split("#")[0].rstrip(
        "/"
    ):
        checks.append(Check(kind="url", expected=_url_with_parameters(outcome.url, values, in_paths), source="demonstration"))
    for text in (outcome.alerts + outcome.headings)[:MAX_TEXT_CHECKS]:
        expected = _text_with_parameters(text, values)
        if len(expected.replace("*", "").strip()) >= 2:
            checks.append(Check(kind="text", expected=expected, source="demonstration"))
    return checks


MAX_VALUE_CHECKS = 12


def _own_line(lines: list[str], index: int, expected: str, needs_label: bool) -> str | None:
    """A check's text for a line that shows a value: the line, led by the line before it (its label, in a
    summary of "Notes" then "call first") when the line is nothing but values."""
    bare = not re.sub(r"\{[a-z0-9_]+\}|\*", "", expected).strip(" ,;:.-")
    previous = lines[index - 1] if index else ""
    if bare and previous and len(previous) <= 60 and not DYNAMIC.search(previous):
        return f"{escape_braces(previous)} {expected}"
    return None if bare and needs_label else expected


def _line_check(param: Parameter, lines: list[str], values: dict[str, str]) -> str | None:
    """A text check for the first of `lines` that shows the parameter's value, with its placeholder
    (`Notes {notes}`); a checkbox's yes or no counts only next to its label."""
    example = (param.example or "").strip()
    label = param.label.lower()
    for index, line in enumerate(lines):
        if not re.search(rf"(?<!\w){re.escape(example)}(?!\w)", line, re.IGNORECASE):
            continue
        near = f"{lines[index - 1] if index else ''} {line}".lower()
        if param.kind == "toggle" and not (label and label in near):
            continue
        expected = _text_with_parameters(line, values | {param.name: example})
        expected = _own_line(lines, index, expected, param.kind == "toggle" and label not in line.lower()) or ""
        if f"{{{param.name}}}" in expected:
            return expected
    return None


def _checkable(param: Parameter, covered: set[str]) -> bool:
    """A value a page may show as the person gave it: not secret, not yet covered, not the name of an
    element clicked (that stands on the page whatever the run sent)."""
    return not param.secret and bool((param.example or "").strip()) and param.name not in covered and param.kind != "target"


def _row_check(showing: list[str], values: dict[str, str], name: str) -> str | None:
    """A value the page shows on several lines (a column of a list): the line that also shows other
    demonstrated values is the run's own row, and its other words are that record's own data, wildcards.
    None when no line ties the value to the run."""
    marked = [_text_with_parameters(line, values) for line in showing]
    best = max(marked, key=lambda text: len(placeholders(text)))
    if f"{{{name}}}" not in best or len(placeholders(best)) < 2:
        return None
    parts = re.split(r"(\{[a-z0-9_]+\})", best)[1:-1]  # from the first placeholder to the last
    kept = "".join(part if i % 2 == 0 or not part.strip(" *") else " * " for i, part in enumerate(parts))
    return re.sub(r"\*(\s*\*)+", "*", kept).strip()


def _shown_checks(lines: list[str], parameters: list[Parameter], covered: set[str]) -> list[Check]:
    """Checks for the values the demonstration's last page shows, with their placeholders (`Notes
    {notes}`): a run that sent another value fails them."""
    values = _shown_values(parameters)
    checks: list[Check] = []
    for param in parameters:
        if not _checkable(param, covered) or len(checks) >= MAX_VALUE_CHECKS:
            continue
        example = re.escape((param.example or "").strip())
        showing = [line for line in lines if re.search(rf"(?<!\w){example}(?!\w)", line, re.IGNORECASE)]
        if param.kind != "toggle" and len(showing) > 1:  # a column of a list: the run's own row, or nothing
            expected = _row_check(showing, values, param.name)
        else:
            expected = _line_check(param, lines, values)
        if expected is not None:
            checks.append(Check(kind="text", expected=expected, source="demonstration"))
            covered |= placeholders(expected)
    return checks


def _shown_values(parameters: list[Parameter]) -> dict[str, str]:
    return {p.name: p.example for p in parameters if p.example and not p.secret and p.kind != "toggle"}


class PageAlong(NamedTuple):
    """A page the person acted on before the last: the built step it was shown before, the recorded
    step it was shown before, the page (tab) it was in, and its lines of text."""

    built: int
    recorded: int
    page: int
    lines: list[str]


def pages_along(recording: Recording, origin: list[int]) -> list[PageAlong]:
    """The pages along the way that a built step was taken on; `origin` is the recorded step each built one comes from."""
    built = {recorded: at for at, recorded in enumerate(origin)}
    return [
        PageAlong(built.get(seen.step, -1), seen.step, recording.steps[seen.step].page, seen.lines)
        for seen in recording.along
        if seen.step < len(recording.steps)
    ]


def _along_checks(
    along: list[PageAlong], given_at: dict[str, tuple[int, int]], parameters: list[Parameter], covered: set[str], task: str
) -> list[Check]:
    """Checks for the values a page along the way shows (a summary to confirm before the last page), made
    right before the step taken on that page. Only lines the page did not show before the value was given
    count (an instruction that holds the demonstrated value is no outcome of it), so a value whose page is
    not known before it was given gets none. `given_at`: each parameter's first recorded step and its page."""
    values = _shown_values(parameters)
    checks: list[Check] = []
    for param in parameters:
        if param.name not in given_at or not _checkable(param, covered) or len(checks) >= MAX_VALUE_CHECKS:
            continue
        given, page = given_at[param.name]
        before = next((p.lines for p in reversed(along) if p.recorded <= given and p.page == page), None)
        if before is None:
            continue
        for seen in along:
            if seen.recorded <= given or seen.built < 1:
                continue
            fresh = [line for line in seen.lines if line not in before and not _restates(line, task)]
            expected = _line_check(param, fresh, values)
            if expected is not None:
                checks.append(Check(kind="text", expected=expected, after_step=seen.built, source="demonstration"))
                covered |= placeholders(expected)
                break
    return checks


SENDING_ACTIONS = frozenset({"click", "dblclick", "press", "submit"})


def _submit_after(steps: list[ProcedureStep], index: int) -> int | None:
    """The 0-based index of the step that sends what step `index` set: the next one that leads to another
    page, else (a form sent without leaving the page) the next click, key press or submit: the value is
    checked while the page still holds it."""
    later = range(index + 1, len(steps))
    return next((j for j in later if steps[j].navigates_to), None) or next(
        (j for j in later if steps[j].action in SENDING_ACTIONS), None
    )


def _found_by_selector(step: ProcedureStep) -> bool:
    """Whether the step's selector alone finds its element (not the so-manyth of them, nor one in each row)."""
    return bool(step.selector) and not (
        step.ordinal or step.each_row or step.any_row or step.by_kind or step.spin or step.by_picture
    )


def _element_checks(steps: list[ProcedureStep], parameters: list[Parameter], covered: set[str]) -> list[Check]:
    """For the values the last page does not show: the field holds it, the box or radio button is in its
    state, checked on the element just before the step that sends the form."""
    checks = []
    by_name = {p.name: p for p in parameters}
    for index, step in enumerate(steps):
        own = placeholders(step.value or "") | (placeholders(step.selector or "") if step.action == "check" else set())
        for name in own - covered:
            param = by_name.get(name)
            submit = _submit_after(steps, index)
            if param is None or param.secret or submit is None or step.reads or not _found_by_selector(step):
                continue
            if param.kind == "toggle":
                kind, expected = "checked", f"{{{name}}}"
            elif param.kind == "choice" and step.action == "check":
                kind, expected = "checked", YES
            elif param.kind == "text" and step.action == "fill":
                kind, expected = "value", f"{{{name}}}"
            else:
                continue
            checks.append(
                Check(
                    kind=kind,
                    expected=expected,
                    selector=step.selector,
                    frame=step.frame,
                    after_step=submit,
                    source="demonstration",
                )
            )
            covered.add(name)
    return checks


REFORMATTING_INPUTS = frozenset({"date", "time", "datetime-local", "month", "week"})


def _shown_otherwise(steps: list[ProcedureStep]) -> set[str]:
    """Parameters whose value the page may show in another form than the task gives it: a field that keeps
    dates and times in its own format, a set of boxes the page lists in its own order, a day picked in a
    calendar, an element found loosely by the value it shows (a suggestion). Their steps check them."""
    names: set[str] = set()
    for step in steps:
        if step.many or step.calendar or step.spin or (step.input_type or "") in REFORMATTING_INPUTS | {"select-multiple"}:
            names |= step.referenced_parameters()
        elif step.suggestion:
            names |= set().union(*(placeholders(s) for s in step.selectors))
    return names


def _restates(line: str, task: str) -> bool:
    """Whether a page line is the task's own sentence (an instruction shown on the page), no outcome of it."""
    line, task = " ".join(line.split()).casefold(), " ".join(task.split()).casefold()
    return bool(line and task) and (task in line or (line in task and len(line) >= 0.8 * len(task)))


def value_checks(
    outcome: PageOutcome | None,
    steps: list[ProcedureStep],
    parameters: list[Parameter],
    checks: list[Check],
    task: str = "",
    along: list[PageAlong] | None = None,
    given_at: dict[str, tuple[int, int]] | None = None,
) -> list[Check]:
    """Checks that cover the values the person chose and `checks` (the postconditions) do not: on the last
    page where it shows them, else on a page along the way that shows them (`along`, with `given_at` the
    recorded step and page where each value was given), else on the element before the form is sent.
    `task` is the recording's title: a page line that restates it proves nothing."""
    covered = set().union(*(c.referenced_parameters() for c in checks)) | _shown_otherwise(steps)
    lines = [line for line in (outcome.lines if outcome else []) if not _restates(line, task)]
    shown = _shown_checks(lines, parameters, covered)
    shown += _along_checks(along or [], given_at or {}, parameters, covered, task)
    covered |= set().union(*(c.referenced_parameters() for c in shown))
    return shown + _element_checks(steps, parameters, covered)


def with_parameters(checks: list[Check], procedure: Procedure) -> list[Check]:
    """Checks written with demonstrated values (an imported file's) in terms of the procedure's parameters."""
    values = {p.name: p.example for p in procedure.abstract.parameters if p.example}
    by_value = {v: n for n, v in values.items()}
    out = []
    for check in checks:
        if check.kind == "url":
            expected = _url_with_parameters(check.expected, values)
        elif check.kind == "text":
            expected = _text_with_parameters(check.expected, values)
        else:
            expected = f"{{{by_value[check.expected]}}}" if check.expected in by_value else escape_braces(check.expected)
        out.append(check.model_copy(update={"expected": expected}))
    return out


def _given_at(recording: Recording, chosen_at: dict[int, str]) -> dict[str, tuple[int, int]]:
    """Each parameter's first recorded step, and the page (tab) it was taken on."""
    given: dict[str, tuple[int, int]] = {}
    for index, name in sorted(chosen_at.items()):
        given.setdefault(name, (index, recording.steps[index].page))
    return given


def end_checks(
    recording: Recording,
    steps: list[ProcedureStep],
    params: Parameters,
    ends: list[Check],
    origin: list[int],
    chosen_at: dict[int, str],
) -> list[Check]:
    """The postconditions `ends` and the checks of the values given, as they assert only what the task decides
    (see procedures.building.decided_checks); a value whose check on a page was left out is checked on its field."""
    others = others_data(recording.steps, params.items)
    toggles = frozenset(p.name for p in params.items if p.kind == "toggle")
    ends = decided(ends, others, toggles)
    along = pages_along(recording, origin)
    shown = decided(
        value_checks(recording.outcome, steps, params.items, ends, recording.title, along, _given_at(recording, chosen_at)),
        others,
        toggles,
    )
    covered = set().union(*(c.referenced_parameters() for c in ends + shown)) | _shown_otherwise(steps)
    return ends + shown + _element_checks(steps, params.items, covered)
