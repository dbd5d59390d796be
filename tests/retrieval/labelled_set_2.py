"""The second labelled retrieval set (issue 29), written blind: without reading the scoring code, before any tuning.

A store of look-alike procedures, each built by the heuristic builder from a recording (no browser): short UI
tasks recorded on different pages of one component playground, the CRUD and bulk tasks of one bookshop admin,
and logins on several sites. `procedures()` gives key -> Procedure (each procedure's id is its key).

`REQUESTS` are labelled requests: a task text, the URL of the page it is asked on (or None), the key of the
procedure that should come first (or None: nothing may be returned) and a slice:
- task-text: the title's shape with new values, as a new instance of the task would be worded;
- reworded: the same task with few shared words (synonyms, other verbs, other word order);
- reworded-heldout: a third of the rewordings, kept out of all tuning and reported apart;
- misspelled: typos in a task text or a rewording;
- unrelated: requests that no stored procedure serves, some asked on the site's own pages.
Across slices, some requests are asked on the page where their procedure was recorded, some on another page.
"""

from __future__ import annotations

from dataclasses import dataclass

from procedures import build_procedure
from procedures.models import Procedure
from recorder.models import PageOutcome, RecordedStep, Recording

SLICES = ("task-text", "reworded", "reworded-heldout", "misspelled", "unrelated")

T0 = 1_700_000_000.0  # fixed timestamps keep the set deterministic

UI = "https://playground.uikit.dev"
ADMIN = "http://localhost:8000/admin"
BOOKS = f"{ADMIN}/catalog/book/"
AUTHORS = f"{ADMIN}/catalog/author/"
GENRES = f"{ADMIN}/catalog/genre/"
COPIES = f"{ADMIN}/catalog/bookinstance/"

BANNER_TEXT = (
    "Welcome to the UI playground! Every page shows one component: buttons, links, tabs, checkboxes, a date "
    "picker, a time picker, search, login, accordions, menus, dropdowns, radio buttons, sliders, dialogs, "
    "switches, uploads and more. Pick a date, choose a time, tick the boxes, switch tabs and see what happens. "
    "Got it"
)
BOOK_ACTIONS = [
    "---------",
    "Delete selected books",
    "Mark selected books as out of stock",
    "Mark selected books as in stock",
]


@dataclass(frozen=True)
class Request:
    text: str
    expected: str | None  # key of the procedure that must come first; None: nothing may be returned
    slice: str
    url: str | None = None  # the page the request is asked on


# --- recorded steps ----------------------------------------------------------------------------------------------


def _role(role: str, name: str) -> str:
    return f'internal:role={role}[name="{name}"i]'


def nav(url: str) -> RecordedStep:
    return RecordedStep(action="navigate", value=url, url=url)


def click(url: str, name: str, css: str, *, role: str = "button", tag: str = "button", **fields: object) -> RecordedStep:
    selectors = [_role(role, name), css] if role else [css]
    return RecordedStep(action="click", selector=selectors[0], selectors=selectors, url=url, label=name, tag=tag, **fields)  # type: ignore[arg-type]


def fill(url: str, field: str, value: str, css: str, *, input_type: str = "text", tag: str = "input") -> RecordedStep:
    selectors = [f'internal:label="{field}"i', css]
    return RecordedStep(
        action="fill",
        selector=selectors[0],
        selectors=selectors,
        url=url,
        value=value,
        field=field,
        tag=tag,
        input_type=input_type,
    )


def secret(url: str, field: str, css: str, slot: str = "s1") -> RecordedStep:
    selectors = [f'internal:label="{field}"i', css]
    return RecordedStep(
        action="fill",
        selector=selectors[0],
        selectors=selectors,
        url=url,
        secret=True,
        field=field,
        tag="input",
        input_type="password",
        secret_slot=slot,
    )


def select(url: str, field: str, value: str, options: list[str], css: str) -> RecordedStep:
    selectors = [f'internal:label="{field}"i', css]
    return RecordedStep(
        action="select",
        selector=selectors[0],
        selectors=selectors,
        url=url,
        value=value,
        options=options,
        field=field,
        tag="select",
    )


def tick(
    url: str,
    label: str,
    css: str,
    *,
    input_type: str = "checkbox",
    group: str = "",
    options: list[str] | None = None,
    **fields: object,
) -> RecordedStep:
    role = "radio" if input_type == "radio" else "checkbox"
    selectors = [_role(role, label), css]
    return RecordedStep(
        action="check",
        selector=selectors[0],
        selectors=selectors,
        url=url,
        label=label,
        tag="input",
        input_type=input_type,
        group=group,
        options=options or [],
        **fields,  # type: ignore[arg-type]
    )


def press(url: str, field: str, css: str, key: str = "Enter", **fields: object) -> RecordedStep:
    selectors = [f'internal:label="{field}"i', css]
    return RecordedStep(
        action="press", selector=selectors[0], selectors=selectors, url=url, value=key, field=field, tag="input", **fields
    )  # type: ignore[arg-type]


def row_tick(url: str, row_text: str, others: list[str]) -> RecordedStep:
    """The action checkbox of a change list's row (Django admin)."""
    css = f'tr:has-text("{row_text}") input[name="_selected_action"]'
    return RecordedStep(
        action="check",
        selector=css,
        selectors=[css],
        url=url,
        tag="input",
        input_type="checkbox",
        row="#result_list tbody tr",
        row_texts=[row_text, *others],
        row_selector='input[name="_selected_action"]',
    )


@dataclass(frozen=True)
class Demo:
    key: str
    title: str
    steps: list[RecordedStep]
    description: str = ""
    headings: tuple[str, ...] = ()


def _build(demo: Demo) -> Procedure:
    steps = [step.model_copy(update={"timestamp": T0 + n}) for n, step in enumerate(demo.steps)]
    last = steps[-1]
    recording = Recording(
        id=f"rec-{demo.key}",
        title=demo.title,
        description=demo.description,
        created_at=T0,
        steps=steps,
        outcome=PageOutcome(url=last.navigates_to or last.url, headings=list(demo.headings)),
    )
    return build_procedure(recording).model_copy(update={"id": demo.key, "created_at": T0, "updated_at": T0})


# --- the demonstrations ------------------------------------------------------------------------------------------


def _ui(path: str) -> str:
    return f"{UI}{path}"


