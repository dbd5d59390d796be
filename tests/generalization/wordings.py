"""Task wordings on one order form (issue 23): a flower shop's form with ten fields of nine kinds (text,
email, tel, select, number, date, radio group, two checkboxes, textarea), demonstrated once, then run
with many wordings of new orders: negations and yes/no words for the checkboxes, free text of several
words (quoted or not), values in any order, field names before or after their values, a value that
equals another field's demonstrated value.

Each wording is run as a person runs a task (`run_task`, replay mode, a store holding the procedure)
and judged twice: by what the fixture server received, and by the outcome the run reported. A run
whose server record differs from the task's values and that still reports "verified" is a *lie*: there
must be none. Bad inputs (contradictory values, a value with no field, a field named twice) must stop
with a clear message before the browser is touched, counting nothing against the procedure.

`python -m tests.generalization.wordings` prints the table by kind of wording.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.generalization.server import Fields, GenServer, Received, serving
from tests.generalization.shapes import Instance, Shape, Values, _submitted, _type_into
from tests.generalization.suite import CONTEXT_OPTIONS, REPLAY_TIMEOUT_MS, judge

DEMO_PHONE = "555-0100"  # the phone the title never mentions: an optional value, its demonstration the default


def place_order(page: Page, v: Values) -> None:
    """An order placed as a person does it: mouse and keyboard."""
    _type_into(page, page.get_by_label("Customer name"), v["customer"])
    _type_into(page, page.get_by_label("Email"), v["email"])
    _type_into(page, page.get_by_label("Phone"), v["phone"])
    select = page.get_by_label("Bouquet")
    select.click()
    select.select_option(v["product"])
    _type_into(page, page.get_by_label("Quantity"), v["quantity"])
    year, month, day = v["date"].split("-")
    page.get_by_label("Delivery date").click()
    page.keyboard.type(f"{month}{day}{year}")  # Chromium's en-US date field: mm/dd/yyyy
    page.get_by_role("radio", name=v["delivery"], exact=True).click()
    if v["giftwrap"] == "yes":
        page.get_by_role("checkbox", name="Gift wrap").click()
    if v["updates"] == "yes":
        page.get_by_role("checkbox", name="Send me updates").click()
    _type_into(page, page.get_by_label("Notes"), v["notes"])
    page.get_by_role("button", name="Place order").click()
    _submitted(page)


def order(
    task: str,
    customer: str,
    email: str,
    product: str,
    quantity: int,
    date: str,
    delivery: str,
    giftwrap: bool,
    notes: str,
    updates: bool = True,  # the demonstration ticked it and the title does not say: kept unless the task says
    phone: str = DEMO_PHONE,
) -> Instance:
    values = {
        "customer": customer,
        "email": email,
        "phone": phone,
        "product": product,
        "quantity": str(quantity),
        "date": date,
        "delivery": delivery,
        "giftwrap": "yes" if giftwrap else "no",
        "updates": "yes" if updates else "no",
        "notes": notes,
    }
    expected: Fields = {k: v for k, v in values.items() if k not in ("giftwrap", "updates")}
    expected["delivery"] = delivery.lower()
    expected |= {k: "yes" for k in ("giftwrap", "updates") if values[k] == "yes"}
    return Instance(task, values, expected)


ORDER = Shape(
    name="order",
    page="order",
    endpoint="/submit/order",
    title="Order 2 Lily bouquets for Ada Lovelace, email ada@example.org, Express delivery on 2026-03-14, with gift wrap, "
    "notes: leave at the door",
    description="Order flowers for a customer: the bouquet, how many, the delivery speed and date, gift wrap and a note "
    "for the courier.",
    perform=place_order,
    demo_values=order(
        "", "Ada Lovelace", "ada@example.org", "Lily", 2, "2026-03-14", "Express", True, "leave at the door"
    ).values,
    demo_expected=order(
        "", "Ada Lovelace", "ada@example.org", "Lily", 2, "2026-03-14", "Express", True, "leave at the door"
    ).expected,
    instances=[],
)


@dataclass(frozen=True)
class Wording:
    kind: str
    instance: Instance


def _w(kind: str, *args: Any, **kwargs: Any) -> Wording:
    return Wording(kind, order(*args, **kwargs))


WORDINGS: list[Wording] = [
    # the title's own shape with new values
    _w(
        "same shape",
        "Order 3 Tulip bouquets for Grace Hopper, email grace@navy.mil, Overnight delivery on 2026-04-02, with gift wrap, "
        "notes: ring the bell twice",
        "Grace Hopper",
        "grace@navy.mil",
        "Tulip",
        3,
        "2026-04-02",
        "Overnight",
        True,
        "ring the bell twice",
    ),
    _w(
        "same shape",
        "Order 1 Rose bouquets for Alan Turing, email alan@turing.org, Standard delivery on 2026-05-20, with gift wrap, "
        "notes: back door",
        "Alan Turing",
        "alan@turing.org",
        "Rose",
        1,
        "2026-05-20",
        "Standard",
        True,
        "back door",
    ),
    _w(
        "same shape",
        "order 4 orchid bouquets for Mary Jackson, email mj@nasa.gov, overnight delivery on 2026-06-11, with gift wrap, "
        "notes: front desk",
        "Mary Jackson",
        "mj@nasa.gov",
        "Orchid",
        4,
        "2026-06-11",
        "Overnight",
        True,
        "front desk",
    ),
    # negations and yes/no words for the checkboxes
    _w(
        "negation",
        "Order 2 Daisy bouquets for Hedy Lamarr, email hedy@example.at, Express delivery on 2026-06-01, no gift wrap, "
        "notes: fragile",
        "Hedy Lamarr",
        "hedy@example.at",
        "Daisy",
        2,
        "2026-06-01",
        "Express",
        False,
        "fragile",
    ),
    _w(
        "negation",
        "Order 4 Orchid bouquets for Linus Torvalds, email linus@kernel.org, Standard delivery on 2026-07-07, "
        "without gift wrapping, notes: call first",
        "Linus Torvalds",
        "linus@kernel.org",
        "Orchid",
        4,
        "2026-07-07",
        "Standard",
        False,
        "call first",
    ),
    _w(
        "negation",
        "Order 3 Rose bouquets for Ada Yonath, email ay@weizmann.ac.il, Overnight delivery on 2026-08-08, gift wrap: no, "
        "notes: leave with the porter",
        "Ada Yonath",
        "ay@weizmann.ac.il",
        "Rose",
        3,
        "2026-08-08",
        "Overnight",
        False,
        "leave with the porter",
    ),
    _w(
        "negation",
        "Order 1 Tulip bouquets for Emmy Noether, email emmy@example.de, Express delivery on 2026-09-01, with gift wrap, "
        "notes: second floor, and don't send updates",
        "Emmy Noether",
        "emmy@example.de",
        "Tulip",
        1,
        "2026-09-01",
        "Express",
        True,
        "second floor",
        updates=False,
    ),
    _w(
        "negation",
        "Order 5 Lily bouquets for Lise Meitner, email lise@example.se, Standard delivery on 2026-10-03, no gift wrap, "
        "no updates, notes: ring the bell",
        "Lise Meitner",
        "lise@example.se",
        "Lily",
        5,
        "2026-10-03",
        "Standard",
        False,
        "ring the bell",
        updates=False,
    ),
    _w(
        "negation",
        "Order 2 Orchid bouquets for Chien-Shiung Wu, email wu@columbia.edu, Express delivery on 2026-11-12, "
        "gift wrap: yes, updates: no, notes: office 301",
        "Chien-Shiung Wu",
        "wu@columbia.edu",
        "Orchid",
        2,
        "2026-11-12",
        "Express",
        True,
        "office 301",
        updates=False,
    ),
    _w(
        "negation",
        "Order 6 Daisy bouquets for Dorothy Hodgkin, email dh@ox.ac.uk, Overnight delivery on 2026-12-24, "
        "please don't gift wrap them, notes: side entrance",
        "Dorothy Hodgkin",
        "dh@ox.ac.uk",
        "Daisy",
        6,
        "2026-12-24",
        "Overnight",
        False,
        "side entrance",
    ),
    _w(
        "negation",
        "Order 1 Rose bouquets for Rachel Carson, email rc@example.org, Standard delivery on 2027-01-05, no gift wrap, "
        "send me updates, notes: porch",
        "Rachel Carson",
        "rc@example.org",
        "Rose",
        1,
        "2027-01-05",
        "Standard",
        False,
        "porch",
    ),
    # free text of several words, not quoted: it runs to the next field's name or the end of the clause
    _w(
        "free text",
        "Order 2 Tulip bouquets for Jane Goodall, email jane@example.org, Express delivery on 2026-04-20, with gift wrap, "
        "notes: deliver after 5pm please",
        "Jane Goodall",
        "jane@example.org",
        "Tulip",
        2,
        "2026-04-20",
        "Express",
        True,
        "deliver after 5pm please",
    ),
    _w(
        "free text",
        "Order 3 Lily bouquets for Vera Rubin, email vera@example.org, Standard delivery on 2026-05-02, "
        "notes: leave it with the neighbour at number 12, with gift wrap",
        "Vera Rubin",
        "vera@example.org",
        "Lily",
        3,
        "2026-05-02",
        "Standard",
        True,
        "leave it with the neighbour at number 12",
    ),
    _w(
        "free text",
        "Order 1 Daisy bouquets for Katherine Johnson, notes call the front desk first, email kj@nasa.gov, "
        "Overnight delivery on 2026-06-18, no gift wrap",
        "Katherine Johnson",
        "kj@nasa.gov",
        "Daisy",
        1,
        "2026-06-18",
        "Overnight",
        False,
        "call the front desk first",
    ),
    _w(
        "free text",
        "Order 2 Orchid bouquets for Marie Curie, email marie@example.fr, Express delivery on 2026-07-30, with gift wrap, "
        "notes: the blue house behind the church",
        "Marie Curie",
        "marie@example.fr",
        "Orchid",
        2,
        "2026-07-30",
        "Express",
        True,
        "the blue house behind the church",
    ),
    # quoted values, in any order
    _w(
        "quoted",
        'Order 2 Rose bouquets for "Mary Ann Evans", email "mae@example.org", Express delivery on 2026-08-19, '
        'with gift wrap, notes "Happy birthday, Mum!"',
        "Mary Ann Evans",
        "mae@example.org",
        "Rose",
        2,
        "2026-08-19",
        "Express",
        True,
        "Happy birthday, Mum!",
    ),
    _w(
        "quoted",
        'Notes "mind the dog"; customer "Rosalind Franklin", email "rf@kcl.ac.uk"; 2 Daisy bouquets, Standard delivery '
        "on 2026-09-09, no gift wrap",
        "Rosalind Franklin",
        "rf@kcl.ac.uk",
        "Daisy",
        2,
        "2026-09-09",
        "Standard",
        False,
        "mind the dog",
    ),
    _w(
        "quoted",
        'For "Katherine Johnson" (email "kj@nasa.gov"): 5 "Rose" bouquets, "Overnight" delivery on 2026-08-15, '
        'with gift wrap, notes "leave at reception"',
        "Katherine Johnson",
        "kj@nasa.gov",
        "Rose",
        5,
        "2026-08-15",
        "Overnight",
        True,
        "leave at reception",
    ),
    _w(
        "quoted",
        'Order 3 Tulip bouquets with Express delivery on 2026-10-21 and gift wrap, notes "ring twice", '
        'for "Barbara McClintock", email "bm@example.org"',
        "Barbara McClintock",
        "bm@example.org",
        "Tulip",
        3,
        "2026-10-21",
        "Express",
        True,
        "ring twice",
    ),
    # field names after their values
    _w(
        "name after value",
        'Order 6 Orchid bouquets with Express delivery on 2026-10-10: "Barbara Liskov" as the customer name, '
        '"bl@mit.edu" as the email, "use the side gate" as the notes, no gift wrap',
        "Barbara Liskov",
        "bl@mit.edu",
        "Orchid",
        6,
        "2026-10-10",
        "Express",
        False,
        "use the side gate",
    ),
    _w(
        "name after value",
        "Order 2 Lily bouquets for Radia Perlman, rp@example.com as the email, Overnight as the delivery, "
        "2026-11-11 as the delivery date, with gift wrap, notes: no calls",
        "Radia Perlman",
        "rp@example.com",
        "Lily",
        2,
        "2026-11-11",
        "Overnight",
        True,
        "no calls",
    ),
    _w(
        "name after value",
        'Order 4 Tulip bouquets, Standard delivery on 2026-12-02, gift wrap, "Shafi Goldwasser" is the customer, '
        '"shafi@example.org" is the email, "deliver to the lab" are the notes',
        "Shafi Goldwasser",
        "shafi@example.org",
        "Tulip",
        4,
        "2026-12-02",
        "Standard",
        True,
        "deliver to the lab",
    ),
    # field names before their values
    _w(
        "name before value",
        'Order with customer name "Frances Allen", email "fa@ibm.com", bouquet Tulip, quantity 7, delivery Standard, '
        "delivery date 2026-12-01, gift wrap: no, notes: knock loudly",
        "Frances Allen",
        "fa@ibm.com",
        "Tulip",
        7,
        "2026-12-01",
        "Standard",
        False,
        "knock loudly",
    ),
    _w(
        "name before value",
        "Customer: Donald Knuth; email: dk@stanford.edu; bouquet: Lily; quantity: 1; delivery: Express; "
        "delivery date: 2027-01-15; gift wrap: yes; notes: ring once",
        "Donald Knuth",
        "dk@stanford.edu",
        "Lily",
        1,
        "2027-01-15",
        "Express",
        True,
        "ring once",
    ),
    _w(
        "name before value",
        "Place an order. Customer name: John McCarthy. Email: jmc@example.org. Bouquet: Rose. Quantity: 3. "
        "Delivery: Overnight. Delivery date: 2027-02-02. Gift wrap: no. Notes: use the lift.",
        "John McCarthy",
        "jmc@example.org",
        "Rose",
        3,
        "2027-02-02",
        "Overnight",
        False,
        "use the lift",
    ),
    # a value that equals another field's demonstrated value (the demonstration's bouquet was Lily, its
    # delivery Express, its date 2026-03-14)
    _w(
        "demonstrated value elsewhere",
        "Order 3 Tulip bouquets for Lily, email lily@example.com, Overnight delivery on 2026-04-12, with gift wrap, "
        "notes: leave at the door",
        "Lily",
        "lily@example.com",
        "Tulip",
        3,
        "2026-04-12",
        "Overnight",
        True,
        "leave at the door",
    ),
    _w(
        "demonstrated value elsewhere",
        'Order 2 Rose bouquets for "Express Couriers", email ops@couriers.example, Standard delivery on 2026-05-05, '
        "no gift wrap, notes: loading bay",
        "Express Couriers",
        "ops@couriers.example",
        "Rose",
        2,
        "2026-05-05",
        "Standard",
        False,
        "loading bay",
    ),
    _w(
        "demonstrated value elsewhere",
        "Order 14 Daisy bouquets for Emmy Klein, email ek@example.de, Standard delivery on 2026-03-14, with gift wrap, "
        "notes: Lily will sign",
        "Emmy Klein",
        "ek@example.de",
        "Daisy",
        14,
        "2026-03-14",
        "Standard",
        True,
        "Lily will sign",
    ),
    _w(
        "demonstrated value elsewhere",
        'Order 1 Daisy bouquets for Bob, customer name "Bob Stone", email "bob@stone.example", Express delivery on '
        '2026-06-30, with gift wrap, notes "imported run"',
        "Bob Stone",
        "bob@stone.example",
        "Daisy",
        1,
        "2026-06-30",
        "Express",
        True,
        "imported run",
    ),
    # an optional value: the phone, which the title never mentions, given this time
    _w(
        "optional value",
        "Order 2 Rose bouquets for Joan Clarke, email jc@example.org, phone 555-0199, Express delivery on 2026-07-04, "
        "with gift wrap, notes: garden gate",
        "Joan Clarke",
        "jc@example.org",
        "Rose",
        2,
        "2026-07-04",
        "Express",
        True,
        "garden gate",
        phone="555-0199",
    ),
    _w(
        "optional value",
        'Order 3 Orchid bouquets for "Sophie Wilson", email "sw@example.co.uk", phone "+44 20 7946 0000", '
        "Standard delivery on 2026-08-01, no gift wrap, notes: reception",
        "Sophie Wilson",
        "sw@example.co.uk",
        "Orchid",
        3,
        "2026-08-01",
        "Standard",
        False,
        "reception",
        phone="+44 20 7946 0000",
    ),
]


@dataclass(frozen=True)
class BadInput:
    kind: str
    task: str
    names: tuple[str, ...]  # what the message must hold (in lower case): which parameter, what it read


_OK_REST = "email grace@navy.mil, Express delivery on 2026-04-02"
BAD_INPUTS: list[BadInput] = [
    BadInput(
        "contradictory values",
        f"Order 2 Rose bouquets for Grace Hopper, {_OK_REST}, gift wrap, no gift wrap, notes: ring twice",
        ("gift_wrap", "no gift wrap"),
    ),
    BadInput(
        "contradictory values",
        f"Order 2 Rose bouquets for Grace Hopper, {_OK_REST}, with gift wrap, notes: ring twice, without gift wrapping",
        ("gift_wrap", "without gift wrapping"),
    ),
    BadInput(
        "value with no field",
        f'Order 2 Rose bouquets for Grace Hopper, {_OK_REST}, with gift wrap, notes: ring twice, coupon code "SPRING10"',
        ('"spring10"', "coupon code"),
    ),
    BadInput(
        "field named twice",
        f"Order 2 Rose bouquets for Grace Hopper, {_OK_REST}, with gift wrap, notes: ring twice, notes: leave at the door",
        ("notes", '"ring twice"', '"leave at the door"'),
    ),
    BadInput(
        "field named twice",
        'Order 2 Rose bouquets for Grace Hopper, email "grace@navy.mil", email "gh@example.org", Express delivery on '
        "2026-04-02, with gift wrap, notes: ring twice",
        ("email", '"grace@navy.mil"', '"gh@example.org"'),
    ),
]


# A faulty shop (the page's instance): it keeps other values than the form was given. A run on it must not
# report verified; the task itself is read right.
FAULTS: list[tuple[dict[str, str], Instance]] = [
    (
        {"truncate": "notes"},
        order(
            "Order 2 Tulip bouquets for Jane Goodall, email jane@example.org, Express delivery on 2026-04-20, with gift "
            "wrap, notes: deliver after 5pm please",
            "Jane Goodall",
            "jane@example.org",
            "Tulip",
            2,
            "2026-04-20",
            "Express",
            True,
            "deliver after 5pm please",
        ),
    ),
    (
        {"truncate": "customer"},
        order(
            "Order 3 Rose bouquets for Bob Stone, email bob@stone.example, Standard delivery on 2026-05-01, no gift wrap, "
            "notes: porch",
            "Bob Stone",
            "bob@stone.example",
            "Rose",
            3,
            "2026-05-01",
            "Standard",
            False,
            "porch",
        ),
    ),
    (
        {"untick": "giftwrap"},
        order(
            "Order 1 Orchid bouquets for Hedy Lamarr, email hedy@example.at, Overnight delivery on 2026-06-02, with gift "
            "wrap, notes: fragile",
            "Hedy Lamarr",
            "hedy@example.at",
            "Orchid",
            1,
            "2026-06-02",
            "Overnight",
            True,
            "fragile",
        ),
    ),
]


# --- running and judging ---------------------------------------------------------------------------------


@dataclass
class WordingResult:
    kind: str
    task: str
    outcome: str  # what the run reported
    wrong: str  # why the server record is not the task's values; "" when it is
    error: str | None = None
    received: list[Received] = field(default_factory=list)

    @property
    def right(self) -> bool:
        """The site got the task's values and the run said so."""
        return not self.wrong and self.outcome == "verified"

    @property
    def lie(self) -> bool:
        """The run said verified, and the site got something else."""
        return bool(self.wrong) and self.outcome == "verified"


