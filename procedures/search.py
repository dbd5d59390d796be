"""What a procedure is about, as plain words: the search text that the store keeps next to each procedure
in an FTS5 table, written in the same transaction as the procedure.

Every text is stemmed words in order (core.words), stop words kept so that phrases and the shape of the
title survive. Demonstrated values are kept apart from the words that say what the procedure does: a task
with new values is the same task.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from core.words import fold, stem, tokens
from procedures.models import Parameter, Procedure, ProcedureStep
from recorder.models import RecordedStep

SLOT = "_"  # where a demonstrated value stood in the title; FTS5 does not index it

# what a step did, as a person would say it
ACTION_WORDS = {
    "click": "click",
    "dblclick": "double click",
    "fill": "type",
    "select": "select",
    "check": "check",
    "uncheck": "uncheck",
    "press": "press",
    "submit": "submit",
    "upload": "upload file",
}
# the role of an element, from its tag or input type, when no selector names the role
TAG_ROLES = {"a": "link", "button": "button", "select": "combobox", "textarea": "textbox", "li": "option", "summary": "button"}
INPUT_ROLES = {
    "checkbox": "checkbox",
    "radio": "radio",
    "search": "searchbox",
    "range": "slider",
    "file": "file",
    "number": "spinbutton",
    "submit": "button",
    "button": "button",
}
ROLE = re.compile(r"internal:role=([a-z]+)")
QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
CONTAINER_TAGS = frozenset("html body main article section form header footer nav aside".split())
PLACEHOLDER = re.compile(r"\{[^}]*\}")
NAME_WORDS = 8  # an element's name is a few words; a longer text is a container's whole text
NAMED = re.compile(r"""(?:\[(?:name|placeholder|title|alt|aria-label)=|internal:(?:label|text)=)"([^"]*)\"""")


MONTHS = "jan feb mar apr may jun jul aug sep sept oct nov dec".split()
MONTH = rf"(?:{'|'.join(MONTHS)})[a-z]*\.?"
SHAPES = {  # what a value looks like, most telling first; each value has one shape
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    "url": re.compile(r"\bhttps?://\S+|\bwww\.\S+"),
    "file": re.compile(r"\b[\w-]+\.(?:pdf|docx?|xlsx?|pptx?|odt|ods|csv|txt|rtf|png|jpe?g|gif|svg|webp|zip|json|xml|mp3|mp4)\b"),
    "date": re.compile(
        rf"\b\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{1,4}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH}(?:\s+\d{{4}})?\b"
        rf"|\b{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    ),
    "time": re.compile(r"\b\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?\b|\b\d{1,2}\s*[ap]\.?m\b"),
    "colour": re.compile(r"#[0-9a-f]{6}\b|#[0-9a-f]{3}\b"),
    "number": re.compile(r"(?<![\w#.:/-])\d+(?:[.,]\d+)?(?![\w:/-])"),
}
CLOSED_VALUES = frozenset(["yes", "no", ""])  # a checkbox's states and a select's empty choice say nothing of the task


def shapes(text: str) -> list[str]:
    """The shapes of the values written in a text ("date", "time", "email", ...), one per value, in no order."""
    found = []
    rest = fold(text)
    for shape, pattern in SHAPES.items():
        found += [shape] * len(pattern.findall(rest))
        rest = pattern.sub(" ", rest)
    return found


def value_shape(value: str) -> str | None:
    """The shape of a value that is one thing of a shape ("03/14/2025": "date"), else None ("issue 12")."""
    text = fold(value.strip())
    return next((shape for shape, pattern in SHAPES.items() if pattern.fullmatch(text)), None)


@dataclass(frozen=True)
class SearchText:
    goal: str  # title (and goal, when it differs) with each demonstrated value replaced by SLOT
    about: str  # description, tags, parameter names and descriptions, flow, headings the demonstration ended on
    steps: str  # what the steps did and touched: actions, element roles, labels, fields
    values: str  # the demonstrated values
    places: str  # origin and path of the pages the steps happened on, the start page first, space-separated
    fits: str  # what values fit the parameters: their shapes, then "|" and each allowed value's stems, "|"-separated
    words: frozenset[str]  # the unstemmed words of goal, about and steps, for spelling correction


def _stems(text: str) -> list[str]:
    return [stem(t) for t in tokens(text)]


def _value_spans(text: str, parameters: list[Parameter], quoted: bool) -> list[tuple[int, int]]:
    spans = [m.span() for m in QUOTED.finditer(text)] if quoted else []
    lower = text.lower()
    names = {p.label.lower().strip(" :*") for p in parameters} | {p.name.replace("_", " ") for p in parameters}
    for param in parameters:
        if param.example and (param.kind == "target" or param.example.lower().strip() in names):
            continue  # the name of a clicked element ("Go", "Add to cart") or of a field is a word of the task
        if param.example:
            example, at = param.example.lower(), lower.find(param.example.lower())
            while at >= 0:
                end = at + len(example)
                while end < len(text) and text[end].isalnum():
                    end += 1  # "bookcase" in "bookcases"
                if at == 0 or not text[at - 1].isalnum():
                    spans.append((at, end))
                at = lower.find(example, end)
        else:  # a secret keeps no example, but a title may show it after the parameter's name
            words = r"[\s_-]*".join(map(re.escape, param.name.split("_")))
            spans += [m.span(1) for m in re.finditer(rf"\b{words}\s+(\"[^\"]*\"|'[^']*'|“[^”]*”|[^\s,;.]+)", text, re.I)]
    return sorted(spans)


def _pieces(text: str, parameters: list[Parameter], quoted: bool = False) -> list[str | None]:
    """A text cut at its demonstrated values (and, with `quoted`, at any quoted text): the parts between them, None
    for each value."""
    out: list[str | None] = []
    at = 0
    for start, end in sorted(set(_value_spans(text, parameters, quoted))):
        if start >= at:
            out += [text[at:start], None]
            at = end
    return [*out, text[at:]]


def templated(text: str, parameters: list[Parameter], quoted: bool = False) -> list[str]:
    """A text's stemmed words with each demonstrated value (and, with `quoted`, any quoted text) replaced by one
    SLOT."""
    return [w for piece in _pieces(text, parameters, quoted) for w in (_stems(piece) if piece is not None else [SLOT])]


def _named(selector: str) -> tuple[list[str], list[str]]:
    return ROLE.findall(selector), NAMED.findall(selector)


def element_name(step: ProcedureStep | RecordedStep) -> str:
    """The step's label when it names the element acted on (a button's name, a field's label); nothing when it is
    a container's whole text (a click that landed on the page's body), which says nothing of what the step did."""
    label = step.label.strip()
    if step.tag.lower() in CONTAINER_TAGS or len(label.split()) > NAME_WORDS:
        return ""
    return label


def step_words(step: ProcedureStep, examples: list[str]) -> tuple[list[str], list[str]]:
    """(what a step did and touched, the demonstrated values it showed) as plain texts."""
    about, values = [ACTION_WORDS.get(step.action, "")], []
    roles = []
    for selector in step.selectors[:3]:
        found, names = _named(selector)
        roles += found
        about += [n for n in names if "{" not in n]
    if not roles:
        roles.append(INPUT_ROLES.get(step.input_type) or TAG_ROLES.get(step.tag) or ("textbox" if step.action == "fill" else ""))
    about += roles
    if step.action == "press" and step.value and not step.secret:
        about.append(step.value)
    for text in (element_name(step), step.field):
        if text:
            (values if _is_value(text, examples) else about).append(text)
    return about, values


def _is_value(text: str, examples: list[str]) -> bool:
    """A label that shows a demonstrated value (the clicked "previous" of 'Click "{button}"') is a value."""
    text = text.lower().strip()
    return any(text == e or (len(e) >= 3 and e in text) for e in examples)


@lru_cache(maxsize=10_000)
def place(url: str) -> str:
    """A page's origin and path, without query, fragment or trailing slash: how places are compared."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return ""
    if parts.scheme.lower() not in ("http", "https", "file"):
        return ""  # about:blank, data: and the like are nowhere
    return f"{parts.scheme.lower()}://{(parts.netloc or '').lower()}{parts.path.rstrip('/')}"


