"""Binding a procedure's parameters to values taken from a task's text, saying how each was found.

In order: the task has the shape of the demonstration's title (or description) with the demonstrated
values cut out; else each value sits where the title had its value, between the same words (other
wordings around them allowed); else it has the example's shape with other numbers ("Tab #3"); else
it is next to the parameter's name or label; else it is one of the parameter's allowed values; else
quoted strings go to what is left, in order. Pure: no browser, no network.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from core.settings import load_settings
from core.sites import on_site
from core.words import STOP_WORDS
from procedures.binding.by_values import ByValues
from procedures.binding.by_words import ByWords
from procedures.binding.list_values import list_problems, task_lists
from procedures.binding.reading import CHOSEN, ENV_PREFIX
from procedures.binding.result import Binding
from procedures.binding.unasked import unasked
from procedures.models import YES, Parameter, Procedure
from procedures.wording.notes import is_note
from procedures.wording.word_forms import replaced


class _Binder(ByWords, ByValues):
    """A task bound to a procedure's parameters, by every way in turn (see bind)."""


def _variables(procedure: Procedure, name: str, param_env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(variable, site) pairs, first match first; site "" for a variable meant for any site."""
    chosen = []
    for key, variable in param_env.items():
        param, _, site = key.partition("@")
        if param == name and (not site or any(on_site(d, site) for d in procedure.abstract.domains)):
            chosen.append((-len(site), variable, site))  # the most specific site first, a plain name last
    return [(variable, site) for _, variable, site in sorted(chosen)] + [(ENV_PREFIX + name.upper(), "")]


def parameter_variables(procedure: Procedure, name: str, param_env: Mapping[str, str]) -> list[str]:
    """The environment variables that may hold a parameter, first match first: the ones the settings
    name for `name@site` (the procedure's site or a parent domain of it) and for `name`, then the default."""
    return [variable for variable, _ in _variables(procedure, name, param_env)]


def secret_sites(
    procedure: Procedure,
    values: Mapping[str, str],
    env: Mapping[str, str] | None = None,
    param_env: Mapping[str, str] | None = None,
) -> dict[str, list[str]]:
    """The sites each bound secret may be used on: the one that `param_env` names when the value came from
    that site's variable, else the procedure's own sites. A value that came from a site's variable is kept
    as a secret of that site even when its parameter is not secret. Replay checks them where the browser is."""
    env = os.environ if env is None else env
    param_env = load_settings().param_env if param_env is None else param_env
    own = procedure.abstract.domains
    out = {}
    for param in procedure.abstract.parameters:
        if param.name not in values:
            continue
        source = next(((v, site) for v, site in _variables(procedure, param.name, param_env) if env.get(v)), None)
        site = source[1] if source is not None and env[source[0]] == values[param.name] else ""
        if site:
            out[param.name] = [site]
        elif param.secret:
            out[param.name] = list(own)
    return out


def bind(
    procedure: Procedure,
    task: str,
    env: Mapping[str, str] | None = None,
    param_env: Mapping[str, str] | None = None,
    *,
    values_only: bool = False,
) -> Binding:
    """Values for the procedure's parameters from the task (see the module docstring), then from the
    environment (the variable that the `param_env` setting names for it, else SHOWMEHOW_PARAM_<NAME>),
    then a parameter that need not be given keeps its demonstrated value. The procedure never holds a secret.
    `values_only`: the same values, without looking for what the task says that none of them holds (`unplaced`,
    `changed` and the readings that makes `ambiguous` are left empty): cheaper, for scoring many procedures."""
    env = os.environ if env is None else env
    param_env = load_settings().param_env if param_env is None else param_env
    binder = _Binder(procedure, task)
    for name, items, span in task_lists(procedure, binder.task):
        binder.result.put(name, items, "the list the task gives")
        binder.used.append(span)
    binder.by_title_shape()
    binder.by_field_names()
    binder.by_roles()
    binder.by_demonstrated_targets()
    binder.by_neighbours()
    binder.by_shape()
    binder.by_names()
    binder.by_allowed_values()
    binder.by_option_words()
    binder.by_position()
    binder.by_parts()
    binder.by_verb()
    binder.toggles()
    result = binder.result
    for name, (value, source, span) in binder.doubtful.items():
        if name not in result.values and binder.free(span):  # not a value that another parameter took since
            result.put(name, value, source)
    binder.formatted()
    if not values_only:
        result.unplaced = binder.unplaced()
        result.changed = binder.changed()
        result.unplaced += [d.said for d in result.changed if d.said not in result.unplaced]
        result.ambiguous += [
            f"the task asks to \"{asked}\", which no field, option or step of '{procedure.title}' takes"
            for asked in unasked(procedure, binder.task, binder.used, result.values)
        ]
    _from_environment_or_defaults(procedure, result, env, param_env)
    if not values_only:
        kept = {
            p.name: p.example
            for p in procedure.abstract.parameters
            if p.name in result.defaulted and p.kind in CHOSEN and p.example
        }
        result.unplaced += [v for v in replaced(procedure.title, binder.task, kept, STOP_WORDS) if v not in result.unplaced]
    return result


def _from_environment_or_defaults(
    procedure: Procedure, result: Binding, env: Mapping[str, str], param_env: Mapping[str, str]
) -> None:
    """Each parameter the task gave no value: from the environment, else left empty (a text about the demonstration's
    own case), else its demonstrated value when it need not be given."""
    for param in procedure.abstract.parameters:
        if param.name in result.values:
            continue
        variables = parameter_variables(procedure, param.name, param_env)
        found = next((v for v in variables if env.get(v)), None)
        if found:
            result.put(param.name, env[found], f"the environment variable {found}")
        elif param.name in case_texts(procedure):
            result.put(param.name, "", "left empty: the demonstrated text was about its own case, and the task gives none")
        elif param.name in (fallback := defaults(procedure)):
            result.put(param.name, fallback[param.name], _kept(param))
            result.defaulted.append(param.name)


def bind_parameters(
    procedure: Procedure, task: str, env: Mapping[str, str] | None = None, param_env: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Values for the procedure's parameters, from the task text and the environment; see `bind`."""
    return bind(procedure, task, env, param_env).values


PROSE = 3  # a typed text of this many words or more is prose about its case


def case_texts(procedure: Procedure) -> set[str]:
    """The optional typed parameters whose demonstrated text described the demonstration's own case (what is
    typed in a multi-line field, or prose of a few words: "The printer near room 301 jams"): a task that gives
    no text of its own leaves them empty rather than sending that case's words with another. A parameter
    marked as a setting keeps its text, and so do choices (options, radio buttons, checkboxes): they are settings."""
    multiline = {
        name
        for step in procedure.steps
        if step.action == "fill" and step.tag == "textarea"
        for name in step.referenced_parameters()
    }
    return {
        p.name
        for p in procedure.abstract.parameters
        if not p.required and p.kind == "text" and not p.secret and not p.allowed and not p.setting and p.example
        if p.name in multiline or len(p.example.split()) >= PROSE or is_note(p.label)
    }


def _kept(param: Parameter) -> str:
    """How a run says it kept a demonstrated value: what it does with a checkbox."""
    if param.kind == "toggle":
        done = "ticked" if param.example == YES else "left unticked"
        return f"{done} '{param.label or param.name}' as the demonstration did (the task does not say)"
    return "the demonstrated value (the task names no other)"


def defaults(procedure: Procedure) -> dict[str, str]:
    """The values of parameters that a task need not give: their demonstrated ones, and nothing for a text
    about the demonstration's own case (see `case_texts`)."""
    empty = case_texts(procedure)
    return {
        p.name: "" if p.name in empty else p.example
        for p in procedure.abstract.parameters
        if not p.required and p.example is not None
    }


def missing_parameters(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    return [p.name for p in procedure.abstract.parameters if p.required and p.name not in values]


def invalid_values(procedure: Procedure, values: Mapping[str, str]) -> list[str]:
    """What is wrong with values that only some values will do: one message per parameter."""
    problems = list_problems(procedure, values)
    for param in procedure.abstract.parameters:
        value = values.get(param.name)
        if value is None or not param.closed:
            continue
        allowed = {a.lower() for a in param.accepted}
        wrong = [v for v in value.split("\n") if v.strip().lower() not in allowed]
        if wrong:
            shown = ", ".join(f'"{a}"' for a in dict.fromkeys(param.allowed))
            problems.append(f'{param.name} cannot be "{wrong[0]}": it must be one of {shown}')
    return problems


def current_values(procedure: Procedure, values: Mapping[str, str]) -> dict[str, str]:
    """The values with each former option label that a revision mapped (see Parameter.aliases) as the
    option it stands for now."""
    aliased = {p.name: p for p in procedure.abstract.parameters if p.aliases}
    return {name: aliased[name].current(value) if name in aliased else value for name, value in values.items()}
