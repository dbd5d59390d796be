"""Widget idiom: an element in the item (list item, table row) that shows a value, once or in every such item."""

from __future__ import annotations

import re

from core.words import STOP_WORDS
from procedures.building.titles import is_task_verb, mentions
from procedures.models import ProcedureStep
from procedures.wording.vocabulary import QUOTED_TEXT
from recorder.models import RecordedStep, Recording

GENERIC_CLASSES = frozenset("icon icons btn button link item action actions control controls".split())


def _icon_classes(own: str) -> list[str]:
    """The class names of the last element of a CSS selector (`span.icon-reply` -> icon-reply)."""
    return re.findall(r"\.(-?[A-Za-z_][\w-]*)", re.split(r"[\s>+~]+", own.strip())[-1])


def icon_word(step: RecordedStep, text: str) -> str | None:
    """The word the title uses for an element without a name that its class names ("Like" for a
    `span.like` icon, or `i.icon-like`), as the title writes it; not the verb a sentence starts with."""
    if step.label or step.action != "click":
        return None
    for token in _icon_classes(step.row_selector):
        for word in dict.fromkeys([token, re.split(r"[-_]", token)[-1]]):
            found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)
            usable = found and len(word) >= 3 and word.lower() not in GENERIC_CLASSES | STOP_WORDS
            if usable and not is_task_verb(found.group(0), text):  # "Star the message": what the task does
                return found.group(0)
    return None


def own_in_row(step: RecordedStep, mention_text: str) -> str:
    """The clicked element's selector inside its item: by its kind (`a`) when the recorder found it by its
    own text or name and that is the item's data, which the title does not name (a phone number)."""
    by_text = bool(step.label) and step.label in step.row_selector and step.row_selector.startswith("internal:")
    return step.tag if by_text and step.tag and not mentions(mention_text, step.label) else step.row_selector


def icon_in_row(own: str, icon: str, param: str) -> str:
    """`own` with the class that named the icon as the parameter (any case): `span.like` -> `span[class~="{p}" i]`."""
    for token in _icon_classes(own):
        if token.lower() == icon.lower():
            return re.sub(rf"\.{re.escape(token)}(?![\w-])", f'[class~="{{{param}}}" i]', own)
        if re.split(r"[-_]", token)[-1].lower() == icon.lower():
            return re.sub(rf"\.{re.escape(token)}(?![\w-])", f'[class*="{{{param}}}" i]', own)
    return own


def in_row(built: ProcedureStep, row: str, own: str, param: str) -> ProcedureStep:
    """The step's element (`own`, a selector unique within an item) found inside the item (list
    item, table row) that shows the parameter's value: the item holding exactly that text first,
    then one holding it in any case."""
    exact = f'{row} >> internal:has="internal:text=\\"{{{param}}}\\"s" >> {own}'
    loose = f'{row} >> internal:has-text="{{{param}}}"i >> {own}'
    return built.model_copy(update={"selectors": [exact, loose], "selector": exact})


EVERY = re.compile(r"(?<!\w)(?:all|every|each)(?!\w)", re.IGNORECASE)
# after a value that names an item, the words that refer back to the one the value names, and to the item
HOLDER = re.compile(r"(?<!\w)(?:them|him|her)(?!\w)(?P<next>\s+[\w'-]+)?", re.IGNORECASE)
ITEM_BACK = re.compile(r"(?<!\w)(?:it|its|that|this|these|those)(?!\w)", re.IGNORECASE)


def addresses_holder(title: str, value: str) -> bool:
    """Whether the title, after naming an item by `value` (its sender, its author), refers back to the one
    the value names ("and reply to them") and never to the item itself ("forward that email", "star it"):
    what the title asks then goes to that one through any item that shows the value."""
    shown = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", title, re.IGNORECASE)
    if shown is None:
        return False
    after = QUOTED_TEXT.sub(" ", title[shown.end() :])
    pronouns = [m for m in HOLDER.finditer(after) if not m["next"] or m["next"].strip().lower() in STOP_WORDS]  # not "her post"
    return bool(pronouns) and not ITEM_BACK.search(after)


def row_runs(
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