@dataclass
class WordingsResult:
    results: list[WordingResult]
    parameters: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return sum(r.right for r in self.results) / len(self.results) if self.results else 0.0

    @property
    def lies(self) -> list[WordingResult]:
        return [r for r in self.results if r.lie]

    def table(self) -> str:
        kinds = list(dict.fromkeys(r.kind for r in self.results))
        width = max(map(len, kinds + ["kind of wording"]))
        lines = [f"{'kind of wording':<{width}}  right  site got it  lies  outcomes"]
        for kind in [*kinds, "overall"]:
            rows = [r for r in self.results if kind in (r.kind, "overall")]
            outcomes = ", ".join(f"{o} {n}" for o, n in Counter(r.outcome for r in rows).most_common())
            lines.append(
                f"{kind:<{width}}  {sum(r.right for r in rows):>2}/{len(rows):<2}  {sum(not r.wrong for r in rows):>5}/{len(rows):<3}"
                f"  {sum(r.lie for r in rows):>4}  {outcomes}"
            )
        lines.append(f"parameters: {', '.join(self.parameters)}; {self.seconds:.0f} s")
        misses = [r for r in self.results if not r.right]
        if misses:
            lines += ["", "not right:"]
            for r in misses:
                why = r.wrong or f"reported {r.outcome}: {r.error}"
                lines.append(f"  [{r.kind}] {r.task!r}: {'LIE, verified but ' if r.lie else ''}{why}"[:600])
        return "\n".join(lines)


