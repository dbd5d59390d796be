"""Building the gesture steps (drag, slide, hover, scroll): their parameters and the step that replays them.

Which item goes where is a parameter when the title names it ("Move "Fix login" to Done": the item by its
text, the target by its name), and so is the place in a list the title gives by an ordinal ("to the 3rd
position"), a move by so many places ("down by one") and a slider's number; a list whose items were dragged
until it was in order (or that the title asks to sort) becomes one step that sorts it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ordering import in_order
from procedures.models import ProcedureStep
from procedures.runtime.formats import ORDINAL, ordinal_number
from procedures.runtime.placeholders import escape_braces
from recorder.models import RecordedStep

GESTURE_ACTIONS = frozenset({"drag", "slide", "hover", "scroll"})
SORT_WORDS = re.compile(r"(?<!\w)(?:sort|sorted|ascending|descending|increasing|decreasing|alphabetical)", re.I)
COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
BY_PLACES = re.compile(r"(?<!\w)by (\d+|" + "|".join(COUNT_WORDS) + r")(?: (?:place|position|spot|row)s?)?(?!\w)", re.I)

Add = Callable[..., str]  # _Parameters.add: (base, example, kind, **fields) -> the parameter's name
Mentions = Callable[[str, str], bool]  # whether the title names a value
NameFor = Callable[[str, str], str]  # the parameter name the title gives a value, else the fallback


def sorts(step: RecordedStep, title: str) -> str | None:
    """The order a drag left its list in, when that order is the point: several drags, or a title that asks for it."""
    if step.action != "drag" or not step.place or not step.to:
        return None
    way = in_order(step.order)
    return way if way and (step.repeat > 1 or SORT_WORDS.search(title)) else None


def parameters(step: RecordedStep, title: str, add: Add, mentions: Mentions, name_for: NameFor) -> tuple[str | None, str | None]:
    """(the parameter that is the step's value, the one that names its element) of a gesture step; the drop
    target's name, when the title gives it, becomes a parameter too (found in its selectors by its value)."""
    if step.action == "slide" and step.value is not None:
        return add(
            name_for(step.value, "value"), step.value, "text", label=step.field, required=mentions(title, step.value)
        ), None
    if sorts(step, title):
        return None, None
    if step.to_label and mentions(title, step.to_label) and step.action in ("drag", "scroll"):
        add(name_for(step.to_label, "destination" if step.action == "drag" else "item"), step.to_label, "target", required=True)
    target = None
    if step.label and mentions(title, step.label):
        target = add(name_for(step.label, "item"), step.label, "target", required=True)
    own = None
    if step.action == "drag" and step.place:
        written = next((m.group(0) for m in ORDINAL.finditer(title) if ordinal_number(m.group(0)) == step.place), None)
        if written:
            own = add(name_for(written, "place"), written, "text", required=True)
    return own, target


def place_value(step: RecordedStep, title: str) -> str:
    """Where a dragged item goes in its list: its place, "last", or a move by so many places ("+1")."""
    moved = BY_PLACES.search(title)
    if moved and step.was:
        word = moved.group(1).lower()
        count = int(word) if word.isdigit() else COUNT_WORDS.index(word) + 1
        if abs(step.place - step.was) == count:
            return f"{step.place - step.was:+d}"
    return "last" if step.place == len(step.order) and step.place > 1 else str(step.place)


def built(
    step: RecordedStep, made: ProcedureStep, title: str, selector: Callable[[str], str], own: str | None, values: dict[str, str]
) -> ProcedureStep:
    """The built gesture step: its target's selectors with placeholders, its place or order, and its description."""
    to = [selector(s) for s in step.to]
    # a slider's number: where it shows, not by the number, which changes; else named by the task: only by that name
    kept = [s for s in to if ("{" in s) != (step.action == "slide")]
    to = kept or (to[-1:] if step.action == "slide" else to)
    named = next((name for name, value in values.items() if value == step.to_label and step.to_label), None)
    to_label = f"{{{named}}}" if named else escape_braces(step.to_label)
    update: dict[str, object] = {"to": to, "to_label": to_label}
    way = sorts(step, title)
    what = made.label or made.selector or "the element"
    where = to_label or (to[0] if to else "")
    if step.read_word:
        update |= {
            "reads": True,
            "word": step.read_word,
            "value": "",
            "description": f'Enter the {step.read_word} word of "{where}"',
        }
    elif way:
        update |= {
            "sort": way,
            "selectors": to,
            "selector": to[0],
            "value": way,
            "description": f"Sort the list in {way} order by dragging its items",
        }
    elif step.action == "drag" and step.place:
        value = made.value if own else place_value(step, title)
        update |= {"value": value, "description": f'Drag "{what}" to place {value} of "{where}"'}
    elif step.action == "drag":
        update["description"] = f'Drag "{what}" onto "{where}"' if to else f'Drag "{what}" by {step.offset} px'
    elif step.action == "slide":
        update["description"] = f'Move the slider "{what}" to {made.value}'
    elif step.action == "hover":
        update["description"] = f'Hover over "{what}"'
    else:
        update["description"] = f'Scroll "{what}" until "{where}" shows' if to else f'Scroll "{what}" to the end'
    return made.model_copy(update=update)
