"""Binding a procedure's parameters to values taken from a task's text."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from core.settings import load_settings
from core.sites import on_site
from procedures.models import Parameter, Procedure

ENV_PREFIX = "SHOWMEHOW_PARAM_"
QUOTED = re.compile(r'"([^"]*)"|\'([^\']*)\'|“([^”]*)”')
TRAILING = " \t.!?;,"


def _words(name: str) -> str:
    return r"[\s_-]*".join(map(re.escape, name.split("_")))


def _value_group(name: str, last: bool) -> str:
    """A value in a task: quoted (any text) or bare (lazy, or to the end when it is the last)."""
    bare = r"[^\"“”]+" if last else r"[^\"“”]+?"  # a bare value never swallows a quoted one
    return rf"(?:\"(?P<{name}__q>[^\"]*)\"|'(?P<{name}__s>[^']*)'|“(?P<{name}__c>[^”]*)”|(?P<{name}__b>{bare}))"


def _template(text: str, params: list[Parameter]) -> tuple[re.Pattern[str], list[str]] | None:
    """A pattern for tasks shaped like `text` with each demonstrated value cut out."""
    spans = []
    for param in params:
        placeholder = re.search(rf"[\"'“]?\{{{param.name}\}}[\"'”]?", text)  # where the recorder put a secret's placeholder
        if placeholder:
            m = placeholder
        elif param.example:
            m = re.search(rf"[\"'“]?{re.escape(param.example)}[\"'”]?", text, re.IGNORECASE)
        else:  # a secret: its demonstrated value is never kept, but a title may show where it goes
            m = re.search(rf"\b{_words(param.name)}\s+(\"[^\"]*\"|'[^']*'|“[^”]*”|[^\s,;.]+)", text, re.IGNORECASE)
        if m:
            group = 1 if m.re.groups else 0
            spans.append((m.start(group), m.end(group), param.name))
    if not spans:
        return None
    spans.sort()
    pattern, at, names = "", 0, []
    for index, (start, end, name) in enumerate(spans):
        if start < at or name in names:
            continue
        pattern += _literal(text[at:start]) + _value_group(name, last=index == len(spans) - 1 and not text[end:].strip(TRAILING))
        names.append(name)
        at = end
    pattern += _literal(text[at:].rstrip(TRAILING))
    return re.compile(pattern, re.IGNORECASE), names


def _literal(text: str) -> str:
    words = text.split()
    joined = r"\s+".join(re.escape(w) for w in words)
    lead = r"\s*" if text[:1].isspace() or not text else ""
    tail = r"\s*" if text[-1:].isspace() else ""
    return lead + joined + tail if words else r"\s*"


def _from_groups(match: re.Match[str], names: list[str]) -> dict[str, str]:
    values = {}
    for name in names:
        for kind in ("q", "s", "c", "b"):
            value = match.group(f"{name}__{kind}")
            if value is not None:
                values[name] = value.strip() if kind == "b" else value
                break
    return {k: v for k, v in values.items() if v}


def _cut_at_other_names(values: dict[str, str], names: list[str]) -> dict[str, str]:
    """A bare value runs on only until another parameter is named ("emile with password x" -> "emile")."""
    out = {}
    for name, value in values.items():
        others = "|".join(_words(other) for other in names if other != name)
        if others:
            value = re.split(
                rf"\s*(?:,|\b(?:with|and)\b)\s+(?:the\s+|my\s+)?(?:{others})\b", value, maxsplit=1, flags=re.IGNORECASE
            )[0]
        if value:
            out[name] = value
    return out


def _by_template(procedure: Procedure, task: str) -> dict[str, str]:
    task = task.strip().rstrip(TRAILING)
    best: dict[str, str] = {}
    for source in (procedure.title, procedure.description, procedure.abstract.goal):
        template = _template(source.strip(), procedure.abstract.parameters) if source else None
        if template is None:
            continue
        pattern, names = template
        match = pattern.fullmatch(task) or pattern.search(task)
        if match and len(_from_groups(match, names)) > len(best):
            best = _from_groups(match, names)
    return _cut_at_other_names(best, procedure.parameter_names)


def _by_names(procedure: Procedure, task: str, bound: Mapping[str, str]) -> dict[str, str]:
    """`name: value`, `name=value` and `name value` pairs, then quoted strings in order."""
    values: dict[str, str] = {}
    for param in procedure.abstract.parameters:
        if param.name in bound:
            continue
        pair = re.search(
            rf"\b{_words(param.name)}\b\s*(?:[:=]|\bis\b|\bof\b)?\s*(?:\"([^\"]*)\"|'([^']*)'|“([^”]*)”|([^\s,;]+))",
            task,
            re.IGNORECASE,
        )
        if pair:
            value = next(g for g in pair.groups() if g is not None)
            if value.lower() not in ("and", "with", "the", "a"):
                values[param.name] = value
    taken = set(bound.values()) | set(values.values())
    quoted = [next(g for g in m.groups() if g is not None) for m in QUOTED.finditer(task)]
    quoted = [q for q in quoted if q not in taken]
    for param in procedure.abstract.parameters:
        if quoted and param.name not in bound and param.name not in values and not param.secret:
            values[param.name] = quoted.pop(0)
    return values


def parameter_variables(procedure: Procedure, name: str, param_env: Mapping[str, str]) -> list[str]:
    """The environment variables that may hold a parameter, first match first: the ones the settings
    name for `name@site` (the procedure's site or a parent domain of it) and for `name`, then the default."""
    chosen = []
    for key, variable in param_env.items():
        param, _, site = key.partition("@")
        if param == name and (not site or any(on_site(d, site) for d in procedure.abstract.domains)):
            chosen.append((-len(site), variable))  # the most specific site first, a plain name last
    return [variable for _, variable in sorted(chosen)] + [ENV_PREFIX + name.upper()]


def bind_parameters(
    procedure: Procedure, task: str, env: Mapping[str, str] | None = None, param_env: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Values for the procedure's parameters: from the task shaped like the demonstration's title or
    description, then from named values and quoted strings in the task, then (for any parameter, and
    the only source for secrets besides the task) from the environment: the variable that the
    `param_env` setting names for it, else SHOWMEHOW_PARAM_<NAME>. The procedure never holds a secret."""
    env = os.environ if env is None else env
    param_env = load_settings().param_env if param_env is None else param_env
    values = _by_template(procedure, task)
    values |= _by_names(procedure, task, values)
    for param in procedure.abstract.parameters:
        if param.name not in values:
            found = next((env[v] for v in parameter_variables(procedure, param.name, param_env) if env.get(v)), None)
            if found:
                values[param.name] = found
    return values


def missing_parameters(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    return [p.name for p in procedure.abstract.parameters if p.required and p.name not in values]
