"""A labelled evaluation set for retrieval (issue 14), written before any tuning on it.

Pure data and small builders, no browser. `procedures()` returns the stored procedures as they would be built
from recordings on many sites (key -> Procedure; each procedure's id is its key). `REQUESTS` are the labelled
requests: a task text, optionally the URL of the page the agent is on, and the key of the procedure that should
come first, or None when no stored procedure serves the request.

Parts:
- own_wording: the demonstration's own title with new values (or, for a task without values, the same title);
- reworded: paraphrases with synonyms and other wordings; about a third are `held_out` and must be kept out of
  all tuning (report them separately);
- misspelled: typos in the title or a paraphrase;
- place: the same wording recorded on two pages of one site (https, file:// and localhost); `url` says which
  page the agent is on and the procedure recorded on that page is expected;
- unrelated: requests no stored procedure serves; the right answer is nothing.

The set was written without reading the retrieval code (retrieval/), so that it does not fit any algorithm.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from procedures.models import Abstract, Parameter, Procedure, ProcedureStep

PARTS = ("own_wording", "reworded", "misspelled", "place", "unrelated")

T0 = 1_700_000_000.0  # fixed timestamps keep the set deterministic

MINIWOB_FILE = "file:///home/ana/miniwob-plusplus/miniwob/html/miniwob"
MINIWOB_HTTP = "http://localhost:8000/miniwob"
DEMO_PAGES = "file:///home/ana/demo-pages"
ADMIN = "http://localhost:3000/admin"
ANALYTICS = "https://analytics.acme-corp.com/reports"


@dataclass(frozen=True)
class Request:
    text: str
    expected: str | None  # key of the procedure that must come first; None: nothing may be returned
    part: str
    url: str | None = None  # the page the agent is on, when it matters
    held_out: bool = False  # a rewording kept out of all tuning


# --- builders ----------------------------------------------------------------------------------------------------


def _p(name: str, description: str, example: str | None = None, *, secret: bool = False, required: bool = True) -> Parameter:
    return Parameter(name=name, description=description, example=example, secret=secret, required=required)


def _step(action: str, selectors: tuple[str, ...], **fields: object) -> ProcedureStep:
    return ProcedureStep(action=action, selector=selectors[0] if selectors else None, selectors=list(selectors), **fields)  # type: ignore[arg-type]


def click(*selectors: str, label: str = "", tag: str = "button", **fields: object) -> ProcedureStep:
    return _step("click", selectors, label=label, tag=tag, **fields)


def dblclick(*selectors: str, label: str = "", tag: str = "div", **fields: object) -> ProcedureStep:
    return _step("dblclick", selectors, label=label, tag=tag, **fields)


def fill(
    *selectors: str, value: str, field: str = "", tag: str = "input", input_type: str = "text", **fields: object
) -> ProcedureStep:
    return _step("fill", selectors, value=value, field=field, label=field, tag=tag, input_type=input_type, **fields)


def secret_fill(*selectors: str, value: str, field: str = "Password") -> ProcedureStep:
    return _step("fill", selectors, value=value, field=field, label=field, tag="input", input_type="password", secret=True)


def select(*selectors: str, value: str, field: str = "", option_value: str | None = None) -> ProcedureStep:
    return _step("select", selectors, value=value, option_value=option_value, field=field, label=field, tag="select")


def check(*selectors: str, label: str, input_type: str = "checkbox") -> ProcedureStep:
    return _step("check", selectors, label=label, tag="input", input_type=input_type)


def uncheck(*selectors: str, label: str, input_type: str = "checkbox") -> ProcedureStep:
    return _step("uncheck", selectors, label=label, tag="input", input_type=input_type)


def press(*selectors: str, key: str = "Enter", field: str = "", tag: str = "input", **fields: object) -> ProcedureStep:
    return _step("press", selectors, value=key, field=field, tag=tag, **fields)


def upload(*selectors: str, files: list[str], field: str = "") -> ProcedureStep:
    return _step("upload", selectors, files=files, field=field, tag="input", input_type="file")


def _domains(url: str) -> list[str]:
    host = urlsplit(url).hostname
    return [host] if host else []  # a file:// page has no host


def _procedure(
    key: str,
    title: str,
    start: str,
    *,
    parameters: list[Parameter],
    flow: list[str],
    tags: list[str],
    steps: list[ProcedureStep],
    description: str = "",
    start_value: str | None = None,
) -> Procedure:
    """A procedure as built from a recording: the first step navigates to `start`; other steps happen on it."""
    built = [ProcedureStep(action="navigate", value=start_value or start, url=start, timestamp=T0)]
    page = start
    for number, step in enumerate(steps, 1):
        built.append(step.model_copy(update={"url": step.url or page, "timestamp": T0 + number}))
        if step.navigates_to and "{" not in step.navigates_to:
            page = step.navigates_to
    return Procedure(
        id=key,
        title=title,
        description=description,
        abstract=Abstract(goal=title, parameters=parameters, flow=flow, domains=_domains(start), tags=tags),
        steps=built,
        recording_id=f"rec-{key}",
        created_at=T0,
        updated_at=T0,
    )


SUBMIT = ('internal:role=button[name="Submit"i]', "#subbtn")


def procedures() -> dict[str, Procedure]:
    """The stored procedures, key -> Procedure (each procedure's id is its key). Built fresh on every call."""
    ps = [
        # --- short UI tasks, MiniWoB-like, on local pages ------------------------------------------------------
        _procedure(
            "click_button",
            'Click on the "previous" button.',
            f"{MINIWOB_FILE}/click-button.html",
            parameters=[_p("button", "the text on the button", "previous")],
            flow=["Find the button with the given text", "Click it"],
            tags=["miniwob", "click", "button"],
            steps=[click('internal:role=button[name="{button}"i]', 'internal:text="{button}"i', label="previous")],
        ),
        _procedure(
            "click_link",
            'Click on the link "Neque,".',
            f"{MINIWOB_FILE}/click-link.html",
            parameters=[_p("link_text", "the text of the link", "Neque,")],
            flow=["Find the link with the given text in the paragraph", "Click it"],
            tags=["miniwob", "click", "link"],
            steps=[click('internal:role=link[name="{link_text}"i]', 'internal:text="{link_text}"i', label="Neque,", tag="a")],
        ),
        _procedure(
            "click_button_sequence",
            "Click button ONE, then click button TWO.",
            f"{MINIWOB_HTTP}/click-button-sequence.html",
            parameters=[],
            flow=["Click the button ONE", "Click the button TWO"],
            tags=["miniwob", "click", "button", "sequence"],
            steps=[
                click('internal:role=button[name="ONE"i]', "#subbtn", label="ONE"),
                click('internal:role=button[name="TWO"i]', "#subbtn2", label="TWO"),
            ],
        ),
        _procedure(
            "click_option",
            "Select S4 and click Submit.",
            f"{MINIWOB_HTTP}/click-option.html",
            parameters=[_p("option", "the label of the radio button", "S4")],
            flow=["Choose the radio button with the given label", "Click Submit"],
            tags=["miniwob", "radio", "form"],
            steps=[
                check('internal:role=radio[name="{option}"i]', 'internal:label="{option}"i', label="S4", input_type="radio"),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "click_checkboxes",
            "Tick the boxes for ekx and 5lYm, then click Submit.",
            f"{MINIWOB_HTTP}/click-checkboxes.html",
            parameters=[
                _p("first_box", "label of the first checkbox", "ekx"),
                _p("second_box", "label of the second checkbox", "5lYm"),
            ],
            flow=["Tick the checkbox of each given label", "Click Submit"],
            tags=["miniwob", "checkbox", "form"],
            steps=[
                check('internal:role=checkbox[name="{first_box}"i]', 'internal:label="{first_box}"i', label="ekx"),
                check('internal:role=checkbox[name="{second_box}"i]', 'internal:label="{second_box}"i', label="5lYm"),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "click_collapsible",
            'Expand the sections below, to find and click on the link "sed".',
            f"{MINIWOB_FILE}/click-collapsible-2.html",
            parameters=[_p("link_text", "the link to click inside a section", "sed")],
            flow=["Open the collapsed sections one after the other", "Click the link with the given text"],
            tags=["miniwob", "accordion", "link"],
            steps=[
                click('internal:role=tab[name="Section #1"i]', 'internal:text="Section #1"i', label="Section #1", tag="h3"),
                click('internal:role=tab[name="Section #2"i]', 'internal:text="Section #2"i', label="Section #2", tag="h3"),
                click('internal:role=link[name="{link_text}"i]', 'internal:text="{link_text}"i', label="sed", tag="span"),
            ],
        ),
        _procedure(
            "click_tab",
            "Click on Tab #2.",
            f"{MINIWOB_HTTP}/click-tab.html",
            parameters=[_p("tab_number", "which tab", "2")],
            flow=["Click the tab with the given number"],
            tags=["miniwob", "tab"],
            steps=[
                click('internal:role=tab[name="Tab #{tab_number}"i]', 'a[href="#tabs-{tab_number}"]', label="Tab #2", tag="a")
            ],
        ),
        _procedure(
            "choose_date",
            "Select 11/03/2016 as the date and hit submit.",
            f"{MINIWOB_HTTP}/choose-date.html",
            parameters=[_p("date", "the date as MM/DD/YYYY", "11/03/2016")],
            flow=["Open the date picker", "Enter the date", "Click Submit"],
            tags=["miniwob", "date", "datepicker"],
            steps=[
                click("#datepicker", 'internal:role=textbox[name="Date:"i]', label="Date:", tag="input"),
                fill("#datepicker", 'internal:role=textbox[name="Date:"i]', value="{date}", field="Date:"),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "click_dialog",
            'Close the dialog box by clicking the "x".',
            f"{MINIWOB_FILE}/click-dialog.html",
            parameters=[],
            flow=["Click the close button in the dialog's title bar"],
            tags=["miniwob", "dialog"],
            steps=[
                click(
                    'internal:role=dialog >> internal:role=button[name="Close"i]',
                    ".ui-dialog-titlebar-close",
                    label="Close",
                )
            ],
        ),
        _procedure(
            "choose_list",
            "Select Nigeria from the list and click Submit.",
            f"{MINIWOB_HTTP}/choose-list.html",
            parameters=[_p("item", "the entry to choose", "Nigeria")],
            flow=["Choose the entry in the list", "Click Submit"],
            tags=["miniwob", "select", "form"],
            steps=[
                select("#options", "internal:role=combobox", value="{item}", option_value="{item}"),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "enter_text",
            'Enter "Kanesha" into the text field and press Submit.',
            f"{MINIWOB_HTTP}/enter-text.html",
            parameters=[_p("text", "what to type", "Kanesha")],
            flow=["Type the text into the field", "Click Submit"],
            tags=["miniwob", "text", "form"],
            steps=[fill("#tt", "internal:role=textbox", value="{text}"), click(*SUBMIT, label="Submit")],
        ),
        _procedure(
            "login_user",
            'Enter the username "kanesha" and the password "Wgl" into the text fields and press login.',
            f"{MINIWOB_HTTP}/login-user.html",
            parameters=[_p("username", "the user name", "kanesha"), _p("password", "the password", secret=True)],
            flow=["Enter the username", "Enter the password", "Click Login"],
            tags=["miniwob", "login", "form"],
            steps=[
                fill('internal:label="Username"i', "#username", value="{username}", field="Username"),
                secret_fill('internal:label="Password"i', "#password", value="{password}"),
                click('internal:role=button[name="Login"i]', "#subbtn", label="Login"),
            ],
        ),
        _procedure(
            "enter_password",
            'Enter the password "Dxt" into both text fields and press submit.',
            f"{MINIWOB_FILE}/enter-password.html",
            parameters=[_p("password", "the password to type twice", secret=True)],
            flow=["Type the password into the first field", "Type it again into the verify field", "Click Submit"],
            tags=["miniwob", "password", "form"],
            steps=[
                secret_fill('internal:label="Password"i', "#password", value="{password}"),
                secret_fill('internal:label="Verify password"i', "#verify", value="{password}", field="Verify password"),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "use_slider",
            "Select 57 with the slider and hit submit.",
            f"{MINIWOB_HTTP}/use-slider.html",
            parameters=[_p("value", "the number to set", "57")],
            flow=["Move the slider to the value", "Click Submit"],
            tags=["miniwob", "slider"],
            steps=[
                fill("internal:role=slider", "#slider .ui-slider-handle", value="{value}", tag="span", input_type=""),
                click(*SUBMIT, label="Submit"),
            ],
        ),
        _procedure(
            "social_media",
            'For the user @leonie, click on the "Retweet" button.',
            f"{MINIWOB_HTTP}/social-media.html",
            parameters=[
                _p("user", "the handle of the post's author", "@leonie"),
                _p("action", "the button under the post", "Retweet"),
            ],
            flow=["Find the post by the user", "Click the given button under it"],
            tags=["miniwob", "social", "click"],
            steps=[
                click(
                    '.media:has(.username:text-is("{user}")) >> internal:attr=[title="{action}"i]',
                    '.media:has-text("{user}") .{action}',
                    label="Retweet",
                    tag="span",
                )
            ],
        ),
        _procedure(
            "navigate_tree",
            'Navigate through the file tree. Find and click on the folder or file named "Briana".',
            f"{MINIWOB_FILE}/navigate-tree.html",
            parameters=[_p("name", "the folder or file to click", "Briana")],
            flow=["Open the folders of the tree", "Click the entry with the given name"],
            tags=["miniwob", "tree"],
            steps=[
                click('internal:role=treeitem[name="Jerrold"i]', "#tree .folder >> nth=0", label="Jerrold", tag="span"),
                click('internal:role=treeitem[name="{name}"i]', 'internal:text="{name}"s', label="Briana", tag="span"),
            ],
        ),
        _procedure(
            "email_reply",
            'Find the email by Trudi and reply to them with the text "Nunc".',
            f"{MINIWOB_HTTP}/email-inbox-reply.html",
            parameters=[_p("sender", "who sent the email", "Trudi"), _p("reply", "the text of the reply", "Nunc")],
            flow=["Open the email from the sender", "Click Reply", "Type the reply", "Send it"],
            tags=["miniwob", "email", "reply"],
            steps=[
                click(
                    '.email-thread:has(.email-sender:text-is("{sender}"))', 'internal:text="{sender}"s', label="Trudi", tag="div"
                ),
                click(".email-reply", 'internal:role=button[name="Reply"i]', label="Reply", tag="span"),
                fill("#reply-text", 'internal:role=textbox[name="Reply"i]', value="{reply}", tag="textarea"),
                click("#send-reply", 'internal:role=button[name="Send"i]', label="Send", tag="span"),
            ],
        ),
        _procedure(
            "book_flight",
            "Book the shortest one-way flight from: Cincinnati, OH to: LEX on 10/16/2016.",
            f"{MINIWOB_HTTP}/book-flight.html",
            parameters=[
                _p("origin", "departure city", "Cincinnati, OH"),
                _p("destination", "arrival airport", "LEX"),
                _p("date", "departure date as MM/DD/YYYY", "10/16/2016"),
            ],
            flow=["Enter the origin and destination", "Enter the date", "Search", "Book the shortest flight in the results"],
            tags=["miniwob", "flight", "booking"],
            steps=[
                fill("#flight-from", 'internal:attr=[placeholder="From:"i]', value="{origin}", field="From:"),
                click('internal:role=option[name="{origin}"i]', "#ui-id-1 li >> nth=0", label="Cincinnati, OH", tag="li"),
                fill("#flight-to", 'internal:attr=[placeholder="To:"i]', value="{destination}", field="To:"),
                click('internal:role=option[name="{destination}"i]', "#ui-id-2 li >> nth=0", label="LEX", tag="li"),
                fill("#datepicker", value="{date}", field="Departure Date"),
                click("#search", 'internal:role=button[name="Search"i]', label="Search"),
                click(
                    'internal:role=button[name="Book flight for $"i] >> nth=2',
                    ".flight:nth-child(3) .book",
                    label="Book flight for $431",
                ),
            ],
        ),
        # --- tasks on real sites and company apps ------------------------------------------------------------
        _procedure(
            "wiki_search",
            'Search Wikipedia for "Ada Lovelace"',
            "https://en.wikipedia.org/wiki/Main_Page",
            parameters=[_p("query", "what to look up", "Ada Lovelace")],
            flow=["Type the query into the search box", "Press Enter", "The article opens"],
            tags=["search", "wikipedia"],
            steps=[
                fill(
                    'internal:role=searchbox[name="Search Wikipedia"i]',
                    "#searchInput",
                    value="{query}",
                    field="Search Wikipedia",
                    input_type="search",
                ),
                press(
                    'internal:role=searchbox[name="Search Wikipedia"i]',
                    "#searchInput",
                    key="Enter",
                    navigates_to="https://en.wikipedia.org/wiki/Ada_Lovelace",
                ),
            ],
        ),
        _procedure(
            "file_ticket",
            'File a support ticket "VPN drops every hour" with priority High',
            "https://helpdesk.acme-corp.com/tickets/new",
            description="IT helpdesk: new ticket form",
            parameters=[
                _p("subject", "one line summary", "VPN drops every hour"),
                _p("priority", "Low, Normal, High or Urgent", "High"),
                _p("details", "what happens", "Since Monday the VPN disconnects about every hour and I have to log in again."),
                _p("category", "ticket category", "Network", required=False),
            ],
            flow=["Fill in the subject", "Choose the category and priority", "Describe the problem", "Create the ticket"],
            tags=["helpdesk", "ticket", "support"],
            steps=[
                fill('internal:label="Subject"i', "#ticket_subject", value="{subject}", field="Subject"),
                select('internal:label="Category"i', "#ticket_category", value="{category}", field="Category"),
                select('internal:label="Priority"i', "#ticket_priority", value="{priority}", field="Priority"),
                fill(
                    'internal:label="Description"i', "#ticket_description", value="{details}", field="Description", tag="textarea"
                ),
                click(
                    'internal:role=button[name="Create ticket"i]',
                    'input[type="submit"]',
                    label="Create ticket",
                    navigates_to="https://helpdesk.acme-corp.com/tickets/4812",
                ),
            ],
        ),
        _procedure(
            "slack_message",
            'Send Priya Patel a direct message on Slack: "Running 5 minutes late"',
            "https://app.slack.com/client/T02ACME7Q/C02GENERAL",
            parameters=[
                _p("recipient", "who gets the message", "Priya Patel"),
                _p("message", "the text to send", "Running 5 minutes late"),
            ],
            flow=["Start a new message", "Pick the recipient", "Type the message", "Send it with Enter"],
            tags=["slack", "chat", "message"],
            steps=[
                click('internal:role=button[name="New message"i]', '[data-qa="composer_button"]', label="New message"),
                fill('internal:role=combobox[name="To:"i]', '[data-qa="composer_to_input"]', value="{recipient}", field="To:"),
                click('internal:role=option[name="{recipient}"i]', label="Priya Patel", tag="div"),
                fill(
                    'internal:role=textbox[name="Message to {recipient}"i]',
                    '[data-qa="message_input"]',
                    value="{message}",
                    tag="div",
                ),
                press('[data-qa="message_input"]', key="Enter", tag="div"),
            ],
        ),
        _procedure(
            "compose_email",
            'Email jane.doe@example.com with the subject "Q3 report"',
            "https://mail.google.com/mail/u/0/#inbox",
            parameters=[
                _p("to", "recipient address", "jane.doe@example.com"),
                _p("subject", "subject line", "Q3 report"),
                _p("body", "message text", "Hi Jane, the Q3 report is attached. Best, Ana"),
            ],
            flow=["Click Compose", "Enter the recipient", "Enter the subject and the text", "Click Send"],
            tags=["gmail", "email", "compose"],
            steps=[
                click('internal:role=button[name="Compose"i]', ".T-I.T-I-KE", label="Compose", tag="div"),
                fill('internal:role=combobox[name="To recipients"i]', value="{to}", field="To recipients"),
                fill('internal:attr=[placeholder="Subject"i]', 'input[name="subjectbox"]', value="{subject}", field="Subject"),
                fill('internal:role=textbox[name="Message Body"i]', value="{body}", field="Message Body", tag="div"),
                click('internal:role=button[name="Send"i]', label="Send", tag="div"),
            ],
        ),
        _procedure(
            "book_table",
            "Book a table for 2 at Luigi's Trattoria on Friday at 19:30",
            "https://www.opentable.com/",
            parameters=[
                _p("restaurant", "restaurant name", "Luigi's Trattoria"),
                _p("party_size", "number of people", "2"),
                _p("date", "the day", "Friday"),
                _p("time", "the time", "19:30"),
            ],
            flow=[
                "Search for the restaurant",
                "Choose the party size, date and time",
                "Pick the time slot",
                "Complete the reservation",
            ],
            tags=["restaurant", "reservation", "booking"],
            steps=[
                fill(
                    'internal:role=combobox[name="Location, Restaurant, or Cuisine"i]',
                    value="{restaurant}",
                    field="Location, Restaurant, or Cuisine",
                ),
                click(
                    'internal:role=option[name="{restaurant}"i]',
                    label="Luigi's Trattoria",
                    tag="li",
                    navigates_to="https://www.opentable.com/r/luigis-trattoria-london",
                ),
                select(
                    'internal:label="Party size"i',
                    '[data-test="party-size-picker"]',
                    value="{party_size} people",
                    field="Party size",
                ),
                fill('internal:label="Date"i', value="{date}", field="Date"),
                select('internal:label="Time"i', value="{time}", field="Time"),
                click('internal:role=button[name="Find a time"i]', label="Find a time"),
                click('internal:role=link[name="{time}"i]', label="19:30", tag="a"),
                click('internal:role=button[name="Complete reservation"i]', label="Complete reservation"),
            ],
        ),
        _procedure(
            "book_room",
            'Reserve meeting room "Everest" on Tuesday from 10:00 to 11:00',
            "https://rooms.acme-corp.com/calendar",
            description="Office room booking",
            parameters=[
                _p("room", "the meeting room", "Everest"),
                _p("day", "the day", "Tuesday"),
                _p("start", "start time", "10:00"),
                _p("end", "end time", "11:00"),
            ],
            flow=["Choose the room", "Choose the day", "Choose start and end time", "Confirm the reservation"],
            tags=["rooms", "meeting", "office"],
            steps=[
                select('internal:label="Room"i', "#room", value="{room}", field="Room"),
                fill('internal:label="Date"i', "#date", value="{day}", field="Date", input_type="date"),
                select('internal:label="From"i', "#start", value="{start}", field="From"),
                select('internal:label="To"i', "#end", value="{end}", field="To"),
                click('internal:role=button[name="Reserve"i]', "#reserve", label="Reserve"),
            ],
        ),
        _procedure(
            "newsletter",
            "Subscribe to the newsletter with anna@example.org",
            "https://www.greenleafgardens.co.uk/",
            parameters=[_p("email", "the address to subscribe", "anna@example.org")],
            flow=["Scroll to the footer", "Enter the email address", "Accept the marketing consent", "Click Subscribe"],
            tags=["newsletter", "email"],
            steps=[
                fill(
                    'internal:label="Email address"i',
                    "#newsletter-email",
                    value="{email}",
                    field="Email address",
                    input_type="email",
                ),
                check(
                    'internal:label="Yes, send me gardening tips and offers"i',
                    "#newsletter-consent",
                    label="Yes, send me gardening tips and offers",
                ),
                click('internal:role=button[name="Subscribe"i]', "#newsletter-form button", label="Subscribe"),
            ],
        ),
        _procedure(
            "settings_language",
            "Change the Todoist language to Deutsch",
            "https://app.todoist.com/app/settings/general",
            parameters=[_p("language", "the interface language", "Deutsch")],
            flow=["Open the general settings", "Choose the language", "Click Update"],
            tags=["todoist", "settings", "language"],
            steps=[
                select('internal:label="Language"i', 'select[name="language"]', value="{language}", field="Language"),
                click('internal:role=button[name="Update"i]', label="Update"),
            ],
        ),
        _procedure(
            "settings_notifications",
            "Turn off email notifications for new followers on LinkedIn",
            "https://www.linkedin.com/mypreferences/d/categories/notifications",
            parameters=[_p("category", "the kind of notification", "New followers")],
            flow=["Open the email notification preferences", "Open the Network section", "Switch off the given category"],
            tags=["linkedin", "settings", "notifications"],
            steps=[
                click(
                    'internal:role=link[name="Email"i]',
                    label="Email",
                    tag="a",
                    navigates_to="https://www.linkedin.com/mypreferences/d/categories/email",
                ),
                click('internal:role=button[name="Network"i]', label="Network"),
                uncheck('internal:role=switch[name="{category}"i]', 'internal:label="{category}"i', label="New followers"),
            ],
        ),
        _procedure(
            "add_to_cart",
            "Add 2 BILLY bookcases to the shopping cart",
            "https://www.ikea.com/gb/en/",
            parameters=[_p("product", "what to buy", "BILLY bookcase"), _p("quantity", "how many", "2")],
            flow=["Search for the product", "Open the product page", "Set the quantity", "Add it to the bag"],
            tags=["shopping", "ikea", "cart"],
            steps=[
                fill(
                    'internal:role=searchbox[name="Search"i]',
                    'input[name="q"]',
                    value="{product}",
                    field="Search",
                    input_type="search",
                ),
                press(
                    'internal:role=searchbox[name="Search"i]',
                    key="Enter",
                    navigates_to="https://www.ikea.com/gb/en/search/?q=BILLY",
                ),
                click('internal:role=link[name="{product}"i] >> nth=0', label="BILLY Bookcase, white", tag="a"),
                fill('internal:label="Quantity"i', value="{quantity}", field="Quantity", input_type="number"),
                click('internal:role=button[name="Add to bag"i]', label="Add to bag"),
            ],
        ),
        _procedure(
            "upload_file",
            "Upload invoice-2024-03.pdf to the Receipts folder in Dropbox",
            "https://www.dropbox.com/home",
            parameters=[
                _p("file", "path of the file to upload", "/home/ana/Documents/invoice-2024-03.pdf"),
                _p("folder", "the Dropbox folder", "Receipts"),
            ],
            flow=["Open the folder", "Click Upload", "Choose Files", "Pick the file"],
            tags=["dropbox", "upload", "files"],
            steps=[
                dblclick(
                    'internal:role=link[name="{folder}"i]',
                    label="Receipts",
                    tag="a",
                    navigates_to="https://www.dropbox.com/home/Receipts",
                ),
                click('internal:role=button[name="Upload or drop"i]', label="Upload or drop"),
                click('internal:role=menuitem[name="Files"i]', label="Files", tag="li"),
                upload('input[type="file"]', files=["{file}"]),
            ],
        ),
        _procedure(
            "github_issue",
            'Open an issue "Crash on startup" in acme/widgets on GitHub',
            "https://github.com/acme/widgets/issues",
            start_value="https://github.com/{repository}/issues",
            parameters=[
                _p("repository", "owner/name", "acme/widgets"),
                _p("title", "issue title", "Crash on startup"),
                _p("body", "issue text", "The app crashes right after the splash screen on version 2.3.1."),
            ],
            flow=["Open the repository's issues", "Click New issue", "Enter title and description", "Click Create"],
            tags=["github", "issue", "bug"],
            steps=[
                click(
                    'internal:role=link[name="New issue"i]',
                    label="New issue",
                    tag="a",
                    navigates_to="https://github.com/acme/widgets/issues/new",
                ),
                fill('internal:role=textbox[name="Add a title"i]', "#issue_title", value="{title}", field="Add a title"),
                fill(
                    'internal:role=textbox[name="Markdown value"i]',
                    "#issue_body",
                    value="{body}",
                    field="Markdown value",
                    tag="textarea",
                ),
                click('internal:role=button[name="Create"i]', label="Create"),
            ],
        ),
        _procedure(
            "expense_claim",
            "Submit an expense claim for a 42.50 EUR taxi ride on 3 May",
            "https://expenses.acme-corp.com/claims/new",
            parameters=[
                _p("amount", "how much", "42.50"),
                _p("currency", "currency code", "EUR"),
                _p("category", "expense category", "Taxi"),
                _p("date", "when", "3 May"),
                _p("receipt", "photo or scan of the receipt", "/home/ana/Pictures/taxi-receipt.jpg", required=False),
            ],
            flow=["Choose the category", "Enter amount, currency and date", "Attach the receipt", "Submit the claim"],
            tags=["expenses", "finance"],
            steps=[
                select('internal:label="Category"i', "#claim_category", value="{category}", field="Category"),
                fill('internal:label="Amount"i', "#claim_amount", value="{amount}", field="Amount", input_type="number"),
                select('internal:label="Currency"i', "#claim_currency", value="{currency}", field="Currency"),
                fill('internal:label="Date"i', "#claim_date", value="{date}", field="Date", input_type="date"),
                upload('internal:label="Receipt"i', "#claim_receipt", files=["{receipt}"], field="Receipt"),
                click('internal:role=button[name="Submit claim"i]', label="Submit claim"),
            ],
        ),
        _procedure(
            "time_off",
            "Request time off from 12 August to 23 August in Workday",
            "https://wd5.myworkday.com/acme/d/home.htmld",
            parameters=[
                _p("start_date", "first day off", "12 August"),
                _p("end_date", "last day off", "23 August"),
                _p("kind", "type of absence", "Vacation"),
            ],
            flow=["Open Absence", "Click Request Time Off", "Choose the dates", "Choose the type", "Submit"],
            tags=["workday", "hr", "absence"],
            steps=[
                click('internal:role=button[name="Absence"i]', '[data-automation-id="Absence"]', label="Absence"),
                click('internal:role=button[name="Request Time Off"i]', label="Request Time Off"),
                fill('internal:label="From"i', value="{start_date}", field="From"),
                fill('internal:label="To"i', value="{end_date}", field="To"),
                click('internal:role=button[name="Request Time Off"i] >> nth=1', label="Request Time Off"),
                select('internal:label="Type"i', value="{kind}", field="Type"),
                click(
                    'internal:role=button[name="Submit"i]', '[data-automation-id="wd-CommandButton_uic_okButton"]', label="Submit"
                ),
            ],
        ),
        _procedure(
            "track_parcel",
            "Track UPS package 1Z999AA10123456784",
            "https://www.ups.com/track?loc=en_US",
            parameters=[_p("tracking_number", "the UPS tracking number", "1Z999AA10123456784")],
            flow=["Enter the tracking number", "Click Track"],
            tags=["ups", "shipping", "tracking"],
            steps=[
                fill(
                    'internal:label="Tracking Number"i',
                    "#stApp_trackingNumber",
                    value="{tracking_number}",
                    field="Tracking Number",
                    tag="textarea",
                ),
                click('internal:role=button[name="Track"i]', "#stApp_btnTrack", label="Track"),
            ],
        ),
        _procedure(
            "calendar_event",
            'Add "Dentist" to my calendar on 14 March at 9:00',
            "https://calendar.google.com/calendar/u/0/r",
            parameters=[
                _p("title", "event title", "Dentist"),
                _p("date", "the day", "14 March"),
                _p("time", "start time", "9:00"),
            ],
            flow=["Click Create", "Choose Event", "Enter the title, date and time", "Save"],
            tags=["calendar", "google", "event"],
            steps=[
                click('internal:role=button[name="Create"i]', label="Create"),
                click('internal:role=menuitem[name="Event"i]', label="Event", tag="li"),
                fill('internal:role=textbox[name="Add title"i]', value="{title}", field="Add title"),
                fill('internal:role=textbox[name="Start date"i]', value="{date}", field="Start date"),
                fill('internal:role=combobox[name="Start time"i]', value="{time}", field="Start time"),
                click('internal:role=button[name="Save"i]', label="Save"),
            ],
        ),
        _procedure(
            "crm_customer",
            'Create a new customer "Globex Ltd" in the CRM',
            "https://crm.acme-corp.com/customers",
            description="Sales CRM",
            parameters=[
                _p("company", "customer name", "Globex Ltd"),
                _p("contact_email", "main contact's email", "hank@globex.example"),
                _p("phone", "phone number", "+44 20 7946 0958", required=False),
            ],
            flow=["Click New customer", "Fill in name, email and phone", "Save"],
            tags=["crm", "customers", "sales"],
            steps=[
                click('internal:role=button[name="New customer"i]', "#new-customer", label="New customer"),
                fill('internal:label="Company name"i', "#customer_name", value="{company}", field="Company name"),
                fill('internal:label="Email"i', "#customer_email", value="{contact_email}", field="Email", input_type="email"),
                fill('internal:label="Phone"i', "#customer_phone", value="{phone}", field="Phone", input_type="tel"),
                click(
                    'internal:role=button[name="Save"i]', label="Save", navigates_to="https://crm.acme-corp.com/customers/1093"
                ),
            ],
        ),
        # --- the same wording on two pages of one site ------------------------------------------------------
        _procedure(
            "export_sales_csv",
            "Export the report as CSV",
            f"{ANALYTICS}/sales",
            parameters=[],
            flow=["Click Export", "Choose CSV"],
            tags=["analytics", "export", "report"],
            steps=[
                click('internal:role=button[name="Export"i]', "#sales-export", label="Export"),
                click('internal:role=menuitem[name="CSV"i]', label="CSV", tag="li"),
            ],
        ),
        _procedure(
            "export_traffic_csv",
            "Export the report as CSV",
            f"{ANALYTICS}/traffic",
            parameters=[],
            flow=["Open More actions", "Choose Export as CSV", "Confirm the download"],
            tags=["analytics", "export", "report"],
            steps=[
                click('internal:role=button[name="More actions"i]', "#traffic-toolbar .kebab", label="More actions"),
                click('internal:role=menuitem[name="Export as CSV"i]', label="Export as CSV", tag="li"),
                click('internal:role=dialog >> internal:role=button[name="Download"i]', label="Download"),
            ],
        ),
        _procedure(
            "checkout_email",
            "Enter the email address and press Continue",
            f"{DEMO_PAGES}/checkout.html",
            parameters=[_p("email", "the customer's email", "ana@example.com")],
            flow=["Type the email into the contact field", "Click Continue to go to shipping"],
            tags=["demo", "checkout", "form"],
            steps=[
                fill('internal:label="Email"i', "#contact-email", value="{email}", field="Email", input_type="email"),
                click('internal:role=button[name="Continue"i]', "#to-shipping", label="Continue"),
            ],
        ),
        _procedure(
            "signup_email",
            "Enter the email address and press Continue",
            f"{DEMO_PAGES}/signup.html",
            parameters=[_p("email", "the new account's email", "ana@example.com")],
            flow=["Type the email into the sign-up field", "Click Continue to choose a password"],
            tags=["demo", "signup", "form"],
            steps=[
                fill(
                    'internal:attr=[placeholder="you@example.com"i]',
                    "#signup-email",
                    value="{email}",
                    field="you@example.com",
                    input_type="email",
                ),
                click('internal:role=button[name="Continue"i]', "#signup-next", label="Continue"),
            ],
        ),
        _procedure(
            "admin_delete_user",
            'Delete "jdoe" from the table',
            f"{ADMIN}/users",
            parameters=[_p("row", "the user name in the row", "jdoe")],
            flow=["Find the row", "Click its Delete button", "Confirm"],
            tags=["admin", "table", "delete"],
            steps=[
                click('tr:has-text("{row}") >> internal:role=button[name="Delete"i]', label="Delete"),
                click('internal:role=dialog >> internal:role=button[name="Yes, delete"i]', label="Yes, delete"),
            ],
        ),
        _procedure(
            "admin_delete_product",
            'Delete "Oak desk lamp" from the table',
            f"{ADMIN}/products",
            parameters=[_p("row", "the product name in the row", "Oak desk lamp")],
            flow=["Tick the row's checkbox", "Click Delete selected", "Confirm"],
            tags=["admin", "table", "delete"],
            steps=[
                check('tr:has-text("{row}") >> internal:role=checkbox', label="Select row"),
                click('internal:role=button[name="Delete selected"i]', "#bulk-delete", label="Delete selected"),
                click('internal:role=button[name="OK"i]', label="OK"),
            ],
        ),
    ]
    built = {p.id: p for p in ps}
    assert len(built) == len(ps), "procedure keys must be unique"
    return built


# --- labelled requests -------------------------------------------------------------------------------------------


def _part(part: str, *rows: tuple[str, str | None] | tuple[str, str | None, str]) -> list[Request]:
    return [Request(row[0], row[1], part, url=row[2] if len(row) > 2 else None) for row in rows]  # type: ignore[misc]


OWN_WORDING = _part(
    "own_wording",
    ('Click on the "Yes" button.', "click_button"),
    ('Click on the "Cancel" button.', "click_button"),
    ('Click on the "next" button.', "click_button"),
    ('Click on the link "Vel".', "click_link"),
    ('Click on the link "amet".', "click_link"),
    ('Click on the link "ultrices.".', "click_link"),
    ("Click button ONE, then click button TWO.", "click_button_sequence"),
    ("Select rMs and click Submit.", "click_option"),
    ("Select 5Hq and click Submit.", "click_option"),
    ("Tick the boxes for Rv and mqp, then click Submit.", "click_checkboxes"),
    ('Expand the sections below, to find and click on the link "dolor".', "click_collapsible"),
    ('Expand the sections below, to find and click on the link "Quisque".', "click_collapsible"),
    ("Click on Tab #3.", "click_tab"),
    ("Click on Tab #1.", "click_tab"),
    ("Select 04/22/2017 as the date and hit submit.", "choose_date"),
    ("Select 01/30/2016 as the date and hit submit.", "choose_date"),
    ('Close the dialog box by clicking the "x".', "click_dialog"),
    ("Select Bolivia from the list and click Submit.", "choose_list"),
    ("Select Tonga from the list and click Submit.", "choose_list"),
    ('Enter "Marcus" into the text field and press Submit.', "enter_text"),
    ('Enter "orci" into the text field and press Submit.', "enter_text"),
    ('Enter the username "bob" and the password "tr0ub4dor" into the text fields and press login.', "login_user"),
    ('Enter the password "Kq9" into both text fields and press submit.', "enter_password"),
    ("Select 12 with the slider and hit submit.", "use_slider"),
    ("Select 3 with the slider and hit submit.", "use_slider"),
    ('For the user @jonas, click on the "Like" button.', "social_media"),
    ('For the user @amelia, click on the "Reply" button.', "social_media"),
    ('Navigate through the file tree. Find and click on the folder or file named "Kelsi".', "navigate_tree"),
    ('Find the email by Ilse and reply to them with the text "Amet".', "email_reply"),
    ("Book the shortest one-way flight from: Anchorage, AK to: SEA on 11/02/2016.", "book_flight"),
    ('Search Wikipedia for "Grace Hopper"', "wiki_search"),
    ('Search Wikipedia for "photosynthesis"', "wiki_search"),
    ('File a support ticket "Laptop will not boot" with priority Low', "file_ticket"),
    ('Send Lars Olsen a direct message on Slack: "Lunch at 12?"', "slack_message"),
    ('Email tom@contoso.com with the subject "Invoice 118"', "compose_email"),
    ('Email hr@acme-corp.com with the subject "Sick day"', "compose_email"),
    ("Book a table for 6 at Sakura Sushi on Sunday at 20:00", "book_table"),
    ('Reserve meeting room "Kilimanjaro" on Thursday from 14:00 to 15:30', "book_room"),
    ("Subscribe to the newsletter with li.wei@example.net", "newsletter"),
    ("Change the Todoist language to Español", "settings_language"),
    ("Turn off email notifications for job alerts on LinkedIn", "settings_notifications"),
    ("Add 4 POÄNG armchairs to the shopping cart", "add_to_cart"),
    ("Upload taxi-receipt.jpg to the Travel folder in Dropbox", "upload_file"),
    ('Open an issue "Typo in README" in acme/gizmo on GitHub', "github_issue"),
    ("Submit an expense claim for a 18.90 EUR train ticket on 12 June", "expense_claim"),
    ("Request time off from 2 January to 6 January in Workday", "time_off"),
    ("Track UPS package 1Z12345E0205271688", "track_parcel"),
    ('Add "Team offsite" to my calendar on 2 October at 13:00', "calendar_event"),
    ('Create a new customer "Initech" in the CRM', "crm_customer"),
)

# (text, expected, held_out); about a third are held out, spread over the procedures.
_REWORDED: list[tuple[str, str, bool]] = [
    ("Press the button that says Cancel", "click_button", False),
    ("Tap the button labelled Next", "click_button", False),
    ("Hit the OK button", "click_button", False),
    ('Follow the hyperlink "Vel"', "click_link", False),
    ("Open the link that reads amet", "click_link", True),
    ("Press ONE and then TWO", "click_button_sequence", False),
    ("Hit button one followed by button two", "click_button_sequence", False),
    ("Choose the radio button S2, then hit Submit", "click_option", False),
    ("Pick the 7Kx radio option and submit the form", "click_option", False),
    ("Check the checkboxes Rv and TI, then press Submit", "click_checkboxes", False),
    ("Mark the mqp and 0zK boxes and submit", "click_checkboxes", True),
    ('Open the collapsed sections and click the link "tempor"', "click_collapsible", False),
    ("Unfold the accordion panels until you find the link ipsum, then click it", "click_collapsible", True),
    ("Go to the third tab", "click_tab", False),
    ("Switch to tab number 2", "click_tab", False),
    ("Pick March 5th, 2017 in the date picker and submit", "choose_date", False),
    ("Set the date field to 12/24/2016 and press Submit", "choose_date", False),
    ("Dismiss the popup", "click_dialog", False),
    ("Get rid of the dialog", "click_dialog", False),
    ("Close the modal window with the X", "click_dialog", True),
    ("Pick Nigeria in the dropdown", "choose_list", False),
    ("Choose Peru from the select menu, then submit", "choose_list", True),
    ("Type Marcus in the text box and submit", "enter_text", False),
    ('Put the word "lorem" in the input field and hit Submit', "enter_text", False),
    ("Sign in as bob", "login_user", False),
    ("Log in with username alice and password hunter2", "login_user", True),
    ("Type the password Kq9 twice and submit", "enter_password", False),
    ("Fill in the password and the confirm-password fields with zX1, then submit", "enter_password", False),
    ("Drag the slider to 80 and submit", "use_slider", False),
    ("Move the slider so it reads 33, then press Submit", "use_slider", True),
    ("Retweet @amelia's post", "social_media", False),
    ("Like the tweet posted by @jonas", "social_media", True),
    ("Open the file called Hedda in the folder tree", "navigate_tree", False),
    ("In the file browser, expand the folders and click the item named Kelsi", "navigate_tree", False),
    ("Answer Marline's email with 'Tempus'", "email_reply", False),
    ("Respond to the email from Ilse saying 'Amet'", "email_reply", True),
    ("Find the quickest one-way flight from Anchorage to Seattle on Nov 2 and book it", "book_flight", False),
    ("Reserve the shortest flight from Denver to Boise on October 3", "book_flight", True),
    ("Look up Alan Turing on Wikipedia", "wiki_search", False),
    ("Find the Wikipedia article about the Eiffel Tower", "wiki_search", True),
    ("submit a new support request", "file_ticket", False),
    ("Report an IT problem: my monitor flickers", "file_ticket", False),
    ("Open a helpdesk ticket saying the VPN keeps disconnecting", "file_ticket", True),
    ("DM Marco on Slack that I'm stuck in traffic", "slack_message", False),
    ("Message Lars in Slack: lunch at noon?", "slack_message", True),
    ("Send an email to tom@contoso.com about invoice 118", "compose_email", False),
    ("Write a mail to sam.lee@example.com titled Budget 2025", "compose_email", False),
    ("Reserve a dinner table for four at Dishoom on Saturday evening", "book_table", False),
    ("Make a restaurant reservation for two at 8pm tomorrow", "book_table", True),
    ("Book the Matterhorn conference room for Wednesday morning", "book_room", False),
    ("Grab a meeting room for 10 to 11 on Friday", "book_room", True),
    ("Sign up for the mailing list using kofi@example.com", "newsletter", False),
    ("Join the Greenleaf Gardens email newsletter", "newsletter", True),
    ("Switch Todoist to German", "settings_language", False),
    ("Set the app's display language to French in Todoist", "settings_language", False),
    ("Stop LinkedIn from emailing me about people viewing my profile", "settings_notifications", False),
    ("Disable email alerts for job recommendations in my LinkedIn preferences", "settings_notifications", True),
    ("Put three HEMNES dressers in my basket", "add_to_cart", False),
    ("Buy a KALLAX shelf on IKEA: add it to the bag", "add_to_cart", True),
    ("Put contract.pdf into my Dropbox Legal folder", "upload_file", False),
    ("Store the scan passport.png in Dropbox, in the Documents folder", "upload_file", True),
    ("Report a bug in acme/portal on GitHub: dark mode resets after logout", "github_issue", False),
    ("Create a new GitHub issue titled 'Login button misaligned'", "github_issue", True),
    ("Claim back 12 EUR for parking", "expense_claim", False),
    ("Get reimbursed for yesterday's hotel, 130 euros", "expense_claim", True),
    ("Book vacation days from 3 to 7 March in Workday", "time_off", False),
    ("Ask for leave next week", "time_off", False),
    ("Where is my UPS shipment 1Z4E6F970398765432?", "track_parcel", False),
    ("Check the delivery status of my UPS parcel", "track_parcel", False),
    ("Put a haircut appointment in Google Calendar for April 2 at 5pm", "calendar_event", False),
    ("Schedule 'Call with Mum' in my calendar on Sunday at 6pm", "calendar_event", True),
    ("Add Stark Industries as a new account in the CRM", "crm_customer", False),
    ("Register a new client called Umbrella Corp", "crm_customer", True),
    ("Choose the S1 radio button and click Submit", "click_option", True),
    ("Tick Ft and 9qQ and press the Submit button", "click_checkboxes", False),
    ("Open the second tab", "click_tab", True),
    ("Choose 21 on the slider control and submit", "use_slider", False),
]
REWORDED = [Request(text, expected, "reworded", held_out=held) for text, expected, held in _REWORDED] + [
    Request("Download this report as a CSV file", "export_sales_csv", "reworded", url=f"{ANALYTICS}/sales"),
    Request(
        "Save the report to a spreadsheet file (CSV)", "export_traffic_csv", "reworded", url=f"{ANALYTICS}/traffic", held_out=True
    ),
]

MISSPELLED = _part(
    "misspelled",
    ('Clik on the "Yes" buton.', "click_button"),
    ('Click on the lnik "Vel".', "click_link"),
    ("Clcik button ONE, then clikc button TWO.", "click_button_sequence"),
    ("Selct S2 and clik Submit.", "click_option"),
    ('Expnad the sections below, to find and click on the lnk "magna".', "click_collapsible"),
    ("Click on Tba #4.", "click_tab"),
    ("Select 07/19/2016 as the daet and hit sumbit.", "choose_date"),
    ('Close the dialgo box by clicking the "x".', "click_dialog"),
    ("Selcet Kenya from the lsit and click Submit.", "choose_list"),
    ('Entr "Delphine" into the txet field and press Submit.', "enter_text"),
    ("log in as bob, pasword hunter2", "login_user"),
    ("Selct 64 with the sldier and hit submit.", "use_slider"),
    ('For the usr @marco, click on the "Retweeet" button.', "social_media"),
    ('Fnd the emial by Josefa and reply to them with the txt "Lectus".', "email_reply"),
    ("Book the shortst one-way fligth from: Hilo, HI to: OGG on 12/05/2016.", "book_flight"),
    ('Serach Wikipedia for "Marie Curie"', "wiki_search"),
    ('Fiel a suport ticket "Printer jammed" with priorty Normal', "file_ticket"),
    ('Send Jonas a direct mesage on Slak: "On my way"', "slack_message"),
    ("Book a tabel for 3 at Nando's on Monday at 18:00", "book_table"),
    ("Subscibe to the newsleter with ravi@example.in", "newsletter"),
    ("Chnage the Todoist langauge to Italiano", "settings_language"),
    ("Add 5 LACK tables to the shoping crat", "add_to_cart"),
    ("Uplaod notes.docx to the School foldr in Dropbox", "upload_file"),
    ('Opne an isue "Slow search" in acme/api on GitHub', "github_issue"),
    ("Reqest time of from 20 May to 24 May in Workday", "time_off"),
    ("Trak UPS pakage 1Z0X118A0399952713", "track_parcel"),
    ('Add "Yoga" to my calender on 9 Jnue at 18:30', "calendar_event"),
    ('Reserv meeting rom "Fuji" on Monday from 9:00 to 9:30', "book_room"),
    ('Creat a new custmer "Hooli" in the CRM', "crm_customer"),
    ('Entre the pasword "pL4" into both text feilds and press submit.', "enter_password"),
)

PLACE = _part(
    "place",
    ("Export the report as CSV", "export_sales_csv", f"{ANALYTICS}/sales"),
    ("Export the report as CSV", "export_traffic_csv", f"{ANALYTICS}/traffic"),
    ("Export the report as CSV", "export_sales_csv", f"{ANALYTICS}/sales?range=last_30_days"),
    ("Export the report as CSV", "export_traffic_csv", f"{ANALYTICS}/traffic#by-country"),
    ("Export the report as CSV", "export_sales_csv", f"{ANALYTICS}/sales/"),
    ("Enter the email address and press Continue", "checkout_email", f"{DEMO_PAGES}/checkout.html"),
    ("Enter the email address and press Continue", "signup_email", f"{DEMO_PAGES}/signup.html"),
    ("Enter the email address and press Continue", "signup_email", f"{DEMO_PAGES}/signup.html?step=1"),
    ("Enter the email address and press Continue", "checkout_email", f"{DEMO_PAGES}/checkout.html#contact"),
    ('Delete "mbrown" from the table', "admin_delete_user", f"{ADMIN}/users"),
    ('Delete "Walnut side table" from the table', "admin_delete_product", f"{ADMIN}/products?page=2"),
    ('Delete "kpatel" from the table', "admin_delete_user", f"{ADMIN}/users?sort=name"),
    ('Delete "Linen cushion cover" from the table', "admin_delete_product", f"{ADMIN}/products"),
)

UNRELATED = _part(
    "unrelated",
    ("What's the weather in Lisbon tomorrow?", None),
    ("Transfer 200 euros to my savings account", None),
    ("Cancel my Netflix subscription", None),
    ("Translate this paragraph into Japanese", None),
    ("Print my boarding pass", None),
    ("Renew my passport online", None),
    ("Order a large pepperoni pizza for delivery", None),
    ("Rotate the image 90 degrees", None),
    ("Play the next song on Spotify", None),
    ("Compare the prices of these two laptops", None),
    ("Restart the home router", None),
    ("Unsubscribe from the Greenleaf Gardens newsletter", None),
    ("Download my bank statement for March", None),
    ("Convert 100 US dollars to yen", None),
    ("Check my credit score", None),
    ("Pay the electricity bill", None),
    ("Take a screenshot of the whole page", None),
    ("Apply for a mortgage", None),
    ("Delete my Facebook account", None),
    ("How many days until Christmas?", None),
    ("Find a recipe for banana bread", None),
    ("Rate my Uber driver five stars", None),
    ("Merge the open pull request", None),
    ("Sort the table by price, highest first", None),
    ("Zoom in on the map", None),
    ("Undo the last change", None),
    ("Turn up the volume", None),
    ("Solve the captcha", None),
    ("Renew the library books I borrowed", None),
    ("Refund order 5531", None),
    ("Show me my browsing history", None),
)

REQUESTS: list[Request] = [*OWN_WORDING, *REWORDED, *MISSPELLED, *PLACE, *UNRELATED]
