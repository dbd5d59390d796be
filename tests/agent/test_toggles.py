"""Checkboxes and radio buttons labelled before, after, around or elsewhere (`for`), and a switch drawn with a
role: each is recorded and replayed by its own element, judged by what the form sent."""

from urllib.parse import parse_qs, urlsplit

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def _sent(served) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """What the last form sent to the server."""
    return parse_qs(urlsplit(next(p for p in reversed(served.received) if p.startswith("/received.html"))).query)


def test_every_way_of_labelling_a_box_replays_on_its_own_element(context, served) -> None:  # type: ignore[no-untyped-def]
    def demonstrate(page) -> None:  # type: ignore[no-untyped-def]
        for label in ("VIP", "Newsletter", "Paper invoices", "By SMS", "Pro"):
            page.get_by_label(label).check()
        page.get_by_role("switch", name="Dark mode").click()
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/received.html*")

    procedure = build_procedure(record(context, f"{served.url}/toggles.html", demonstrate, title="Make the customer a VIP"))
    ticks = [s for s in procedure.steps if s.action == "check"]
    assert [s.selector for s in ticks] == [
        'internal:role=checkbox[name="VIP"s]',
        'internal:role=checkbox[name="Newsletter"s]',
        'internal:role=checkbox[name="Paper invoices"s]',
        'internal:role=checkbox[name="By SMS"s]',
        'internal:role=radio[name="{plan}"s]',
        'internal:role=switch[name="Dark mode"s]',
    ]
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/toggles.html")
    page.evaluate("localStorage.setItem('dark', 'on')")  # the switch is on already: replay leaves it on
    page.reload()
    result = run_task("Make this customer a VIP", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    sent = _sent(served)
    assert {k: sent.get(k) for k in ("vip", "newsletter", "paper", "sms", "plan", "dark")} == {
        "vip": ["on"],
        "newsletter": ["on"],
        "paper": ["on"],
        "sms": ["on"],
        "plan": ["pro"],
        "dark": ["on"],
    }


def test_a_lone_box_the_title_names_is_ticked_by_itself(context, served) -> None:  # type: ignore[no-untyped-def]
    def demonstrate(page) -> None:  # type: ignore[no-untyped-def]
        page.get_by_label("VIP").check()
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/received.html*")

    procedure = build_procedure(record(context, f"{served.url}/toggles.html", demonstrate, title="Make her VIP"))
    assert [s.description for s in procedure.steps if s.action == "check"] == ['Set "VIP" to {vip}']
    store = ProcedureStore()
    store.add(procedure)
    page = context.new_page()
    page.goto(f"{served.url}/toggles.html")
    result = run_task("Make him VIP", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert _sent(served).get("vip") == ["on"]


def test_a_stored_set_of_one_box_ticks_the_box_itself(context, served) -> None:  # type: ignore[no-untyped-def]
    """A procedure stored before: "Tick exactly {vip_2}" on the checkbox's own CSS path."""
    from procedures.models import Abstract, Parameter, Procedure, ProcedureStep

    url, path = f"{served.url}/toggles.html", "html > body > form > p:nth-of-type(2) > input"
    procedure = Procedure(
        title="Make her VIP",
        abstract=Abstract(goal="Make her VIP", parameters=[Parameter(name="vip_2", example="VIP")], domains=["127.0.0.1"]),
        steps=[
            ProcedureStep(action="navigate", value=url, url=url),
            ProcedureStep(action="check", selector=path, selectors=[path], value="{vip_2}", many=True, input_type="checkbox"),
            ProcedureStep(action="click", selector="form > button", selectors=["form > button"], label="Save"),
        ],
    )
    store = ProcedureStore()
    store.add(procedure)
    result = run_task("Make her VIP", page=context.new_page(), store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert _sent(served).get("vip") == ["on"]
