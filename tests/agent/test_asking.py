"""A value the task leaves out, or that the binder could not read, is asked of the person when someone can answer;
else the run is refused, saying what it could not read and how to give it. Judged by what the form sent."""

from urllib.parse import parse_qs, urlsplit

from agent import RunControls, run_task
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore


def _store(url: str) -> ProcedureStore:
    """A stored procedure that sets a customer's email and saves the form."""
    email = Parameter(name="email", example="ann@new.test", label="Email")
    store = ProcedureStore()
    store.add(
        Procedure(
            title="Change the customer's email to ann@new.test",
            abstract=Abstract(goal="Change the customer's email to ann@new.test", parameters=[email], domains=["127.0.0.1"]),
            steps=[
                ProcedureStep(action="navigate", value=f"{url}/toggles.html", url=f"{url}/toggles.html"),
                ProcedureStep(action="fill", selector="#email", selectors=["#email"], value="{email}", label="Email"),
                ProcedureStep(action="click", selector="form > button", selectors=["form > button"], label="Save"),
            ],
        )
    )
    return store


def _sent(served) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return parse_qs(urlsplit(next(p for p in reversed(served.received) if p.startswith("/received.html"))).query)


def test_a_missing_or_unread_value_is_asked_for_and_refused_when_nobody_answers(context, served) -> None:  # type: ignore[no-untyped-def]
    store, page, asked = _store(served.url), context.new_page(), []

    def provide(question: str, secret: bool) -> str | None:
        asked.append(question)
        return "bob@new.test"

    result = run_task("Change the customer's email", page=page, store=store, mode="replay", controls=RunControls(provide=provide))
    assert result.outcome in ("verified", "unverified"), result.error
    assert _sent(served)["email"] == ["bob@new.test"]
    assert asked == [
        "'Change the customer's email to ann@new.test' needs email; the task does not give it. "
        'The demonstration used "ann@new.test".'
    ]
    assert result.binding["email"] == "given when the run asked for it"

    twice = "Change the customer's email to a@x.test, the email is b@x.test"
    result = run_task(twice, page=page, store=store, mode="replay", controls=RunControls(provide=provide))
    assert result.outcome in ("verified", "unverified"), result.error
    assert "ShowMeHow could not read it from the task: the task names it more than once" in asked[-1]
    assert _sent(served)["email"] == ["bob@new.test"]

    served.received.clear()
    result = run_task(twice, page=page, store=store, mode="replay")  # nobody to ask
    assert result.outcome == "task_fault" and not served.received
    assert result.error is not None and result.error.startswith("ShowMeHow could not read the task for")
    assert "--param NAME=VALUE" in result.error
