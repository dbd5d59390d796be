"""Widgets that replay sets by their own rules, not by repeating the demonstrated input: a spinner stepped
to the task's number by its arrows or arrow keys, the element of a kind the task names ("a checkbox"),
the items of a list the task names ("a, b and c"), a text that must be read to its end before the
fields after it take input, and a value read off the page beside the text the task names.

Part of procedures.runtime (inlined into exported scripts before playback): standard library and
Playwright only.
"""

import re
from collections.abc import Callable

from playwright.sync_api import ElementHandle, FrameLocator, JSHandle, Locator, Page

from procedures.runtime.deadline import evaluate_in_time

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


def by_meaning(wanted: list[str], names: list[str], closeness: Callable[[str, str], float]) -> dict[str, str]:
    """For the wanted items that no name is, the name nearest in meaning (`closeness`, 0..1), when one name is
    nearer than any other and no other item is nearer to it; an item with no such name is left out."""
    free = [n for n in dict.fromkeys(names) if n not in wanted]
    scores = {(w, n): closeness(w, n) for w in wanted if w not in names for n in free}
    found: dict[str, str] = {}
    for (word, name), score in sorted(scores.items(), key=lambda item: -item[1]):
        if score <= 0 or word in found or name in found.values():
            continue
        rivals = [
            s
            for (w, n), s in scores.items()
            if (w == word) != (n == name) and w not in found and n not in found.values()  # one of the two is shared
        ]
        if all(s < score for s in rivals):
            found[word] = name
    return found


NUMBER = re.compile(r"[-+−]?\d+(?:\.\d+)?")


def number_in(text: str) -> float | None:
    found = NUMBER.search(text.replace(",", ""))
    return float(found.group(0).replace("−", "-")) if found else None


