import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import ShowMeHowError
from procedures import build_procedure
from procedures.building.devtools import devtools_import
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.runtime.playback import Player
from procedures.script_export import playwright_script
from procedures.store import ProcedureStore
from tests.helpers import ROOT, call_cli, log_in, record


def test_exported_script_runs_with_new_values(context, site: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    recording = record(context, f"{site}/login.html", log_in("emile", "hunter2"), title="Log in as emile")
    procedure = build_procedure(recording)
    script = tmp_path / "login.py"
    script.write_text(playwright_script(procedure))
    source = script.read_text()
    tree = ast.parse(source)
    strings = [n for n in tree.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)]
    assert strings == [tree.body[0]]  # one module docstring, none carried over from the inlined modules
    imports = [ast.unparse(n) for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert len(imports) == len(set(imports)) and "import json" in imports and "from procedures" not in source
    shown = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert "--username USERNAME" in shown.stdout and "required, for example 'emile'" in shown.stdout
    assert "--password PASSWORD" in shown.stdout and "required, secret" in shown.stdout
    ran = subprocess.run(
        [sys.executable, str(script), "--username", 'zoé "quoted"', "--password", "pw"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip().endswith("done, verified (2 checks passed)") and "step 4: click ok" in ran.stdout
    assert """check: the page shows 'Welcome zoé "quoted"' ok""" in ran.stdout  # the value it was run with
    missing = subprocess.run([sys.executable, str(script), "--password", "pw"], capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "required: --username" in missing.stderr  # no silent demonstration value


def devtools_file(site: str) -> dict:  # type: ignore[type-arg]
    return {
        "title": "Login from DevTools",
        "steps": [
            {
                "type": "setViewport",
                "width": 1280,
                "height": 800,
                "deviceScaleFactor": 1,
                "isMobile": False,
                "hasTouch": False,
                "isLandscape": False,
            },
            {
                "type": "navigate",
                "url": f"{site}/login.html",
                "assertedEvents": [{"type": "navigation", "url": f"{site}/login.html", "title": "Demo login"}],
            },
            {
                "type": "click",
                "target": "main",
                "selectors": [["aria/Username"], ["#user"], ['xpath///*[@id="user"]'], ["pierce/#user"]],
                "offsetY": 9,
                "offsetX": 60,
            },
            {"type": "change", "value": "emile", "selectors": [["aria/Username"], ["#user"]], "target": "main"},
            {"type": "change", "value": "hunter2", "selectors": [["#pass"]], "target": "main"},
            {
                "type": "click",
                "target": "main",
                "selectors": [['aria/Log in[role="button"]'], ["text/Log in"]],
                "offsetY": 5,
                "offsetX": 5,
                "assertedEvents": [
                    {
                        "type": "navigation",
                        "url": f"{site}/welcome.html?username=emile&password=hunter2&otp_code=",
                        "title": "Welcome",
                    }
                ],
            },
        ],
    }


def test_devtools_recording_is_imported_and_replayed(context, site: str, home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "devtools.json"
    path.write_text(json.dumps(devtools_file(site)))
    result = call_cli(capsys, "import", str(path))
    assert result.returncode == 0, result.stderr
    again = call_cli(capsys, "import", str(path))  # the same file twice: said, not duplicated
    assert again.returncode == 2 and "was imported before" in again.stderr and len(ProcedureStore()) == 1
    (procedure,) = ProcedureStore().list()
    assert procedure.source == "devtools" and procedure.title == "Login from DevTools"
    assert [(p.name, p.example, p.secret) for p in procedure.abstract.parameters] == [
        ("username", "emile", False),
        ("value", None, True),
    ]
    assert "hunter2" not in (home / "showmehow.db").read_bytes().decode("utf-8", "replace")
    assert procedure.steps[4].selector == 'internal:role=button[name="Log in"s]'
    assert procedure.steps[2].selectors[:3] == [
        'internal:label="Username"s',  # a field of no known role (a text field or a select) by its label first
        'internal:role=textbox[name="Username"s]',
        'internal:role=combobox[name="Username"s]',
    ]

    page = context.new_page()
    Player(page, {"username": "bob", "value": "pw"}, timeout_ms=5000).run([s.model_dump() for s in procedure.steps])
    assert page.locator("#hello").inner_text() == "Welcome bob"


def test_a_devtools_change_on_a_select_chooses_the_option(context, site: str) -> None:  # type: ignore[no-untyped-def]
    recording = {
        "title": "Assign an issue",
        "steps": [
            {"type": "navigate", "url": f"{site}/form.html"},
            {"type": "change", "value": "u2", "selectors": [["aria/Assignee"], ["#assignee"]], "target": "main"},
            {"type": "change", "value": "Crash on start", "selectors": [["#title"]], "target": "main"},
        ],
    }
    procedure = build_procedure(devtools_import(json.dumps(recording))[0])
    page = context.new_page()
    Player(page, {p.name: p.example or "" for p in procedure.abstract.parameters}, timeout_ms=5000).run(
        [s.model_dump() for s in procedure.steps]
    )
    assert page.locator("#assignee").input_value() == "u2" and page.locator("#title").input_value() == "Crash on start"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("title"), "title: Field required"),
        (lambda d: d["steps"].append({"type": "teleport"}), "steps.6.type 'teleport'"),
        (lambda d: d["steps"][1].pop("url"), "steps.1.url is required"),
        (lambda d: d["steps"][3].update(selectors=[["aria/"]]), "steps.3.selectors has no selector"),
        (lambda d: d.update(steps=[]), "steps: List should have at least 1 item"),
    ],
)
def test_bad_devtools_files_name_the_field(site: str, change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = devtools_file(site)
    change(data)
    with pytest.raises(ShowMeHowError, match=message.replace("[", r"\[").replace("(", r"\(")):
        devtools_import(json.dumps(data), source="f.json")


def test_bad_devtools_import_stores_nothing(home: Path, tmp_path: Path, site: str, capsys) -> None:  # type: ignore[no-untyped-def]
    data = devtools_file(site)
    data["steps"].append({"type": "teleport"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = call_cli(capsys, "import", str(path))
    assert result.returncode == 2 and "steps.6.type" in result.stderr
    assert len(ProcedureStore()) == 0 and ProcedureStore().recordings.list() == []


def test_cli_build_and_script_export(context, site: str, home: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    record(context, f"{site}/login.html", log_in("emile", "pw"), title="Log in as emile")
    built = call_cli(capsys, "build")
    assert built.returncode == 0, built.stderr
    assert "Enter the username" in built.stdout
    (procedure,) = ProcedureStore().list()
    out = tmp_path / "p.py"
    assert call_cli(capsys, "export", procedure.id, str(out)).returncode == 0
    assert out.read_text().startswith("#!/usr/bin/env python3")
    assert (ROOT / "procedures").exists()


def test_an_exported_script_plays_a_former_option_label_as_the_option_it_stands_for_now(site: str, tmp_path: Path) -> None:
    """Options re-labelled, and a revision kept the former labels as aliases: the script takes them too."""
    url = f"{site}/heal/order/recoded/order.html"
    delivery = Parameter(
        name="delivery",
        kind="option",
        example="Express delivery (next day)",
        allowed=["Standard delivery (3-5 days)", "Express delivery (next day)", "Collect at the shop"],
        aliases={"Pickup": "Collect at the shop"},
    )
    procedure = Procedure(
        title="Choose a delivery",
        abstract=Abstract(goal="Choose a delivery", domains=["127.0.0.1"], parameters=[delivery]),
        steps=[
            ProcedureStep(action="navigate", value=url, url=url),
            ProcedureStep(action="select", value="{delivery}", selector="#delivery", selectors=["#delivery"], url=url),
        ],
    )
    script = tmp_path / "delivery.py"
    script.write_text(playwright_script(procedure))

    def run(value: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(script), "--delivery", value], capture_output=True, text=True, timeout=120)

    chosen = run("pickup")
    assert chosen.returncode == 0 and "step 2: select ok" in chosen.stdout, chosen.stderr
    assert run("Drone").returncode != 0  # neither an option nor a former label


def test_the_modules_an_exported_script_carries_define_each_name_once() -> None:
    import ast
    import inspect

    from procedures.script_export import INLINED

    owners: dict[str, str] = {}
    for module in INLINED:
        for node in ast.parse(inspect.getsource(module)).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [target.id for target in node.targets if isinstance(target, ast.Name)]
            else:
                continue
            for name in names:
                assert owners.setdefault(name, module.__name__) == module.__name__, (
                    f"{name} in {owners[name]} and {module.__name__}"
                )
