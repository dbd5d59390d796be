import json
from collections.abc import Iterator

import pytest

from core.settings import set_setting
from procedures import build_procedure
from procedures.building.heuristic import build_heuristic
from procedures.building.llm_builder import BuilderFallbackWarning
from tests.helpers import log_in, record
from tests.llm_server import LLMServer, Reply

MODEL = "openai/test-model"


@pytest.fixture
def llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMServer]:
    server = LLMServer()
    set_setting("api_base", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield server
    server.close()


@pytest.fixture(scope="module")
def login_recording(browser, site: str):  # type: ignore[no-untyped-def]
    context = browser.new_context()
    recording = record(context, f"{site}/login.html", log_in("emile", "hunter2"), title="Log in as emile")
    context.close()
    return recording


def good_answer(steps: int) -> str:
    return json.dumps(
        {
            "goal": "Sign in to the demo site with a username and password",
            "flow": ["Open the sign-in page", "Type the user name", "Type the password", "Press Log in"],
            "tags": ["login", "auth"],
            "prerequisites": ["An account on the demo site"],
            "parameters": [
                {"current_name": "username", "new_name": "user_name", "description": "the account's user name"},
                {"current_name": "password", "new_name": "password", "description": "the account's password"},
            ],
            "step_descriptions": [f"step {i}" for i in range(steps)],
        }
    )


def test_good_output_refines_names_and_texts(llm: LLMServer, login_recording) -> None:  # type: ignore[no-untyped-def]
    llm.replies = [Reply(content=good_answer(len(login_recording.steps)))]
    procedure = build_procedure(login_recording, model=MODEL)
    assert procedure.abstract.goal == "Sign in to the demo site with a username and password"
    assert [p.name for p in procedure.abstract.parameters] == ["user_name", "password"]
    assert procedure.steps[1].value == "{user_name}" and procedure.steps[2].value == "{password}"
    assert procedure.steps[0].description == "step 0"
    assert len(procedure.steps) == len(login_recording.steps)
    sent = json.dumps(llm.requests[0])
    assert "hunter2" not in sent  # secrets never go to the model
    assert llm.requests[0]["response_format"]["type"] == "json_schema"


@pytest.mark.parametrize(
    ("replies", "reason"),
    [
        ([Reply(content="this is not json {"), Reply(content="still not json")], "did not fit the schema"),
        ([Reply(content='{"goal": "x"}')] * 2, "did not fit the schema"),
        ([Reply(status=500, raw='{"error": {"message": "upstream exploded"}}')] * 2, "upstream exploded"),
        ([Reply(content="{}", delay=3)] * 2, "did not answer within 1 s"),
    ],
    ids=["invalid-json", "schema-violation", "http-500", "timeout"],
)
def test_failures_fall_back_to_the_heuristic_with_a_reason(llm: LLMServer, login_recording, replies, reason) -> None:  # type: ignore[no-untyped-def]
    llm.replies = list(replies)
    with pytest.warns(BuilderFallbackWarning, match=reason):
        procedure = build_procedure(login_recording, model=MODEL, timeout=1)
    heuristic = build_heuristic(login_recording)
    assert procedure.abstract == heuristic.abstract and procedure.steps == heuristic.steps
    assert len(llm.requests) == 2  # one retry


def test_an_answer_that_drops_a_step_or_parameter_is_refused(llm: LLMServer, login_recording) -> None:  # type: ignore[no-untyped-def]
    short = json.loads(good_answer(len(login_recording.steps) - 1))
    missing = json.loads(good_answer(len(login_recording.steps)))
    missing["parameters"] = missing["parameters"][:1]
    llm.replies = [Reply(content=json.dumps(short)), Reply(content=json.dumps(missing))]
    with pytest.warns(BuilderFallbackWarning, match="must keep the parameters"):
        build_procedure(login_recording, model=MODEL)


def test_missing_key_and_unreachable_server(monkeypatch: pytest.MonkeyPatch, login_recording) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.warns(BuilderFallbackWarning, match=r"\$OPENAI_API_KEY is empty"):
        build_procedure(login_recording, model=MODEL)
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    set_setting("api_base", "http://127.0.0.1:9/v1")
    with pytest.warns(BuilderFallbackWarning, match="cannot reach"):
        build_procedure(login_recording, model=MODEL)
