"""The heuristic builder: a Recording becomes a Procedure, deterministically and without network."""

from __future__ import annotations

import json
import re
import string
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import parse_qsl, quote, quote_plus, urlencode, urlsplit

from core.sites import host_of
from core.thesaurus import closeness
from core.words import NAME_LENGTH, STOP_WORDS, snake_case
from procedures import gesture_steps
from procedures.decided_checks import decided, others_data
from procedures.form_rows import field_labels, focuses_a_field, without_field_labels
from procedures.instruction_text import without_instruction
from procedures.models import NO, YES, Abstract, Check, Parameter, ParameterKind, Procedure, ProcedureStep
from procedures.notes import is_note
from procedures.repetition import find_loops, shown_lines
from procedures.runtime.comparison import SUPERLATIVE_WORDS, Superlative, column_of, measure, superlatives_in
from procedures.runtime.formats import ORDINAL, dates_in, ordinal_number, renderings
from procedures.runtime.placeholders import OPTION_VALUE, escape_braces, option_values, placeholders
from procedures.runtime.widgets import element_kind, kind_named, shows_word
from procedures.search import element_name
from procedures.shown_names import by_any_name, quoted_shown_name
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
    """The text names the value: as a word of its own, or quoted whole when it is a small word ('the link "At"')."""
    value = value.strip()
    if len(value) < 2 or value.lower() in STOP_WORDS:
        return bool(value) and any(value == "".join(q) for q in QUOTED_TEXT.findall(text))
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


def _quotes(text: str, value: str) -> bool:
    """The text quotes the value whole ('Change the genre of "Dune Road"'). An item of a list that the title quotes is
    this instance's own record: a task for another instance names its own, never the demonstration's by default."""
    return any(value.strip().casefold() == "".join(q).strip().casefold() for q in QUOTED_TEXT.findall(text))


def _names_value(text: str, value: str) -> bool:
    """The title or description holds a typed value (a number of one digit too), as typed or as people
    write a date or a time ("12/24/2026" for "2026-12-24"): a task must give it. A value they never
    show is optional, its demonstrated one the default."""
    value, text = " ".join(value.split()), " ".join(text.split())
    return any(
        re.search(rf"(?<!\w){re.escape(written)}(?!\w)", text, re.IGNORECASE)
        for written in [value, *renderings(value)]
        if written
    )


READ_MIN = 3  # characters of a typed value long enough to tell that the page showed it


def _shown_at_start(outcome: PageOutcome | None, value: str) -> bool:
    """The page showed the typed value when the recording started (however its letters were laid out):
    the person read or copied it off the page, and the next visit shows another one, so the demonstrated
    value is no default."""
    typed = "".join(value.split())
    shown = "".join("".join(outcome.start_lines).split()) if outcome else ""
    return len(typed) >= READ_MIN and typed in shown


WORD_PLACE = re.compile(rf"(?P<place>{ORDINAL.pattern})\s+word\b", re.IGNORECASE)  # "the 2nd word"


def _read_below(recording: Recording, at: int) -> tuple[str, re.Match[str] | None] | None:
    """The title, when a value typed that the title does not give is what the page showed on the line just
    after the title's own words (an instruction and the text it points at: "Type the text below"), when
    the recording started or when the person typed it: the line a run reads there, however the letters
    were laid out; or the word of that line that the title names by its place ("the 2nd word"), with
    where the title names it."""
    step, title = recording.steps[at], " ".join(recording.title.split())
    typed = "".join((step.value or "").split())
    if step.action != "fill" or step.secret or not typed or not title or _names_value(title, step.value or ""):
        return None
    place = WORD_PLACE.search(title)
    shown = [entry.lines for entry in recording.along if entry.step <= at][-1:]
    below = [
        after
        for lines in [recording.outcome.start_lines if recording.outcome else [], *shown]
        for before, after in zip(lines, lines[1:])
        if " ".join(before.split()) == title
    ]
    if len(typed) >= READ_MIN and any("".join(line.split()) == typed for line in below):
        return title, None
    number = ordinal_number(place["place"]) if place else None
    words = [[w.strip(string.punctuation) for w in line.split()] for line in below]
    return (title, place) if number and any(len(w) >= number and w[number - 1] == typed for w in words) else None


def _lines_at(recording: Recording, at: int) -> list[str]:
    """The lines the page showed when the person took step `at`."""
    shown = [entry.lines for entry in recording.along if entry.step <= at]
    return shown[-1] if shown else recording.outcome.start_lines if recording.outcome else []


def _pagers(recording: Recording) -> dict[int, tuple[int, str]]:
    """Clicks on one element, two or more one after another (a pager's "next"), that the title does not
    name, after which the page first showed a line that the title names (the item the task is about): by
    the run's first step index, (the index after the run, that line). A run replays as clicks until the
    page shows the task's item."""
    steps, title, runs = recording.steps, recording.title, {}
    index = 0
    while index < len(steps):
        end = index
        while end < len(steps) and steps[end].action == "click" and steps[end].selector == steps[index].selector:
            end += 1
        named = any(_mentions(title, t) for t in [steps[index].label, *steps[index].row_texts] if t)
        if end - index > 1 and end < len(steps) and steps[index].selector and not named:
            before = set(_lines_at(recording, index))
            shown = [line for line in _lines_at(recording, end) if line not in before and _mentions(title, line)]
            if len(shown) == 1 and len(shown[0]) < len(title):
                runs[index] = (end, shown[0])
        index = max(end, index + 1)
    return runs


