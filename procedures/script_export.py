"""A procedure as a standalone Playwright Python script whose parameters are command-line options."""

from __future__ import annotations

import ast
import inspect
import pprint
from pathlib import Path
from types import ModuleType

from core import masking, ordering, sent, sites, urls
from core.settings import atomic_write_text
from procedures import runtime
from procedures.models import Procedure
from procedures.runtime import (
    acting,
    checks,
    comparison,
    deadline,
    formats,
    gestures,
    idioms,
    locating,
    looping,
    picks,
    placeholders,
    playback,
    pointing,
    reaching,
    relabelled,
    sending,
    stepping,
    steps,
    verifying,
    widgets,
)
from recorder.browser import CHROMIUM_ARGS

HEADER = '''#!/usr/bin/env python3
"""{title}

Exported from ShowMeHow. Needs Python 3.11+ and `pip install playwright`; uses Chromium from
$SHOWMEHOW_CHROMIUM or `chromium` on PATH. Every parameter may also come from the environment
(SHOWMEHOW_PARAM_<NAME>), which suits secrets. Run with --help to see the parameters.
"""

'''

WHOLE = ""  # among a module's imported names: `import module` itself, beside any `from module import name`
MAIN_IMPORTS = {"argparse": [WHOLE], "os": [WHOLE], "shutil": [WHOLE], "sys": [WHOLE], "playwright.sync_api": ["sync_playwright"]}

MAIN = """

PROCEDURE_TITLE = {title!r}
DOMAINS = {domains}  # the procedure's sites: it acts on them, and its secrets go nowhere else
PARAMETERS = {parameters}
STEPS = {steps}
CHECKS = {checks}
EVIDENCE = {evidence}  # where the demonstration's requests carried each parameter's value
EXAMPLES = {examples}
CHROMIUM_ARGS = {chromium_args}


def parameter_option(parser, param):
    \"\"\"--NAME for a parameter: required unless optional or in the environment; the example is only shown.\"\"\"
    variable = "SHOWMEHOW_PARAM_" + param["name"].upper()
    env = os.environ.get(variable)
    optional = not param["required"] and not param["secret"] and param["example"] is not None
    default = env if env is not None else (param["example"] if optional else None)
    if optional:
        shown = f"optional, default {{param['example']!r}}"
    else:
        shown = ("required" if param["required"] else "optional") + (", secret" if param["secret"] else "")
        shown += f", for example {{param['example']!r}}" if param["example"] is not None else ""
    parser.add_argument(
        "--" + param["name"].replace("_", "-"),
        dest=param["name"],
        metavar=param["name"].upper(),
        default=default,
        required=default is None and param["required"],
        help=" ".join(filter(None, [param["description"], f"({{shown}}; or set ${{variable}})"])).replace("%", "%%"),
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=PROCEDURE_TITLE)
    for param in PARAMETERS:
        parameter_option(parser, param)
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each step")
    args = parser.parse_args(argv)
    given = {{p["name"]: getattr(args, p["name"]) for p in PARAMETERS if getattr(args, p["name"]) is not None}}
    params = {{p["name"]: aliased(given[p["name"]], p["aliases"]) for p in PARAMETERS if p["name"] in given}}  # former option labels
    chromium = os.environ.get("SHOWMEHOW_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("Chromium not found: install it (apt-get install chromium) or set SHOWMEHOW_CHROMIUM")
    flags = CHROMIUM_ARGS + (["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=not args.headed, args=flags)
        page = browser.new_page()
        ask = (lambda question: input(f"Allow: {{question}}? [y/N] ").strip().lower() in ("y", "yes")) if sys.stdin.isatty() else None
        secret = [p["name"] for p in PARAMETERS if p["secret"]]
        reach = Reach.of_steps(STEPS, params, DOMAINS, ask=ask, secrets=secret, may_use=scoped({{name: DOMAINS for name in secret}}))
        step_checks = [c for c in CHECKS if c["after_step"]]
        player = Player(page, params, timeout_ms=args.timeout * 1000, secret=secret, reach=reach, step_checks=step_checks)
        watch = RequestWatch(page.context, lambda: len(player.results) + 1)
        try:
            for result in player.run(STEPS):
                print(f"step {{result.index + 1}}: {{result.action}} {{result.status}}")
            ends = player.verify([c for c in CHECKS if not c["after_step"]])
            watch.settle(player.last_page)
        except StepFailed as failure:
            sys.exit(str(failure))
        finally:
            browser.close()
    for check, problem in ends:
        print(f"check: {{describe_check(check, player.shown_params)}} {{'ok' if problem is None else 'FAILED: ' + problem}}")
    judged(ends, judge_requests(EVIDENCE, watch.seen, player.values, EXAMPLES, STEPS), player.values)


def judged(ends, evidence, values):
    \"\"\"Verified only when the end checks pass and, where the demonstration sent a request, the run's carried the
    task's values; a check that fails a run whose request carried exactly them is wrong.\"\"\"
    for line in evidence_lines(evidence):
        print(f"evidence: {{line}}")
    if contradicts(evidence):
        sys.exit("failed: the site did not receive the task's values")
    failed = any(problem is not None for _, problem in ends)
    if failed and not (exact(evidence) and covers(evidence, STEPS, values)):
        sys.exit("failed: an end check did not pass")
    if EVIDENCE and not exact(evidence):
        print("done, unverified: " + "; ".join(evidence["problems"]))
    elif failed:
        print("done, verified by the request: an end check failed, but the site received exactly the task's values")
    else:
        print(f"done, verified ({{len(ends)}} checks passed)" if ends else "done, unverified (no checks)")


if __name__ == "__main__":
    main()
"""


