"""Chrome DevTools Recorder JSON: existing recordings become Recordings, then procedures."""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple
from urllib.parse import parse_qsl, urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ShowMeHowError, describe_error
from core.masking import SECRET_MASK, mask_values, value_pattern
from core.secrecy import is_secret_name, redact_url
from core.untrusted import load_json
from core.words import snake_case
from procedures.models import Check
from recorder.fingerprints import scrub_step
from recorder.models import RecordedStep, Recording

IGNORED_TYPES = {
    "setViewport",
    "waitForExpression",
    "scroll",
    "keyUp",
    "close",
    "emulateNetworkConditions",
    "customStep",
}
KNOWN_TYPES = IGNORED_TYPES | {"navigate", "click", "doubleClick", "change", "keyDown", "waitForElement", "hover"}


class DevToolsStep(BaseModel):
    """One step of a DevTools recording; fields this importer does not use are allowed and ignored."""

    model_config = ConfigDict(extra="allow")

    type: str
    url: str | None = Field(None, max_length=2000)
    value: str | None = Field(None, max_length=100_000)
    key: str | None = Field(None, max_length=50)
    selectors: list[list[str] | str] = Field(default_factory=list, max_length=20)
    target: str | None = None
    frame: list[int] = Field(default_factory=list, max_length=10)
    assertedEvents: list[dict[str, Any]] = Field(default_factory=list)
    visible: bool = True  # waitForElement
    properties: dict[str, Any] = Field(default_factory=dict)  # waitForElement


