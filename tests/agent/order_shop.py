"""The order site of the self-healing tests and benchmark (tests/sites/heal/order): a form, a review page and
a done page, served from a folder whose pages are swapped for a version changed after the demonstration;
what a competent model does on each changed version, and what a lying one says."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.agent.conftest import act

SITES = Path(__file__).resolve().parent.parent / "sites" / "heal" / "order"
DEMONSTRATED = ("ana", "Express")
CODES = {"d-std": "Standard", "d-exp": "Express", "d-shop": "Pickup"}  # what the re-coded options send, in the shop's words
RECODED_AS = {
    "Standard": "Standard delivery (3-5 days)",
    "Express": "Express delivery (next day)",
    "Pickup": "Collect at the shop",
}
Values = tuple[str, str]  # the name on the order and its delivery


@dataclass
class OrderShop:
    """The order site, served from `root`; it keeps every order it received (the done page's query: the
    name and the delivery, in the shop's words)."""

    root: Path
    orders: list[Values] = field(default_factory=list)

    def __post_init__(self) -> None:
        shop = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def end_headers(self) -> None:
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                if parts.path.endswith("/done.html"):
                    query = parse_qs(parts.query)
                    delivery = query.get("delivery", [""])[0]
                    shop.orders.append((query.get("name", [""])[0], CODES.get(delivery, delivery)))
                super().do_GET()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(self.root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def serve(self, change: str) -> None:
        """The original pages with those of the `change` in their place ("v1": none)."""
        for old in self.root.iterdir():
            old.unlink()
        for version in ("v1", change):
            for page in (SITES / version).iterdir():
                shutil.copy(page, self.root / page.name)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def order(page: Any) -> None:
    """The demonstration: an order for DEMONSTRATED."""
    page.get_by_label("Full name").press_sequentially(DEMONSTRATED[0])
    delivery = page.get_by_label("Delivery")
    delivery.click()  # as a person opens the list: a change without a click before it is a script's
    delivery.select_option(DEMONSTRATED[1])
    page.get_by_role("button", name="Review order").click()
    page.wait_for_url("**/review.html*")
    page.get_by_role("button", name="Place order").click()
    page.wait_for_url("**/done.html*")


def task(values: Values) -> str:
    return f'Order for "{values[0]}" with "{values[1]}" delivery'


def competent(change: str, values: Values) -> list[Any]:
    """What a competent model does on the changed site for an order of `values` (the elements by the names
    the agent sees); nothing when replay needs no model."""
    return {
        "renamed": [act("click", ref_name="Check your order")],  # replay takes back at "Place order"
        "cookie": [act("click", ref_name="Accept all")],  # replay takes back at the form
        # replay takes back at the delivery method, found by its label's words ("Delivery" in "Delivery method")
        "relaid": [act("fill", ref_name="Name on the parcel", text=values[0])],
        "removed": [act("step_gone", step=4, reason="the form places the order itself now")],
        "relabelled": [],  # each value stands for one option: replay needs no model
        # options re-labelled and re-coded, one beyond recognition: the agent picks it, the others map by their words
        "recoded": [act("select", ref_name="Delivery", option=RECODED_AS[values[1]])] if values[1] == "Pickup" else [],
        "dialog": [act("click", ref_name="Yes, place it")],  # the end checks then pass: no finish needed
        "moved": [],  # the fields were found by label: replay needs no model
    }[change]


CHANGES = ["renamed", "cookie", "relaid", "removed", "relabelled", "recoded", "dialog", "moved"]
LIE = [act("finish", success=True, summary="the order is placed") for _ in range(3)]