INLINED = (
    ordering,
    urls,
    sites,
    masking,
    sent,
    placeholders,
    formats,
    checks,
    widgets,
    comparison,
    deadline,
    picks,
    pointing,
    relabelled,
    looping,
    gestures,
    steps,
    stepping,
    idioms,
    reaching,
    locating,
    verifying,
    acting,
    playback,
    sending,
)  # in this order: each uses only those before it


def _split(module: ModuleType, imports: dict[str, set[str]]) -> str:
    """A module's code after its docstring and imports; its imports (not those of the INLINED modules,
    inlined too) are added to `imports`: module -> names imported from it ("": `import module`)."""
    source = inspect.getsource(module)
    end = 0
    for node in ast.parse(source).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            end = node.end_lineno or end
        elif isinstance(node, ast.Import):
            end = node.end_lineno or end
            for alias in node.names:
                imports.setdefault(alias.name, set()).add(WHOLE)
        elif isinstance(node, ast.ImportFrom):
            end = node.end_lineno or end
            if not _inlined(node.module or ""):
                names = imports.setdefault(node.module or "", set())
                names.update(a.name + (f" as {a.asname}" if a.asname else "") for a in node.names)
        else:
            break
    return "\n".join(source.splitlines()[end:]).strip("\n")


def _inlined(module: str) -> bool:
    """Whether `from module import ...` needs no line in the script: the INLINED modules and their packages
    are in it, and __future__ is not needed."""
    return module in {"__future__", "core", runtime.__name__} | {m.__name__ for m in INLINED}


def _import_lines(imports: dict[str, set[str]]) -> str:
    """The standard library's imports, then Playwright's, in isort's order."""
    sections = []
    for third_party in (False, True):
        modules = sorted(m for m in imports if (m.split(".")[0] == "playwright") == third_party)
        lines = [f"import {m}" for m in modules if WHOLE in imports[m]]
        for m in (m for m in modules if imports[m] - {WHOLE}):
            names = imports[m] - {WHOLE}
            lines += [f"from {m} import {name}" for name in sorted(n for n in names if " as " in n)]
            plain = sorted((n for n in names if " as " not in n), key=str.lower)
            lines += [f"from {m} import {', '.join(plain)}"] if plain else []
        sections.append("\n".join(lines))
    return "\n\n".join(sections)


def _literal(value: object) -> str:
    return pprint.pformat(value, width=110, sort_dicts=False)


def playwright_script(procedure: Procedure) -> str:
    steps = [
        step.model_dump(mode="json", exclude_defaults=True, exclude={"timestamp", "failure_count"}) for step in procedure.steps
    ]
    parameters = [param.model_dump(mode="json") for param in procedure.abstract.parameters]
    imports = {module: set(names) or {""} for module, names in MAIN_IMPORTS.items()}
    bodies = [_split(module, imports) for module in INLINED]
    bodies.insert(INLINED.index(stepping), "checks = sys.modules[__name__]  # the players' name for the checks inlined above")
    return (
        HEADER.format(title=procedure.title.replace('"""', "'''").replace("\\", "\\\\"))
        + _import_lines(imports)
        + "\n\n"
        + "\n\n\n".join(bodies)
        + "\n"
        + MAIN.format(
            title=procedure.title,
            domains=_literal(procedure.abstract.domains),
            parameters=_literal(parameters),
            steps=_literal(steps),
            checks=_literal([check.model_dump(mode="json") for check in procedure.checks]),
            evidence=_literal([evidence.model_dump(mode="json") for evidence in procedure.evidence]),
            examples=_literal({p.name: p.example for p in procedure.abstract.parameters if not p.secret}),
            chromium_args=_literal(CHROMIUM_ARGS),
        )
    )


def export_script(procedure: Procedure, path: Path) -> None:
    atomic_write_text(path, playwright_script(procedure))
    path.chmod(0o755)
