"""The heuristic builder: a Recording becomes a Procedure, deterministically and without network."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qsl, quote, quote_plus, urlencode, urlsplit

from core.sites import host_of
from core.words import NAME_LENGTH, STOP_WORDS, snake_case
from procedures.models import NO, YES, Abstract, Check, Parameter, ParameterKind, Procedure, ProcedureStep
from procedures.runtime.formats import dates_in
from procedures.runtime.placeholders import escape_braces, placeholders
from procedures.search import element_name
from recorder.models import PageOutcome, RecordedStep, Recording

# Words that sit between a noun and its value in titles: "the issue called X", "a user named Y".
CONNECTORS = frozenset(
    ["called", "named", "titled", "labelled", "labeled", "as", "is", "=", ":", "to", "for", "with", "the", "a", "an", "of"]
)
# Verbs that start a task: what follows them is the action's target, not a value ("Go to Settings").
VERBS = frozenset(
    "go open click press select choose visit navigate log sign enter type find search create delete add remove "
    "edit update set make view show check uncheck submit send buy pay book file start stop pick tick hit tap follow use".split()
)


ROLE_NAMES = {
    "button": "button",
    "link": "link",
    "tab": "tab",
    "menuitem": "menu_item",
    "option": "option",
    "checkbox": "checkbox",
    "radio": "choice",
    "switch": "switch",
    "treeitem": "item",
    "row": "row",
    "cell": "cell",
}
TAG_ROLES = {"a": "link", "button": "button", "summary": "button", "option": "option"}


class _Parameters:
    """The parameters found so far, with names kept unique."""

    def __init__(self) -> None:
        self.items: list[Parameter] = []
        self.values: dict[str, str] = {}  # parameter name -> demonstrated value, for placeholders
        self._slots: dict[str, str] = {}  # a secret's slot (fields that held the same value) -> its parameter

    def add(self, base: str, example: str | None, kind: ParameterKind = "text", **fields: object) -> str:
        if kind not in ("toggle", "file"):
            for param in self.items:
                if param.example == example and example is not None and param.kind not in ("toggle", "file"):
                    return param.name  # the same value chosen twice is one parameter
        name, n = base, 2
        while any(p.name == name for p in self.items):
            name, n = f"{base[: NAME_LENGTH - len(str(n)) - 1]}_{n}", n + 1
        self.items.append(Parameter(name=name, example=example, kind=kind, **fields))  # type: ignore[arg-type]
        if example is not None and kind != "toggle":
            self.values[name] = example
        return name

    def add_secret(self, base: str, slot: str | None, label: str) -> str:
        """A secret; fields that held the same value (the page says so by a shared slot) share one."""
        if slot is not None and slot in self._slots:
            return self._slots[slot]
        name = self.add(base, None, secret=True, label=label)
        if slot is not None:
            self._slots[slot] = name
        return name

    def keep(self, used: set[str]) -> None:
        """Keep only the parameters that some step refers to."""
        self.items = [p for p in self.items if p.name in used]
        self.values = {n: v for n, v in self.values.items() if n in used}


def _role(step: RecordedStep) -> str:
    for selector in step.selectors:
        match = re.match(r"internal:role=([a-z]+)", selector)
        if match:
            return match.group(1)
    if step.input_type in ("radio", "checkbox"):
        return step.input_type
    return TAG_ROLES.get(step.tag, "item")


CLAUSE_JOINS = frozenset({"and", "or", "then", "but"})


def _name_from_title(value: str, text: str, others: list[str]) -> str | None:
    """The noun that names `value` in a title: before it ("the issue called X" -> "issue", "category
    Bug" -> "category") or, when a verb comes first, after it ("Choose Express shipping" -> "shipping")."""
    for other in sorted(others, key=len, reverse=True):
        if other and other.lower() != value.lower():
            text = re.sub(rf"(?<!\w){re.escape(other)}(?!\w)", " \x00 ", text, flags=re.IGNORECASE)
    match = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE)
    if match is None:
        return None
    sentence = re.findall(r"[A-Za-z0-9_]+|\x00", re.split(r"[.!?;\n]\s", text[: match.start()])[-1])
    for position in range(len(sentence) - 1, max(-1, len(sentence) - 5), -1):
        word = sentence[position]
        lower = word.lower()
        if word == "\x00" or lower in VERBS or lower in CLAUSE_JOINS or position == 0:  # a sentence starts with its verb;
            break  # and "the date and submit": the noun before "and" names something else
        if lower not in CONNECTORS and lower not in STOP_WORDS:
            return snake_case(word)
    after = re.findall(r"[A-Za-z0-9_]+|\x00", re.split(r"[.!?;,\n]", text[match.end() :], maxsplit=1)[0])[:1]
    if after and after[0] != "\x00" and after[0].lower() not in STOP_WORDS | CONNECTORS | VERBS:
        return snake_case(after[0])
    return None


