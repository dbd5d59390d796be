"""Evidence from the network, without a browser: request bodies read as places and values, the places a
demonstration's request gave each parameter, and what a run's requests say of the task's values."""

import json

from core.sent import read_request, same_value
from procedures.evidence import ParameterPlace, RequestEvidence, Watched, judge_requests, learn_evidence
from procedures.models import Procedure
from recorder.models import RecordedStep, Recording, SentField, SentRequest
from tests.helpers import sample_procedure

BOUNDARY = "----x"
MULTIPART = (
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nPrinter jam\r\n'
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="tag"\r\n\r\na\r\n'
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="tag"\r\n\r\nb\r\n'
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF\r\n--{BOUNDARY}--\r\n'
)


def test_bodies_are_read_as_places_and_values() -> None:
    form = read_request("POST", "http://a/s", "application/x-www-form-urlencoded", b"title=Printer+jam&tag=a&tag=b&urgent=on")
    assert form is not None and form.kind == "form"
    assert form.fields == [("title", "Printer jam"), ("tag", "a"), ("tag", "b"), ("urgent", "on")]
    body = json.dumps({"who": "Ann", "lines": [{"amount": 12.5, "paid": True}], "note": None}).encode()
    sent = read_request("PUT", "http://a/api", "application/json; charset=utf-8", body)
    assert sent is not None and sent.fields == [
        ("who", "Ann"),
        ("lines[0].amount", "12.5"),
        ("lines[0].paid", "true"),
        ("note", ""),
    ]
    multi = read_request("POST", "http://a/s", f"multipart/form-data; boundary={BOUNDARY}", MULTIPART.encode())
    assert multi is not None and multi.fields == [("title", "Printer jam"), ("tag", "a"), ("tag", "b"), ("file", "x.pdf")]
    query = read_request("GET", "http://a/find?q=cats&page=2", "", None)
    assert query is not None and query.kind == "query" and query.at("q") == ["cats"]
    assert read_request("GET", "http://a/find", "", None) is None  # nothing sent
    assert same_value("12.50", "12.5") and same_value(" Ann  LEE", "ann lee") and not same_value("12", "12.5")


def test_a_body_that_cannot_be_read_says_so() -> None:
    broken = read_request("POST", "http://a/api", "application/json", b"{not json")
    assert broken is not None and broken.problem is not None and "json" in broken.problem and broken.fields == []
    no_boundary = read_request("POST", "http://a/s", "multipart/form-data", b"--x\r\n")
    assert no_boundary is not None and no_boundary.problem is not None


def _ticket() -> tuple[Procedure, Recording]:
    procedure = sample_procedure()  # username (text) and password (secret), typed in steps 2 and 3
    steps = [RecordedStep(action="navigate", value="http://127.0.0.1/login.html", timestamp=1.0)]
    steps += [RecordedStep(action="click", selector="#go", timestamp=4.0)]
    fields = [
        SentField(place="user", value="emile"),
        SentField(place="pass", secret=True),
        SentField(place="copy", value="emile"),
    ]
    request = SentRequest(step=1, method="POST", url="http://127.0.0.1/login", kind="form", fields=fields, status=200)
    refused = request.model_copy(update={"url": "http://127.0.0.1/other", "status": 500})
    away = request.model_copy(update={"url": "http://tracker.example/t", "third_party": True})
    return procedure, Recording(title="t", steps=steps, requests=[request, refused, away])


def test_each_parameter_is_placed_where_its_value_travelled_and_a_secret_only_as_present() -> None:
    procedure, recording = _ticket()
    (evidence,) = learn_evidence(procedure, recording)  # not the refused request, not the third party's
    assert evidence.url == "http://127.0.0.1/login" and evidence.kind == "form"
    places = {p.name: p for p in evidence.parameters}
    assert places["username"].places == ["user", "copy"] and places["password"].places == ["pass"]
    assert places["password"].secret
    stored = Procedure.model_validate_json(procedure.model_copy(update={"evidence": [evidence]}).model_dump_json())
    assert stored.evidence == [evidence]
    old = json.loads(procedure.model_dump_json())
    old.pop("evidence")
    assert Procedure.model_validate(old).evidence == []  # a procedure stored before keeps loading