def search_text(procedure: Procedure) -> SearchText:
    a = procedure.abstract
    goal = templated(procedure.title, a.parameters, quoted=True)  # a title's quoted text is a value of the task
    if a.goal.strip().lower() != procedure.title.strip().lower():
        goal += [".", *templated(a.goal, a.parameters, quoted=True)]
    headings = [PLACEHOLDER.sub(" ", c.expected) for c in procedure.checks if c.kind == "text" and c.source == "demonstration"]
    about_texts = [procedure.description, *a.tags, *a.flow, *headings]
    about_texts += [f"{p.name.replace('_', ' ')} {p.label} {p.description}" for p in a.parameters]
    value_texts = [p.example for p in a.parameters if p.example]
    examples = [v.lower().strip() for v in value_texts]
    steps_texts = []
    for step in procedure.steps:
        did, showed = step_words(step, examples)
        steps_texts += did
        value_texts += showed
    places = []
    for step in procedure.steps:
        here = place(step.url) if "{" not in step.url else ""
        if here and here not in places:
            places.append(here)
    steps, values = tokens(" ".join(steps_texts)), tokens(" ".join(value_texts))  # unstemmed
    kinds = [shape for p in a.parameters if p.example and p.kind in ("text", "file") and (shape := value_shape(p.example))]
    allowed = {" ".join(_stems(v)) for p in a.parameters for v in p.allowed} - CLOSED_VALUES
    written = [p for text in [procedure.title, a.goal, *about_texts] for p in _pieces(text, a.parameters) if p]
    words = set(steps) | set(tokens(" ".join(written)))
    return SearchText(
        goal=" ".join(goal),
        about=" ".join(w for text in about_texts for w in templated(text, a.parameters) if w != SLOT),
        steps=" ".join(map(stem, steps)),
        values=" ".join(map(stem, values)),
        places=" ".join(places),
        fits="|".join([" ".join(kinds), *sorted(allowed)]),
        words=frozenset(w for w in words if not w.isdigit()),
    )
