"""The task shapes of the generalization suite: one fixture page each, a demonstration done as a
person does it, and new instances of the same task with new values (some worded differently).

`perform(page, values)` does a task by hand: the demonstration is `perform(page, demo_values)`, and
the fixtures' own check runs it with each instance's values, which proves the page and the
expected data right. What a page shows in an instance (which buttons, labels, order) is its
`query`, given to the page through the fixture server (see server.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Page

from tests.generalization.server import Fields

Values = dict[str, str]


@dataclass(frozen=True)
class Instance:
    task: str
    values: Values  # the choices the task asks for: what a person would type, click or pick
    expected: Fields  # what the site must receive
    query: dict[str, str] = field(default_factory=dict)  # what the page shows in this instance


@dataclass(frozen=True)
class Shape:
    name: str
    page: str  # the fixture's name: tests/sites/gen/<page>.html, instance settings keyed by it
    endpoint: str  # where the page reports the outcome: /submit/<...> or /log/<...>
    title: str  # the demonstration's task wording
    description: str
    perform: Callable[[Page, Values], None]
    demo_values: Values
    demo_expected: Fields
    instances: list[Instance]
    demo_query: dict[str, str] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return f"/gen/{self.page}.html"

    def demo(self, page: Page) -> None:
        """The demonstration, done like a person: mouse and keyboard."""
        self.perform(page, self.demo_values)


# --- how a person does each task ----------------------------------------------------------------


def _type_into(page: Page, locator, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click into a field and type, with Enter for a line break (as in a textarea)."""
    locator.click()
    for index, line in enumerate(text.split("\n")):
        if index:
            page.keyboard.press("Enter")
        if line:
            locator.press_sequentially(line)


def _submitted(page: Page) -> None:
    page.wait_for_url(re.compile(r"/submit/"))


def click_button(page: Page, v: Values) -> None:
    page.get_by_role("button", name=v["label"], exact=True).click()


def click_link(page: Page, v: Values) -> None:
    page.get_by_role("link", name=v["label"], exact=True).click()
    page.wait_for_url(re.compile(r"/log/link"))


def click_tab(page: Page, v: Values) -> None:
    page.get_by_role("tab", name=v["label"], exact=True).click()


def choose_radio(page: Page, v: Values) -> None:
    page.get_by_text(v["label"], exact=True).click()  # the label next to the radio button
    page.get_by_role("button", name="Continue").click()
    _submitted(page)


def tick_boxes(page: Page, v: Values) -> None:
    for label in v["labels"].split("|"):
        page.get_by_role("checkbox", name=label, exact=True).click()
    page.get_by_role("button", name="Submit").click()
    _submitted(page)


def pick_country(page: Page, v: Values) -> None:
    page.get_by_label("Country").click()  # opens the list; typing the name picks it, Enter closes it
    page.keyboard.type(v["country"])
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Save").click()
    _submitted(page)


def pick_currency(page: Page, v: Values) -> None:
    select = page.get_by_label("Currency")
    select.click()
    select.select_option(v["code"])  # a script-dispatched change after the person's click
    page.get_by_role("button", name="Pay now").click()
    _submitted(page)


def add_contact(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_label("Full name"), v["name"])
    _type_into(page, page.get_by_label("Email"), v["email"])
    page.get_by_role("button", name="Add contact").click()
    _submitted(page)


def post_note(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_label("Note"), v["note"])
    page.get_by_role("button", name="Post").click()
    _submitted(page)


def change_password(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_label("New password", exact=True), v["password"])
    _type_into(page, page.get_by_label("Confirm new password"), v["password"])
    page.get_by_role("button", name="Change password").click()
    _submitted(page)


def log_in(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_label("Username"), v["username"])
    _type_into(page, page.get_by_label("Password"), v["password"])
    page.get_by_role("button", name="Sign in").click()
    _submitted(page)


def search(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_role("searchbox"), v["query"])
    page.keyboard.press("Enter")
    _submitted(page)


def answer_dialog(page: Page, v: Values) -> None:
    page.get_by_role("button", name="Delete file").click()
    page.get_by_role("dialog").get_by_role("button", name=v["answer"], exact=True).click()


def archive_message(page: Page, v: Values) -> None:
    page.get_by_text(v["sender"], exact=True).click()
    page.get_by_role("button", name="Archive").click()


