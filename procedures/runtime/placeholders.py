"""`{name}` placeholders in step values, selectors and URLs; `{{` and `}}` are literal braces.

Part of procedures.runtime, standard library only: exported scripts carry this module verbatim.
"""

import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote_plus

PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z][a-z0-9_]{0,63})\}")
OPTION_VALUE = "__value"  # `{genre__value}`: the value attribute of the option that parameter `genre` chose (in a URL)


def placeholders(text: str | None) -> set[str]:
    """The parameter names that `text` refers to."""
    if not text or "{" not in text:
        return set()
    return {m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1)}


def escape_braces(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def fill_placeholders(text: str, values: Mapping[str, str], mode: str = "text") -> str:
    """Put parameter values in for `{name}`. mode "selector" escapes them as inside a quoted
    selector string, "url" encodes them as a query value; a missing value raises KeyError(name)."""

    def repl(match: "re.Match[str]") -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)[0]
        value = str(values[name])
        if mode == "selector":
            return json.dumps(value, ensure_ascii=False)[1:-1]
        if mode == "url":
            return quote_plus(value)
        return value

    return PLACEHOLDER.sub(repl, text)


def said_parameter(name: str) -> str:
    """A parameter as a person says it: `{pickup_date}` is "the pickup date", `{size__value}` "the size"."""
    base = name[: -len(OPTION_VALUE)] if name.endswith(OPTION_VALUE) else name
    return "the " + " ".join(base.split("_"))


def readable(text: str, values: Mapping[str, str] | None = None) -> str:
    """`text` for a person: each placeholder as the value `values` give it, else in words, marked
    (`page shows <the flavour>`); literal braces as themselves."""

    def repl(match: "re.Match[str]") -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)[0]
        if values is not None and name in values:
            return str(values[name])
        return f"<{said_parameter(name)}>"

    return PLACEHOLDER.sub(repl, text)


def aliased(value: str, aliases: Mapping[str, str]) -> str:
    """The value with each former option label (one per line) that `aliases` maps as the option it stands for now."""
    by_old = {old.casefold(): new for old, new in aliases.items()}
    return "\n".join(by_old.get(v.strip().casefold(), v) for v in value.split("\n"))


def rename_placeholders(text: str, renames: Mapping[str, str]) -> str:
    return PLACEHOLDER.sub(lambda m: "{" + renames.get(m.group(1), m.group(1)) + "}" if m.group(1) else m.group(0), text)


def option_values(steps: list[Mapping[str, Any]], values: Mapping[str, str]) -> dict[str, str]:
    """`{name__value}` for each select step whose value is `{name}`: the value attribute of the option
    `values[name]` names (by its label or its value), as a form sends it."""
    derived = {}
    for step in steps:
        value, options, attributes = step.get("value") or "", step.get("options") or [], step.get("option_values") or []
        name = value[1:-1]
        if step.get("action") != "select" or not PLACEHOLDER.fullmatch(value) or len(options) != len(attributes):
            continue
        wanted = str(values.get(name, ""))
        by_label = {label.casefold(): attr for label, attr in zip(options, attributes)}
        chosen = wanted if wanted in attributes else by_label.get(wanted.casefold())
        if chosen is not None:
            derived[name + OPTION_VALUE] = chosen
    return derived
