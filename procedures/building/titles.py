"""Reading a recording's title: which recorded values it names, the noun that names each, and what the page
showed that the person read off it."""

from __future__ import annotations

import re
import string
from collections import Counter

from core.words import STOP_WORDS, snake_case
from procedures.runtime.formats import ORDINAL, ordinal_number, renderings
from procedures.wording.vocabulary import CLAUSE_JOINS, CONNECTORS, QUOTED_TEXT, VERBS
from recorder.models import PageOutcome, RecordedStep, Recording

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


def role(step: RecordedStep) -> str:
    for selector in step.selectors:
        match = re.match(r"internal:role=([a-z]+)", selector)
        if match:
            return match.group(1)
    if step.input_type in ("radio", "checkbox"):
        return step.input_type
    return TAG_ROLES.get(step.tag, "item")


def name_from_title(value: str, text: str, others: list[str]) -> str | None:
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


def mentions(text: str, value: str) -> bool:
    """The text names the value: as a word of its own, or quoted whole when it is a small word ('the link "At"')."""
    value = value.strip()
    if len(value) < 2 or value.lower() in STOP_WORDS:
        return bool(value) and any(value == "".join(q) for q in QUOTED_TEXT.findall(text))
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


def quotes(text: str, value: str) -> bool:
    """The text quotes the value whole ('Change the genre of "Dune Road"'). An item of a list that the title quotes is
    this instance's own record: a task for another instance names its own, never the demonstration's by default."""
    return any(value.strip().casefold() == "".join(q).strip().casefold() for q in QUOTED_TEXT.findall(text))


def names_value(text: str, value: str) -> bool:
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


def shown_at_start(outcome: PageOutcome | None, value: str) -> bool:
    """The page showed the typed value when the recording started (however its letters were laid out):
    the person read or copied it off the page, and the next visit shows another one, so the demonstrated
    value is no default."""
    typed = "".join(value.split())
    shown = "".join("".join(outcome.start_lines).split()) if outcome else ""
    return len(typed) >= READ_MIN and typed in shown


WORD_PLACE = re.compile(rf"(?P<place>{ORDINAL.pattern})\s+word\b", re.IGNORECASE)  # "the 2nd word"


def read_below(recording: Recording, at: int) -> tuple[str, re.Match[str] | None] | None:
    """The title, when a value typed that the title does not give is what the page showed on the line just
    after the title's own words (an instruction and the text it points at: "Type the text below"), when
    the recording started or when the person typed it: the line a run reads there, however the letters
    were laid out; or the word of that line that the title names by its place ("the 2nd word"), with
    where the title names it."""
    step, title = recording.steps[at], " ".join(recording.title.split())
    typed = "".join((step.value or "").split())
    if step.action != "fill" or step.secret or not typed or not title or names_value(title, step.value or ""):
        return None
    place = WORD_PLACE.search(title)
    below = [
        after
        for lines in [recording.outcome.start_lines if recording.outcome else [], lines_at(recording, at)]
        for before, after in zip(lines, lines[1:])
        if " ".join(before.split()) == title
    ]
    if len(typed) >= READ_MIN and any("".join(line.split()) == typed for line in below):
        return title, None
    number = ordinal_number(place["place"]) if place else None
    words = [[w.strip(string.punctuation) for w in line.split()] for line in below]
    return (title, place) if number and any(len(w) >= number and w[number - 1] == typed for w in words) else None


def lines_at(recording: Recording, at: int) -> list[str]:
    """The lines the page showed when the person took step `at`."""
    shown = [entry.lines for entry in recording.along if entry.step <= at]
    return shown[-1] if shown else recording.outcome.start_lines if recording.outcome else []


def is_task_verb(value: str, text: str) -> bool:
    """A sentence of the title starts with the clicked text: it is what the task does ("Log in as
    emile"), not a value."""
    return any(s.strip().strip("\"'“").lower().startswith(value.lower()) for s in re.split(r"[.!?;\n]\s", text))


def read_beside(step: RecordedStep, mention_text: str) -> bool:
    """A value typed that the title does not give but the page showed, beside a text the title names."""
    return (
        step.action == "fill"
        and bool(step.value and step.beside)
        and not names_value(mention_text, step.value or "")
        and mentions(mention_text, step.beside)
    )


def option_example(step: RecordedStep, mention_text: str) -> str:
    """The chosen option as the title names it: by its label, else by its value when the title uses that,
    else by its short form ("Medium" for "Medium (8 inch)")."""
    label, value = step.value or "", step.option_value or ""
    if "\n" in label or mentions(mention_text, label):
        return label
    if value and mentions(mention_text, value):
        return value
    short = next((s for s, full in short_forms(step.options).items() if full == label), None)
    return short if short is not None and mentions(mention_text, short) else label


OPTION_DETAIL = re.compile(r"\s*(?:\(|\[|,|:|\s[-–—]\s).*$")  # what follows an option's name: "(8 inch)", " - $30"


def short_forms(options: list[str]) -> dict[str, str]:
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


def listed_in(text: str, items: list[str]) -> str | None:
    """The text's words from the first to the last of `items` ("Rosa, Livy and Dore"), when it names each."""
    spans = [re.search(rf"(?<!\w){re.escape(i.strip())}(?!\w)", text, re.IGNORECASE) for i in items if i.strip()]
    if not spans or not all(spans):
        return None
    return text[min(m.start() for m in spans if m) : max(m.end() for m in spans if m)]


def group_name(group: str) -> str | None:
    """The parameter name that a group of radio buttons or checkboxes takes from what labels it (its legend,
    its accessible name, the words just before it, else its field name): None when those are no words ("r",
    "q1"), which the title's words then name better."""
    name = snake_case(group, fallback="")
    words = name.split("_")
    return name if any(len(w) >= 3 and w.isalpha() for w in words) and not any(w.isdigit() for w in words) else None