def book_room(page: Page, v: Values) -> None:
    year, month, day = v["date"].split("-")
    page.get_by_label("Date").click()
    page.keyboard.type(f"{month}{day}{year}")  # Chromium's en-US date field: mm/dd/yyyy
    hour, minute = map(int, v["time"].split(":"))
    page.get_by_label("Start time").click()
    page.keyboard.type(f"{(hour - 1) % 12 + 1:02d}{minute:02d}{'PM' if hour >= 12 else 'AM'}")
    page.get_by_role("button", name="Book").click()
    _submitted(page)


def fill_address(page: Page, v: Values) -> None:
    for text, value in v.items():
        _type_into(page, page.locator(".row", has_text=text).locator("input"), value)
    page.get_by_role("button", name="Save address").click()


def file_ticket(page: Page, v: Values) -> None:
    _type_into(page, page.get_by_label("Subject"), v["subject"])
    page.get_by_label("Priority").click()
    page.keyboard.type(v["priority"])
    page.keyboard.press("Enter")
    page.get_by_text(v["category"], exact=True).click()
    if v["updates"] == "yes":
        page.get_by_text("Email updates").click()
    page.get_by_role("button", name="Create ticket").click()
    _submitted(page)


def choose_menu_item(page: Page, v: Values) -> None:
    page.get_by_role("button", name="Actions").click()
    page.get_by_role("menuitem", name=v["item"], exact=True).click()


# --- the shapes ----------------------------------------------------------------------------------


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _labels(name: str, labels: str, seed: int) -> dict[str, str]:
    return {name: labels, "seed": str(seed)}


def _button(task: str, label: str, labels: str, seed: int) -> Instance:
    return Instance(task, {"label": label}, {"clicked": label}, _labels("labels", labels, seed))


def _link(task: str, label: str, labels: str, seed: int) -> Instance:
    return Instance(task, {"label": label}, {"page": label}, _labels("labels", labels, seed))


def _tab(task: str, label: str, labels: str) -> Instance:
    return Instance(task, {"label": label}, {"tab": label}, {"labels": labels})


def _numbered_tabs(count: int) -> str:
    return "|".join(f"Tab #{n}" for n in range(1, count + 1))


def _radio(task: str, label: str, seed: int, options: str = "") -> Instance:
    query = {"seed": str(seed), **({"options": options} if options else {})}
    return Instance(task, {"label": label}, {"shipping": _slug(label)}, query)


def _boxes(task: str, labels: list[str], seed: int, items: str = "") -> Instance:
    query = {"seed": str(seed), **({"items": items} if items else {})}
    return Instance(task, {"labels": "|".join(labels)}, {"item": labels}, query)


COUNTRY_CODES = {"Brazil": "br", "Canada": "ca", "France": "fr", "Germany": "de", "Japan": "jp", "United Kingdom": "gb"}


def _country(task: str, country: str) -> Instance:
    return Instance(task, {"country": country}, {"display_name": "Sam", "country": COUNTRY_CODES[country]})


def _currency(task: str, code: str) -> Instance:
    return Instance(task, {"code": code}, {"currency": code})


def _contact(task: str, name: str, email: str) -> Instance:
    return Instance(task, {"name": name, "email": email}, {"name": name, "email": email, "company": ""})


def _note(task: str, note: str) -> Instance:
    return Instance(task, {"note": note}, {"note": note})


def _password(task: str, password: str) -> Instance:
    return Instance(task, {"password": password}, {"new_password": password, "confirm_password": password})


def _login(task: str, username: str, password: str) -> Instance:
    return Instance(task, {"username": username, "password": password}, {"username": username, "password": password})


def _search(task: str, query: str) -> Instance:
    return Instance(task, {"query": query}, {"q": query})


def _dialog(task: str, answer: str, answers: str, file: str) -> Instance:
    return Instance(task, {"answer": answer}, {"file": file, "answer": answer}, {"answers": answers, "file": file})


INBOX = "Ben Okafor=Quarterly numbers|Carol Diaz=Lunch on Friday?|Maria Rossi=Invoice 1182|Li Wei=New laptop arrived"


def _message(task: str, sender: str, seed: int, extra: str = "") -> Instance:
    query = {"seed": str(seed), "messages": INBOX + (f"|{extra}" if extra else "")}
    return Instance(task, {"sender": sender}, {"action": "archive", "sender": sender}, query)


def _booking(task: str, date: str, time: str) -> Instance:
    return Instance(task, {"date": date, "time": time}, {"date": date, "time": time})


def _address(task: str, first: str, last: str, city: str, seed: int) -> Instance:
    values = {"First name": first, "Last name": last, "City": city}
    return Instance(task, values, {**values, "Street": "", "Postcode": ""}, {"seed": str(seed)})


