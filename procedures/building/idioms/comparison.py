"""Widget idiom: the item of a list a superlative picks ("Book the cheapest flight")."""

from __future__ import annotations

from procedures.building.making import Made, Making, WidgetIdiom, at_each_step
from procedures.models import ProcedureStep
from procedures.runtime.comparison import SUPERLATIVE_WORDS, Superlative, column_of, measure, superlatives_in
from procedures.search import element_name
from recorder.models import RecordedStep


def picked_by_superlative(step: RecordedStep, title: str) -> tuple[Superlative, str] | None:
    """A click on the element of one item of a list that the title picks by a superlative ("Book the cheapest
    flight"), when the item shows a value of the superlative's kind: the superlative and the column compared."""
    if step.action != "click" or not (step.row and step.row_selector):
        return None
    texts = [*step.row_texts, step.label]
    for word, _ in superlatives_in(title):
        if any(measure(word.kind, text) is not None for text in texts):
            return word, column_of(texts, word)
    return None


def by_comparison(built: ProcedureStep, row: str, own: str, name: str, column: str) -> ProcedureStep:
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


def _make(making: Making, found: dict[int, None], index: int, step: RecordedStep) -> Made | None:
    compared = None if making.owners.get(index) or making.targets.get(index) else picked_by_superlative(step, making.mention_text)
    if compared is None:
        return None
    word, column = compared
    name = making.params.add("comparison", word.words, "option", allowed=list(SUPERLATIVE_WORDS))
    own, row = making.substitute.text(step.row_selector), making.substitute.text(step.row)
    return by_comparison(making.substitute.step(step, None), row, own, name, column), index + 1


IDIOM = WidgetIdiom(at_each_step, _make)