def _ui_demos() -> list[Demo]:
    u = _ui
    return [
        Demo(
            "ui_button",
            'Click the "Save draft" button',
            [nav(u("/buttons")), click(u("/buttons"), "Save draft", "#save-draft")],
            headings=("Buttons",),
        ),
        Demo(
            "ui_link",
            'Click the link "Pricing"',
            [nav(u("/links")), click(u("/links"), "Pricing", "a.nav-pricing", role="link", tag="a", navigates_to=u("/pricing"))],
            headings=("Pricing",),
        ),
        Demo(
            "ui_tab",
            'Open the "Billing" tab',
            [nav(u("/tabs")), click(u("/tabs"), "Billing", "#tab-billing", role="tab")],
            headings=("Tabs",),
        ),
        Demo(
            "ui_checkboxes",
            'Tick the boxes "Email" and "SMS"',
            [
                nav(u("/checkboxes")),
                tick(u("/checkboxes"), "Email", "#notify-email", group="Notify me by", options=["Email", "SMS", "Push", "Post"]),
                tick(u("/checkboxes"), "SMS", "#notify-sms", group="Notify me by", options=["Email", "SMS", "Push", "Post"]),
                click(u("/checkboxes"), "Submit", "#checkbox-form button"),
            ],
            headings=("Checkboxes",),
        ),
        Demo(
            "ui_date",
            "Enter 03/14/2025 as the date",
            [
                nav(u("/datepicker")),
                click(u("/datepicker"), "Date", "#date", role="textbox", tag="input"),
                fill(u("/datepicker"), "Date", "03/14/2025", "#date"),
                click(u("/datepicker"), "Submit", "#date-form button"),
            ],
            headings=("Date picker",),
        ),
        Demo(
            "ui_time",
            "Set the time to 09:45",
            [
                nav(u("/timepicker")),
                fill(u("/timepicker"), "Time", "09:45", "#time", input_type="time"),
                click(u("/timepicker"), "Submit", "#time-form button"),
            ],
            headings=("Time picker",),
        ),
        Demo(
            "ui_search",
            'Search for "noise cancelling headphones"',
            [
                nav(u("/search")),
                fill(u("/search"), "Search products", "noise cancelling headphones", "#q", input_type="search"),
                press(u("/search"), "Search products", "#q", navigates_to=u("/search?q=noise+cancelling+headphones")),
            ],
            headings=("Search results",),
        ),
        Demo(
            "ui_login",
            'Log in as "maria.k"',
            [
                nav(u("/login")),
                fill(u("/login"), "Username", "maria.k", "#username"),
                secret(u("/login"), "Password", "#password"),
                click(u("/login"), "Log in", "#login-form button", navigates_to=u("/welcome")),
            ],
            headings=("Welcome, maria.k",),
        ),
        Demo(
            "ui_accordion",
            'Expand the "Shipping" section',
            [nav(u("/accordion")), click(u("/accordion"), "Shipping", "#acc-shipping > button")],
            headings=("Accordion",),
        ),
        Demo(
            "ui_menu",
            'Choose "Export" from the Actions menu',
            [
                nav(u("/menus")),
                click(u("/menus"), "Actions", "#actions-menu-button"),
                click(u("/menus"), "Export", "#actions-menu li:nth-child(3)", role="menuitem", tag="li"),
            ],
            headings=("Menus",),
        ),
        Demo(
            "ui_dropdown",
            'Select "Canada" from the country dropdown',
            [
                nav(u("/select")),
                select(
                    u("/select"), "Country", "Canada", ["Brazil", "Canada", "France", "Japan", "Kenya", "Portugal"], "#country"
                ),
            ],
            headings=("Select",),
        ),
        Demo(
            "ui_radio",
            'Pick the "Express" delivery option',
            [
                nav(u("/radios")),
                tick(
                    u("/radios"),
                    "Express",
                    "#delivery-express",
                    input_type="radio",
                    group="Delivery",
                    options=["Standard", "Express", "Pickup"],
                ),
                click(u("/radios"), "Continue", "#delivery-form button"),
            ],
            headings=("Radio buttons",),
        ),
        Demo(
            "ui_slider",
            "Set the volume slider to 70",
            [nav(u("/slider")), fill(u("/slider"), "Volume", "70", "#volume", input_type="range")],
            headings=("Slider",),
        ),
        Demo(
            "ui_dialog",
            'Close the "Cookie preferences" dialog',
            [
                nav(u("/dialog")),
                click(u("/dialog"), "Open dialog", "#open-dialog"),
                click(u("/dialog"), "Close", 'dialog[aria-label="Cookie preferences"] .close'),
            ],
            headings=("Dialog",),
        ),
        Demo(
            "ui_switch",
            'Turn on "Dark mode"',
            [nav(u("/switches")), tick(u("/switches"), "Dark mode", "#dark-mode")],
            headings=("Switches",),
        ),
        Demo(
            "ui_upload",
            'Upload "report.pdf"',
            [
                nav(u("/upload")),
                RecordedStep(
                    action="upload",
                    selector='internal:label="Choose a file"i',
                    selectors=['internal:label="Choose a file"i', "#file"],
                    url=u("/upload"),
                    files=["report.pdf"],
                    field="Choose a file",
                    tag="input",
                    input_type="file",
                ),
                click(u("/upload"), "Upload", "#upload-form button"),
            ],
            headings=("File upload",),
        ),
        Demo(
            "ui_rating",
            "Give the product 4 stars",
            [
                nav(u("/rating")),
                tick(
                    u("/rating"),
                    "4 stars",
                    "#star-4",
                    input_type="radio",
                    group="Rating",
                    options=["1 star", "2 stars", "3 stars", "4 stars", "5 stars"],
                ),
            ],
            headings=("Star rating",),
        ),
        Demo(
            "ui_comment",
            'Write the comment "Thanks for the quick reply" and post it',
            [
                nav(u("/textarea")),
                fill(u("/textarea"), "Comment", "Thanks for the quick reply", "#comment", tag="textarea"),
                click(u("/textarea"), "Post", "#comment-form button"),
            ],
            headings=("Text area",),
        ),
        Demo(
            "ui_pagination",
            "Go to page 3 of the results",
            [
                nav(u("/pagination")),
                click(
                    u("/pagination"),
                    "3",
                    ".pagination a:nth-child(3)",
                    role="link",
                    tag="a",
                    navigates_to=u("/pagination?page=3"),
                ),
            ],
            headings=("Pagination",),
        ),
        Demo(
            "ui_dblclick",
            'Double-click the "Archive" card',
            [
                nav(u("/double-click")),
                RecordedStep(
                    action="dblclick",
                    selector='internal:text="Archive"s',
                    selectors=['internal:text="Archive"s', "#card-archive"],
                    url=u("/double-click"),
                    label="Archive",
                    tag="div",
                ),
            ],
            headings=("Double click",),
        ),
        Demo(
            # The click landed on the page's body: its label is the whole page's text (issue 29's attractor).
            "ui_banner",
            "Dismiss the welcome banner",
            [
                nav(u("/banner")),
                RecordedStep(
                    action="click", selector="body", selectors=["body"], url=u("/banner"), label=BANNER_TEXT, tag="body"
                ),
            ],
            headings=("Welcome",),
        ),
        Demo(
            "ui_color",
            "Pick the colour #ff8800",
            [nav(u("/color")), fill(u("/color"), "Colour", "#ff8800", "#colour", input_type="color")],
            headings=("Colour picker",),
        ),
        Demo(
            "ui_quantity",
            "Set the quantity to 3 and add to cart",
            [
                nav(u("/stepper")),
                fill(u("/stepper"), "Quantity", "3", "#qty", input_type="number"),
                click(u("/stepper"), "Add to cart", "#add-to-cart"),
            ],
            headings=("Number stepper",),
        ),
        Demo(
            "ui_daterange",
            "Choose a date range from 05/01/2025 to 05/07/2025",
            [
                nav(u("/date-range")),
                fill(u("/date-range"), "Start date", "05/01/2025", "#start"),
                fill(u("/date-range"), "End date", "05/07/2025", "#end"),
                click(u("/date-range"), "Apply", "#range-form button"),
            ],
            headings=("Date range",),
        ),
        Demo(
            "ui_autocomplete",
            'Type "Lis" in the city field and choose "Lisbon"',
            [
                nav(u("/autocomplete")),
                fill(u("/autocomplete"), "City", "Lis", "#city"),
                click(u("/autocomplete"), "Lisbon", "#city-list li:nth-child(1)", role="option", tag="li"),
            ],
            headings=("Autocomplete",),
        ),
    ]