EXPECTED = RequestEvidence(
    step=3,
    method="POST",
    url="http://127.0.0.1/login",
    kind="form",
    parameters=[ParameterPlace(name="username", places=["user"]), ParameterPlace(name="password", places=["pass"], secret=True)],
)


def _judged(body: str, status: int = 200, url: str = "http://127.0.0.1/login", times: int = 1) -> object:
    sent = read_request("POST", url, "application/x-www-form-urlencoded", body.encode())
    watched = [Watched(sent=sent, status=status, step=3) for _ in range(times)]  # type: ignore[arg-type]
    return judge_requests([EXPECTED], watched, {"username": "bob", "password": "pw2"}, {"username": "emile"}, [])


def test_a_run_is_judged_by_what_its_request_carried() -> None:
    good = _judged("user=bob&pass=pw2")
    assert good.exact and [p.status for p in good.parameters] == ["sent", "present"]  # type: ignore[attr-defined]
    assert "pw2" not in good.model_dump_json()  # type: ignore[attr-defined]
    stale = _judged("user=emile&pass=pw2")
    assert stale.contradicts and stale.parameters[0].status == "demonstrated"  # type: ignore[attr-defined]
    assert _judged("user=ann&pass=pw2").parameters[0].status == "missing"  # type: ignore[attr-defined]
    assert _judged("user=bob").parameters[1].status == "absent"  # type: ignore[attr-defined]
    refused = _judged("user=bob&pass=pw2", status=500)
    assert refused.error_status == 500 and refused.contradicts and not refused.exact  # type: ignore[attr-defined]


def test_evidence_the_run_lacks_is_named_and_never_exact() -> None:
    nothing = judge_requests([EXPECTED], [], {"username": "bob"}, {}, [])
    assert nothing.kind == "none" and "sent no POST" in nothing.problems[0] and not nothing.exact
    away = _judged("user=bob&pass=pw2", url="http://tracker.example/login")
    assert "another site" in away.problems[0] and not away.exact  # type: ignore[attr-defined]
    sent = [
        read_request("POST", "http://127.0.0.1/login", "application/x-www-form-urlencoded", b) for b in (b"user=bob", b"user=x")
    ]
    several = judge_requests([EXPECTED], [Watched(s, 200, 3) for s in sent], {"username": "bob"}, {}, [])  # type: ignore[arg-type]
    assert "several" in several.problems[0] and not several.exact
    typed = [read_request("GET", f"http://127.0.0.1/login?user={v}", "", None) for v in ("b", "bo", "bob")]  # as typed
    latest = judge_requests(
        [EXPECTED.model_copy(update={"method": "GET"})],
        [Watched(s, 200, 3) for s in typed],
        {"username": "bob"},
        {},
        [],
    )  # type: ignore[arg-type]
    assert latest.parameters[0].status == "sent"
    unread = read_request("POST", "http://127.0.0.1/login", "application/json", b"{oops")
    broken = judge_requests([EXPECTED], [Watched(unread, 200, 3)], {"username": "bob"}, {}, [])  # type: ignore[arg-type]
    assert "could not be read" in broken.problems[0] and not broken.exact
    assert judge_requests([], [], {}, {}, []).kind == "none"  # nothing learned: the pages are all the evidence


def test_another_records_request_is_the_same_request() -> None:
    saved = EXPECTED.model_copy(update={"url": "http://127.0.0.1/person/1/save"})

    def judged(url: str) -> object:
        sent = read_request("POST", url, "application/x-www-form-urlencoded", b"user=bob&pass=pw2")
        return judge_requests([saved], [Watched(sent, 200, 3)], {"username": "bob", "password": "pw2"}, {}, [])  # type: ignore[arg-type]

    assert judged("http://127.0.0.1/person/2/save").exact  # type: ignore[attr-defined]  # the task's record, not the demonstration's
    assert judged("http://127.0.0.1/person/7f3a9c0e12/save").exact  # type: ignore[attr-defined]
    assert "sent no POST" in judged("http://127.0.0.1/person/2/delete").problems[0]  # type: ignore[attr-defined]
    assert "sent no POST" in judged("http://127.0.0.1/team/2/save").problems[0]  # type: ignore[attr-defined]