def _mentions(text: str, value: str) -> bool:
    value = value.strip()
    if len(value) < 2 or value.lower() in STOP_WORDS:
        return False
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


def _names_value(text: str, value: str) -> bool:
    """The title or description holds a typed value (a number of one digit too): a task must give it.
    A value they never show is optional, its demonstrated one the default."""
    value, text = " ".join(value.split()), " ".join(text.split())
    return bool(value) and re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


def _is_task_verb(value: str, text: str) -> bool:
    """A sentence of the title starts with the clicked text: it is what the task does ("Log in as
    emile"), not a value."""
    return any(s.strip().strip("\"'“").lower().startswith(value.lower()) for s in re.split(r"[.!?;\n]\s", text))


def _option_example(step: RecordedStep, mention_text: str) -> str:
    """The chosen option as the title names it: by its label, else by its value when the title uses that."""
    label, value = step.value or "", step.option_value or ""
    if value and "\n" not in value and not _mentions(mention_text, label) and _mentions(mention_text, value):
        return value
    return label


PLACEHOLDER = re.compile(r"\{[a-z][a-z0-9_]*\}")
QUOTED_IN_SELECTOR = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'')  # the texts a selector matches, as written in it


class _Placeholders:
    """Puts `{name}` where demonstrated values appear: quoted in selectors, encoded in URLs.
    Everything else has its literal braces escaped. Longer values win over their substrings."""

    MARK = re.compile(r"\x00([a-z][a-z0-9_]*)\x00")

    def __init__(self, values: dict[str, str], in_paths: dict[str, str] | None = None) -> None:
        """`in_paths`: the values that may stand for a URL path part (all of them when not given)."""
        self._quoted = {json.dumps(v, ensure_ascii=False): n for n, v in sorted(values.items(), key=lambda i: -len(i[1]))}
        self._in_selector = re.compile("|".join(map(re.escape, self._quoted))) if self._quoted else None
        self._query = self._encoded(values)
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


def _flow_line(step: ProcedureStep, params_by_step: dict[int, str], index: int) -> str | None:
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


def _fold(lines: list[str]) -> list[str]:
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
    return _fold([f"{s.description} (if it is there)" if s.optional else s.description for s in steps if s.description])


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


MAX_TEXT_CHECKS = 3
DYNAMIC = re.compile(r"\S*\d\S*")  # a word with a digit: an order number, a date, a count that changes from run to run
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
MONTH_BESIDE_DAY = re.compile(rf"(?<!\w){_MONTH}(?=\s+\d)|(?<=\d\s){_MONTH}(?!\w)", re.IGNORECASE)  # "March 4", "4 Mar."