def _admin_demos() -> list[Demo]:
    login = f"{ADMIN}/login/?next=/admin/"
    book_12 = f"{BOOKS}12/change/"
    author_4 = f"{AUTHORS}4/change/"
    genre_2 = f"{GENRES}2/change/"
    save = ("Save", 'input[name="_save"]')
    sure = ("Yes, I’m sure", 'input[type="submit"]')
    return [
        Demo(
            "admin_login",
            'Log in to the admin as "librarian"',
            [
                nav(login),
                fill(login, "Username:", "librarian", "#id_username"),
                secret(login, "Password:", "#id_password"),
                click(login, "Log in", 'input[type="submit"]', navigates_to=f"{ADMIN}/"),
            ],
            headings=("Site administration",),
        ),
        Demo(
            "admin_logout",
            "Log out of the admin",
            [nav(f"{ADMIN}/"), click(f"{ADMIN}/", "Log out", "#logout-form button", navigates_to=f"{ADMIN}/logout/")],
            headings=("Logged out",),
        ),
        Demo(
            "admin_password",
            "Change my admin password",
            [
                nav(f"{ADMIN}/"),
                click(
                    f"{ADMIN}/",
                    "Change password",
                    "#user-tools a:nth-child(2)",
                    role="link",
                    tag="a",
                    navigates_to=f"{ADMIN}/password_change/",
                ),
                secret(f"{ADMIN}/password_change/", "Old password:", "#id_old_password", "s1"),
                secret(f"{ADMIN}/password_change/", "New password:", "#id_new_password1", "s2"),
                secret(f"{ADMIN}/password_change/", "New password confirmation:", "#id_new_password2", "s2"),
                click(
                    f"{ADMIN}/password_change/",
                    "Change my password",
                    'input[type="submit"]',
                    navigates_to=f"{ADMIN}/password_change/done/",
                ),
            ],
            headings=("Password change successful",),
        ),
        Demo(
            "book_add",
            'Add a book titled "The Hobbit" by Tolkien, J.R.R.',
            [
                nav(f"{BOOKS}add/"),
                fill(f"{BOOKS}add/", "Title:", "The Hobbit", "#id_title"),
                select(
                    f"{BOOKS}add/",
                    "Author:",
                    "Tolkien, J.R.R.",
                    ["---------", "Austen, Jane", "Herbert, Frank", "Tolkien, J.R.R."],
                    "#id_author",
                ),
                fill(f"{BOOKS}add/", "Summary:", "Bilbo Baggins joins a company of dwarves.", "#id_summary", tag="textarea"),
                fill(f"{BOOKS}add/", "ISBN:", "9780547928227", "#id_isbn"),
                click(f"{BOOKS}add/", save[0], save[1], navigates_to=BOOKS),
            ],
            headings=("Select book to change",),
        ),
        Demo(
            "book_change",
            'Change the ISBN of the book "Dune" to 9780441172719',
            [
                nav(BOOKS),
                click(BOOKS, "Dune", 'th.field-title a:text-is("Dune")', role="link", tag="a", navigates_to=book_12),
                fill(book_12, "ISBN:", "9780441172719", "#id_isbn"),
                click(book_12, save[0], save[1], navigates_to=BOOKS),
            ],
            headings=("Select book to change",),
        ),
        Demo(
            "book_delete",
            'Delete the book "Emma"',
            [
                nav(BOOKS),
                click(BOOKS, "Emma", 'th.field-title a:text-is("Emma")', role="link", tag="a", navigates_to=f"{BOOKS}7/change/"),
                click(f"{BOOKS}7/change/", "Delete", "a.deletelink", role="link", tag="a", navigates_to=f"{BOOKS}7/delete/"),
                click(f"{BOOKS}7/delete/", sure[0], sure[1], navigates_to=BOOKS),
            ],
            headings=("Select book to change",),
        ),
        Demo(
            "author_add",
            "Add the author Ursula Le Guin, born 1929-10-21",
            [
                nav(f"{AUTHORS}add/"),
                fill(f"{AUTHORS}add/", "First name:", "Ursula", "#id_first_name"),
                fill(f"{AUTHORS}add/", "Last name:", "Le Guin", "#id_last_name"),
                fill(f"{AUTHORS}add/", "Date of birth:", "1929-10-21", "#id_date_of_birth"),
                click(f"{AUTHORS}add/", save[0], save[1], navigates_to=AUTHORS),
            ],
            headings=("Select author to change",),
        ),
        Demo(
            "author_change",
            'Set the date of death of the author "Herbert, Frank" to 1986-02-11',
            [
                nav(AUTHORS),
                click(
                    AUTHORS,
                    "Herbert, Frank",
                    'th.field-__str__ a:text-is("Herbert, Frank")',
                    role="link",
                    tag="a",
                    navigates_to=author_4,
                ),
                fill(author_4, "Died:", "1986-02-11", "#id_date_of_death"),
                click(author_4, save[0], save[1], navigates_to=AUTHORS),
            ],
            headings=("Select author to change",),
        ),
        Demo(
            "author_delete",
            'Delete the author "Austen, Jane"',
            [
                nav(AUTHORS),
                click(
                    AUTHORS,
                    "Austen, Jane",
                    'th a:text-is("Austen, Jane")',
                    role="link",
                    tag="a",
                    navigates_to=f"{AUTHORS}2/change/",
                ),
                click(f"{AUTHORS}2/change/", "Delete", "a.deletelink", role="link", tag="a", navigates_to=f"{AUTHORS}2/delete/"),
                click(f"{AUTHORS}2/delete/", sure[0], sure[1], navigates_to=AUTHORS),
            ],
            headings=("Select author to change",),
        ),
        Demo(
            "genre_add",
            'Add a genre called "Science fiction"',
            [
                nav(f"{GENRES}add/"),
                fill(f"{GENRES}add/", "Name:", "Science fiction", "#id_name"),
                click(f"{GENRES}add/", save[0], save[1], navigates_to=GENRES),
            ],
            headings=("Select genre to change",),
        ),
        Demo(
            "genre_change",
            'Rename the genre "Poetry" to "Verse"',
            [
                nav(GENRES),
                click(GENRES, "Poetry", 'th a:text-is("Poetry")', role="link", tag="a", navigates_to=genre_2),
                fill(genre_2, "Name:", "Verse", "#id_name"),
                click(genre_2, save[0], save[1], navigates_to=GENRES),
            ],
            headings=("Select genre to change",),
        ),
        Demo(
            "genre_delete",
            'Delete the genre "Horror"',
            [
                nav(GENRES),
                click(GENRES, "Horror", 'th a:text-is("Horror")', role="link", tag="a", navigates_to=f"{GENRES}5/change/"),
                click(f"{GENRES}5/change/", "Delete", "a.deletelink", role="link", tag="a", navigates_to=f"{GENRES}5/delete/"),
                click(f"{GENRES}5/delete/", sure[0], sure[1], navigates_to=GENRES),
            ],
            headings=("Select genre to change",),
        ),
        Demo(
            "books_out_of_stock",
            'Mark the books "Dune" and "Emma" as out of stock',
            [
                nav(BOOKS),
                row_tick(BOOKS, "Dune", ["Herbert, Frank", "9780441013593"]),
                row_tick(BOOKS, "Emma", ["Austen, Jane", "9780141439587"]),
                select(BOOKS, "Action:", "Mark selected books as out of stock", BOOK_ACTIONS, 'select[name="action"]'),
                click(BOOKS, "Go", 'button[name="index"]'),
            ],
            headings=("2 books were marked as out of stock.",),
        ),
        Demo(
            "books_in_stock",
            'Mark the books "Persuasion" and "Ubik" as in stock',
            [
                nav(BOOKS),
                row_tick(BOOKS, "Persuasion", ["Austen, Jane", "9780141439686"]),
                row_tick(BOOKS, "Ubik", ["Dick, Philip K.", "9780547572291"]),
                select(BOOKS, "Action:", "Mark selected books as in stock", BOOK_ACTIONS, 'select[name="action"]'),
                click(BOOKS, "Go", 'button[name="index"]'),
            ],
            headings=("2 books were marked as in stock.",),
        ),
        Demo(
            "authors_bulk_delete",
            'Delete the authors "Kafka, Franz" and "Camus, Albert" in one go',
            [
                nav(AUTHORS),
                row_tick(AUTHORS, "Kafka, Franz", ["1883-07-03", "1924-06-03"]),
                row_tick(AUTHORS, "Camus, Albert", ["1913-11-07", "1960-01-04"]),
                select(
                    AUTHORS,
                    "Action:",
                    "Delete selected authors",
                    ["---------", "Delete selected authors"],
                    'select[name="action"]',
                ),
                click(AUTHORS, "Go", 'button[name="index"]'),
                click(AUTHORS, sure[0], sure[1], navigates_to=AUTHORS),
            ],
            headings=("Successfully deleted 2 authors.",),
        ),
        Demo(
            "books_filter_genre",
            'Filter the books by genre "Fantasy"',
            [
                nav(BOOKS),
                click(
                    BOOKS,
                    "Fantasy",
                    '#changelist-filter a:text-is("Fantasy")',
                    role="link",
                    tag="a",
                    navigates_to=f"{BOOKS}?genre__id__exact=3",
                ),
            ],
            headings=("Select book to change",),
        ),
        Demo(
            "books_search",
            'Search the books for "Tolkien"',
            [
                nav(BOOKS),
                fill(BOOKS, "Search", "Tolkien", "#searchbar", input_type="search"),
                click(BOOKS, "Search", '#changelist-search input[type="submit"]', navigates_to=f"{BOOKS}?q=Tolkien"),
            ],
            headings=("Select book to change",),
        ),
        Demo(
            "copies_filter_status",
            'Show the book copies with status "On loan"',
            [
                nav(COPIES),
                click(
                    COPIES,
                    "On loan",
                    '#changelist-filter a:text-is("On loan")',
                    role="link",
                    tag="a",
                    navigates_to=f"{COPIES}?status__exact=o",
                ),
            ],
            headings=("Select book instance to change",),
        ),
    ]