def _is_task_verb(value: str, text: str) -> bool:
    """A sentence of the title starts with the clicked text: it is what the task does ("Log in as
    emile"), not a value."""
    return any(s.strip().strip("\"'“").lower().startswith(value.lower()) for s in re.split(r"[.!?;\n]\s", text))


def _read_beside(step: RecordedStep, mention_text: str) -> bool:
    """A value typed that the title does not give but the page showed, beside a text the title names."""
    return (
        step.action == "fill"
        and bool(step.value and step.beside)
        and not _names_value(mention_text, step.value or "")
        and _mentions(mention_text, step.beside)
    )


def _option_example(step: RecordedStep, mention_text: str) -> str:
    """The chosen option as the title names it: by its label, else by its value when the title uses that,
    else by its short form ("Medium" for "Medium (8 inch)")."""
    label, value = step.value or "", step.option_value or ""
    if "\n" in label or _mentions(mention_text, label):
        return label
    if value and _mentions(mention_text, value):
        return value
    short = next((s for s, full in _short_forms(step.options).items() if full == label), None)
    return short if short is not None and _mentions(mention_text, short) else label


OPTION_DETAIL = re.compile(r"\s*(?:\(|\[|,|:|\s[-–—]\s).*$")  # what follows an option's name: "(8 inch)", " - $30"


def _short_forms(options: list[str]) -> dict[str, str]:
    """Each option's name without its details ("Medium" for "Medium (8 inch)"), where that name is no
    other option's: how a person names the option in a task."""
    shorts = {label: OPTION_DETAIL.sub("", label).strip() for label in options}
    counts = Counter(s.casefold() for s in shorts.values())
    taken = {label.casefold() for label in options}
    return {
        short: label
        for label, short in shorts.items()
        if short != label and len(short) >= 2 and counts[short.casefold()] == 1 and short.casefold() not in taken
    }


# A thing the task points at by a picture it does not spell out ("the item with the icon"): the picture
# is shown beside the task's words on the page, and no word of the task says which it is.
UNSPELLED_PICTURE = re.compile(
    r"\bwith\s+((?:the|this|that)\s+(?:icon|picture|image|symbol|logo))\b(?!\s*[\"“']|\s+(?:of|for|named|called|label+ed)\b)",
    re.IGNORECASE,
)
QUOTED_TEXT = re.compile(r'"([^"]*)"|“([^”]*)”|(?<!\w)\'([^\']*)\'(?!\w)')  # the texts a title quotes
PLACEHOLDER = re.compile(r"\{[a-z][a-z0-9_]*\}")
QUOTED_IN_SELECTOR = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'')  # the texts a selector matches, as written in it


class _Placeholders:
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


def _says_itself(step: ProcedureStep) -> bool:
    """A step built with a description of its own (a widget's use), which is also its flow line."""
    return bool(
        step.spin
        or step.by_kind
        or step.reads
        or step.compare is not None
        or step.by_picture
        or step.action in gesture_steps.GESTURE_ACTIONS
    )


def _flow_line(step: ProcedureStep, params_by_step: dict[int, str], index: int) -> str | None:
    if _says_itself(step):
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


def _listed_in(text: str, items: list[str]) -> str | None:
    """The text's words from the first to the last of `items` ("Rosa, Livy and Dore"), when it names each."""
    spans = [re.search(rf"(?<!\w){re.escape(i.strip())}(?!\w)", text, re.IGNORECASE) for i in items if i.strip()]
    if not spans or not all(spans):
        return None
    return text[min(m.start() for m in spans if m) : max(m.end() for m in spans if m)]


