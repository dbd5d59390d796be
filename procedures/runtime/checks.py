"""What replay verifies: after each step (a fill holds its value, a box is in the intended state, a
select shows the intended option, a click changes the page as the demonstration's did, no validation
message appeared) and at the end (the procedure's postconditions and the person's assertions).

Each check answers None when it holds, else "expected ..., saw ...". Part of procedures.runtime:
exported scripts carry this module verbatim, so it imports only the standard library, Playwright
and placeholders.
"""

import difflib
import fnmatch
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from procedures.runtime.deadline import PAGE_DEADLINE_S, evaluate_in_time
from procedures.runtime.placeholders import PLACEHOLDER, fill_placeholders, readable, said_parameter

STATE_JS = """(node) => {
  node = node || document;
  const doc = node.ownerDocument || node;
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const shown = (e) => (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null) && norm(e.innerText);
  const name = (e) => norm(e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].innerText) || e.name || e.id);
  const out = {
    alerts: Array.from(doc.querySelectorAll('[role=alert],[role=alertdialog]')).filter(shown).map((e) => norm(e.innerText).slice(0, 200)),
    flagged: Array.from(doc.querySelectorAll('[aria-invalid=true]')).map(name),
  };
  if (node.nodeType !== 1) return out;
  const el = node.localName === 'label' && node.control ? node.control : node;
  out.value = el.isContentEditable && !('value' in el) ? el.innerText : el.value;
  out.checked = 'checked' in el ? el.checked : el.getAttribute('aria-checked') === 'true';
  out.selected = el.selectedOptions ? Array.from(el.selectedOptions).map((o) => norm(o.label || o.text)) : null;
  const invalid = el.getAttribute('aria-invalid') === 'true' || (el.validity ? !el.validity.valid : false);
  const described = (el.getAttribute('aria-errormessage') || el.getAttribute('aria-describedby') || '')
    .split(/\\s+/).map((id) => id && doc.getElementById(id)).filter((e) => e && shown(e)).map((e) => norm(e.innerText));
  out.invalid = invalid ? (described.join(' ') || el.validationMessage || 'the field is marked invalid') : null;
  return out;
}"""

STATE_OF_FIRST_JS = f"(els) => ({STATE_JS})(els[0])"  # for Locator.evaluate_all, which does not wait

OPTIONS_JS = "els => els[0] && els[0].options ? Array.from(els[0].options).map(o => [o.label || o.text, o.value]) : null"

WATCH_JS = """(els, key) => {
  const doc = els[0] ? els[0].ownerDocument : document;
  const state = { n: 0 };
  state.observer = new MutationObserver((records) => { state.n += records.length; });
  const watch = (root) => state.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  // a change inside an open shadow root is a change of the page too: observe every one there is now
  const watchAll = (root) => {
    watch(root);
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.shadowRoot) watchAll(node.shadowRoot);
    }
  };
  watchAll(doc);
  Object.defineProperty(doc, key, { value: state, configurable: true });
}"""

CHANGED_JS = """(els, [key, ms]) => new Promise((resolve) => {
  const doc = els[0] ? els[0].ownerDocument : document;
  const state = doc[key];
  if (!state) return resolve(true);  // another document: the page changed
  const started = Date.now();
  const poll = () => {
    if (state.n > 0 || Date.now() - started >= ms) { state.observer.disconnect(); delete doc[key]; resolve(state.n > 0); }
    else setTimeout(poll, 20);
  };
  poll();
})"""

TEXT_JS = """([pattern, ms]) => new Promise((resolve) => {
  const re = new RegExp(pattern, 'i');
  const started = Date.now();
  const poll = () => {
    const text = (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ');
    if (re.test(text) || Date.now() - started >= ms) resolve(re.test(text) ? null : text.slice(0, 300));
    else setTimeout(poll, 50);
  };
  poll();
})"""


def _norm(text: str | None) -> str:
    return " ".join((text or "").split())