def _login_demos() -> list[Demo]:
    gh = "https://github.com/login"
    google = "https://accounts.google.com/v3/signin/identifier"
    google_pw = "https://accounts.google.com/v3/signin/challenge/pwd"
    bank = "https://secure.northwindbank.com/login"
    jira = "https://id.atlassian.com/login"
    intranet = "http://intranet.acme.local/login"
    return [
        Demo(
            "login_github",
            'Sign in to GitHub as "octo-ana"',
            [
                nav(gh),
                fill(gh, "Username or email address", "octo-ana", "#login_field"),
                secret(gh, "Password", "#password"),
                click(gh, "Sign in", 'input[name="commit"]', navigates_to="https://github.com/"),
            ],
            headings=("Home",),
        ),
        Demo(
            "login_google",
            "Sign in to Google with ana.ribeiro@gmail.com",
            [
                nav(google),
                fill(google, "Email or phone", "ana.ribeiro@gmail.com", "#identifierId", input_type="email"),
                click(google, "Next", "#identifierNext button", navigates_to=google_pw),
                secret(google_pw, "Enter your password", 'input[name="Passwd"]'),
                click(google_pw, "Next", "#passwordNext button", navigates_to="https://myaccount.google.com/"),
            ],
            headings=("Welcome, Ana Ribeiro",),
        ),
        Demo(
            "login_bank",
            "Log in to Northwind online banking with customer number 48213377",
            [
                nav(bank),
                fill(bank, "Customer number", "48213377", "#customer-number"),
                secret(bank, "PIN", "#pin"),
                click(bank, "Log on", "#logon", navigates_to="https://secure.northwindbank.com/accounts"),
            ],
            headings=("Your accounts",),
        ),
        Demo(
            "login_jira",
            "Log in to Jira as ana@acme.io",
            [
                nav(jira),
                fill(jira, "Email", "ana@acme.io", "#username", input_type="email"),
                click(jira, "Continue", "#login-submit"),
                secret(jira, "Password", "#password"),
                click(jira, "Log in", "#login-submit", navigates_to="https://acme.atlassian.net/jira/your-work"),
            ],
            headings=("Your work",),
        ),
        Demo(
            "login_intranet",
            "Log in to the staff intranet as aribeiro",
            [
                nav(intranet),
                fill(intranet, "Staff ID", "aribeiro", "#staff-id"),
                secret(intranet, "Password", "#password"),
                click(intranet, "Sign in", "button.primary", navigates_to="http://intranet.acme.local/home"),
            ],
            headings=("Staff home",),
        ),
    ]