def _ticket(task: str, subject: str, priority: str, category: str, updates: bool) -> Instance:
    values = {"subject": subject, "priority": priority, "category": category, "updates": "yes" if updates else "no"}
    expected = {"subject": subject, "priority": priority, "category": category.lower(), **({"updates": "yes"} if updates else {})}
    return Instance(task, values, expected)


def _menu(task: str, item: str, items: str = "", doc: str = "Q3 report.docx") -> Instance:
    return Instance(task, {"item": item}, {"doc": doc, "item": item}, {"doc": doc, **({"items": items} if items else {})})


SHAPES: list[Shape] = [
    Shape(
        name="button",
        page="buttons",
        endpoint="/log/button",
        title='Click on the "previous" button.',
        description="Answer the survey page with the button that the task names.",
        perform=click_button,
        demo_values={"label": "previous"},
        demo_expected={"clicked": "previous"},
        demo_query=_labels("labels", "previous|next|Yes|No|Cancel", 1),
        instances=[
            _button('Click on the "Yes" button.', "Yes", "previous|next|Yes|No|Maybe", 2),
            _button('Click on the "next" button.', "next", "previous|next|Yes|No", 3),
            _button('Click on the "Start over" button.', "Start over", "previous|Start over|Continue|Help", 5),
            _button('Press the "Decline" button', "Decline", "previous|Accept|Decline|Later", 4),
            _button("click the Publish button", "Publish", "previous|Save draft|Publish|Discard", 6),
            _button('Hit "Skip question"', "Skip question", "Back|previous|Skip question|Submit", 7),
        ],
    ),
    Shape(
        name="link",
        page="links",
        endpoint="/log/link",
        title='Click on the "About us" link.',
        description="Open one of the pages in the site's main menu.",
        perform=click_link,
        demo_values={"label": "About us"},
        demo_expected={"page": "About us"},
        demo_query=_labels("labels", "Home|About us|Pricing|Blog|Contact", 1),
        instances=[
            _link('Click on the "Pricing" link.', "Pricing", "Home|About us|Pricing|Blog|Contact", 2),
            _link('Click on the "Careers" link.', "Careers", "Home|About us|Careers|Press|Contact", 3),
            _link('Click on the "Store locator" link.', "Store locator", "Home|About us|Store locator|Gift cards", 5),
            _link('Follow the "Blog" link', "Blog", "Home|About us|Blog|Support", 4),
            _link("open the Returns link", "Returns", "Home|About us|Contact|Returns", 6),
        ],
    ),
    Shape(
        name="tab",
        page="tabs",
        endpoint="/log/tab",
        title='Click on "Tab #2".',
        description="Open one of the tabs of the product page.",
        perform=click_tab,
        demo_values={"label": "Tab #2"},
        demo_expected={"tab": "Tab #2"},
        demo_query={"labels": _numbered_tabs(4)},
        instances=[
            _tab('Click on "Tab #4".', "Tab #4", _numbered_tabs(5)),
            _tab('Click on "Tab #6".', "Tab #6", _numbered_tabs(6)),
            _tab('Click on "Tab #3".', "Tab #3", _numbered_tabs(3)),
            _tab("Open tab #3", "Tab #3", _numbered_tabs(4)),
            _tab('Click on the "Reviews" tab.', "Reviews", "Overview|Specs|Reviews|Shipping"),
        ],
    ),
    Shape(
        name="radio",
        page="radio",
        endpoint="/submit/radio",
        title="Choose Express shipping and click Continue.",
        description="Pick a shipping speed at checkout.",
        perform=choose_radio,
        demo_values={"label": "Express"},
        demo_expected={"shipping": "express"},
        demo_query={"seed": "1"},
        instances=[
            _radio("Choose Overnight shipping and click Continue.", "Overnight", 2),
            _radio("Choose Economy shipping and click Continue.", "Economy", 3, "Economy|Standard|Express|Overnight"),
            _radio('Choose "Pickup in store" shipping and click Continue.', "Pickup in store", 4),
            _radio("Select Standard shipping, then continue", "Standard", 5),
            _radio('Use "Same day" shipping and continue', "Same day", 6, "Standard|Express|Two-day|Same day"),
        ],
    ),
    Shape(
        name="checkboxes",
        page="checkboxes",
        endpoint="/submit/checkboxes",
        title="Select S4 and S7 and click Submit.",
        description="Tick the samples the task names and submit them.",
        perform=tick_boxes,
        demo_values={"labels": "S4|S7"},
        demo_expected={"item": ["S4", "S7"]},
        instances=[
            _boxes("Select S2 and S5 and click Submit.", ["S2", "S5"], 0),
            _boxes("Select S8 and S3 and click Submit.", ["S3", "S8"], 3),
            _boxes("Select hv and zt and click Submit.", ["hv", "zt"], 4, "hv|kq|S4|zt|S7|mb"),
            _boxes("Tick S10 and S1, then click Submit", ["S1", "S10"], 5, "|".join(f"S{n}" for n in range(1, 13))),
            _boxes('Select "Green" and "Blue" and submit', ["Green", "Blue"], 6, "Red|Green|Blue|S4|S7"),
        ],
    ),
    Shape(
        name="select_label",
        page="select_label",
        endpoint="/submit/select_label",
        title="Set the country to France and save.",
        description="Change the account's country in the settings.",
        perform=pick_country,
        demo_values={"country": "France"},
        demo_expected={"display_name": "Sam", "country": "fr"},
        instances=[
            _country("Set the country to Germany and save.", "Germany"),
            _country("Set the country to Japan and save.", "Japan"),
            _country('Set the country to "United Kingdom" and save.', "United Kingdom"),
            _country("Change my country to Brazil, then save", "Brazil"),
            _country("Save Canada as the country", "Canada"),
        ],
    ),
    Shape(
        name="select_value",
        page="select_value",
        endpoint="/submit/select_value",
        title="Pay the invoice in EUR.",
        description="Choose the currency by its code and pay.",
        perform=pick_currency,
        demo_values={"code": "EUR"},
        demo_expected={"currency": "EUR"},
        instances=[
            _currency("Pay the invoice in USD.", "USD"),
            _currency("Pay the invoice in JPY.", "JPY"),
            _currency('Pay the invoice in "GBP".', "GBP"),
            _currency("Use SEK as the currency and pay the invoice", "SEK"),
            _currency("pay in CHF", "CHF"),
        ],
    ),
    Shape(
        name="text",
        page="text",
        endpoint="/submit/text",
        title='Add a contact named "Ada Lovelace" with email "ada@example.org".',
        description="Create a new contact in the address book.",
        perform=add_contact,
        demo_values={"name": "Ada Lovelace", "email": "ada@example.org"},
        demo_expected={"name": "Ada Lovelace", "email": "ada@example.org", "company": ""},
        instances=[
            _contact('Add a contact named "Alan Turing" with email "alan@turing.org".', "Alan Turing", "alan@turing.org"),
            _contact('Add a contact named "Grace Hopper" with email "grace@navy.mil".', "Grace Hopper", "grace@navy.mil"),
            _contact("Add a contact named Katherine Johnson with email kj@nasa.gov", "Katherine Johnson", "kj@nasa.gov"),
            _contact(
                'Create a new contact: name "Linus Torvalds", email "linus@kernel.org"', "Linus Torvalds", "linus@kernel.org"
            ),
            _contact('Add "Margaret Hamilton" (email "mh@mit.edu") as a contact', "Margaret Hamilton", "mh@mit.edu"),
        ],
    ),
    Shape(
        name="textarea",
        page="textarea",
        endpoint="/submit/textarea",
        title='Post the note "Meeting moved\nRoom 4B at 3pm" on the board.',
        description="Post a note of one or more lines on the team board.",
        perform=post_note,
        demo_values={"note": "Meeting moved\nRoom 4B at 3pm"},
        demo_expected={"note": "Meeting moved\nRoom 4B at 3pm"},
        instances=[
            _note('Post the note "Lunch is served\nin the kitchen" on the board.', "Lunch is served\nin the kitchen"),
            _note(
                'Post the note "Fire drill at 10\nUse stairs B\nMeet in the car park" on the board.',
                "Fire drill at 10\nUse stairs B\nMeet in the car park",
            ),
            _note('Post the note "Printer fixed" on the board.', "Printer fixed"),
            _note('Put this note on the board: "Server down\nCall Sam on 555-0100"', "Server down\nCall Sam on 555-0100"),
            _note('Post on the board: "Quiet hours\n2pm to 4pm"', "Quiet hours\n2pm to 4pm"),
        ],
    ),
    Shape(
        name="password",
        page="password",
        endpoint="/submit/password",
        title='Change my password to "Tulip-2024".',
        description="Set a new password; the form asks for it twice.",
        perform=change_password,
        demo_values={"password": "Tulip-2024"},
        demo_expected={"new_password": "Tulip-2024", "confirm_password": "Tulip-2024"},
        instances=[
            _password('Change my password to "Orchid-77".', "Orchid-77"),
            _password('Change my password to "x9!Q#zLm".', "x9!Q#zLm"),
            _password('Change my password to "blue heron 9".', "blue heron 9"),
            _password('Set my new password to "Maple.Leaf.3"', "Maple.Leaf.3"),
            _password('New password: "Cedar&Pine_5"', "Cedar&Pine_5"),
        ],
    ),
    Shape(
        name="login",
        page="login",
        endpoint="/submit/login",
        title='Log in as "emile" with password "Pa55word".',
        description="Sign in to the staff portal.",
        perform=log_in,
        demo_values={"username": "emile", "password": "Pa55word"},
        demo_expected={"username": "emile", "password": "Pa55word"},
        instances=[
            _login('Log in as "bob" with password "hunter22".', "bob", "hunter22"),
            _login('Log in as "dan.wu" with password "letmein!".', "dan.wu", "letmein!"),
            _login("Log in as carol with password Kx7-pp", "carol", "Kx7-pp"),
            _login('Sign in as "frank" using the password "0pen-Sesame"', "frank", "0pen-Sesame"),
            _login('Log in with username "eve" and password "s3cr3t"', "eve", "s3cr3t"),
        ],
    ),
    Shape(
        name="search",
        page="search",
        endpoint="/submit/search",
        title='Search for "red running shoes".',
        description="Search the shop; the search box is submitted with Enter.",
        perform=search,
        demo_values={"query": "red running shoes"},
        demo_expected={"q": "red running shoes"},
        instances=[
            _search('Search for "wool socks".', "wool socks"),
            _search('Search for "usb-c cable 2m".', "usb-c cable 2m"),
            _search("Search for blue denim jacket", "blue denim jacket"),
            _search('Look up "cast iron skillet" in the shop', "cast iron skillet"),
            _search('Find "garden hose 25m"', "garden hose 25m"),
        ],
    ),
    Shape(
        name="dialog",
        page="dialog",
        endpoint="/log/dialog",
        title='Open the delete dialog and press "OK".',
        description="Open the file's delete dialog and answer it with the button the task names.",
        perform=answer_dialog,
        demo_values={"answer": "OK"},
        demo_expected={"file": "report.pdf", "answer": "OK"},
        demo_query={"answers": "OK|Cancel", "file": "report.pdf"},
        instances=[
            _dialog('Open the delete dialog and press "Cancel".', "Cancel", "OK|Cancel", "budget.xlsx"),
            _dialog('Open the delete dialog and press "Keep a copy".', "Keep a copy", "OK|Cancel|Keep a copy", "photo.jpg"),
            _dialog('Open the delete dialog and press "Later".', "Later", "Cancel|OK|Later", "notes.txt"),
            _dialog('Press "Cancel" in the delete dialog', "Cancel", "OK|Cancel", "slides.pptx"),
            _dialog(
                "open the delete dialog, then click Move to archive", "Move to archive", "OK|Cancel|Move to archive", "old.zip"
            ),
        ],
    ),
    Shape(
        name="list_item",
        page="inbox",
        endpoint="/log/inbox",
        title="Open the message from Carol Diaz and archive it.",
        description="Find a message in the inbox by its sender and archive it.",
        perform=archive_message,
        demo_values={"sender": "Carol Diaz"},
        demo_expected={"action": "archive", "sender": "Carol Diaz"},
        demo_query={"seed": "1", "messages": INBOX},
        instances=[
            _message("Open the message from Ben Okafor and archive it.", "Ben Okafor", 2),
            _message('Open the message from "Sam Patel" and archive it.', "Sam Patel", 3, "Sam Patel=Holiday plans"),
            _message("Open the message from Li Wei and archive it.", "Li Wei", 4),
            _message("Archive the message from Ana Lima", "Ana Lima", 5, "Ana Lima=Parking badge"),
            _message('Find the message from "Maria Rossi" and archive it', "Maria Rossi", 6),
        ],
    ),
    Shape(
        name="datetime",
        page="datetime",
        endpoint="/submit/datetime",
        title="Book the room on 2025-03-14 at 09:30.",
        description="Book the meeting room for a date and a start time.",
        perform=book_room,
        demo_values={"date": "2025-03-14", "time": "09:30"},
        demo_expected={"date": "2025-03-14", "time": "09:30"},
        instances=[
            _booking("Book the room on 2025-11-02 at 14:45.", "2025-11-02", "14:45"),
            _booking("Book the room on 2026-01-05 at 08:00.", "2026-01-05", "08:00"),
            _booking("Book the room on 2025-12-31 at 23:30.", "2025-12-31", "23:30"),
            _booking("Reserve the room for 2025-07-21 at 16:15", "2025-07-21", "16:15"),
            _booking("Book it for 10:05 on 2025-02-28", "2025-02-28", "10:05"),
        ],
    ),
    Shape(
        name="nearby_text",
        page="nearby",
        endpoint="/submit/nearby",
        title='Enter first name "Grace", last name "Hopper" and city "Arlington", then save the address.',
        description="Fill in the delivery address; the fields are known only by the text next to them.",
        perform=fill_address,
        demo_values={"First name": "Grace", "Last name": "Hopper", "City": "Arlington"},
        demo_expected={"First name": "Grace", "Last name": "Hopper", "City": "Arlington", "Street": "", "Postcode": ""},
        demo_query={"seed": "1"},
        instances=[
            _address(
                'Enter first name "Alan", last name "Turing" and city "Wilmslow", then save the address.',
                "Alan",
                "Turing",
                "Wilmslow",
                2,
            ),
            _address(
                'Enter first name "Ada", last name "Byron" and city "London", then save the address.', "Ada", "Byron", "London", 7
            ),
            _address(
                'Enter first name "Hedy", last name "Lamarr" and city "Vienna", then save the address.',
                "Hedy",
                "Lamarr",
                "Vienna",
                4,
            ),
            _address('Fill in city "Oslo", first name "Ingrid" and last name "Berg", then save', "Ingrid", "Berg", "Oslo", 5),
            _address(
                "Save the address with first name Tim, last name Berners-Lee, city Geneva", "Tim", "Berners-Lee", "Geneva", 6
            ),
        ],
    ),
    Shape(
        name="ticket",
        page="ticket",
        endpoint="/submit/ticket",
        title='File a ticket "Printer jams on page 2" with priority High in category Bug, with email updates.',
        description="Open a helpdesk ticket: a subject, a priority, a category and whether to get email updates.",
        perform=file_ticket,
        demo_values={"subject": "Printer jams on page 2", "priority": "High", "category": "Bug", "updates": "yes"},
        demo_expected={"subject": "Printer jams on page 2", "priority": "High", "category": "bug", "updates": "yes"},
        instances=[
            _ticket(
                'File a ticket "VPN drops every hour" with priority Urgent in category Network, with email updates.',
                "VPN drops every hour",
                "Urgent",
                "Network",
                True,
            ),
            _ticket(
                'File a ticket "Cannot reset my password" with priority Low in category Account, with email updates.',
                "Cannot reset my password",
                "Low",
                "Account",
                True,
            ),
            _ticket(
                'File a ticket "Typo on the pricing page" with priority Normal in category Bug, without email updates.',
                "Typo on the pricing page",
                "Normal",
                "Bug",
                False,
            ),
            _ticket(
                'File a helpdesk ticket "Wi-Fi slow in room 3", Urgent priority, category Network, email updates please',
                "Wi-Fi slow in room 3",
                "Urgent",
                "Network",
                True,
            ),
            _ticket(
                'Open a ticket about "Dark mode request" in category Other with priority High and email updates',
                "Dark mode request",
                "High",
                "Other",
                True,
            ),
        ],
    ),
    Shape(
        name="menu",
        page="menu",
        endpoint="/log/menu",
        title='Open the Actions menu and choose "Rename".',
        description="Use the document's Actions menu.",
        perform=choose_menu_item,
        demo_values={"item": "Rename"},
        demo_expected={"doc": "Q3 report.docx", "item": "Rename"},
        demo_query={"doc": "Q3 report.docx"},
        instances=[
            _menu('Open the Actions menu and choose "Duplicate".', "Duplicate"),
            _menu('Open the Actions menu and choose "Move to trash".', "Move to trash"),
            _menu('Open the Actions menu and choose "Version history".', "Version history", "Open|Rename|Print|Version history"),
            _menu('Choose "Share" from the Actions menu', "Share", "Open|Rename|Share|Download"),
            _menu("open the actions menu and pick Download", "Download", doc="Budget 2026.xlsx"),
        ],
    ),
]

SHAPES_BY_NAME = {shape.name: shape for shape in SHAPES}
