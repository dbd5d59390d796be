"""Widgets that replay sets by their own rules, not by repeating the demonstrated input: a spinner stepped
to the task's number by its arrows or arrow keys, the element of a kind the task names ("a checkbox"),
the items of a list the task names ("a, b and c"), a text that must be read to its end before the
fields after it take input, and a value read off the page beside the text the task names.

Part of procedures.runtime (inlined into exported scripts before playback): standard library and
Playwright only.
"""

import re
from collections.abc import Callable

from playwright.sync_api import ElementHandle, FrameLocator, Locator, Page

# What people call each kind of element, and the elements of that kind (the first word is the kind's name).
KIND_WORDS = {
    "radio": ("radio", "radio button", "option button"),
    "checkbox": ("checkbox", "check box", "tick box"),
    "textarea": ("textarea", "text area", "multi-line text box"),
    "text": ("text", "text box", "textbox", "text field", "text input", "input", "input box"),
    "button": ("button",),
    "link": ("link", "hyperlink"),
    "select": ("select", "dropdown", "drop-down", "drop-down list", "combo box", "combobox"),
}
NOT_TEXT = "radio checkbox button submit reset image file hidden range color".split()
KIND_CSS = {
    "radio": "input[type=radio i], [role=radio]",
    "checkbox": "input[type=checkbox i], [role=checkbox]",
    "textarea": "textarea",
    "text": "input" + "".join(f":not([type={t} i])" for t in NOT_TEXT) + ", [role=textbox]:not(textarea)",
    "button": "button, input[type=button i], input[type=submit i], input[type=reset i], [role=button]",
    "link": "a[href], [role=link]",
    "select": "select, [role=combobox], [role=listbox]",
}


def kind_named(word: str) -> str | None:
    """The kind of element a word names ("check box" -> "checkbox"), None for no kind."""
    said = " ".join(word.lower().replace("-", " ").split())
    return next((kind for kind, words in KIND_WORDS.items() if said in (w.replace("-", " ") for w in words)), None)


def element_kind(tag: str, input_type: str, role: str) -> str | None:
    """The kind of a recorded element, from its tag, input type and role."""
    if tag == "input":
        return input_type if input_type in ("radio", "checkbox") else None if input_type in NOT_TEXT else "text"
    if tag in ("textarea", "select", "button"):
        return tag
    if tag == "a":
        return "link"
    return {"radio": "radio", "checkbox": "checkbox", "button": "button", "link": "link", "textbox": "text"}.get(role)


def first_of_kind(container: Locator, kind: str) -> Locator:
    """The first shown element of `kind` inside `container`."""
    return container.locator(KIND_CSS[kind]).locator("visible=true").first


def listed(value: str, names: list[str]) -> list[str]:
    """The items a value lists ("a, b and c", one per line), each as one of `names` when a name holds an
    "and" ("Salt and pepper"); lower case."""
    lowered = {n.strip().lower() for n in names}
    wanted: list[str] = []
    for piece in (p.strip().lower() for p in re.split(r"[,\n]", value)):
        parts = [piece] if piece in lowered else [w.strip() for w in re.split(r"\band\b", piece)]
        wanted += [w for w in parts if w and w != "nothing" and w not in wanted]
    return wanted


NUMBER = re.compile(r"[-+−]?\d+(?:\.\d+)?")


def number_in(text: str) -> float | None:
    found = NUMBER.search(text.replace(",", ""))
    return float(found.group(0).replace("−", "-")) if found else None