# The field a spinner's arrow steps: the element itself, else the one field of its nearest ancestor that has one.
FIELD_JS = """(el) => {
  const fields = 'input:not([type=hidden]), [role=spinbutton], [role=slider]';
  for (let node = el, up = 0; node && up < 4; node = node.parentElement, up++) {
    if (node.matches(fields)) return node;
    const found = node.querySelectorAll(fields);
    if (found.length === 1) return found[0];
    if (found.length > 1) return null;
  }
  return null;
}"""
# Where a widget without a field (a slider's handle) shows its number: the shown elements whose whole text
# is a number, outside the element, in its nearest ancestor (up to 4 levels) that holds any.
READOUTS_JS = """(el) => {
  const number = /^\\s*[-+\u2212]?\\d+(\\.\\d+)?\\s*$/;
  for (let node = el.parentElement, up = 0; node && up < 4; node = node.parentElement, up++) {
    const found = [...node.querySelectorAll('*')].filter(
      (e) => !e.children.length && !el.contains(e) && e.checkVisibility() && number.test(e.textContent));
    if (found.length) return found;
  }
  return [];
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


def _handles(found: JSHandle) -> list[ElementHandle]:
    return [h for h in (p.as_element() for p in found.get_properties().values()) if h is not None]


def spin(element: ElementHandle, wanted: float, key: str | None, timeout_ms: float) -> str | None:
    """Step the spinner or slider that `element` belongs to (one of its arrows, or its field or handle when
    `key` is the arrow key that was pressed) until it shows `wanted`; None when it does, else what went
    wrong. Which control moves the value which way, and by how much, is learnt by pressing it; so is which
    of the numbers shown beside a handle without a field is the one it sets."""
    field = element.evaluate_handle(FIELD_JS).as_element()
    readouts = [field] if field else _handles(element.evaluate_handle(READOUTS_JS)) if key is not None else []
    if not readouts:
        return "no field beside the element shows the number it sets"
    pressed = field or element
    if key is not None:
        moves: list[Callable[[], None]] = [
            lambda k=k: pressed.press(k, timeout=timeout_ms)
            for k in (key, OPPOSITE_KEYS.get(key, key))  # type: ignore[misc]
        ]
    else:
        others = _handles(element.evaluate_handle(CONTROLS_JS, field))
        moves = [lambda c=c: c.click(timeout=timeout_ms) for c in [element, *others]]  # type: ignore[misc]

    def shown() -> list[float | None]:
        return [number_in(r.evaluate(READ_JS)) for r in readouts]

    steps: dict[int, float] = {}  # move -> how much it changed the value
    for _ in range(MAX_SPIN):
        before = shown()
        now = before[0]
        if len(readouts) == 1 and now is None:
            return "the field beside the element shows no number"
        if len(readouts) == 1 and now == wanted:
            return None
        towards = [
            m for m, d in steps.items() if now is not None and d and (wanted - now) * d > 0 and abs(d) <= abs(wanted - now)
        ]
        untried = [m for m in range(len(moves)) if m not in steps]
        if not towards and not untried:
            if len(readouts) > 1:
                return "no number shown beside the element changes when it is pressed"
            return f"no control of the field moves it from {now:g} to {wanted:g}"
        move = towards[0] if towards else untried[0]
        moves[move]()
        after = shown()
        changed = [at for at, (b, a) in enumerate(zip(before, after)) if a is not None and b is not None and a != b]
        if len(readouts) > 1 and changed:  # the number this press changed is the element's
            readouts, before, after = [readouts[changed[0]]], [before[changed[0]]], [after[changed[0]]]
        was, is_now = before[0], after[0]
        steps[move] = is_now - was if len(readouts) == 1 and was is not None and is_now is not None else 0.0
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
    return bool(evaluate_in_time(locator.first, f"(el) => ({READ_THROUGH_JS})()"))


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


def shows_word(text: str, value: str) -> bool:
    """Whether `text` (a page's) shows `value` as a word of its own, any case, outside the quotes of a
    sentence that names it ('find the link "At"' names it, it does not show it)."""
    value = value.strip()
    if not value:
        return False
    for quoted in (f'"{value}"', f"“{value}”", f"'{value}'"):
        text = re.sub(re.escape(quoted), " ", text, flags=re.IGNORECASE)
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


# Of the elements of the recorded element's role (its tag when it has none), hidden ones too, the one
# showing the picture that the page shows among the words of a sentence outside them (the task's "the item
# with the [picture] icon"): {css, index} of it in document.querySelectorAll(css), else {problem}. A picture
# is an image (its address), an inline SVG, or an empty element drawn by CSS (its classes: the item's may
# have more of them). Exactly one picture in a sentence must match exactly one element.
PICTURE_ITEM_JS = """(el) => {
  const role = el.getAttribute('role');
  const css = role ? `[role="${CSS.escape(role)}"]` : el.localName;
  const items = [...document.querySelectorAll(css)];
  const drawn = (e) => getComputedStyle(e).backgroundImage !== 'none'
    || !['none', 'normal', ''].includes(getComputedStyle(e, '::before').content);
  const look = (e) => {
    if (e.localName === 'img') return e.src ? {src: e.src} : null;
    if (e.localName === 'svg') return {svg: e.innerHTML};
    if (e.children.length || e.textContent.trim() || !e.classList.length || !drawn(e)) return null;
    return {classes: [...e.classList]};
  };
  const same = (a, b) => a.src ? a.src === b.src : a.svg !== undefined ? a.svg === b.svg
    : b.classes !== undefined && a.classes.every((c) => b.classes.includes(c));
  const holder = (e) => items.find((item) => item.contains(e) && !items.some((o) => o !== item && item.contains(o) && o.contains(e)));
  const pictures = [...document.body.querySelectorAll('img, svg, span, i, div, b, em')].filter(look);
  const told = pictures.filter((p) => !holder(p) && p.checkVisibility()
    && p.parentElement && p.parentElement.textContent.trim().split(/\\s+/).length >= 3);
  if (told.length !== 1) return {problem: `${told.length} pictures stand among the words of a sentence on the page`};
  const wanted = look(told[0]);
  const showing = [...new Set(pictures.filter((p) => holder(p) && same(wanted, look(p))).map(holder))];
  if (showing.length !== 1) return {problem: `${showing.length} of the elements show the picture shown with the task`};
  return {css, index: items.indexOf(showing[0])};
}"""