def _text_with_parameters(text: str, values: dict[str, str]) -> str:
    """`text` as a check: the demonstrated values that show in it become `{name}`, literal braces are
    escaped, and words with digits that are no parameter become `*` wildcards, as do month names beside
    them (a date the page shows in its own words: "March 4, 2021")."""
    marked = text
    for name, value in sorted(values.items(), key=lambda item: -len(item[1])):
        if len(value.strip()) >= 2:
            marked = re.sub(rf"(?<!\w){re.escape(value.strip())}(?!\w)", f"\x00{name}\x00", marked, flags=re.IGNORECASE)
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
    {notes}`): a run that sent another value fails them. A checkbox's yes or no counts only next to its label."""
    values = {p.name: p.example for p in parameters if p.example and not p.secret and p.kind != "toggle"}
    checks: list[Check] = []
    for param in parameters:
        example = (param.example or "").strip()
        if param.secret or not example or param.name in covered or len(checks) >= MAX_VALUE_CHECKS:
            continue
        if param.kind == "target":  # the name of an element clicked stands on the page whatever the run sent
            continue
        showing = [i for i, line in enumerate(lines) if re.search(rf"(?<!\w){re.escape(example)}(?!\w)", line, re.IGNORECASE)]
        if param.kind != "toggle" and len(showing) > 1:
            row = _row_check([lines[i] for i in showing], values, param.name)
            if row:
                checks.append(Check(kind="text", expected=row, source="demonstration"))
                covered |= placeholders(row)
            continue
        for index in showing:
            line = lines[index]
            label = param.label.lower()
            near = f"{lines[index - 1] if index else ''} {line}".lower()
            if param.kind == "toggle" and not (label and label in near):
                continue
            expected = _text_with_parameters(line, values | {param.name: example})
            expected = _own_line(lines, index, expected, param.kind == "toggle" and label not in line.lower()) or ""
            if f"{{{param.name}}}" in expected:
                checks.append(Check(kind="text", expected=expected, source="demonstration"))
                covered |= placeholders(expected)
                break
    return checks


def _submit_after(steps: list[ProcedureStep], index: int) -> int | None:
    """The 0-based index of the step that sends what step `index` set: the next one that leads to another page."""
    return next((j for j in range(index + 1, len(steps)) if steps[j].navigates_to), None)


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
            if param is None or param.secret or submit is None or not step.selector:
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
        if step.many or step.calendar or (step.input_type or "") in REFORMATTING_INPUTS:
            names |= step.referenced_parameters()
        elif step.action == "click" and '"i]' in (step.selector or ""):
            names |= placeholders(step.selector or "")
    return names


def _restates(line: str, task: str) -> bool:
    """Whether a page line is the task's own sentence (an instruction shown on the page), no outcome of it."""
    line, task = " ".join(line.split()).casefold(), " ".join(task.split()).casefold()
    return bool(line and task) and (task in line or (line in task and len(line) >= 0.8 * len(task)))


def value_checks(
    outcome: PageOutcome | None, steps: list[ProcedureStep], parameters: list[Parameter], checks: list[Check], task: str = ""
) -> list[Check]:
    """Checks that cover the values the person chose and `checks` (the postconditions) do not: on the last
    page where it shows them, else on the element before the form is sent. `task` is the recording's title:
    a page line that restates it proves nothing."""
    covered = set().union(*(c.referenced_parameters() for c in checks)) | _shown_otherwise(steps)
    lines = [line for line in (outcome.lines if outcome else []) if not _restates(line, task)]
    shown = _shown_checks(lines, parameters, covered)
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


def _option_parameter(params: _Parameters, step: RecordedStep, field: str, mention_text: str) -> str:
    """A select's choice as a parameter: its labels allowed, its values kept once each where they differ."""
    differ = len(step.option_values) == len(step.options) and step.option_values != step.options
    return params.add(
        snake_case(field, fallback="option"),
        _option_example(step, mention_text),
        "option",
        label=field,
        allowed=step.options,
        option_values=step.option_values if differ else [],
    )


def _find_parameters(recording: Recording) -> tuple[_Parameters, dict[int, str], dict[int, str], dict[int, str]]:
    """Every value the person chose, as parameters: (parameters, step index -> the parameter that is
    the step's value, step index -> the parameter that names the element the step acts on, step
    index -> the parameter that names the list item or table row that holds that element)."""
    params = _Parameters()
    owners: dict[int, str] = {}
    targets: dict[int, str] = {}
    rows: dict[int, str] = {}
    mention_text = f"{recording.title}\n{recording.description}"
    named = [s.label for s in recording.steps if s.label and _mentions(mention_text, s.label)]
    named += [v for s in recording.steps if s.action in ("fill", "select") for v in (s.value, s.option_value) if v]
    for index, step in enumerate(recording.steps):
        field = step.field or step.label
        if step.action == "fill" and step.secret:
            owners[index] = params.add_secret(snake_case(field, fallback="value"), step.secret_slot, field)
        elif step.action == "fill" and step.value:
            owners[index] = params.add(
                snake_case(field, fallback="value"), step.value, label=field, required=_names_value(mention_text, step.value)
            )
        elif step.action == "select" and step.value and not step.secret:
            owners[index] = _option_parameter(params, step, field, mention_text)
        elif step.action == "upload" and step.files:
            owners[index] = params.add(snake_case(step.field or "file", fallback="file"), ", ".join(step.files), "file")
        elif step.action in ("check", "uncheck") and step.input_type == "checkbox" and len(step.options) < 2:
            state = YES if step.action == "check" else NO
            owners[index] = params.add(
                snake_case(step.label or field, fallback="checkbox"),
                state,
                "toggle",
                label=step.label,
                allowed=[YES, NO],
                required=False,
            )
        elif step.action in ("click", "dblclick", "check") and (step.label or step.row_selector):  # an icon has no label
            mentioned = bool(step.label) and _mentions(mention_text, step.label) and not _is_task_verb(step.label, mention_text)
            choice = step.action == "check"
            row = next((t for t in sorted(step.row_texts, key=len, reverse=True) if _mentions(mention_text, t)), None)
            if not mentioned and row is not None and step.row_selector:  # "Delete Bob's row": the row is the choice
                base = _name_from_title(row, mention_text, named) or "item"
                rows[index] = params.add(base, row, "target", required=False)
                continue
            if not mentioned and not (choice and step.input_type == "radio"):
                continue
            base = (_name_from_title(step.label, mention_text, named) if mentioned else None) or (
                snake_case(step.group, fallback="choice") if choice and step.group else ROLE_NAMES.get(_role(step), "item")
            )
            targets[index] = params.add(
                base,
                step.label,
                "choice" if choice else "target",
                label=step.group,
                allowed=step.options if choice else [],
                required=mentioned and choice,
            )
    return params, owners, targets, rows


def _in_row(built: ProcedureStep, row: str, own: str, param: str) -> ProcedureStep:
    """The step's element (`own`, a selector unique within an item) found inside the item (list
    item, table row) that shows the parameter's value: the item holding exactly that text first,
    then one holding it in any case."""
    exact = f'{row} >> internal:has="internal:text=\\"{{{param}}}\\"s" >> {own}'
    loose = f'{row} >> internal:has-text="{{{param}}}"i >> {own}'
    return built.model_copy(update={"selectors": [exact, loose], "selector": exact})


# A select's placeholder option, which is no option to record ("-- choose --", "---------").
PLACEHOLDER_OPTION = re.compile(r"(?<!\S)[-=_*—–]+(?:\s*[^\W_]+(?:\s+[^\W_]+)*\s*[-=_*—–]+)?(?!\S)")


def field_name(step: RecordedStep) -> str:
    """The field's accessible name as a person reads it: without the texts of the options a label
    around a select holds, without what follows a colon in the text around the field ("Action: ... Go
    0 of 3 selected"), and without a leading verb before an article ("Choose the product" -> "product")."""
    text = step.field or step.label
    for option in sorted({o.strip() for o in step.options + step.option_values if o.strip()}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(option)}(?!\w)", " ", text, flags=re.IGNORECASE)
    text = PLACEHOLDER_OPTION.sub(" ", text)
    text = re.split(r":(?:\s|$)", text, maxsplit=1)[0]
    words = re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", text)
    if len(words) > 2 and words[0].lower() in VERBS and words[1].lower() in STOP_WORDS:
        words = words[1:]  # "Choose the product", not "Start time"
    while len(words) > 1 and words[0].lower() in STOP_WORDS:
        words.pop(0)
    return " ".join(words) or step.field or step.label


def _named_fields(recording: Recording) -> Recording:
    """The recording with each form field's name as `field_name` reads it."""
    steps = [
        s.model_copy(update={"field": field_name(s)}) if s.action in ("fill", "select", "upload") and s.field else s
        for s in recording.steps
    ]
    return recording.model_copy(update={"steps": steps})


def _path_values(recording: Recording, values: dict[str, str], chosen_at: dict[int, str]) -> dict[str, str]:
    """The values that may stand for a part of a URL's path: not those that were a path part of a page
    already open when the person first gave them (`/admin/login/` when the user name is `admin`): that
    part is the site's fixed path, not the person's choice."""
    first = {name: index for index, name in sorted(chosen_at.items(), reverse=True)}
    kept = {}
    for name, value in values.items():
        seen = recording.steps[: first.get(name, len(recording.steps)) + 1]
        urls = [u for s in seen for u in (s.url, s.value if s.action == "navigate" else None) if u]
        if not any(quote(value) in urlsplit(u).path.split("/") for u in urls):
            kept[name] = value
    return kept


def _container(paths: list[str]) -> str:
    """The CSS path of the innermost element that holds every one of `paths` (CSS paths from the root)."""
    split = [p.split(" > ") for p in paths]
    common = []
    for parts in zip(*split):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    return " > ".join(common)


def _lone_checkbox(step: RecordedStep) -> bool:
    """A checkbox ticked that belongs to no named group (a group's choices are parameters of their own)."""
    return step.action == "check" and step.input_type == "checkbox" and bool(step.label) and len(step.options) < 2


def _checkbox_sets(recording: Recording) -> dict[int, tuple[int, str, str]]:
    """Runs of checkboxes ticked one after another whose labels the title names: by the run's first step
    index, (its end, the CSS path of the element that holds them, the title's text from the first to the
    last of those labels: "WPy, iBU0VQ and F7"). Their number and labels change from task to task."""
    title, steps, sets = recording.title, recording.steps, {}
    index = 0
    while index < len(steps):
        end = index
        while end < len(steps) and _lone_checkbox(steps[end]):
            end += 1
        spans = [re.search(rf"(?<!\w){re.escape(s.label.strip())}(?!\w)", title) for s in steps[index:end]]
        if end > index and all(spans) and not any(s.secret for s in steps[index:end]):
            found = [m.span() for m in spans if m]
            container = _container([s.selectors[-1] for s in steps[index:end]])
            if container and ">" in container:
                sets[index] = (end, container, title[min(a for a, _ in found) : max(b for _, b in found)])
        index = max(end, index + 1)
    return sets


def _on_container(step: RecordedStep, container: str, name: str, **fields: object) -> ProcedureStep:
    """A step that acts on the element holding a set of choices (`container`) with parameter `name` as its value."""
    return ProcedureStep(
        selector=container,
        selectors=[container],
        value=f"{{{name}}}",
        url=step.url,
        frame=step.frame,
        page=step.page,
        tag=step.tag,
        timestamp=step.timestamp,
        **fields,  # type: ignore[arg-type]
    )


def _tick_set(step: RecordedStep, container: str, name: str, labels: list[str]) -> ProcedureStep:
    return _on_container(
        step,
        container,
        name,
        action="check",
        many=True,
        input_type="checkbox",
        options=labels,
        description=f"Tick exactly {{{name}}}",
    )


MONTH_STEPS = frozenset("prev previous next < > ‹ › « » ← →".split())  # what a calendar's month arrows say


def _calendar_picks(recording: Recording) -> dict[int, tuple[int, str, str]]:
    """Days clicked in a calendar for a date the title names: by the index of the first step of the pick
    (the clicks that stepped through months, then the day), (the index after it, the CSS path of the
    calendar, the date as the title writes it). Replay steps to the task's month instead."""
    dates = dates_in(recording.title)
    steps, picks = recording.steps, {}
    for index, step in enumerate(steps):
        label = step.label.strip()
        if step.action != "click" or not label.isdigit():
            continue
        written = next((text for text, day, _ in dates if day.day == int(label)), None)
        if written is None or not step.selectors:
            continue
        start = index
        while start > 0 and steps[start - 1].action == "click" and steps[start - 1].label.strip().lower() in MONTH_STEPS:
            start -= 1
        paths = [s.selectors[-1] for s in steps[start : index + 1]]
        container = _container(paths) if len(paths) > 1 else paths[0].split(" > table")[0]
        if " > " in container and container != paths[0]:
            picks[start] = (index + 1, container, written)
    return picks


def _pick_day(step: RecordedStep, container: str, name: str) -> ProcedureStep:
    return _on_container(step, container, name, action="click", calendar=True, description=f"Pick {{{name}}} in the calendar")


SUGGESTION_AFTER = 3  # a click this many steps after typing may pick one of the suggestions the typing brought up


def _typed_before(steps: list[RecordedStep], index: int, owners: dict[int, str], values: dict[str, str]) -> str | None:
    """The parameter typed just before a click on an element that shows the typed value among more text
    (an autocomplete's suggestion "Aberdeen, SD (ABR)" after typing "Aberdeen"), if any."""
    step = steps[index]
    if step.action != "click" or not step.label:
        return None
    for before in range(index - 1, max(-1, index - 1 - SUGGESTION_AFTER), -1):
        name = owners.get(before)
        typed = values.get(name or "", "")
        if steps[before].action == "fill" and typed and typed.lower() in step.label.lower() and typed != step.label:
            return name
    return None


def _suggestion(built: ProcedureStep, role: str, name: str) -> ProcedureStep:
    """The first element of the kind clicked whose text holds the parameter's value."""
    selectors = [f'internal:role={role}[name="{{{name}}}"i] >> nth=0', f'internal:text="{{{name}}}"i >> nth=0']
    return built.model_copy(update={"selectors": selectors, "selector": selectors[0]})


def _flow_lines(
    steps: list[ProcedureStep], origin: list[int], targets: dict[int, str], rows: dict[int, str], names: dict[str, str]
) -> list[str]:
    """A flow line per built step; `origin` is the recorded step each comes from, `names` the parameters kept."""
    named = targets | rows
    click_params = {at: named[i] for at, i in enumerate(origin) if named.get(i) in names}
    lines = [_flow_line(s, click_params, i) for i, s in enumerate(steps)]
    for at, index in enumerate(origin):
        if rows.get(index) in names:
            lines[at] = f'Click "{steps[at].label or steps[at].row_selector}" in the item that shows {{{rows[index]}}}'
    return lines


def _domains_and_goal(recording: Recording) -> tuple[list[str], str]:
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


def build_heuristic(recording: Recording) -> Procedure:
    recording = _named_fields(recording)
    params, owners, targets, rows = _find_parameters(recording)
    sets = _checkbox_sets(recording)
    picks = _calendar_picks(recording)
    steps = []
    in_paths = _path_values(recording, params.values, owners | targets | rows)
    substitute = _Placeholders(params.values, in_paths)
    skip_to = 0
    origin: list[int] = []  # the recorded step each built one comes from
    for index, step in enumerate(recording.steps):
        if index < skip_to:
            continue
        origin.append(index)
        if index in picks:
            end, container, example = picks[index]
            steps.append(_pick_day(step, container, params.add("date", example)))
            skip_to = end
            continue
        if index in sets:
            end, container, example = sets[index]
            name = params.add("choices", example, label=step.group)
            steps.append(_tick_set(step, container, name, [s.label for s in recording.steps[index:end]]))
            skip_to = end
            continue
        typed = _typed_before(recording.steps, index, owners, params.values)
        if typed is not None:  # a suggestion that shows what was typed: the one that shows the task's value
            steps.append(_suggestion(substitute.step(step, None), _role(step), typed))
            continue
        built = substitute.step(step, owners.get(index), targets.get(index))
        if targets.get(index) and not built.selectors:
            built = substitute.step(step, owners.get(index))  # no selector names it: the element stays the demonstrated one
        if index in rows:
            built = _in_row(built, substitute.text(step.row), substitute.text(step.row_selector), rows[index])
        if step.action == "upload" and index in owners:
            built = built.model_copy(update={"files": [], "value": f"{{{owners[index]}}}"})
        steps.append(built)
    params.keep(set().union(*(s.referenced_parameters() for s in steps)))
    flow_lines = _flow_lines(steps, origin, targets, rows, params.values)
    for step, line in zip(steps, flow_lines):
        step.description = step.description if step.many or step.calendar else line or ""
    domains, goal = _domains_and_goal(recording)
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
        checks=(ends := postconditions(recording.outcome, recording.steps, params.values, in_paths))
        + value_checks(recording.outcome, steps, params.items, ends, recording.title),
    )


def template_step(step: RecordedStep, values: dict[str, str], own: str | None = None) -> ProcedureStep:
    """A step taken at run time (by the agent) as a procedure step: the run's parameter `values` become
    placeholders, as in a built procedure; `own` is the parameter that the step's whole value is."""
    built = _Placeholders(values).step(step, own)
    built.description = _flow_line(built, {}, 0) or ""
    return built