def _option_parameter(params: _Parameters, step: RecordedStep, field: str, mention_text: str) -> str:
    """A select's choice as a parameter: its labels allowed, its values kept once each where they differ.
    A list where several may be chosen takes the items as the title lists them, of whatever options it shows."""
    written = _listed_in(mention_text, (step.value or "").split("\n")) if step.input_type == "select-multiple" else None
    if written is not None:
        return params.add(snake_case(field, fallback="items"), written, "option", label=field)
    differ = len(step.option_values) == len(step.options) and step.option_values != step.options
    return params.add(
        snake_case(field, fallback="option"),
        _option_example(step, mention_text),
        "option",
        label=field,
        allowed=step.options,
        option_values=step.option_values if differ else [],
        aliases=_short_forms(step.options),
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
    labels = field_labels(recording)
    for index, step in enumerate(recording.steps):
        field = step.field or step.label
        if step.action == "fill" and step.secret:
            owners[index] = params.add_secret(snake_case(field, fallback="value"), step.secret_slot, field)
        elif _read_below(recording, index) or step.read_word:  # typed what the page shows: read on each run
            continue
        elif _read_beside(step, mention_text):  # typed what the page shows beside the text the title names
            base = _name_from_title(step.beside, mention_text, named) or "name"
            owners[index] = params.add(base, step.beside, "target", label=field)
        elif step.action == "fill" and step.value:
            read = _shown_at_start(recording.outcome, step.value)
            owners[index] = params.add(
                snake_case(field, fallback="value"),
                step.value,
                label=field,
                required=read or (_names_value(mention_text, step.value) and not is_note(field)),
                description="read off the page by the person: each run needs its own" if read else "",
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
        elif step.action in gesture_steps.GESTURE_ACTIONS:
            own, target = gesture_steps.parameters(
                step, mention_text, params.add, _mentions, lambda v, f: _name_from_title(v, mention_text, named) or f
            )
            owners.update({index: own} if own else {})
            targets.update({index: target} if target else {})
        elif (
            step.action in ("click", "dblclick", "check")
            and (step.label or step.row_selector)
            and not focuses_a_field(step, labels)
        ):
            _click_parameters(params, index, without_field_labels(step, labels), mention_text, named, targets, rows)
    return params, owners, targets, rows


def _click_parameters(
    params: _Parameters,
    index: int,
    step: RecordedStep,
    mention_text: str,
    named: list[str],
    targets: dict[int, str],
    rows: dict[int, str],
) -> None:
    """The parameters a click names: the element the title names (into `targets`), or the row that the title
    names and the step acts in (into `rows`), with the icon in it when the title says which."""
    mentioned = bool(step.label) and _mentions(mention_text, step.label) and not _is_task_verb(step.label, mention_text)
    choice = step.action == "check"
    if not mentioned and _compared(step, mention_text) is not None:  # the item is the one a superlative picks
        return
    texts = [t.strip().rstrip(":").strip() for t in step.row_texts]  # "Phone:" beside a value is its name "Phone"
    row = next(  # a row whose text is the title's verb ("Change" beside "Books") is not the one the title names
        (t for t in sorted(texts, key=len, reverse=True) if _mentions(mention_text, t) and not _is_task_verb(t, mention_text)),
        None,
    )
    if not mentioned and row is not None and step.row_selector:  # "Delete Bob's row": the row is the choice
        base = _name_from_title(row, mention_text, named) or "item"
        rows[index] = params.add(base, row, "target")  # the title names it: so must a task
        icon = _icon_word(step, mention_text)
        if icon is not None:  # "the "Like" button on Bob's post": which of the item's icons is a choice too
            targets[index] = params.add(_name_from_title(icon, mention_text, named) or "icon", icon, "target")
        return
    shown = quoted_shown_name(step, mention_text)  # an "x" named "Close": the title quotes what a person sees
    if shown is not None:
        name = _name_from_title(shown, mention_text, named) or ROLE_NAMES.get(_role(step), "item")
        targets[index] = params.add(name, shown, "target", required=True)
        return
    if not mentioned and not (choice and step.input_type == "radio"):
        return
    base = (
        (_group_name(step.group) if choice else None)
        or (_name_from_title(step.label, mention_text, named) if mentioned else None)
        or ("choice" if choice and step.group else ROLE_NAMES.get(_role(step), "item"))
    )
    targets[index] = params.add(
        base,
        step.label,
        "choice" if choice else "target",
        label=step.group,
        allowed=step.options if choice else [],
        aliases=_short_forms(step.options) if choice else {},
        required=mentioned and (choice or (bool(step.row_selector) and _quotes(mention_text, step.label))),
    )


def _group_name(group: str) -> str | None:
    """The parameter name that a group of radio buttons or checkboxes takes from what labels it (its legend,
    its accessible name, the words just before it, else its field name): None when those are no words ("r",
    "q1"), which the title's words then name better."""
    name = snake_case(group, fallback="")
    words = name.split("_")
    return name if any(len(w) >= 3 and w.isalpha() for w in words) and not any(w.isdigit() for w in words) else None


GENERIC_CLASSES = frozenset("icon icons btn button link item action actions control controls".split())


def _icon_classes(own: str) -> list[str]:
    """The class names of the last element of a CSS selector (`span.icon-reply` -> icon-reply)."""
    return re.findall(r"\.(-?[A-Za-z_][\w-]*)", re.split(r"[\s>+~]+", own.strip())[-1])


def _icon_word(step: RecordedStep, text: str) -> str | None:
    """The word the title uses for an element without a name that its class names ("Like" for a
    `span.like` icon, or `i.icon-like`), as the title writes it; not the verb a sentence starts with."""
    if step.label or step.action != "click":
        return None
    for token in _icon_classes(step.row_selector):
        for word in dict.fromkeys([token, re.split(r"[-_]", token)[-1]]):
            found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)
            usable = found and len(word) >= 3 and word.lower() not in GENERIC_CLASSES | STOP_WORDS
            if usable and not _is_task_verb(found.group(0), text):  # "Star the message": what the task does
                return found.group(0)
    return None


def _compared(step: RecordedStep, title: str) -> tuple[Superlative, str] | None:
    """A click on the element of one item of a list that the title picks by a superlative ("Book the cheapest
    flight"), when the item shows a value of the superlative's kind: the superlative and the column compared."""
    if step.action != "click" or not (step.row and step.row_selector):
        return None
    texts = [*step.row_texts, step.label]
    for word, _ in superlatives_in(title):
        if any(measure(word.kind, text) is not None for text in texts):
            return word, column_of(texts, word)
    return None


def _by_comparison(built: ProcedureStep, row: str, own: str, name: str, column: str) -> ProcedureStep:
    """The step's element (`own`, the same in every item) in the item whose value in `column` the superlative
    parameter `name` picks."""
    selector = f"{row} >> {own}"
    what = element_name(built) or built.tag or "the element"
    return built.model_copy(
        update={
            "selectors": [selector],
            "selector": selector,
            "value": f"{{{name}}}",
            "compare": column,
            "description": f'Choose by comparison of {column}: click "{what}" in the {{{name}}} item',
        }
    )


def _own_in_row(step: RecordedStep, mention_text: str) -> str:
    """The clicked element's selector inside its item: by its kind (`a`) when the recorder found it by its
    own text or name and that is the item's data, which the title does not name (a phone number)."""
    by_text = bool(step.label) and step.label in step.row_selector and step.row_selector.startswith("internal:")
    return step.tag if by_text and step.tag and not _mentions(mention_text, step.label) else step.row_selector


def _icon_in_row(own: str, icon: str, param: str) -> str:
    """`own` with the class that named the icon as the parameter (any case): `span.like` -> `span[class~="{p}" i]`."""
    for token in _icon_classes(own):
        if token.lower() == icon.lower():
            return re.sub(rf"\.{re.escape(token)}(?![\w-])", f'[class~="{{{param}}}" i]', own)
        if re.split(r"[-_]", token)[-1].lower() == icon.lower():
            return re.sub(rf"\.{re.escape(token)}(?![\w-])", f'[class*="{{{param}}}" i]', own)
    return own


def _in_row(built: ProcedureStep, row: str, own: str, param: str) -> ProcedureStep:
    """The step's element (`own`, a selector unique within an item) found inside the item (list
    item, table row) that shows the parameter's value: the item holding exactly that text first,
    then one holding it in any case."""
    exact = f'{row} >> internal:has="internal:text=\\"{{{param}}}\\"s" >> {own}'
    loose = f'{row} >> internal:has-text="{{{param}}}"i >> {own}'
    return built.model_copy(update={"selectors": [exact, loose], "selector": exact})


KIND_NOUNS = {  # how a title may call a field of each kind
    "radio": r"radio(?:\s+button)?|option",
    "checkbox": r"check\s*box|box",
    "select": r"drop\s*down|select|list|menu",
    "button": r"button",
}
TEXT_NOUNS = r"text\s*box|text\s*field|text\s*area|field|input|box"


def _ordinals(recording: Recording) -> dict[int, tuple[str, str]]:
    """Steps on a field that the title names by its place among the shown fields of its kind ("the 2nd
    text box"), by step index: the ordinal as the title writes it, and the noun after it."""
    found: dict[int, tuple[str, str]] = {}
    taken: list[int] = []
    for index, step in enumerate(recording.steps):
        if not step.position or not step.kind or step.action not in ("click", "check", "fill", "select"):
            continue
        kind = step.input_type if step.input_type in KIND_NOUNS else step.tag if step.tag in KIND_NOUNS else ""
        nouns = KIND_NOUNS.get(kind, TEXT_NOUNS)
        for m in ORDINAL.finditer(recording.title):
            after = re.match(rf"\s+(?:[\w-]+\s+)?({nouns})s?\b", recording.title[m.end() :], re.IGNORECASE)
            if after and m.start() not in taken and ordinal_number(m.group(0)) == step.position:
                found[index] = (m.group(0), after.group(1))
                taken.append(m.start())
                break
    return found


def _in_place(built: ProcedureStep, step: RecordedStep, name: str) -> ProcedureStep:
    """The step's element found as the so-manyth shown field of its kind, the place a parameter."""
    kind = escape_braces(step.kind)
    return built.model_copy(update={"selectors": [kind], "selector": kind, "ordinal": f"{{{name}}}"})


EVERY = re.compile(r"(?<!\w)(?:all|every|each)(?!\w)", re.IGNORECASE)
# after a value that names an item, the words that refer back to the one the value names, and to the item
HOLDER = re.compile(r"(?<!\w)(?:them|him|her)(?!\w)(?P<next>\s+[\w'-]+)?", re.IGNORECASE)
ITEM_BACK = re.compile(r"(?<!\w)(?:it|its|that|this|these|those)(?!\w)", re.IGNORECASE)


def _addresses_holder(title: str, value: str) -> bool:
    """Whether the title, after naming an item by `value` (its sender, its author), refers back to the one
    the value names ("and reply to them") and never to the item itself ("forward that email", "star it"):
    what the title asks then goes to that one through any item that shows the value."""
    shown = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", title, re.IGNORECASE)
    if shown is None:
        return False
    after = QUOTED_TEXT.sub(" ", title[shown.end() :])
    pronouns = [m for m in HOLDER.finditer(after) if not m["next"] or m["next"].strip().lower() in STOP_WORDS]  # not "her post"
    return bool(pronouns) and not ITEM_BACK.search(after)


def _row_runs(
    recording: Recording, rows: dict[int, str], targets: dict[int, str], values: dict[str, str]
) -> dict[int, tuple[int, str]]:
    """Clicks on the same element in items that show the same value, one after another, when the title
    says how many in the words before that value ("on all posts by", "on 2 posts by"): by the run's first
    step index, (the index after the run, "all" for all, every or each, else the number as written)."""
    steps, runs = recording.steps, {}
    index = 0
    while index < len(steps):
        end = index + 1
        same = (steps[index].row, steps[index].row_selector, rows.get(index), targets.get(index))
        while index in rows and end in rows and (steps[end].row, steps[end].row_selector, rows[end], targets.get(end)) == same:
            end += 1
        shown = re.search(rf"(?<!\w){re.escape(values.get(rows.get(index, ''), ''))}(?!\w)", recording.title, re.IGNORECASE)
        if index in rows and shown is not None:
            before = " ".join(re.findall(r"[\w'-]+", recording.title[: shown.start()])[-4:])
            count = re.search(rf"(?<![\w.]){end - index}(?![\w.])", before)
            if count is not None or EVERY.search(before):
                runs[index] = (end, count.group(0) if count is not None else "all")
        index = end
    return runs


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


PASTE_KEYS = frozenset({"control+v", "meta+v", "controlormeta+v", "shift+insert"})


def _pasted(steps: list[RecordedStep], index: int) -> bool:
    """A field's value that a paste into it just before put there: the paste gives it again on replay,
    with what was copied then, never the demonstration's copy."""
    step, before = steps[index], steps[index - 1] if index else None
    return (
        step.action == "fill"
        and before is not None
        and before.action == "press"
        and (before.value or "").lower() in PASTE_KEYS
        and before.selector == step.selector
    )


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


LIST_ITEM = r"[^\W\d_][\w'-]*"
LISTED = re.compile(rf"(?<![\w'-]){LIST_ITEM}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+){LIST_ITEM})+")  # "a, b and c"


def _label_spans(labels: list[str], title: str) -> list[tuple[int, int] | None]:
    """Where the title names each checkbox's label: the label itself, else the one word of a list in the title ("a,
    b and c") nearest to it in meaning, a word for each label (the title asks for "big" where the box says "large")."""
    spans = [m.span() if (m := re.search(rf"(?<!\w){re.escape(label.strip())}(?!\w)", title)) else None for label in labels]
    items = [
        (run.start() + m.start(), run.start() + m.end(), m.group())
        for run in LISTED.finditer(title)
        for m in re.finditer(LIST_ITEM, run.group())
        if m.group().lower() not in ("and", "or")
    ]
    for at, label in enumerate(labels):
        if spans[at] is None:
            scored = sorted(((closeness(label, word), (a, b)) for a, b, word in items if (a, b) not in spans), reverse=True)
            if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
                spans[at] = scored[0][1]
    return spans


def _checkbox_sets(recording: Recording) -> dict[int, tuple[int, str, str]]:
    """Runs of checkboxes ticked one after another whose labels the title names, by themselves or by words of the
    same meaning: by the run's first step index, (its end, the CSS path of the element that holds them, the title's
    text from the first to the last of those labels: "WPy, iBU0VQ and F7"). Their number and labels change from
    task to task."""
    title, steps, sets = recording.title, recording.steps, {}
    index = 0
    while index < len(steps):
        end = index
        while end < len(steps) and _lone_checkbox(steps[end]):
            end += 1
        spans = _label_spans([s.label for s in steps[index:end]], title)
        alone = end == index + 1 and bool(steps[index].group)  # one box the form sends by its own name: a field, no set
        if end > index and all(spans) and not alone and not any(s.secret for s in steps[index:end]):
            found = [span for span in spans if span]
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


SPIN_KEYS = frozenset({"ArrowUp", "ArrowDown"})
SLIDE_KEYS = frozenset({"ArrowLeft", "ArrowRight"})  # a slider's keys too, but a text field's caret moves by them
INTEGER = re.compile(r"(?<![\w.])[-+−]?\d+(?![\w.])")


def _presses_arrow(step: RecordedStep, title: str) -> bool:
    """A press of a spinner's or a slider's arrow: a click on an element that says no word (an arrow, "+";
    "Add one" is a button of its own) and that the title does not name, an up or down key, or a left or
    right key on an element that takes no text (a slider's handle)."""
    if step.action == "press":
        takes_text = element_kind(step.tag, step.input_type, "") in ("text", "textarea")
        return step.value in SPIN_KEYS or (step.value in SLIDE_KEYS and not takes_text)
    wordless = not re.search(r"[^\W\d_]", step.label)
    return step.action == "click" and bool(step.selectors) and wordless and not (step.label and _mentions(title, step.label))


def _spins(recording: Recording) -> dict[int, tuple[int, str]]:
    """Runs of presses of one arrow (two or more clicks on one element, or an up or down key held on a field)
    that set a number the title names: the count of presses, or the title's only number. By the run's first
    step index, (the index after it, the number as the title writes it). Replay steps the spinner to the
    task's number, by whichever arrow moves it there."""
    numbers = INTEGER.findall(recording.title)
    steps, spins, index = recording.steps, {}, 0
    while numbers and index < len(steps):
        step, end, count = steps[index], index, 0
        while (
            end < len(steps)
            and _presses_arrow(steps[end], recording.title)
            and (steps[end].action, steps[end].selector, steps[end].value) == (step.action, step.selector, step.value)
        ):
            count, end = count + steps[end].repeat, end + 1
        written = next((n for n in numbers if abs(int(n.replace("−", "-"))) == count), None)
        if count >= 2 and (written or len(numbers) == 1):
            spins[index] = (end, written or numbers[0])
        index = max(end, index + 1)
    return spins


def _spin_step(built: ProcedureStep, name: str) -> ProcedureStep:
    update = {"value": f"{{{name}}}", "spin": True, "repeat": 1, "changes_page": None}
    return built.model_copy(update=update | {"description": f"Step the spinner to {{{name}}}"})


KIND_SAID = re.compile(
    r"[\"“']([^\"”']{2,30})[\"”']|\b(?:a|an|the|any)\s+([a-z][a-z -]{1,25}?)\s+(?:widget|element|control)\b", re.IGNORECASE
)


def _holder(path: str) -> str:
    """The element that holds the repeated item (the last `:nth-of-type` part) of a CSS path from the root."""
    parts = path.split(" > ")
    if "internal:" in path or ">>" in path or len(parts) < 2:
        return "body"
    last = max((i for i, part in enumerate(parts) if ":nth-of-type(" in part), default=0)
    return " > ".join(parts[:last]) if last > 0 else "body"


def _kind_clicks(recording: Recording) -> dict[int, tuple[str, str]]:
    """Clicks on an element that the title names by its kind, not by its label ('Click on a "checkbox"
    widget'): by step index, (the CSS path of the element that holds such elements, the kind as the
    title writes it). Replay clicks the first element of the task's kind there."""
    said = [w for m in KIND_SAID.finditer(recording.title) if kind_named(w := m.group(1) or m.group(2))]
    out = {}
    for index, step in enumerate(recording.steps):
        if step.action not in ("click", "dblclick", "check") or not step.selectors or not said:
            continue
        if step.label and _mentions(recording.title, step.label):
            continue
        kind = element_kind(step.tag, step.input_type, _role(step))
        written = next((w for w in said if kind_named(w) == kind), None)
        if written is not None:
            out[index] = (_holder(step.selectors[-1]), written)
    return out


def _kind_click(step: RecordedStep, holder: str, name: str) -> ProcedureStep:
    return _on_container(
        step, holder, name, action="click", by_kind=True, description=f"Click the first {{{name}}} in the element"
    )


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


QUOTED_IN_TITLE = re.compile(r'"([^"]+)"|“([^”]+)”')


def _also_in_suggestion(title: str, label: str, typed: str) -> list[str]:
    """The title's other quoted values that the picked suggestion shows too ('starts with "Af" and ends
    with "tan"' when "Afghanistan" was picked after typing "Af"): the task's own narrow the choice."""
    quoted = [a or b for a, b in QUOTED_IN_TITLE.findall(title)]
    return [q for q in dict.fromkeys(quoted) if q.lower() not in (typed.lower(), label.lower()) and q.lower() in label.lower()]


CLASS_CSS = re.compile(r"[a-z][a-z0-9]*(?:\.-?[A-Za-z_][\w-]*)+")  # div.ui-menu-item-wrapper


def _kind_css(step: RecordedStep) -> str | None:
    """A CSS selector for elements of the kind of the step's one, not for that one only: its tag and class
    (`div.ui-menu-item-wrapper`), else the end of its CSS path without places (`ul > li > div`)."""
    classed = next((s for s in [step.row_selector, *step.selectors] if CLASS_CSS.fullmatch(s)), None)
    parts = next((s.split(" > ") for s in step.selectors if s.startswith("html > body > ")), [])
    if classed is not None or len(parts) < 5:  # not `body > div`, which holds anything
        return classed
    return " > ".join(re.sub(r":nth-of-type\(\d+\)", "", part) for part in parts[-3:])


def _suggestion(built: ProcedureStep, step: RecordedStep, name: str, also: list[str]) -> ProcedureStep:
    """The first shown element of the kind clicked (by its class, when it has one) whose text holds the parameter's
    value (and the `also` ones); else the first of its role, or failing that any element showing that text."""
    narrowed = "".join(f' >> internal:has-text="{{{other}}}"i' for other in also)
    kind = _kind_css(step)
    selectors = [
        f'internal:role={_role(step)}[name="{{{name}}}"i]{narrowed} >> nth=0',
        f'internal:text="{{{name}}}"i{narrowed} >> nth=0',
    ]
    if kind:  # the suggestions come a moment after the typing, while a text anywhere may show the value at once
        selectors = [f'{kind} >> internal:has-text="{{{name}}}"i{narrowed} >> visible=true >> nth=0', selectors[0]]
    return built.model_copy(update={"selectors": selectors, "selector": selectors[0], "suggestion": True})


def _flow_lines(
    steps: list[ProcedureStep], origin: list[int], targets: dict[int, str], rows: dict[int, str], names: dict[str, str]
) -> list[str]:
    """A flow line per built step; `origin` is the recorded step each comes from, `names` the parameters kept."""
    named = targets | rows
    click_params = {at: named[i] for at, i in enumerate(origin) if named.get(i) in names}
    lines = [_flow_line(s, click_params, i) for i, s in enumerate(steps)]
    for at, index in enumerate(origin):
        if rows.get(index) in names:
            what = f"{{{targets[index]}}}" if targets.get(index) in names else steps[at].label or steps[at].row_selector
            items = f"{steps[at].value} items" if steps[at].each_row else "any item" if steps[at].any_row else "the item"
            lines[at] = f'Click "{what}" in {"every item" if steps[at].value == "all" else items} that shows {{{rows[index]}}}'
    return lines


def _sent_options(recording: Recording, owners: dict[int, str], params: _Parameters) -> dict[str, str]:
    """`{name__value}` for each chosen option whose value is not its label: what a form sends in its URL
    (`?genre=science` for "Science"), derived from the select steps as a run derives it."""
    labels = {param.name: param.current(param.example or "") for param in params.items}
    chosen = [step.model_dump() | {"value": f"{{{owners[i]}}}"} for i, step in enumerate(recording.steps) if i in owners]
    return {
        name: value for name, value in option_values(chosen, labels).items() if value != labels[name.removesuffix(OPTION_VALUE)]
    }


def _given_at(recording: Recording, chosen_at: dict[int, str]) -> dict[str, tuple[int, int]]:
    """Each parameter's first recorded step, and the page (tab) it was taken on."""
    given: dict[str, tuple[int, int]] = {}
    for index, name in sorted(chosen_at.items()):
        given.setdefault(name, (index, recording.steps[index].page))
    return given


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


@dataclass
class _StepMaker:
    """What the whole recording says about its steps, worked out before any is built (the parameters, the
    steps that start a calendar pick, a spin, a set of boxes, a run over rows...), and each step built from it."""

    recording: Recording
    params: _Parameters
    owners: dict[int, str]  # step index -> the parameter that is the step's value
    targets: dict[int, str]  # step index -> the parameter that names the element the step acts on
    rows: dict[int, str]  # step index -> the parameter that names the row the step acts in
    substitute: _Placeholders

    def __post_init__(self) -> None:
        recording = self.recording
        self.sets, self.picks, self.places = _checkbox_sets(recording), _calendar_picks(recording), _ordinals(recording)
        self.runs = _row_runs(recording, self.rows, self.targets, self.params.values)
        self.spins, self.kinds = _spins(recording), _kind_clicks(recording)
        picked = [range(start, end) for start, (end, *_) in self.picks.items()]
        self.pagers = {i: run for i, run in _pagers(recording).items() if not any(i in r or run[0] - 1 in r for r in picked)}
        self.mention_text = f"{recording.title}\n{recording.description}"

    def _named(self, written: str, fallback: str, kind: ParameterKind = "text") -> str:
        return self.params.add(_name_from_title(written, self.recording.title, []) or fallback, written, kind)

    def widget(self, index: int, step: RecordedStep) -> tuple[ProcedureStep, int] | None:
        """The step that stands for a widget's whole use starting at `index` (a day picked in a calendar, a
        spinner stepped, an element of a kind, a set of boxes ticked, a suggestion picked), with the index of
        the first recorded step after it; None when no widget's use starts there."""
        params, next_one = self.params, index + 1
        if index in self.picks:
            end, container, example = self.picks[index]
            return _pick_day(step, container, params.add("date", example)), end
        if index in self.spins:
            end, written = self.spins[index]
            return _spin_step(self.substitute.step(step, None), self._named(written, "number")), end
        if index in self.pagers:
            end, shown = self.pagers[index]
            name = self._named(shown, "item", "target")
            built = self.substitute.step(step, None)
            described = f'Click "{step.label or step.selector}" until the page shows {{{name}}}'
            return built.model_copy(update={"until": f"{{{name}}}", "description": described}), end
        if index in self.kinds:
            holder, written = self.kinds[index]
            return _kind_click(step, holder, self._named(written, "kind", "target")), next_one
        if index in self.sets:
            end, container, example = self.sets[index]
            name = params.add(_group_name(step.group) or "choices", example, label=step.group)
            return _tick_set(step, container, name, [s.label for s in self.recording.steps[index:end]]), end
        compared = None if self.owners.get(index) or self.targets.get(index) else _compared(step, self.mention_text)
        if compared is not None:
            word, column = compared
            name = params.add("comparison", word.words, "option", allowed=list(SUPERLATIVE_WORDS))
            own, row = self.substitute.text(step.row_selector), self.substitute.text(step.row)
            return _by_comparison(self.substitute.step(step, None), row, own, name, column), next_one
        typed = _typed_before(self.recording.steps, index, self.owners, params.values)
        if typed is None or index in self.targets:  # the title names what was clicked: its own parameter
            return None
        # a suggestion that shows what was typed: the one that shows the task's value
        also = [self._named(v, "part") for v in _also_in_suggestion(self.recording.title, step.label, params.values[typed])]
        return _suggestion(self.substitute.step(step, None), step, typed, also), next_one

    def plain(self, index: int, step: RecordedStep) -> tuple[ProcedureStep, int]:
        """The step built from the recorded one at `index`, with the index of the first recorded step after it."""
        owners, targets, rows, substitute, next_one = self.owners, self.targets, self.rows, self.substitute, index + 1
        icon = targets.get(index) if index in rows else None  # an icon in an item, named by its class
        built = substitute.step(step, owners.get(index), None if icon else targets.get(index))
        if _read_beside(step, self.mention_text) and index in owners:
            built.reads, built.description = True, f"Enter what the page shows beside {{{owners[index]}}}"
        elif below := _read_below(self.recording, index):
            title, place = below
            built.reads, built.description = True, "Enter what the page shows below the task"
            built.value = escape_braces(title)
            if place is not None:  # "the 2nd word": its place is the task's, and so is the line read
                name = self._named(place["place"], "place")
                built.value = f"{escape_braces(title[: place.start()])}{{{name}}}{escape_braces(title[place.end('place') :])}"
                built.word, built.description = f"{{{name}}}", f"Enter the {{{name}}} word the page shows below the task"
        if targets.get(index) and not built.selectors:
            built = substitute.step(step, owners.get(index))  # no selector names it: the element stays the demonstrated one
        if targets.get(index) and quoted_shown_name(step, self.mention_text) is not None:
            built = by_any_name(built, step, targets[index])
        if step.action in gesture_steps.GESTURE_ACTIONS or step.read_word:
            title = self.recording.title
            return gesture_steps.built(step, built, title, substitute.selector, owners.get(index), self.params.values), next_one
        if index in rows:
            own = substitute.text(_own_in_row(step, self.mention_text))
            own = _icon_in_row(own, self.params.values[icon], icon) if icon else own
            built = _in_row(built, substitute.text(step.row), own, rows[index])
            if _addresses_holder(self.recording.title, self.params.values[rows[index]]):
                built.any_row = True
        if index in self.places:
            written, noun = self.places[index]
            built = _in_place(built, step, self.params.add(snake_case(f"{noun} place", fallback="place"), written))
        if index in self.runs:
            next_one, count = self.runs[index]
            value = count if count == "all" else f"{{{self.params.add('count', count)}}}"
            built = built.model_copy(update={"each_row": True, "value": value})
        if step.action == "upload" and index in owners:
            built = built.model_copy(update={"files": [], "value": f"{{{owners[index]}}}"})
        return built, next_one


def _looked_for(recording: Recording, values: dict[str, str]) -> list[str]:
    """The texts the title quotes that no parameter holds, no step acted on and no page of the demonstration
    showed: what the person looked for and did not find, so the demonstration was for a page without them.
    None when what the pages showed is not known."""
    outcome = recording.outcome
    if outcome is None or not (outcome.start_lines or recording.along):
        return []
    pages = "\n".join([*outcome.start_lines, *outcome.lines, *(line for seen in recording.along for line in seen.lines)])
    acted = " ".join(f"{s.label} {s.value or ''}" for s in recording.steps).lower()
    taken = {v.lower() for v in values.values()}
    quoted = (next(g for g in m.groups() if g is not None).strip() for m in QUOTED_TEXT.finditer(recording.title))
    return [
        q
        for q in dict.fromkeys(quoted)
        if q and not PLACEHOLDER.search(q) and q.lower() not in taken and q.lower() not in acted and not shows_word(pages, q)
    ]


def _unless_shown(recording: Recording, params: _Parameters, steps: list[ProcedureStep]) -> None:
    """The first step that acts is for a page without the text the person looked for and did not find: a
    parameter, which replay stops on when the page shows the task's one."""
    looked_for = _looked_for(recording, params.values)
    acting = next((s for s in steps if s.action != "navigate" and not s.optional), None)
    if looked_for and acting is not None:
        named = _name_from_title(looked_for[0], recording.title, list(params.values.values()))
        acting.unless_shown = f"{{{params.add(named or 'text', looked_for[0], required=False)}}}"


def _by_picture(title: str, steps: list[ProcedureStep]) -> None:
    """When the title points at a thing only by a picture ("the item with the icon"), the first click on an
    element that no parameter and no word of the title names is on the one showing that picture."""
    if not UNSPELLED_PICTURE.search(title):
        return
    for step in steps:
        if step.action == "click" and not step.referenced_parameters() and step.label and not _mentions(title, step.label):
            step.by_picture = True
            step.description = "Click the one showing the picture shown with the task"
            return


def _opens_section(step: ProcedureStep) -> bool:
    """A click on a tab or on a section's summary that no parameter names."""
    on_tab = any(s.startswith("internal:role=tab[") for s in step.selectors) or '[role="tab"]' in step.row
    return step.action == "click" and not step.referenced_parameters() and (on_tab or step.tag == "summary")


def _mark_reveals(recording: Recording, steps: list[ProcedureStep], origin: list[int]) -> None:
    """The clicks on tabs or sections just before a step on an element that a parameter names and that the
    page did not show before them only opened what held that element: replay skips them when the element
    is at hand (that step opens what holds it). A section opened while its next element showed already
    was opened for itself."""
    opened: list[int] = []
    for at, step in enumerate(steps):
        if _opens_section(step):
            opened.append(at)
            continue
        acts = step.action in ("click", "dblclick", "fill", "check") and step.referenced_parameters()
        if opened and acts and step.label and not shows_word("\n".join(_lines_at(recording, origin[opened[0]])), step.label):
            for click in opened:
                steps[click].reveals = True
        opened = []


def build_heuristic(recording: Recording) -> Procedure:
    recording = _named_fields(without_instruction(recording))
    params, owners, targets, rows = _find_parameters(recording)
    in_paths = _path_values(recording, params.values, owners | targets | rows)
    sent = _sent_options(recording, owners, params)
    substitute = _Placeholders(params.values, in_paths, sent)
    maker = _StepMaker(recording, params, owners, targets, rows, substitute)
    steps: list[ProcedureStep] = []
    origin: list[int] = []  # the recorded step each built one comes from
    skip_to = 0
    for index, step in enumerate(recording.steps):
        if index < skip_to or _pasted(recording.steps, index):
            continue
        origin.append(index)
        built, skip_to = maker.widget(index, step) or maker.plain(index, step)
        steps.append(built)
    params.keep(set().union(*(s.referenced_parameters() for s in steps)))
    _unless_shown(recording, params, steps)
    _by_picture(recording.title, steps)
    _mark_reveals(recording, steps, origin)
    flow_lines = _flow_lines(steps, origin, targets, rows, params.values)
    for step, line in zip(steps, flow_lines):
        step.description = step.description if step.many or step.calendar or step.until or _says_itself(step) else line or ""
    domains, goal = _domains_and_goal(recording)
    procedure = Procedure(
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
        checks=_end_checks(
            recording,
            steps,
            params,
            postconditions(recording.outcome, recording.steps, params.values | sent, in_paths),
            origin,
            owners | targets | rows,
        ),
    )
    return find_loops(procedure, shown_lines(recording))


def _end_checks(
    recording: Recording,
    steps: list[ProcedureStep],
    params: _Parameters,
    ends: list[Check],
    origin: list[int],
    chosen_at: dict[int, str],
) -> list[Check]:
    """The postconditions `ends` and the checks of the values given, as they assert only what the task decides
    (see procedures.decided_checks); a value whose check on a page was left out is checked on its field."""
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


def template_step(step: RecordedStep, values: dict[str, str], own: str | None = None) -> ProcedureStep:
    """A step taken at run time (by the agent) as a procedure step: the run's parameter `values` become
    placeholders, as in a built procedure; `own` is the parameter that the step's whole value is."""
    built = _Placeholders(values).step(step, own)
    built.description = _flow_line(built, {}, 0) or ""
    return built