def demos() -> list[Demo]:
    return [*_ui_demos(), *_admin_demos(), *_login_demos()]


def procedures() -> dict[str, Procedure]:
    """The stored procedures, key -> Procedure (each procedure's id is its key). Built fresh on every call."""
    return {demo.key: _build(demo) for demo in demos()}


# --- the requests ------------------------------------------------------------------------------------------------
# Per procedure: (slice, text, url). A rewording's third entry per procedure is held out (slice reworded-heldout).

_U = _ui
_ROWS: dict[str | None, list[tuple[str, str, str | None]]] = {
    "ui_button": [
        ("task-text", 'Click the "Publish" button', _U("/links")),
        ("task-text", 'Click the "Discard changes" button', _U("/buttons")),
        ("reworded", "press Publish", _U("/buttons")),
        ("reworded", "hit the submit-for-review control", _U("/links")),
        ("reworded-heldout", "tap on Delete forever", _U("/buttons")),
        ("misspelled", 'Clik the "Publsh" buton', None),
    ],
    "ui_link": [
        ("task-text", 'Click the link "Contact us"', _U("/tabs")),
        ("task-text", 'Click the link "Careers"', _U("/tabs")),
        ("reworded", "follow the hyperlink to the Documentation page", _U("/tabs")),
        ("reworded", "open the Blog via its anchor", _U("/links")),
        ("reworded-heldout", "navigate using the About hyperlink", None),
        ("misspelled", 'Click the lnik "Carreers"', None),
    ],
    "ui_tab": [
        ("task-text", 'Open the "Security" tab', _U("/checkboxes")),
        ("task-text", 'Open the "Profile" tab', _U("/tabs")),
        ("reworded", "switch to the Notifications panel", _U("/tabs")),
        ("reworded", "go to the Team pane", _U("/checkboxes")),
        ("reworded-heldout", "show the Integrations tabbed view", None),
        ("misspelled", 'Opne the "Secruity" tab', None),
    ],
    "ui_checkboxes": [
        ("task-text", 'Tick the boxes "Push" and "Post"', _U("/datepicker")),
        ("task-text", 'Tick the boxes "Email" and "Push"', _U("/checkboxes")),
        ("reworded", "check Push and Post, then submit", _U("/datepicker")),
        ("reworded", "select the SMS and Email options to be notified by", _U("/checkboxes")),
        ("reworded-heldout", "enable notification channels Post and SMS", None),
        ("misspelled", 'Tik the boxs "Push" and "Post"', None),
    ],
    "ui_date": [
        ("task-text", "Enter 11/02/2024 as the date", _U("/timepicker")),
        ("task-text", "Enter 01/09/2026 as the date", _U("/datepicker")),
        ("reworded", "pick 2 November 2024 in the calendar and submit", _U("/timepicker")),
        ("reworded", "set the day to July 4th, 2025", _U("/datepicker")),
        ("reworded-heldout", "type 12/25/2025 into the day field", None),
        ("misspelled", "Entre 11/02/2024 as the dat", None),
    ],
    "ui_time": [
        ("task-text", "Set the time to 17:30", _U("/search")),
        ("task-text", "Set the time to 06:05", _U("/timepicker")),
        ("reworded", "choose half past five in the afternoon as the hour", _U("/search")),
        ("reworded", "put 8:15 am in the clock field", _U("/timepicker")),
        ("reworded-heldout", "make it quarter to ten", _U("/timepicker")),
        ("misspelled", "Set the tmie to 17:30", None),
    ],
    "ui_search": [
        ("task-text", 'Search for "usb-c charger"', _U("/login")),
        ("task-text", 'Search for "mechanical keyboard"', _U("/search")),
        ("reworded", "look up wireless earbuds", _U("/login")),
        ("reworded", "find products matching standing desk", _U("/search")),
        ("reworded-heldout", "query the catalogue for a laptop stand", None),
        ("misspelled", 'Serch for "usb-c chager"', None),
    ],
    "ui_login": [
        ("task-text", 'Log in as "tomas.b"', _U("/accordion")),
        ("task-text", 'Log in as "admin2"', _U("/login")),
        ("reworded", "sign in with the account tomas.b", _U("/login")),
        ("reworded", "authenticate on the playground as user lena", _U("/accordion")),
        ("reworded-heldout", "enter my credentials for jsmith and get in", _U("/login")),
        ("misspelled", 'Lgo in as "tomas.b"', None),
    ],
    "ui_accordion": [
        ("task-text", 'Expand the "Returns" section', _U("/menus")),
        ("task-text", 'Expand the "Payment" section', _U("/accordion")),
        ("reworded", "unfold the Returns panel", _U("/menus")),
        ("reworded", "open up the collapsible Warranty part", _U("/accordion")),
        ("reworded-heldout", "reveal the hidden FAQ content", _U("/accordion")),
        ("misspelled", 'Expnad the "Retuns" section', None),
    ],
    "ui_menu": [
        ("task-text", 'Choose "Duplicate" from the Actions menu', _U("/select")),
        ("task-text", 'Choose "Rename" from the Actions menu', _U("/menus")),
        ("reworded", "pick Duplicate in the actions popup", _U("/select")),
        ("reworded", "use the kebab options to Archive", _U("/menus")),
        ("reworded-heldout", "from the context list run Print", None),
        ("misspelled", 'Chose "Duplicat" from the Actons menu', None),
    ],
    "ui_dropdown": [
        ("task-text", 'Select "Japan" from the country dropdown', _U("/radios")),
        ("task-text", 'Select "Kenya" from the country dropdown', _U("/select")),
        ("reworded", "set the nation to Portugal", _U("/radios")),
        ("reworded", "my country is Brazil", _U("/select")),
        ("reworded-heldout", "change the combo box to France", None),
        ("misspelled", 'Selet "Japna" from the contry dropdown', None),
    ],
    "ui_radio": [
        ("task-text", 'Pick the "Pickup" delivery option', _U("/slider")),
        ("task-text", 'Pick the "Standard" delivery option', _U("/radios")),
        ("reworded", "I'd like in-store pickup for shipping", _U("/slider")),
        ("reworded", "choose standard shipping and continue", _U("/radios")),
        ("reworded-heldout", "send it express", None),
        ("misspelled", 'Pik the "Pickp" delivry option', None),
    ],
    "ui_slider": [
        ("task-text", "Set the volume slider to 25", _U("/dialog")),
        ("task-text", "Set the volume slider to 100", _U("/slider")),
        ("reworded", "turn the sound down to 10", _U("/dialog")),
        ("reworded", "drag the handle to 40 percent loudness", _U("/slider")),
        ("reworded-heldout", "make it louder, 90", None),
        ("misspelled", "Set the volum slidr to 25", None),
    ],
    "ui_dialog": [
        ("task-text", 'Close the "Newsletter signup" dialog', _U("/switches")),
        ("task-text", 'Close the "Terms of use" dialog', _U("/dialog")),
        ("reworded", "dismiss the cookie consent popup", _U("/switches")),
        ("reworded", "shut the modal window", _U("/dialog")),
        ("reworded-heldout", "get rid of the overlay asking about cookies", None),
        ("misspelled", 'Cloze the "Cookie preferenses" dialgo', None),
    ],
    "ui_switch": [
        ("task-text", 'Turn on "Autosave"', _U("/upload")),
        ("task-text", 'Turn on "Compact view"', _U("/switches")),
        ("reworded", "enable night theme", _U("/upload")),
        ("reworded", "flip the toggle for autosave", _U("/switches")),
        ("reworded-heldout", "activate the Beta features switch", None),
        ("misspelled", 'Trun on "Autosvae"', None),
    ],
    "ui_upload": [
        ("task-text", 'Upload "invoice-march.pdf"', _U("/rating")),
        ("task-text", 'Upload "photo.png"', _U("/upload")),
        ("reworded", "attach the file budget.xlsx", _U("/rating")),
        ("reworded", "send cv.docx from my computer", _U("/upload")),
        ("reworded-heldout", "put slides.pptx on the server", None),
        ("misspelled", 'Uplod "invoce-march.pdf"', None),
    ],
    "ui_rating": [
        ("task-text", "Give the product 2 stars", _U("/textarea")),
        ("task-text", "Give the product 5 stars", _U("/rating")),
        ("reworded", "rate this item three out of five", _U("/textarea")),
        ("reworded", "leave a one star review score", _U("/rating")),
        ("reworded-heldout", "score the article with five stars", None),
        ("misspelled", "Giv the prodcut 2 strs", None),
    ],
    "ui_comment": [
        ("task-text", 'Write the comment "Great article, thanks" and post it', _U("/pagination")),
        ("task-text", 'Write the comment "Could you share the slides?" and post it', _U("/textarea")),
        ("reworded", "reply below with: see you on Monday", _U("/pagination")),
        ("reworded", "leave a remark saying nice work and publish", _U("/textarea")),
        ("reworded-heldout", "add a note 'I agree' to the discussion", None),
        ("misspelled", 'Wirte the coment "Great article, thanks" and pots it', None),
    ],
    "ui_pagination": [
        ("task-text", "Go to page 7 of the results", _U("/double-click")),
        ("task-text", "Go to page 2 of the results", _U("/pagination")),
        ("reworded", "jump to the fifth results screen", _U("/double-click")),
        ("reworded", "show listing number 4", _U("/pagination")),
        ("reworded-heldout", "browse to the 6th page of hits", None),
        ("misspelled", "Go to pgae 7 of the reslts", None),
    ],
    "ui_dblclick": [
        ("task-text", 'Double-click the "Inbox" card', _U("/banner")),
        ("task-text", 'Double-click the "Drafts" card', _U("/double-click")),
        ("reworded", "dblclick on the Inbox tile", _U("/banner")),
        ("reworded", "click twice quickly on Spam", _U("/double-click")),
        ("reworded-heldout", "open the Sent panel with a double tap", None),
        ("misspelled", 'Dubble-click the "Inbx" card', None),
    ],
    "ui_banner": [
        ("task-text", "Dismiss the welcome banner", _U("/color")),
        ("task-text", "Dismiss the welcome banner", _U("/banner")),
        ("reworded", "hide the greeting message at the top", _U("/color")),
        ("reworded", "acknowledge the intro notice with Got it", _U("/banner")),
        ("reworded-heldout", "close the hello strip", None),
        ("misspelled", "Dismis the welcom baner", None),
    ],
    "ui_color": [
        ("task-text", "Pick the colour #00aaff", _U("/stepper")),
        ("task-text", "Pick the colour #123456", _U("/color")),
        ("reworded", "choose a blue shade, #0000ff", _U("/stepper")),
        ("reworded", "set the swatch to hex 336699", _U("/color")),
        ("reworded-heldout", "change the paint to red #ff0000", None),
        ("misspelled", "Pikc the color #00aaff", None),
    ],
    "ui_quantity": [
        ("task-text", "Set the quantity to 5 and add to cart", _U("/date-range")),
        ("task-text", "Set the quantity to 12 and add to cart", _U("/stepper")),
        ("reworded", "put 2 items in the basket", _U("/date-range")),
        ("reworded", "buy six of these", _U("/stepper")),
        ("reworded-heldout", "order 4 units into my bag", None),
        ("misspelled", "Set the quantiy to 5 and add to crat", None),
    ],
    "ui_daterange": [
        ("task-text", "Choose a date range from 06/10/2025 to 06/20/2025", _U("/autocomplete")),
        ("task-text", "Choose a date range from 12/01/2024 to 12/31/2024", _U("/date-range")),
        ("reworded", "select the period 1 to 15 August 2025", _U("/autocomplete")),
        ("reworded", "filter between 02/01/2025 and 02/28/2025 and apply", _U("/date-range")),
        ("reworded-heldout", "from March 3 until March 9, apply that span", None),
        ("misspelled", "Chose a dat rang from 06/10/2025 to 06/20/2025", None),
    ],
    "ui_autocomplete": [
        ("task-text", 'Type "Par" in the city field and choose "Paris"', _U("/buttons")),
        ("task-text", 'Type "Ber" in the city field and choose "Berlin"', _U("/autocomplete")),
        ("reworded", "start typing Mad and pick Madrid from the suggestions", _U("/buttons")),
        ("reworded", "enter Rom then select Rome in the typeahead", _U("/autocomplete")),
        ("reworded-heldout", "autocomplete the town to Oslo", None),
        ("misspelled", 'Tpye "Par" in the ctiy field and chose "Paris"', None),
    ],
    "admin_login": [
        ("task-text", 'Log in to the admin as "curator"', f"{ADMIN}/"),
        ("task-text", 'Log in to the admin as "staff01"', f"{ADMIN}/login/"),
        ("reworded", "sign into the site administration with user curator", f"{ADMIN}/"),
        ("reworded", "authenticate as ana", f"{ADMIN}/login/?next=/admin/"),
        ("reworded-heldout", "get into the Django back office as superuser", None),
        ("misspelled", 'Log in to the admni as "curatr"', None),
    ],
    "admin_logout": [
        ("task-text", "Log out of the admin", BOOKS),
        ("task-text", "Log out of the admin", f"{ADMIN}/"),
        ("reworded", "sign off from site administration", BOOKS),
        ("reworded", "end my session", f"{ADMIN}/"),
        ("reworded-heldout", "disconnect from the back office", None),
        ("misspelled", "Lgo out of the admn", None),
    ],
    "admin_password": [
        ("task-text", "Change my admin password", BOOKS),
        ("task-text", "Change my admin password", f"{ADMIN}/password_change/"),
        ("reworded", "set a new password for my staff account", BOOKS),
        ("reworded", "update my credentials", f"{ADMIN}/"),
        ("reworded-heldout", "replace my old password in the back office", None),
        ("misspelled", "Chnage my admin pasword", None),
    ],
    "book_add": [
        ("task-text", 'Add a book titled "Persuasion" by Austen, Jane', AUTHORS),
        ("task-text", 'Add a book titled "Children of Dune" by Herbert, Frank', f"{BOOKS}add/"),
        ("reworded", "create a new title Mansfield Park written by Jane Austen", AUTHORS),
        ("reworded", "register the novel The Silmarillion, writer Tolkien", f"{BOOKS}add/"),
        ("reworded-heldout", "put a new volume, Sense and Sensibility, into the catalog", None),
        ("misspelled", 'Ad a bok titled "Persuasion" by Austen, Jane', None),
    ],
    "book_change": [
        ("task-text", 'Change the ISBN of the book "Emma" to 9780141439587', AUTHORS),
        ("task-text", 'Change the ISBN of the book "Ubik" to 9780547572291', BOOKS),
        ("reworded", "fix the isbn number on Persuasion: 9780141439686", AUTHORS),
        ("reworded", "update Dune's ISBN-13 to 9780593099322", f"{BOOKS}12/change/"),
        ("reworded-heldout", "correct the identifier code of The Hobbit to 9780261102217", None),
        ("misspelled", 'Chnage the ISNB of the book "Emma" to 9780141439587', None),
    ],
    "book_delete": [
        ("task-text", 'Delete the book "Ubik"', AUTHORS),
        ("task-text", 'Delete the book "Persuasion"', BOOKS),
        ("reworded", "remove the title Dune from the catalogue", AUTHORS),
        ("reworded", "get rid of the novel The Hobbit", BOOKS),
        ("reworded-heldout", "erase the volume Mansfield Park", None),
        ("misspelled", 'Delet the bok "Ubik"', None),
    ],
    "author_add": [
        ("task-text", "Add the author Octavia Butler, born 1947-06-22", f"{ADMIN}/"),
        ("task-text", "Add the author Italo Calvino, born 1923-10-15", f"{AUTHORS}add/"),
        ("reworded", "create a writer record for Toni Morrison, birth date 1931-02-18", f"{ADMIN}/"),
        ("reworded", "register novelist Haruki Murakami born 1949-01-12", f"{AUTHORS}add/"),
        ("reworded-heldout", "new writer: Chinua Achebe (1930-11-16)", None),
        ("misspelled", "Ad the autor Octavia Butler, bron 1947-06-22", None),
    ],
    "author_change": [
        ("task-text", 'Set the date of death of the author "Kafka, Franz" to 1924-06-03', f"{ADMIN}/"),
        ("task-text", 'Set the date of death of the author "Austen, Jane" to 1817-07-18', AUTHORS),
        ("reworded", "record that the writer Camus, Albert died on 1960-01-04", f"{ADMIN}/"),
        ("reworded", "Tolkien passed away 1973-09-02, update his entry", AUTHORS),
        ("reworded-heldout", "fill in when novelist Dick, Philip K. deceased: 1982-03-02", None),
        ("misspelled", 'Set the dat of deth of the autor "Kafka, Franz" to 1924-06-03', None),
    ],
    "author_delete": [
        ("task-text", 'Delete the author "Dick, Philip K."', f"{ADMIN}/"),
        ("task-text", 'Delete the author "Tolkien, J.R.R."', AUTHORS),
        ("reworded", "remove writer Herbert, Frank", f"{ADMIN}/"),
        ("reworded", "erase the novelist Camus, Albert from the list", AUTHORS),
        ("reworded-heldout", "drop the writer record of Kafka, Franz", None),
        ("misspelled", 'Delte the auhtor "Dick, Philip K."', None),
    ],
    "genre_add": [
        ("task-text", 'Add a genre called "Mystery"', AUTHORS),
        ("task-text", 'Add a genre called "Biography"', f"{GENRES}add/"),
        ("reworded", "create the category Thriller", AUTHORS),
        ("reworded", "new literary kind: Romance", f"{GENRES}add/"),
        ("reworded-heldout", "register a fresh book category named Travel", None),
        ("misspelled", 'Add a genr caled "Mystery"', None),
    ],
    "genre_change": [
        ("task-text", 'Rename the genre "Fantasy" to "High fantasy"', AUTHORS),
        ("task-text", 'Rename the genre "Crime" to "True crime"', GENRES),
        ("reworded", "change the category name Sci-fi into Science fiction", AUTHORS),
        ("reworded", "call the Poems category Poetry instead", GENRES),
        ("reworded-heldout", "edit the label of category History to read World history", None),
        ("misspelled", 'Renam the gnre "Fantasy" to "High fantasy"', None),
    ],
    "genre_delete": [
        ("task-text", 'Delete the genre "Romance"', AUTHORS),
        ("task-text", 'Delete the genre "Travel"', GENRES),
        ("reworded", "remove the Thriller category", AUTHORS),
        ("reworded", "get rid of the Western kind of book", GENRES),
        ("reworded-heldout", "erase category Self-help", None),
        ("misspelled", 'Deleet the genere "Romance"', None),
    ],
    "books_out_of_stock": [
        ("task-text", 'Mark the books "Ubik" and "Persuasion" as out of stock', AUTHORS),
        ("task-text", 'Mark the books "The Hobbit" and "Dune" as out of stock', BOOKS),
        ("reworded", "flag Ubik and Emma as unavailable", AUTHORS),
        ("reworded", "these two titles are sold out: Dune, Persuasion", BOOKS),
        ("reworded-heldout", "set The Hobbit and Emma to not available for sale", None),
        ("misspelled", 'Mark the bokos "Ubik" and "Persuasion" as out of stcok', None),
    ],
    "books_in_stock": [
        ("task-text", 'Mark the books "Dune" and "Emma" as in stock', AUTHORS),
        ("task-text", 'Mark the books "The Hobbit" and "Ubik" as in stock', BOOKS),
        ("reworded", "flag Dune and Emma as available again", AUTHORS),
        ("reworded", "restock Persuasion and The Hobbit", BOOKS),
        ("reworded-heldout", "Ubik and Dune are back on the shelves, show them as available", None),
        ("misspelled", 'Mrak the books "Dune" and "Emma" as in stok', None),
    ],
    "authors_bulk_delete": [
        ("task-text", 'Delete the authors "Austen, Jane" and "Dick, Philip K." in one go', f"{ADMIN}/"),
        ("task-text", 'Delete the authors "Herbert, Frank" and "Tolkien, J.R.R." in one go', AUTHORS),
        ("reworded", "remove several writers at once: Austen, Jane and Kafka, Franz", f"{ADMIN}/"),
        ("reworded", "select Camus, Albert plus Dick, Philip K. and erase both", AUTHORS),
        ("reworded-heldout", "bulk-remove the novelists Herbert and Tolkien", None),
        ("misspelled", 'Delete the authrs "Austen, Jane" and "Dick, Philip K." in one goo', None),
    ],
    "books_filter_genre": [
        ("task-text", 'Filter the books by genre "Mystery"', AUTHORS),
        ("task-text", 'Filter the books by genre "Poetry"', BOOKS),
        ("reworded", "show only Science fiction titles", AUTHORS),
        ("reworded", "narrow the list to the Romance category", BOOKS),
        ("reworded-heldout", "which novels are Horror? list just those", None),
        ("misspelled", 'Filtre the boks by gnere "Mystery"', None),
    ],
    "books_search": [
        ("task-text", 'Search the books for "Austen"', AUTHORS),
        ("task-text", 'Search the books for "Herbert"', BOOKS),
        ("reworded", "look up titles matching hobbit in the catalogue", AUTHORS),
        ("reworded", "find Kafka in the book list", BOOKS),
        ("reworded-heldout", "query the library for dune", None),
        ("misspelled", 'Serach the bokos for "Austen"', None),
    ],
    "copies_filter_status": [
        ("task-text", 'Show the book copies with status "Available"', AUTHORS),
        ("task-text", 'Show the book copies with status "Maintenance"', COPIES),
        ("reworded", "which copies are currently lent out", AUTHORS),
        ("reworded", "list the reserved instances only", COPIES),
        ("reworded-heldout", "display the exemplars being repaired", None),
        ("misspelled", 'Sohw the bok copeis with status "Available"', None),
    ],
    "login_github": [
        ("task-text", 'Sign in to GitHub as "ana-dev"', None),
        ("task-text", 'Sign in to GitHub as "build-bot"', "https://github.com/login"),
        ("reworded", "log into my github account ana-dev", None),
        ("reworded", "authenticate on the code hosting site as octocat", "https://github.com/"),
        ("reworded-heldout", "get into GH with the username build-bot", None),
        ("misspelled", 'Sing in to GitHbu as "ana-dev"', None),
    ],
    "login_google": [
        ("task-text", "Sign in to Google with tiago.m@gmail.com", None),
        ("task-text", "Sign in to Google with work.ana@gmail.com", "https://accounts.google.com/v3/signin/identifier"),
        ("reworded", "log into my Gmail account tiago.m@gmail.com", None),
        ("reworded", "enter my google credentials", "https://accounts.google.com/"),
        ("reworded-heldout", "access my Google account as ana.ribeiro", None),
        ("misspelled", "Sign in to Gogle with tiago.m@gmial.com", None),
    ],
    "login_bank": [
        ("task-text", "Log in to Northwind online banking with customer number 11002233", None),
        (
            "task-text",
            "Log in to Northwind online banking with customer number 90817263",
            "https://secure.northwindbank.com/login",
        ),
        ("reworded", "access my Northwind bank account", None),
        ("reworded", "sign on to internet banking with client id 55512345", "https://secure.northwindbank.com/login"),
        ("reworded-heldout", "open my banking session at Northwind", None),
        ("misspelled", "Log in to Nortwind onlin bankng with custmer number 11002233", None),
    ],
    "login_jira": [
        ("task-text", "Log in to Jira as tiago@acme.io", None),
        ("task-text", "Log in to Jira as pm@acme.io", "https://id.atlassian.com/login"),
        ("reworded", "sign into Atlassian with ana@acme.io", None),
        ("reworded", "authenticate to the issue tracker", "https://id.atlassian.com/login"),
        ("reworded-heldout", "get into my jira workspace", None),
        ("misspelled", "Log in to Jria as tiago@acme.io", None),
    ],
    "login_intranet": [
        ("task-text", "Log in to the staff intranet as tmoreira", None),
        ("task-text", "Log in to the staff intranet as jdoe", "http://intranet.acme.local/login"),
        ("reworded", "sign into the employee portal as tmoreira", None),
        ("reworded", "access the company internal site with my staff ID", "http://intranet.acme.local/"),
        ("reworded-heldout", "enter the employee intranet", None),
        ("misspelled", "Log in to the staf intrnet as tmoreira", None),
    ],
    None: [
        ("unrelated", "What's the weather in Porto tomorrow?", None),
        ("unrelated", "Translate this page into Spanish", _U("/tabs")),
        ("unrelated", "Order a margherita pizza", None),
        ("unrelated", "Transfer 50 euros to Tiago", "https://secure.northwindbank.com/accounts"),
        ("unrelated", "Print this page", _U("/buttons")),
        ("unrelated", "Take a screenshot of the whole window", _U("/dialog")),
        ("unrelated", "Play the next episode", None),
        ("unrelated", "Book a flight from Lisbon to Oslo", None),
        ("unrelated", "Export the book list as a spreadsheet", BOOKS),
        ("unrelated", "Send the overdue reminder emails to borrowers", COPIES),
        ("unrelated", "Create a pull request from my branch", "https://github.com/"),
        ("unrelated", "Star the repository", "https://github.com/acme/widgets"),
        ("unrelated", "Reply to the last email from my manager", "https://mail.google.com/mail/u/0/#inbox"),
        ("unrelated", "Pay the electricity bill", "https://secure.northwindbank.com/accounts"),
        ("unrelated", "Move the ticket to Done", "https://acme.atlassian.net/jira/your-work"),
        ("unrelated", "Book a desk in the office for Thursday", "http://intranet.acme.local/home"),
        ("unrelated", "Zoom in on the map", None),
        ("unrelated", "Convert 20 dollars to euros", None),
        ("unrelated", "Reset the router", None),
        ("unrelated", "Read me today's headlines", None),
        ("unrelated", "Renew my library card", None),
        ("unrelated", "How many pages does this document have?", _U("/pagination")),
        ("unrelated", "Scroll to the bottom of the page", _U("/accordion")),
        ("unrelated", "Refresh the page", BOOKS),
        ("unrelated", "Undo my last edit", f"{BOOKS}12/change/"),
        ("unrelated", "Show the history of changes of this book", f"{BOOKS}12/change/"),
        ("unrelated", "Import authors from a CSV file", AUTHORS),
        ("unrelated", "Play some relaxing music", _U("/slider")),
        ("unrelated", "Cancel my gym membership", None),
        ("unrelated", "Find a vegetarian lasagne recipe", None),
        ("unrelated", "Call a taxi to the airport", None),
        ("unrelated", "Delete my browsing history", None),
    ],
}

REQUESTS: list[Request] = [Request(text, key, part, url) for key, rows in _ROWS.items() for part, text, url in rows]
