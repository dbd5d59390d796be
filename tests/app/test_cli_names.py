"""Parameter names a person can read: the field's own label, without the options or the text around it."""

from pathlib import Path

import pytest

from procedures.store import ProcedureStore
from tests.conftest import ServedSite
from tests.helpers import call_cli, record, run_cli


def _order(page) -> None:  # type: ignore[no-untyped-def]
    product = page.get_by_label("Choose the product")
    product.click()  # as a person opens the list before choosing
    product.select_option("gadget")
    page.get_by_label("Your name").press_sequentially("alice")
    action = page.get_by_label("Action:")
    action.click()
    action.select_option("express")
    page.get_by_role("button", name="Go").click()
    page.wait_for_url("**/placed.html*")


def test_names_come_from_the_fields_own_label(
    context, served: ServedSite, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    record(context, f"{served.url}/shop/order.html", _order, title="Order a Gadget for alice")
    built = call_cli(capsys, "build")
    assert built.returncode == 0, built.stderr
    (procedure,) = ProcedureStore().list()
    params = {p.name: p for p in procedure.abstract.parameters}
    assert list(params) == ["product", "name", "action"]
    assert all(len(name) <= 30 for name in params)
    product = params["product"]
    assert product.allowed == ["Widget", "Gadget", "Gizmo", "Doohickey"]  # each label once
    assert product.option_values == ["widget", "gadget", "gizmo", "doohickey"]  # each value once
    assert "Choose the product" in procedure.abstract.flow
    assert not any("widget" in line.lower() for line in procedure.abstract.flow)

    shown = call_cli(capsys, "show", procedure.id[:12]).stdout
    assert "one of: Widget (widget), Gadget (gadget), Gizmo (gizmo), Doohickey (doohickey)" in shown
    listed = shown.split("Steps:")[0]
    assert listed.lower().count("widget") == 2  # the label and its value, once each

    served.received.clear()
    ran = run_cli("run", "Order a Gizmo for bob", "--param", "action=express", "--headless")  # an option by its value
    assert ran.returncode == 0, ran.stdout + ran.stderr
    (placed,) = [path for path in served.received if path.startswith("/shop/placed.html")]
    assert "product=gizmo" in placed and "who=bob" in placed and "action=express" in placed