def _alnum(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _quoted(text: str, secret: bool = False) -> str:
    return "the secret value" if secret else repr(text[:120])


# The name a person reads by each checkbox: its label's text, else its aria-label.
CHECKBOX_NAMES_JS = """els => els.map(e => ((e.labels && e.labels.length ? e.labels[0].innerText : '') ||
    e.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim())"""


def value_problem(state: Mapping[str, Any], expected: str, secret: bool = False) -> str | None:
    """A fill holds its value: equal up to spacing, case and punctuation the site adds, or contained in it."""
    seen = state.get("value")
    if seen is None:
        return None
    seen = str(seen)
    if _norm(seen) == _norm(expected) or (_alnum(expected) and _alnum(expected) in _alnum(seen)):
        return None
    return f"expected the field to hold {_quoted(expected, secret)}, saw {'a different value' if secret else repr(seen[:120])}"


def toggle_problem(state: Mapping[str, Any], checked: bool) -> str | None:
    if bool(state.get("checked")) == checked:
        return None
    return f"expected the box to be {'checked' if checked else 'unchecked'}, saw it {'checked' if state.get('checked') else 'unchecked'}"


def selection_problem(state: Mapping[str, Any], labels: list[str]) -> str | None:
    seen = state.get("selected")
    if seen is None or sorted(map(_norm, seen)) == sorted(map(_norm, labels)):
        return None
    return f"expected the list to show {', '.join(map(repr, labels))}, saw {', '.join(map(repr, seen)) or 'nothing chosen'}"


def validation_problem(
    before: Mapping[str, Any] | None, after: Mapping[str, Any], target: bool, alerts_expected: bool | None
) -> str | None:
    """A validation message the step caused: its own field marked invalid, a field newly marked
    aria-invalid, or a new alert where the demonstration saw none (None: not known, alerts not judged)."""
    if target and after.get("invalid"):
        return f"expected the page to accept the value, saw the validation message {after['invalid']!r}"
    before = before or {"alerts": [], "flagged": []}
    flagged = [name for name in after.get("flagged", []) if name not in before.get("flagged", [])]
    if flagged:
        return (
            f"expected no field to be marked invalid, saw {', '.join(repr(n) for n in flagged if n) or 'a field'} marked invalid"
        )
    if alerts_expected is False:
        alerts = [text for text in after.get("alerts", []) if text not in before.get("alerts", [])]
        if alerts:
            return f"expected no message, as in the demonstration, saw the alert {alerts[0]!r}"
    return None


CLOSE_OPTION = 0.9  # how alike (difflib's ratio) a re-labelled option must be to the value it stands for


def closest_option(wanted: str, labels: list[str]) -> str | None:
    """The one label that stands for `wanted` when no label is it: the only one that contains it as words
    (or that it contains), else the only one close to it; None when none or several do."""
    key = _norm(wanted).casefold()
    if not key:
        return None
    words = re.compile(rf"(?<!\w){re.escape(key)}(?!\w)")
    containing = [label for label in labels if words.search(_norm(label).casefold())]
    if not containing:
        containing = [
            label for label in labels if _norm(label) and re.search(rf"(?<!\w){re.escape(_norm(label).casefold())}(?!\w)", key)
        ]
    if len(containing) == 1:
        return containing[0]
    if containing:
        return None
    close = [label for label in labels if difflib.SequenceMatcher(None, key, _norm(label).casefold()).ratio() >= CLOSE_OPTION]
    return close[0] if len(close) == 1 else None


def matching_options(options: list[list[str]], wanted: list[str]) -> list[str] | str:
    """The option values for `wanted` (labels, else values, else labels ignoring case and spacing, else
    the one label that stands for it: see closest_option), or a message that lists the options when one
    is not there."""
    values = []
    for choice in wanted:
        found = next((v for label, v in options if label == choice), None)
        found = found if found is not None else next((v for _, v in options if v == choice), None)
        if found is None:
            loose = _norm(choice).casefold()
            found = next((v for label, v in options if _norm(label).casefold() == loose), None)
        if found is None:
            label = closest_option(choice, [label for label, _ in options])
            found = next((v for other, v in options if other == label), None) if label is not None else None
        if found is None:
            shown = ", ".join(repr(label) for label, _ in options[:30]) + (" ..." if len(options) > 30 else "")
            return f"expected one of the options, saw no option {choice!r}; the options are {shown or 'none'}"
        values.append(found)
    return values


class ChangeWatch:
    """Watches the document of a clicked element: did the click change the page?"""

    def __init__(self, locator: Locator, root: Locator, page: Page) -> None:
        self.root, self.page, self.url = root, page, page.url
        self.key = f"__smh_watch_{secrets.token_hex(6)}"
        locator.evaluate_all(WATCH_JS, self.key)

    @classmethod
    def start(cls, locator: Locator, root: Locator, page: Page) -> "ChangeWatch | None":
        """`root` is the document element of the locator's frame (":root" in the same scope)."""
        try:
            return cls(locator, root, page)
        except PlaywrightError:
            return None  # the click itself will say what is wrong

    def problem(self, timeout_ms: float) -> str | None:
        try:
            changed = self.page.url != self.url or self.root.evaluate_all(CHANGED_JS, [self.key, timeout_ms])
        except PlaywrightError:
            changed = True  # the document went away: the click navigated
        return None if changed else "expected the click to change the page as in the demonstration, saw no change"


def url_matches(expected: str, actual: str) -> bool:
    """`*` globs the whole URL; else the same host (when given), the same path (ending with it when
    relative), and every query parameter given with the same value."""
    if "*" in expected:
        return fnmatch.fnmatchcase(actual, expected)
    want, got = urlsplit(expected), urlsplit(actual)
    if want.netloc and (want.netloc.lower() != got.netloc.lower() or (want.scheme and want.scheme != got.scheme)):
        return False
    wanted_path, got_path = want.path.rstrip("/"), got.path.rstrip("/")
    if want.netloc and wanted_path != got_path:
        return False
    if (
        not want.netloc
        and wanted_path
        and not got_path.endswith(wanted_path if wanted_path.startswith("/") else "/" + wanted_path)
    ):
        return False
    query = parse_qsl(got.query, keep_blank_values=True)
    return all((key, value) in query for key, value in parse_qsl(want.query, keep_blank_values=True))


def text_pattern(text: str) -> str:
    """A regex (for Python and JavaScript alike) for text with `*` wildcards and any spacing."""
    return r"[\s\S]*?".join(r"\s+".join(re.escape(word) for word in part.split()) for part in text.split("*"))


def describe_check(check: Mapping[str, Any], values: Mapping[str, str] | None = None) -> str:
    """A check in words for a person: its placeholders as the run's `values` give them (pass only what may be
    shown: secrets masked), else in words ("the page shows the flavour")."""
    kind, expected, selector = check["kind"], check.get("expected") or "", readable(check.get("selector") or "", values)
    alone = PLACEHOLDER.fullmatch(expected)
    if alone and alone.group(1) and not (values and alone.group(1) in values):
        shown = said_parameter(alone.group(1))  # a value no run gave yet: said, not quoted
    else:
        shown = repr(readable(expected, values))
    return {
        "url": f"the URL matches {shown}",
        "text": f"the page shows {shown}" + (f" in {selector}" if selector else ""),
        "value": f"{selector} holds {shown}",
        "element": f"{selector} is visible",
        "checked": f"{selector} is {_state_words(expected, values)}",
    }[kind]


def _state_words(expected: str, values: Mapping[str, str] | None) -> str:
    """'checked' or 'not checked', as the expected state or the value of its placeholder says."""
    name = next(iter(PLACEHOLDER.finditer(expected)), None)
    if name and name.group(1) and not (values and name.group(1) in values):
        return f"checked or not, as {said_parameter(name.group(1))} says"
    return "checked" if _checked(readable(expected, values)) else "not checked"


def _checked(expected: str) -> bool:
    return expected.strip().lower() in ("yes", "true", "on", "checked")


def _text_seen(page: Page, pattern: str, timeout_ms: float) -> str | None:
    """None once the page's text matches `pattern`, else its text; a page that moves on meanwhile is read again."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            left = max(0.0, deadline - time.monotonic())  # the script waits for the text this long, the deadline on top
            return evaluate_in_time(page, TEXT_JS, [pattern, left * 1000], seconds=left + PAGE_DEADLINE_S)
        except PlaywrightError:
            if time.monotonic() >= deadline:
                raise
            page.wait_for_load_state(timeout=max(1.0, (deadline - time.monotonic()) * 1000))


def url_problem(page: Page, expected: list[str], timeout_ms: float) -> str | None:
    """None once the page's URL matches one of the `expected` patterns (waiting up to `timeout_ms`), else what was seen."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not any(url_matches(pattern, page.url) for pattern in expected):
        if time.monotonic() >= deadline:
            return f"expected the URL to match {' or '.join(map(repr, expected))}, saw {page.url}"
        page.wait_for_timeout(50)
    return None


def check_problem(
    page: Page,
    check: Mapping[str, Any],
    params: Mapping[str, str],
    timeout_ms: float,
    readings: Sequence[Mapping[str, str]] = (),
) -> str | None:
    """None when the check holds on `page` (waiting up to `timeout_ms` for it), else what was seen. A text
    check also holds with the values of other `readings` (an option's value where the page shows that)."""
    kind = check["kind"]
    expected = fill_placeholders(check.get("expected") or "", params, "url" if kind == "url" else "text")
    texts = dict.fromkeys([expected, *(fill_placeholders(check.get("expected") or "", r, "text") for r in readings)])
    pattern = "|".join(f"(?:{text_pattern(text)})" for text in texts)
    selector = fill_placeholders(check.get("selector") or "", params, "selector")
    scope: Any = page
    for frame in check.get("frame") or []:
        scope = scope.frame_locator(fill_placeholders(frame, params, "selector"))
    try:
        if kind == "url":
            return url_problem(page, [expected], timeout_ms)
        if kind == "text" and not selector and not check.get("frame"):
            seen = _text_seen(page, pattern, timeout_ms)
            return None if seen is None else f"expected the page to show {expected!r}, saw {seen!r}"
        locator = scope.locator(selector or "body").first
        if kind == "element":
            locator.wait_for(state="visible", timeout=timeout_ms)
            return None
        if kind == "checked":
            seen = locator.is_checked(timeout=timeout_ms)
            return (
                None
                if seen == _checked(expected)
                else f"expected {describe_check(check | {'expected': expected, 'selector': selector})}, saw it {'checked' if seen else 'not checked'}"
            )
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            seen = locator.input_value(timeout=timeout_ms) if kind == "value" else _norm(locator.inner_text(timeout=timeout_ms))
            if (kind == "value" and _norm(seen) == _norm(expected)) or (
                kind == "text" and re.search(pattern, seen, re.IGNORECASE)
            ):
                return None
            if time.monotonic() >= deadline:
                return f"expected {describe_check(check | {'expected': expected, 'selector': selector})}, saw {seen[:200]!r}"
            page.wait_for_timeout(50)
    except PlaywrightError as exc:
        return f"expected {describe_check(check | {'expected': expected, 'selector': selector})}, saw {str(exc).splitlines()[0]}"
