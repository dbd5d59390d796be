"""A form laid out again: the field a step filled, found by the words of its label when the page names it with
more or fewer words ("Director" demonstrated, "Director Name" now) and puts the fields in another order.

Part of procedures.runtime (inlined into exported scripts before playback): standard library and
Playwright only.
"""

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from playwright.sync_api import FrameLocator, Locator, Page

from procedures.runtime.checks import url_matches
from procedures.runtime.placeholders import PLACEHOLDER, placeholders

FIELDS = "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]), select, textarea"

# Per field of FIELDS: whether it shows, its tag and type, and the words that name it: its labels, aria-label,
# the texts aria-labelledby points to, its placeholder and title, else the text just before it (in its own
# parent or the one above, with no other field in between).
FIELD_NAMES_JS = """(els) => els.map((el) => {
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const names = [...(el.labels || [])].map((l) => l.innerText);
  for (const id of (el.getAttribute('aria-labelledby') || '').split(/\\s+/)) {
    const ref = id && el.ownerDocument.getElementById(id);
    if (ref) names.push(ref.innerText);
  }
  names.push(el.getAttribute('aria-label'), el.getAttribute('placeholder'), el.getAttribute('title'));
  if (!names.some((n) => norm(n))) {
    for (let node = el, depth = 0; node && depth < 3 && !names.some((n) => norm(n)); node = node.parentElement, depth++) {
      for (let other = node.previousSibling; other; other = other.previousSibling) {
        if (other.nodeType === Node.ELEMENT_NODE && (other.matches('input, select, textarea') || other.querySelector('input, select, textarea'))) break;
        const text = norm(other.nodeType === Node.ELEMENT_NODE ? other.innerText : other.data);
        if (text) { names.push(text); break; }
      }
    }
  }
  return {
    shown: el.checkVisibility(),
    tag: el.localName,
    type: (el.getAttribute('type') || '').toLowerCase(),
    names: names.map(norm).filter(Boolean),
  };
})"""
TEXT_TYPES = ("", "text", "search", "email", "tel", "url")  # input types that take the same typed text


def words(text: str) -> frozenset[str]:
    """A label's words, in lower case, without its colon or an asterisk that marks it required."""
    return frozenset(re.findall(r"[^\W_]+", text.casefold()))


def _same_kind(field: Mapping[str, Any], tag: str, input_type: str) -> bool:
    if field["tag"] != tag:
        return False
    return tag != "input" or field["type"] == input_type or (field["type"] in TEXT_TYPES and input_type in TEXT_TYPES)


def _closeness(wanted: frozenset[str], names: list[str]) -> float:
    """How well a field's names hold the recorded label's words: every word of the one in the other (the
    share of words both have), else 0."""
    best = 0.0
    for name in names:
        have = words(name)
        if have and (wanted <= have or have <= wanted):
            best = max(best, len(wanted & have) / len(wanted | have))
    return best


def field_relabelled(scope: Page | FrameLocator, step: Mapping[str, Any]) -> tuple[str, Locator] | None:
    """The selector and locator of the one shown field of the step's kind whose label holds the recorded label's words, or whose words the
    recorded label holds, the closest; None when no field or two as close do."""
    wanted = words(step.get("field") or "")
    typed = step.get("tag") in ("textarea", "select") or (step.get("tag") == "input" and step.get("input_type") in TEXT_TYPES)
    if not wanted or step.get("action") not in ("fill", "select") or not typed or placeholders(step.get("selector")):
        return None  # a field a value is typed or chosen in, not one a parameter names (a radio button is a choice)
    fields = scope.locator(FIELDS)
    found = fields.evaluate_all(FIELD_NAMES_JS)
    scores = [
        (_closeness(wanted, f["names"]) if f["shown"] and _same_kind(f, step["tag"], step.get("input_type") or "") else 0.0, at)
        for at, f in enumerate(found)
    ]
    ranked = sorted((s for s in scores if s[0] > 0), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
        return None
    selector = f"{FIELDS} >> nth={ranked[0][1]}"
    return selector, scope.locator(selector)


def sent_as_laid_out(expected: str, filled: str, actual: str) -> bool:
    """Whether the URL `actual` is the URL check `expected` (`filled`: with the run's values) but for which query
    names carry the values of its placeholders: on a form laid out again the fields moved, and the names a page
    gives its fields by their places moved with them. Every other part must match as url_matches says."""
    movable = {k for k, v in parse_qsl(urlsplit(expected).query, keep_blank_values=True) if PLACEHOLDER.search(v)}
    want, got = urlsplit(filled), urlsplit(actual)
    wanted = parse_qsl(want.query, keep_blank_values=True)
    fixed = urlencode([(k, v) for k, v in wanted if k not in movable])
    if not movable or not url_matches(urlunsplit(want._replace(query=fixed)), actual):
        return False
    sent = Counter(v for k, v in parse_qsl(got.query, keep_blank_values=True) if k in movable)
    return not Counter(v for k, v in wanted if k in movable) - sent