class DevToolsRecording(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str = Field(max_length=2000)
    steps: list[DevToolsStep] = Field(min_length=1, max_length=5000)


def looks_like_devtools(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("steps"), list) and "format" not in data


# The roles an accessible name alone (`aria/Name`) may belong to, by what the step does.
CLICKED_ROLES = ("button", "link", "tab", "menuitem", "checkbox", "radio", "option", "switch", "textbox", "combobox")
CHANGED_ROLES = ("textbox", "combobox", "searchbox", "spinbutton")
TAG_ROLES = {"button": "button", "a": "link", "select": "combobox", "textarea": "textbox", "summary": "button"}
INPUT_ROLES = {"checkbox": "checkbox", "radio": "radio", "submit": "button", "button": "button", "search": "searchbox"}


def _tag_parts(groups: list[list[str] | str]) -> list[str]:
    """The last compound of each CSS and XPath selector (`form > input[type=radio]`, `/html/body/select`)."""
    parts = []
    for group in groups:
        part = (group if isinstance(group, str) else group[-1]).removeprefix("pierce/")
        if part.startswith(("aria/", "text/")):
            continue
        if part.startswith("xpath/"):
            parts.append(re.sub(r"\[\d+\]$", "", part.rstrip("/").rsplit("/", 1)[-1]))
        else:
            parts.append(re.split(r"\s*[\s>+~]\s*", part.strip())[-1])
    return parts


def _role_hint(groups: list[list[str] | str]) -> str | None:
    """The role that the step's CSS or XPath selectors say its element has (`button.primary` -> button);
    "input" for an input of no stated type."""
    for last in _tag_parts(groups):
        tag = re.match(r"[a-z][a-z0-9-]*", last)
        if tag and tag.group(0) == "input":
            kind = re.search(r"\[(?:@)?type=[\"']?(\w+)", last)
            return INPUT_ROLES.get(kind.group(1).lower(), "textbox") if kind else "input"
        if tag and tag.group(0) in TAG_ROLES:
            return TAG_ROLES[tag.group(0)]
    return None


def _name_attribute(groups: list[list[str] | str]) -> str:
    """The `name` attribute a CSS or XPath selector gives (`input[name="user"]`, `//*[@name='user']`)."""
    for last in _tag_parts(groups):
        found = re.search(r"\[@?name=[\"']?([^\"'\]]+)", last)
        if found:
            return found.group(1)
    return ""


def _aria(part: str, roles: tuple[str, ...]) -> list[str] | None:
    match = re.fullmatch(r'aria/(.+?)(?:\[role="([a-z]+)"\])?', part)
    if not match:
        return None
    name = json.dumps(match.group(1), ensure_ascii=False)
    return [f"internal:role={role}[name={name}s]" for role in ([match.group(2)] if match.group(2) else roles)]


def _selectors(parts: list[str] | str, roles: tuple[str, ...], field: bool = False) -> list[str]:
    """A DevTools selector (a list of parts that pierce shadow roots) as Playwright selectors: an
    accessible name without a role becomes one role selector for each role it may have, after a
    selector by label when the element is a form field of no known role (a text field or a select)."""
    parts = [parts] if isinstance(parts, str) else parts
    chains = [""]
    for part in parts:
        if part.startswith("aria/"):
            options = _aria(part, roles)
            if not options:
                return []
            if field and len(options) > 1:
                options = [f"internal:label={json.dumps(_aria_name(part), ensure_ascii=False)}s", *options]
        elif part.startswith("xpath/"):
            options = ["xpath=" + part.removeprefix("xpath/")]
        elif part.startswith("pierce/"):
            options = ["css=" + part.removeprefix("pierce/")]
        elif part.startswith("text/"):
            options = [f"internal:text={json.dumps(part.removeprefix('text/'), ensure_ascii=False)}i"]
        else:
            options = [part]
        chains = [f"{chain} >> {option}" if chain else option for chain in chains for option in options]
    return chains


def _aria_name(part: str) -> str:
    return re.sub(r'\[role="[a-z]+"\]$', "", part.removeprefix("aria/"))


def _wait_check(raw: DevToolsStep, selectors: list[str], after: int) -> Check | None:
    """A waitForElement step as a check after the steps imported so far (at the end when it comes last)."""
    if not raw.visible or not selectors:
        return None  # waiting for an element to go away has no check of its own
    value = raw.properties.get("value")
    kind = "value" if isinstance(value, str) else "element"
    frame = [f"iframe >> nth={i}" for i in raw.frame]
    return Check(
        kind=kind,
        selector=selectors[0],
        expected=value if kind == "value" else "",
        frame=frame,
        after_step=after or None,
        source="devtools",
    )


class Imported(NamedTuple):
    """A DevTools recording as a Recording, the checks its waits and asserted navigations make, and a line
    for each step it could not map."""

    recording: Recording
    checks: list[Check]
    notes: list[str]


NOT_MAPPED = {
    "waitForExpression": "a JavaScript expression is no check ShowMeHow runs",
    "close": "replay leaves the browser open",
    "emulateNetworkConditions": "replay uses the network as it is",
    "customStep": "its meaning is the extension's that wrote it",
}


def devtools_import(text: str, source: str = "input") -> Imported:
    """The recording, and the checks its waitForElement steps and asserted navigations make (with the
    demonstrated values; the builder turns them into parameters). A wait after the last step is an end check."""
    data = load_json(text, source)
    try:
        devtools = DevToolsRecording.model_validate(data)
    except ValidationError as exc:
        raise ShowMeHowError(f"{source} is not a DevTools Recorder file: {describe_error(exc)}") from exc
    steps: list[RecordedStep] = []
    typed_secrets: list[tuple[str, str]] = []  # (value, the field's name)
    checks: list[Check] = []
    notes: list[str] = []
    pages: dict[str, int] = {"main": 0}
    focused: dict[int, RecordedStep] = {}  # page -> the element acted on last, which a key goes to
    fields = {_key(group) for raw in devtools.steps if raw.type == "change" for group in raw.selectors}
    url = ""
    for number, raw in enumerate(devtools.steps):
        where = f"{source}: steps.{number}"
        if raw.type not in KNOWN_TYPES:
            raise ShowMeHowError(f"{where}.type {raw.type!r} is not a DevTools Recorder step type")
        if raw.type == "keyUp" and steps and steps[-1].action == "press" and _navigation(raw):
            steps[-1] = steps[-1].model_copy(update={"navigates_to": _navigation(raw)})  # the key's navigation
            url = steps[-1].navigates_to or url
            checks.append(Check(kind="url", expected=url, after_step=len(steps), source="devtools"))
        if raw.type in IGNORED_TYPES:
            if raw.type in NOT_MAPPED:
                notes.append(f"steps.{number} ({raw.type}) is not imported: {NOT_MAPPED[raw.type]}")
            continue
        page = pages.setdefault(raw.target or "main", len(pages))
        if raw.type == "waitForElement":
            exact = [options[0] for parts in raw.selectors if len(options := _selectors(parts, ())) == 1]  # no role guessed
            check = _wait_check(raw, exact, len(steps))
            if check is None:
                notes.append(f"steps.{number} (waitForElement) is not imported: it waits for no element it can name")
            checks += [check] if check else []
            continue
        if raw.type == "navigate":
            if not raw.url:
                raise ShowMeHowError(f"{where}.url is required for a navigate step")
            url = redact_url(raw.url)
            steps.append(RecordedStep(action="navigate", value=url, url=url, page=page))
            continue
        field = any(_key(group) in fields for group in raw.selectors)
        step = _action_step(raw, where, url, page, field, focused.get(page))
        if step is None:
            continue
        if step.action not in ("press", "hover"):
            focused[page] = step
        if step.secret and raw.value:
            typed_secrets.append((raw.value, step.field))
        steps.append(step)
        if step.navigates_to:
            url = step.navigates_to
            checks.append(Check(kind="url", expected=url, after_step=len(steps), source="devtools"))
    if not steps:
        raise ShowMeHowError(f"{source}: the recording has no steps to replay")
    last = len(steps)
    checks = [c.model_copy(update={"after_step": None}) if c.after_step == last else c for c in checks]
    recording, checks = _without_secret_values(Recording(title=devtools.title, steps=steps), checks, devtools, typed_secrets)
    return Imported(recording, checks, notes)


def _key(group: list[str] | str) -> str:
    return json.dumps(group)


def _action_step(
    raw: DevToolsStep, where: str, url: str, page: int, field: bool, focused: RecordedStep | None
) -> RecordedStep | None:
    """A click, change or key press as a recorded step, on `url`; None for a printable key, which a change
    step types. `field`: a change step acts on the element (a text field or a select, then). A key goes to
    the element acted on last (`focused`) unless it names its own. `where` names the step in error messages."""
    if raw.type == "keyDown":
        if not raw.key:
            raise ShowMeHowError(f"{where}.key is required for a keyDown step")
        if len(raw.key) == 1:
            return None
        if not raw.selectors and focused is not None:
            return focused.model_copy(
                update={"action": "press", "value": raw.key, "secret": False, "navigates_to": _navigation(raw), "url": url}
            )
    hint = _role_hint(raw.selectors)
    if hint == "input":
        hint = "textbox" if field else None
    roles = (hint,) if hint else CHANGED_ROLES if field else CLICKED_ROLES
    groups = raw.selectors if hint or field else sorted(raw.selectors, key=_guessed)  # a role guessed comes last
    selectors = list(dict.fromkeys(s for parts in groups for s in _selectors(parts, roles, field and not hint)))[:20]
    if raw.type != "keyDown" and not selectors:
        raise ShowMeHowError(f"{where}.selectors has no selector this importer can use")
    box = hint in ("radio", "checkbox") and raw.type == "click"
    action = {"click": "click", "doubleClick": "dblclick", "change": "fill", "keyDown": "press", "hover": "hover"}[raw.type]
    action = "select" if action == "fill" and hint == "combobox" else "check" if box else action
    secret = action == "fill" and _looks_secret(raw)  # a password in a DevTools file is not kept
    name = next(
        (
            _aria_name(part)
            for group in raw.selectors
            for part in ([group] if isinstance(group, str) else group)
            if part.startswith("aria/")
        ),
        "",
    )
    if name and raw.value and name.lower() == raw.value.lower():
        name = ""  # the element's text is the value typed or chosen, not the field's name
    own_name = name or _name_attribute(raw.selectors)
    return RecordedStep(
        action=action,
        selector=selectors[0] if selectors else "body",
        selectors=selectors or ["body"],
        value=raw.key if action == "press" else (None if secret else raw.value),
        option_value=raw.value if action == "select" else None,
        secret=secret,
        url=url,
        page=page,
        frame=[f"iframe >> nth={i}" for i in raw.frame],
        navigates_to=_navigation(raw),
        label=name,
        field=own_name if field or action in ("fill", "select") else "",
        input_type=hint if box else "",
        group=_name_attribute(raw.selectors) if box else "",
    )


def _guessed(group: list[str] | str) -> bool:
    """Whether a selector names its element by an accessible name of no stated role (so its role is guessed)."""
    first = group if isinstance(group, str) else group[0]
    return first.startswith("aria/") and "[role=" not in first


def _navigation(raw: DevToolsStep) -> str | None:
    return next((redact_url(str(e.get("url"))) for e in raw.assertedEvents if e.get("type") == "navigation"), None)


def _looks_secret(raw: DevToolsStep) -> bool:
    """A change step in a field whose selectors name a password, PIN, card number... (`#loginPassword` too)."""
    parts = [part for group in raw.selectors for part in ([group] if isinstance(group, str) else group)]
    return any(is_secret_name(part) for part in parts)


def _without_secret_values(
    recording: Recording, checks: list[Check], devtools: DevToolsRecording, typed: list[tuple[str, str]]
) -> tuple[Recording, list[Check]]:
    """The recording with the values typed into secret fields, and those that its URLs pass under a
    secret-sounding name (`?pw=...`), cut out wherever else they appear: another field the page copied
    one into, a selector, a URL, the title (where a typed one becomes its parameter's placeholder).
    A check that would show one is left out."""
    urls = [raw.url for raw in devtools.steps if raw.url]
    urls += [str(event["url"]) for raw in devtools.steps for event in raw.assertedEvents if event.get("url")]
    values = {value for value, _ in typed} | {value for url in urls for value in _secret_parameters(url)}
    pattern = value_pattern(values)
    if pattern is None:
        return recording, checks
    holds = lambda text: pattern.search(text) is not None
    title = recording.title
    for value, name in typed:
        title = mask_values(title, [value], f"{{{snake_case(name)}}}")
    steps = [scrubbed for step in recording.steps if (scrubbed := scrub_step(step, holds, lambda t: pattern.sub(SECRET_MASK, t)))]
    kept = [c for c in checks if not any(holds(text) for text in (c.expected, c.selector or "", *c.frame))]
    return recording.model_copy(update={"title": mask_values(title, values), "steps": steps}), kept


def _secret_parameters(url: str) -> list[str]:
    query = urlsplit(url)
    pairs = parse_qsl(query.query, keep_blank_values=True) + parse_qsl(query.fragment, keep_blank_values=True)
    return [value for key, value in pairs if value and is_secret_name(key)]
