"""Self-healing against a site that changed after the demonstration: the field was renamed and moved,
the button renamed, and a confirmation page added. The scripted model answers with tool calls."""

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent import RunControls, run_task
from agent.healing import learned_step, option_mapping, reached_end
from core.settings import set_setting
from procedures import build_procedure
from procedures.models import Parameter, ProcedureStep
from procedures.revisions import same_steps
from procedures.runtime.checks import closest_option, matching_options
from procedures.runtime.stepping import plain_error
from procedures.store import ProcedureStore
from tests.agent.conftest import MODEL, act
from tests.helpers import record, sample_procedure
from tests.llm_server import LLMServer

VERSIONS = Path(__file__).resolve().parent.parent / "sites" / "heal"
SECRET = "Hunter-22-Secret"
TASK = 'Sign in to the shop as "kim"'


class ChangingSite:
    """A site served from a folder whose pages are swapped for another version mid-test."""

    def __init__(self, root: Path) -> None:
        self.root = root
        handler = functools.partial(_Quiet, directory=str(root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def serve(self, version: str) -> None:
        for old in self.root.iterdir():
            old.unlink()
        for page in (VERSIONS / version).iterdir():
            shutil.copy(page, self.root / page.name)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # the pages change between runs
        super().end_headers()


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[ChangingSite]:
    root = tmp_path / "shop"
    root.mkdir()
    site = ChangingSite(root)
    site.serve("v1")
    yield site
    site.server.shutdown()
    site.server.server_close()


def _sign_in(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#user").press_sequentially("kanesha")
    page.locator("#pass").press_sequentially("xyz")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/welcome.html*")


def _agent_fix() -> list:  # type: ignore[type-arg]
    """The model's part: the renamed field, the renamed button (its place is no proof of what it does, so
    replay does not click it), then the new confirmation, after which the end checks pass."""
    return [
        act("fill", ref_name="Email or user name", text="kim"),
        act("click", ref_name="Sign in"),
        act("click", ref_name="Yes, continue"),
    ]


def test_the_agent_heals_a_changed_page_and_the_procedure_learns_the_fix(  # type: ignore[no-untyped-def]
    context, shop: ChangingSite, llm: LLMServer, monkeypatch, home: Path
) -> None:
    store = ProcedureStore()
    pid = store.add(
        build_procedure(record(context, f"{shop.url}/login.html", _sign_in, title='Sign in to the shop as "kanesha"'))
    )
    demonstrated = store.get(pid).steps
    shop.serve("v2")
    monkeypatch.setenv("SHOWMEHOW_PARAM_PASSWORD", SECRET)
    page = context.new_page()

    llm.replies = _agent_fix()
    asked: list[str] = []
    approve = RunControls(approve=lambda action, details: asked.append(action) or True)
    healed = run_task(TASK, page=page, store=store, mode="auto", model=MODEL, timeout_ms=2000, controls=approve)
    assert healed.success and healed.verified, healed.error
    assert asked == ['click "Sign in" (submits a form)']  # what submits needs a person's approval
    assert page.locator("#hello").inner_text() == "Welcome kim"
    assert [(s.source, s.command, s.status) for s in healed.steps] == [
        ("replay", "navigate", "ok"),
        ("replay", "fill", "error"),  # the field was renamed and moved
        ("agent", "fill", "ok"),
        ("replay", "fill", "ok"),  # replay took the task back after the broken step
        ("replay", "click", "error"),  # a button in the old one's place, named otherwise: not clicked
        ("agent", "click", "ok"),
        ("agent", "click", "ok"),  # the new confirmation page, after which the end checks pass
    ]
    assert healed.cost.llm_calls == 3 and healed.cost.prompt_tokens == 30 and healed.cost.llm_seconds > 0
    first = llm.requests[0]["messages"][-1]["content"]  # the procedure, marked, with the bound values: once
    assert first.startswith("<procedural_memory>") and "1. [done] Open the login page" in first
    assert 'username = "kim"' in first and "fill or type its placeholder: {password}" in first
    assert "2. [FAILED: continue from here] Enter the username" in first and "4. [to do] Click" in first
    assert "missing password" not in first  # it is bound, from the environment
    later, last = (request["messages"][-1]["content"] for request in llm.requests[1:])
    assert later.startswith("Progress of the procedure") and "<procedural_memory>" not in later  # then the progress
    assert "3. [done] Enter the password" in later and "4. [FAILED: continue from here] Click" in later
    assert "Progress of the procedure" not in last and "<procedural_memory>" not in last  # nothing new: not repeated
    assert "confirm.html?password=••••&username=kim" in llm.requests[-1]["messages"][-1]["content"]  # the page showed it

    revision = store.revisions.get(healed.revision_id)  # type: ignore[arg-type]
    assert revision.status == "proposed" and revision.procedure_id == pid
    assert same_steps(store.get(pid).steps, demonstrated)  # nothing changes before the person decides
    diff = "\n".join(revision.diff())
    assert '-fill {username} @ internal:role=textbox[name="Username"s]' in diff
    assert '+fill {username} @ internal:role=textbox[name="Email or user name"s]' in diff and "#user" in diff
    assert '+click (optional) @ internal:role=button[name="Yes, continue"s]' in diff  # inserted: where it is shown
    assert '+click @ internal:role=button[name="Sign in"s]' in diff and 'internal:role=button[name="Log in"s]' in diff
    username = revision.steps[1]
    assert username.selectors[0] == 'internal:role=textbox[name="Email or user name"s]'
    assert username.selectors[-len(demonstrated[1].selectors) :] == demonstrated[1].selectors  # old ones kept as fallbacks
    assert revision.steps[2].secret and revision.steps[2].value == "{password}"

    store.revisions.reject(revision.id)
    assert same_steps(store.get(pid).steps, demonstrated) and store.revisions.pending(store.get(pid)) is None

    llm.replies = _agent_fix()
    page.goto("about:blank")
    again = run_task(TASK, page=page, store=store, mode="auto", model=MODEL, timeout_ms=2000, controls=approve)
    assert again.verified and again.revision_id not in (None, revision.id) and again.cost.llm_calls == 3

    set_setting("revision_auto_accept", "2")
    page.goto("about:blank")
    calls = len(llm.requests)
    confirmed = run_task(TASK, page=page, store=store, mode="auto", model=MODEL, timeout_ms=2000)
    assert confirmed.success and confirmed.cost.llm_calls == 0 and len(llm.requests) == calls  # the fix replayed
    assert store.revisions.get(again.revision_id).status == "accepted"  # type: ignore[arg-type]  # its second verified run

    page.goto("about:blank")
    replayed = run_task('Sign in to the shop as "lee"', page=page, store=store, mode="replay")
    assert replayed.success and replayed.verified and replayed.cost.llm_calls == 0, replayed.error
    assert page.locator("#hello").inner_text() == "Welcome lee" and len(llm.requests) == calls
    assert SECRET not in json.dumps(llm.requests)
    for path in home.rglob("*"):  # run logs, screenshots, the database with its revisions
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_learned_steps_hold_placeholders_never_secret_values() -> None:
    target = {"selectors": ['internal:label="Account"s', "#account"], "label": "Account", "field": "Account", "tag": "input"}
    values, secrets = {"username": "kim"}, {"password": SECRET}
    typed = learned_step(
        "fill", {"ref": "e1", "text": "kim"}, target, "http://shop.test/login", "http://shop.test/login", values, secrets
    )
    assert typed is not None and typed.value == "{username}" and typed.selector == 'internal:label="Account"s'
    hidden = learned_step(
        "type", {"text": "{password}"}, target, "http://shop.test/login", "http://shop.test/login", values, secrets
    )
    assert hidden is not None and hidden.secret and hidden.value == "{password}" and hidden.action == "fill"
    assert (
        learned_step("fill", {"ref": "e1", "text": "{password}!"}, target, "http://a.test/", "http://a.test/", values, secrets)
        is None
    )
    assert learned_step("scroll", {"direction": "down"}, None, "http://a.test/", "http://a.test/", values, secrets) is None
    after = f"http://shop.test/welcome?username=kim&password={SECRET}"
    click = learned_step("click", {"ref": "e2"}, target, "http://shop.test/login", after, values, secrets)
    assert click is not None and SECRET not in click.model_dump_json() and click.navigates_to is not None
    assert click.navigates_to.startswith("http://shop.test/welcome?username={username}")


def test_a_run_is_verified_only_where_the_procedure_ends() -> None:
    steps = [
        ProcedureStep(action="navigate", value="http://shop.test/login.html"),
        ProcedureStep(
            action="click", selectors=["#go"], selector="#go", navigates_to="http://shop.test/welcome.html?u={username}"
        ),
    ]
    assert reached_end("http://shop.test/welcome.html?u=kim", steps, {"username": "kim"})
    assert not reached_end("http://shop.test/login.html", steps, {"username": "kim"})
    assert reached_end("http://anything.test/", [steps[1].model_copy(update={"navigates_to": None})], {})


RELABELLED = ["Standard delivery (3-5 days)", "Express delivery (next day)", "Pickup at the shop"]


def test_an_option_re_labelled_is_the_one_label_that_stands_for_the_value() -> None:
    assert closest_option("Express", RELABELLED) == "Express delivery (next day)"  # contained, as words
    assert closest_option("express", ["Express (1 day)", "Express Plus"]) is None  # two would do: neither
    assert closest_option("Colour", ["Color", "Size"]) == "Color"  # close
    assert closest_option("Mall", ["Small", "Large"]) is None  # a part of a word is not the word
    assert closest_option("Tomorrow", RELABELLED) is None and closest_option("", RELABELLED) is None
    options = [[label, value] for label, value in zip(RELABELLED, ["std", "exp", "pick"])]
    assert matching_options(options, ["Pickup"]) == ["pick"]
    assert "saw no option 'Tomorrow'" in str(matching_options(options, ["Tomorrow"]))


def test_a_learned_select_keeps_its_parameter_and_says_which_option_each_value_is_now() -> None:
    target = {
        "selectors": ['internal:role=combobox[name="Delivery method"s]'],
        "label": "Delivery method",
        "tag": "select",
        "options": RELABELLED,
        "option_values": ["Standard", "Express", "Pickup"],
    }
    url = "http://shop.test/order"
    chosen = learned_step("select", {"option": RELABELLED[1]}, target, url, url, {"delivery": "Express"}, {})
    assert chosen is not None and chosen.value == "{delivery}" and chosen.options == RELABELLED  # not frozen
    procedure = sample_procedure()
    procedure.abstract.parameters.append(Parameter(name="delivery", kind="option", allowed=["Standard", "Express", "Mail"]))
    assert option_mapping(procedure, [chosen]) == [
        '{delivery} options now: "Standard" → "Standard delivery (3-5 days)", "Express" → "Express delivery (next day)", '
        '"Mail" → no option (a page change: the agent is asked)'
    ]


def test_a_tool_error_keeps_the_reason_from_the_call_log() -> None:
    error = (
        "Locator.click: Timeout 3000ms exceeded.\nCall log:\n  - waiting for locator('#go')\n"
        '    - <div id="wall">We use cookies</div> intercepts pointer events\n  - retrying click action'
    )
    assert plain_error(error) == 'gave up after 3 s: <div id="wall">We use cookies</div> intercepts pointer events'