# The field a spinner's arrow steps: the element itself, else the one field of its nearest ancestor that has one.
FIELD_JS = """(el) => {
  const fields = 'input:not([type=hidden]), [role=spinbutton]';
  for (let node = el, up = 0; node && up < 4; node = node.parentElement, up++) {
    if (node.matches(fields)) return node;
    const found = node.querySelectorAll(fields);
    if (found.length === 1) return found[0];
    if (found.length > 1) return null;
  }
  return null;
}"""
# The other controls beside the arrow that step the same field (its other arrow).
CONTROLS_JS = """(el, field) => {
  let box = el;
  while (box && !box.contains(field)) box = box.parentElement;
  if (!box) return [];
  return [...box.querySelectorAll('a, button, [role=button]')].filter((c) => c !== el && !c.contains(field));
}"""
READ_JS = "(f) => f.value !== undefined ? String(f.value) : (f.getAttribute('aria-valuenow') || f.textContent || '')"
MAX_SPIN = 1000  # presses of a spinner's arrows, at most
OPPOSITE_KEYS = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowRight": "ArrowLeft", "ArrowLeft": "ArrowRight"}


def spin(element: ElementHandle, wanted: float, key: str | None, timeout_ms: float) -> str | None:
    """Step the spinner that `element` belongs to (one of its arrows, or its field when `key` is the arrow
    key that was pressed) until its field shows `wanted`; None when it does, else what went wrong. Which
    control moves the value which way, and by how much, is learnt by pressing it."""
    field = element.evaluate_handle(FIELD_JS).as_element()
    if field is None:
        return "no field beside the element shows the number it sets"
    if key is not None:
        moves: list[Callable[[], None]] = [
            lambda k=k: field.press(k, timeout=timeout_ms)
            for k in (key, OPPOSITE_KEYS.get(key, key))  # type: ignore[misc]
        ]
    else:
        others = element.evaluate_handle(CONTROLS_JS, field)
        controls = [element] + [h.as_element() for h in others.get_properties().values() if h.as_element() is not None]
        moves = [lambda c=c: c.click(timeout=timeout_ms) for c in controls]  # type: ignore[misc]
    steps: dict[int, float] = {}  # move -> how much it changed the value
    for _ in range(MAX_SPIN):
        shown = number_in(field.evaluate(READ_JS))
        if shown is None:
            return "the field beside the element shows no number"
        if shown == wanted:
            return None
        towards = [m for m, d in steps.items() if d and (wanted - shown) * d > 0 and abs(d) <= abs(wanted - shown)]
        untried = [m for m in range(len(moves)) if m not in steps]
        if not towards and not untried:
            return f"no control of the field moves it from {shown:g} to {wanted:g}"
        move = towards[0] if towards else untried[0]
        moves[move]()
        after = number_in(field.evaluate(READ_JS))
        steps[move] = (after - shown) if after is not None else 0.0
    return f"the field did not reach {wanted:g} in {MAX_SPIN} presses"


# Scroll every text box or panel that scrolls and is not at its end to its end (as a person reads an
# agreement through); how many were scrolled.
READ_THROUGH_JS = """() => {
  let scrolled = 0;
  for (const el of document.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (!/(auto|scroll)/.test(style.overflowY) && el.localName !== 'textarea') continue;
    if (el.scrollHeight - el.clientHeight - el.scrollTop <= 2) continue;
    el.scrollTop = el.scrollHeight;
    scrolled += 1;
  }
  return scrolled;
}"""


def read_through(locator: Locator) -> bool:
    """When the step's element is disabled: scroll the page's scrolled texts to their ends, as a page that
    enables a field once its text has been read wants; whether any was scrolled."""
    if locator.first.is_enabled():
        return False
    return bool(locator.first.evaluate(f"(el) => ({READ_THROUGH_JS})()"))


# Of the elements whose whole text is a name, the first line of text of the first shown one's next element
# (its cell, or the block below it).
BESIDE_JS = """(els) => {
  for (const el of els) {
    if (!el.getClientRects().length || !el.nextElementSibling) continue;
    const text = el.nextElementSibling.innerText.trim().split('\\n')[0].trim();
    if (text) return text;
  }
  return null;
}"""


def shown_beside(scope: Page | FrameLocator, name: str) -> str | None:
    """What the page shows just after the text `name` (the cell beside it in a table row), None when nothing."""
    found = scope.get_by_text(name.strip(), exact=True).evaluate_all(BESIDE_JS)
    return found if isinstance(found, str) else None
