"""The README's tour, command by command as written there, against a fixture site: the site's address for
example.org's, the ids the earlier commands printed for the tour's sample ids."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from procedures.store import ProcedureStore
from tests.conftest import ServedSite
from tests.helpers import ROOT, call_cli, log_in, record
from tests.procedures.test_devtools_chrome import chrome_recording


def tour_commands() -> list[list[str]]:
    """The `showmehow` command lines of the README's first recording and then of its list of every command, without
    their comments."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [
        re.search(rf"## {section}.*?```sh\n(.*?)```", readme, re.DOTALL) for section in ("Your first recording", "Every command")
    ]
    assert all(blocks), "the README has no first recording or no list of commands"
    lines = [line for block in blocks if block for line in block.group(1).splitlines()]
    return [shlex.split(line, comments=True) for line in lines if line.startswith("showmehow")]


OWN_PROCESS = {"record", "run", "doctor"}  # they start a browser or probe the machine: a child process, as typed


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "test-key"},
        stdin=subprocess.DEVNULL,
        timeout=180,
    )


def test_every_command_of_the_tour_works_as_written(
    context, served: ServedSite, home: Path, tmp_path: Path, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from core.settings import set_setting
    from tests.llm_server import LLMServer

    monkeypatch.chdir(tmp_path)  # where the person stands, for the commands run in this process
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    llm = LLMServer()  # the tour's model, until the tour sets its own api_base: answers nothing, so a call fails
    set_setting("api_base", llm.url)
    commands = tour_commands()
    assert len(commands) >= 20 and ["showmehow"] in commands
    (tmp_path / "devtools-recording.json").write_text(json.dumps(chrome_recording(served.url)))
    done: list[str] = []
    for command in commands:
        args = [a.replace("https://example.org/login", f"{served.url}/login.html") for a in command[1:]]
        args = [a.replace("https://example.org/", f"{served.url}/") for a in args]
        if not args:
            continue  # the desktop app: tests/app/test_gui.py starts it
        if args[0] in ("record", "run"):
            args.append("--headless")  # the same command, without a window
        if args[0] == "record":
            args += ["--seconds", "3", "--no-build"]  # nobody is in that window: the person's part is recorded below
        procedures = ProcedureStore().list()
        if procedures:  # the tour's sample id is the procedure it built
            args = [procedures[-1].id[:4] if a == "3f2a" else a for a in args]
        result = (
            _run(args, tmp_path) if args[0] in OWN_PROCESS else call_cli(capsys, *args)
        )  # the others: the same entry point here
        assert result.returncode == 0, f"`showmehow {shlex.join(command[1:])}` failed:\n{result.stdout}\n{result.stderr}"
        assert "Traceback" not in result.stderr
        done.append(args[0])
        if args[0] == "record":  # what a person then does in the window, recorded for real, and built as on closing it
            record(context, f"{served.url}/login.html", log_in("emile", "s3cret-Pw"), title='Log in as "emile"')
            assert call_cli(capsys, "build").returncode == 0
            done.append("build")
        if args[0] == "run":
            assert "Succeeded" in result.stdout or "verified" in result.stdout, result.stdout
    llm.close()
    assert llm.requests == []  # auto mode replayed the task: no model needed
    assert {"record", "build", "show", "assert", "retrieve", "run", "export", "import"} <= set(done)
    assert (tmp_path / "login.py").is_file()  # export wrote the script where the person stands
    assert any(p.startswith("/welcome.html?username=bob") for p in served.received)  # the runs logged bob in


def documentation() -> str:
    """The README and the pages under docs/ it hands over to."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


@pytest.mark.parametrize("word", ["Secrets never"])
def test_the_readme_says_things_once(word: str) -> None:
    readme = documentation()
    assert readme.count("the variable that the `param_env`") == 1 and readme.count(word) == 1


def test_the_readme_is_a_tour_that_hands_over_to_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tour, _, rest = readme.partition("## Read on")
    assert rest and len(tour.split()) <= 1200, len(tour.split())
    pages = re.findall(r"\]\((docs/[\w-]+\.md)\)", readme)
    assert len(set(pages)) >= 9 and all((ROOT / page).is_file() for page in pages), pages
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert "(../README.md)" in page.read_text(encoding="utf-8"), f"{page.name} does not link back to the README"