def demonstrate(browser: Any, server: GenServer) -> Any:
    """The order form demonstrated once and built into a procedure."""
    from procedures import build_procedure
    from tests.helpers import record

    context = browser.new_context(**CONTEXT_OPTIONS)
    try:
        recording = record(context, server.url + ORDER.path, ORDER.demo, title=ORDER.title, description=ORDER.description)
    finally:
        context.close()
    return build_procedure(recording)


def run_wording(browser: Any, server: GenServer, store: Any, kind: str, task: str, expected: Fields) -> WordingResult:
    """One task run as a person runs it (a fresh browser session, replay mode), judged by the server."""
    from agent import run_task

    context = browser.new_context(**CONTEXT_OPTIONS)
    try:
        page = context.new_page()
        server.clear()
        result = run_task(task, page=page, store=store, mode="replay", timeout_ms=REPLAY_TIMEOUT_MS)
        received = server.wait_for_outcomes(1, timeout_s=1.0 if result.steps else 0.2, settle_s=0.1)
        return WordingResult(kind, task, result.outcome, judge(ORDER, expected, received), result.error, received)
    finally:
        context.close()


def run_wordings(browser: Any, server: GenServer, store: Any, wordings: list[Wording] = WORDINGS) -> WordingsResult:
    started = time.perf_counter()
    procedure = demonstrate(browser, server)
    store.add(procedure)
    results = [run_wording(browser, server, store, w.kind, w.instance.task, w.instance.expected) for w in wordings]
    parameters = [p.name + ("*" if p.secret else "") for p in procedure.abstract.parameters]
    return WordingsResult(results, parameters, time.perf_counter() - started)


def main() -> int:
    os.environ["SHOWMEHOW_HOME"] = tempfile.mkdtemp(prefix="showmehow-wordings-")  # never the user's own data
    from playwright.sync_api import sync_playwright

    from procedures.store import ProcedureStore
    from recorder.browser import launch

    with serving() as server, sync_playwright() as playwright:
        browser = launch(playwright, headless=True)
        try:
            result = run_wordings(browser, server, ProcedureStore(Path(os.environ["SHOWMEHOW_HOME"]) / "p.db"))
        finally:
            browser.close()
    print(result.table())
    return 0 if not result.lies and result.rate >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
