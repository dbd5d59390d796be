"""Procedures recorded on local files (file: URLs): a secret parameter goes to the files of the folder the
procedure was recorded in, as to a site, and nowhere else."""

from pathlib import Path

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import log_in, record

SITES = Path(__file__).resolve().parent.parent / "sites"


def test_a_secret_goes_to_the_folder_of_the_files_it_was_recorded_on(context) -> None:  # type: ignore[no-untyped-def]
    login = (SITES / "login.html").as_uri()
    procedure = build_procedure(record(context, login, log_in("bob", "pw"), title="Log in as bob"))
    assert [p.name for p in procedure.abstract.parameters if p.secret] == ["password"]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(login)
    result = run_task("Log in as bob", page=page, store=store, mode="replay", secrets={"password": "pw"})
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.url.startswith((SITES / "welcome.html").as_uri())
