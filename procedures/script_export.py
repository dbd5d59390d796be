"""A procedure as a standalone Playwright Python script whose parameters are command-line options."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from core.settings import atomic_write_text
from procedures import checks, placeholders, playback
from procedures.models import Procedure
from recorder.browser import CHROMIUM_ARGS

HEADER = '''#!/usr/bin/env python3
"""{title}

Exported from ShowMeHow. Needs Python 3.11+ and `pip install playwright`; uses Chromium from
$SHOWMEHOW_CHROMIUM or `chromium` on PATH. Secret parameters may also come from the environment
(SHOWMEHOW_PARAM_<NAME>). Run with --help to see the parameters.
"""
'''

MAIN = """

PROCEDURE_TITLE = {title!r}
PARAMETERS = json.loads({parameters!r})
STEPS = json.loads({steps!r})
CHECKS = json.loads({checks!r})
CHROMIUM_ARGS = {chromium_args!r}


def main(argv=None):
    import argparse
    import os
    import shutil
    import sys

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=PROCEDURE_TITLE)
    for param in PARAMETERS:
        env = os.environ.get("SHOWMEHOW_PARAM_" + param["name"].upper())
        default = env if env is not None else (None if param["secret"] else param["example"])
        parser.add_argument(
            "--" + param["name"].replace("_", "-"), dest=param["name"], default=default,
            required=default is None and param["required"],
            help=param["description"] or ("secret" if param["secret"] else f"e.g. {{param['example']!r}}"),
        )
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each step")
    args = parser.parse_args(argv)
    params = {{p["name"]: getattr(args, p["name"]) for p in PARAMETERS if getattr(args, p["name"]) is not None}}
    chromium = os.environ.get("SHOWMEHOW_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("Chromium not found: install it (apt-get install chromium) or set SHOWMEHOW_CHROMIUM")
    flags = CHROMIUM_ARGS + (["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=not args.headed, args=flags)
        page = browser.new_page()
        player = Player(page, params, timeout_ms=args.timeout * 1000, step_checks=[c for c in CHECKS if c["after_step"]])
        try:
            for result in player.run(STEPS):
                print(f"step {{result.index + 1}}: {{result.action}} {{result.status}}")
            ends = player.verify([c for c in CHECKS if not c["after_step"]])
        except StepFailed as failure:
            sys.exit(str(failure))
        finally:
            browser.close()
    for check, problem in ends:
        print(f"check: {{describe_check(check)}} {{'ok' if problem is None else 'FAILED: ' + problem}}")
    if any(problem is not None for _, problem in ends):
        sys.exit("failed: an end check did not pass")
    print(f"done, verified ({{len(ends)}} checks passed)" if ends else "done, unverified (no checks)")


if __name__ == "__main__":
    main()
"""


def _inline(module: object) -> str:
    """A module's source without its imports of our own modules (inlined alongside it)."""
    lines = inspect.getsource(module).splitlines()  # type: ignore[arg-type]
    return "\n".join(line for line in lines if not line.startswith("from procedures"))


def playwright_script(procedure: Procedure) -> str:
    steps = [step.model_dump(mode="json") for step in procedure.steps]
    parameters = [param.model_dump(mode="json") for param in procedure.abstract.parameters]
    return (
        HEADER.format(title=procedure.title.replace('"""', "'''"))
        + "\nimport json\nimport sys\n"
        + _inline(placeholders)
        + "\n\n"
        + _inline(checks)
        + "\n\nchecks = sys.modules[__name__]  # playback's name for the checks inlined above\n\n"
        + _inline(playback)
        + MAIN.format(
            title=procedure.title,
            parameters=json.dumps(parameters),
            steps=json.dumps(steps),
            checks=json.dumps([check.model_dump(mode="json") for check in procedure.checks]),
            chromium_args=CHROMIUM_ARGS,
        )
    )


def export_script(procedure: Procedure, path: Path) -> None:
    atomic_write_text(path, playwright_script(procedure))
    path.chmod(0o755)
