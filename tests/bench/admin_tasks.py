"""The admin benchmark's tasks on the Django project of tests/bench/admin_site: for each, the seed data it
needs, the scripted person who demonstrates it (real mouse and keyboard, what a person reads off the page),
the demonstration's task text, the new instances' texts (the demonstration's wording with new values, then
rewordings written before anyone looked at how the app binds values), and the judge that says from the
database (or, for a list the task only shows, from the database's answer beside the page's rows) whether an
instance's values were done. This is benchmark code: it may name Django's pages, the product may not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Locator, Page

from tests.bench.miniwob_people import click, type_into

Values = dict[str, str]


@dataclass
class Instance:
    text: str
    values: Values


@dataclass
class Task:
    name: str
    start: str  # the path the page is on when the task is given
    person: Callable[[Page, Values], None]
    judge: Callable[[Page, Values, dict], bool]  # type: ignore[type-arg]  # (page after, values, state before)
    demo: Instance
    instances: list[Instance]
    logged_in: bool = True


AUTHORS = {"Ada Byron": "UK", "Marcus Hale": "USA", "Ines Duarte": "Portugal"}
USERS = {"admin": "admin-pass-1", "maria": "maria-pass-2", "tomas": "tomas-pass-3", "lin": "lin-pass-4", "omar": "omar-pass-5"}
# title -> (author, genre, in stock)
BOOKS = {
    "Dune Road": ("Ada Byron", "science", True),
    "Copper Hill": ("Marcus Hale", "history", True),
    "Winter Ledger": ("Ines Duarte", "poetry", True),
    "Blue Harbor": ("Ada Byron", "history", True),
    "Iron Meadow": ("Marcus Hale", "fiction", True),
    "Amber Vault": ("Ines Duarte", "science", True),
    "Old Almanac": ("Ada Byron", "history", False),
    "Faded Map": ("Marcus Hale", "science", False),
    "Rust Lantern": ("Ines Duarte", "fiction", True),
    "Quiet Bells": ("Ada Byron", "poetry", False),
    "Grey Tide": ("Marcus Hale", "fiction", True),
    "Lost Chord": ("Ines Duarte", "poetry", True),
    "Harbor Lights": ("Ines Duarte", "fiction", True),
    "Orbit of Ash": ("Marcus Hale", "science", True),
}
PAIRS = [
    ("Alpha Seed", "Beta Seed"),
    ("Gamma Ray", "Delta Wave"),
    ("Echo Park", "Foxtrot Lane"),
    ("Golf Links", "Hotel Lobby"),
    ("India Ink", "Juliet Rose"),
    ("Kilo Watt", "Lima Bean"),
]
for _pair in PAIRS:
    for _title in _pair:
        BOOKS[_title] = ("Ada Byron", "fiction", True)


def seed() -> None:
    """The users, authors and books every task's instances need, in a freshly migrated database."""
    import datetime

    from django.contrib.auth.models import User

    from tests.bench.admin_site.library.models import Author, Book

    for name, password in USERS.items():
        User.objects.create_superuser(name, f"{name}@example.org", password)
    authors = {name: Author.objects.create(name=name, country=country) for name, country in AUTHORS.items()}
    for i, (title, (author, genre, in_stock)) in enumerate(BOOKS.items()):
        published = datetime.date(2000 + i % 20, 1 + i % 12, 1 + i % 28)
        Book.objects.create(
            title=title, author=authors[author], genre=genre, published=published, in_stock=in_stock, pages=100 + i
        )


# --- the person's moves ---------------------------------------------------------------------------------


def follow(page: Page, name: str) -> None:
    """Click the first link a person sees with this text (the admin's content, before its side bar)."""
    navigate(page, page.locator("#content").get_by_role("link", name=name, exact=True).first)


def choose(page: Page, label: str | Locator, option: str) -> None:
    """Pick an option of a drop-down with the keyboard after clicking it, as a person does in a native list."""
    field = page.get_by_label(label, exact=True) if isinstance(label, str) else label
    click(page, field)
    page.keyboard.type(option)
    page.keyboard.press("Enter")
    assert field.evaluate("(el) => el.options[el.selectedIndex].text") == option, f"{option} is not chosen"


def navigate(page: Page, target: Locator) -> None:
    """Click what loads a new page and wait until it has loaded."""
    with page.expect_navigation():
        click(page, target)


def save(page: Page, name: str = "Save") -> None:
    navigate(page, page.get_by_role("button", name=name, exact=True).first)


def log_in(page: Page, v: Values) -> None:
    type_into(page, page.get_by_label("Username:"), v["user"])
    type_into(page, page.get_by_label("Password:"), v["password"])
    save(page, "Log in")


def add_book(page: Page, v: Values) -> None:
    row = page.locator("tr", has=page.get_by_role("link", name="Books", exact=True))
    navigate(page, row.get_by_role("link", name="Add"))
    type_into(page, page.get_by_label("Title:"), v["title"])
    choose(page, "Author:", v["author"])
    choose(page, "Genre:", v["genre"])
    type_into(page, page.get_by_label("Published:"), v["published"])
    click(page, page.get_by_label("In stock"))
    type_into(page, page.get_by_label("Pages:"), v["pages"])
    save(page)


def change_book(page: Page, v: Values) -> None:
    follow(page, "Books")
    follow(page, v["title"])
    choose(page, "Genre:", v["genre"])
    click(page, page.get_by_label("In stock"))
    save(page)


def delete_book(page: Page, v: Values) -> None:
    follow(page, "Books")
    follow(page, v["title"])
    follow(page, "Delete")
    save(page, "Yes, I’m sure")


def bulk_out_of_stock(page: Page, v: Values) -> None:
    follow(page, "Books")
    for title in (v["first"], v["second"]):
        row = page.locator("#result_list tbody tr", has=page.get_by_role("link", name=title, exact=True))
        click(page, row.get_by_role("checkbox"))
    choose(page, page.locator("select[name=action]"), "Mark selected books as out of stock")  # its label wraps it
    save(page, "Go")


def filter_genre(page: Page, v: Values) -> None:
    follow(page, "Books")
    navigate(page, page.locator("#changelist-filter").get_by_role("link", name=v["genre"], exact=True))


def search_books(page: Page, v: Values) -> None:
    follow(page, "Books")
    type_into(page, page.locator("#searchbar"), v["query"])
    save(page, "Search")


def add_author(page: Page, v: Values) -> None:
    row = page.locator("tr", has=page.get_by_role("link", name="Authors", exact=True))
    navigate(page, row.get_by_role("link", name="Add"))
    type_into(page, page.get_by_label("Name:"), v["name"])
    type_into(page, page.get_by_label("Country:"), v["country"])
    save(page)


# --- the judges -------------------------------------------------------------------------------------------


def sessions_of(user: str) -> int:
    from django.contrib.auth.models import User
    from django.contrib.sessions.models import Session

    uid = str(User.objects.get(username=user).pk)
    return sum(s.get_decoded().get("_auth_user_id") == uid for s in Session.objects.all())


def judge_login(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    return sessions_of(v["user"]) > before["sessions"][v["user"]]


def genre_value(label: str) -> str:
    from tests.bench.admin_site.library.models import GENRES

    return next(value for value, shown in GENRES if shown == label)


def judge_add_book(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Book

    return Book.objects.filter(
        title=v["title"],
        author__name=v["author"],
        genre=genre_value(v["genre"]),
        published=v["published"],
        in_stock=True,
        pages=int(v["pages"]),
    ).exists()


def judge_change_book(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Book

    return Book.objects.filter(title=v["title"], genre=genre_value(v["genre"]), in_stock=False).count() == 1


def judge_delete_book(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Book

    return not Book.objects.filter(title=v["title"]).exists() and Book.objects.count() == before["books"] - 1


def judge_bulk(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Book

    now = set(Book.objects.filter(in_stock=False).values_list("title", flat=True))
    return now == before["out_of_stock"] | {v["first"], v["second"]}


def shown_titles(page: Page) -> set[str] | None:
    """The titles the book list shows, or None when the page is not the book list."""
    if "/admin/library/book/" not in page.url or "/change/" in page.url or "/add/" in page.url:
        return None
    return {t.strip() for t in page.locator("#result_list tbody tr th").all_inner_texts()}


def judge_filter(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Book

    wanted = set(Book.objects.filter(genre=genre_value(v["genre"])).values_list("title", flat=True))
    return shown_titles(page) == wanted


def judge_search(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from django.db.models import Q

    from tests.bench.admin_site.library.models import Book

    q = v["query"]
    wanted = set(Book.objects.filter(Q(title__icontains=q) | Q(author__name__icontains=q)).values_list("title", flat=True))
    return shown_titles(page) == wanted


def judge_add_author(page: Page, v: Values, before: dict) -> bool:  # type: ignore[type-arg]
    from tests.bench.admin_site.library.models import Author

    return Author.objects.filter(name=v["name"], country=v["country"]).exists()


def state() -> dict:  # type: ignore[type-arg]
    """What the judges compare against: taken just before each run."""
    from tests.bench.admin_site.library.models import Book

    return {
        "sessions": {user: sessions_of(user) for user in USERS},
        "books": Book.objects.count(),
        "out_of_stock": set(Book.objects.filter(in_stock=False).values_list("title", flat=True)),
    }


# --- the tasks --------------------------------------------------------------------------------------------


def _login(user: str, text: str) -> Instance:
    return Instance(text, {"user": user, "password": USERS[user]})


def _book(text: str, title: str, author: str, genre: str, published: str, pages: str) -> Instance:
    return Instance(text, {"title": title, "author": author, "genre": genre, "published": published, "pages": pages})


TASKS = [
    Task(
        "log in",
        "/admin/login/?next=/admin/",
        log_in,
        judge_login,
        _login("admin", 'Log in to the admin as "admin" with password "admin-pass-1"'),
        [
            _login("maria", 'Log in to the admin as "maria" with password "maria-pass-2"'),
            _login("tomas", 'Log in to the admin as "tomas" with password "tomas-pass-3"'),
            _login("lin", 'Sign in to the site administration as user "lin" using the password "lin-pass-4"'),
            _login("omar", 'Open an admin session for "omar", password "omar-pass-5"'),
        ],
        logged_in=False,
    ),
    Task(
        "add a book",
        "/admin/",
        add_book,
        judge_add_book,
        _book(
            'Add a book titled "The Quiet Orbit" by Ada Byron, genre Science, published 2021-03-04, in stock, 321 pages',
            "The Quiet Orbit",
            "Ada Byron",
            "Science",
            "2021-03-04",
            "321",
        ),
        [
            _book(
                'Add a book titled "Salt and Empire" by Marcus Hale, genre History, published 2019-11-20, in stock, 480 pages',
                "Salt and Empire",
                "Marcus Hale",
                "History",
                "2019-11-20",
                "480",
            ),
            _book(
                'Add a book titled "Paper Moons" by Ines Duarte, genre Poetry, published 2023-06-01, in stock, 96 pages',
                "Paper Moons",
                "Ines Duarte",
                "Poetry",
                "2023-06-01",
                "96",
            ),
            _book(
                'Add a book titled "Glass Rivers" by Ada Byron, genre Fiction, published 2020-01-15, in stock, 250 pages',
                "Glass Rivers",
                "Ada Byron",
                "Fiction",
                "2020-01-15",
                "250",
            ),
            _book(
                'Create a new book "Northern Lights Atlas" written by Marcus Hale: History, released 2018-09-09, 212 pages, available in stock',
                "Northern Lights Atlas",
                "Marcus Hale",
                "History",
                "2018-09-09",
                "212",
            ),
            _book(
                'Enter the book "Small Gods of Tin" (author Ines Duarte, Fiction, 2022-02-22, 305 pages) and mark it as in stock',
                "Small Gods of Tin",
                "Ines Duarte",
                "Fiction",
                "2022-02-22",
                "305",
            ),
        ],
    ),
    Task(
        "change a book",
        "/admin/",
        change_book,
        judge_change_book,
        Instance(
            'Change the genre of "Dune Road" to History and mark it out of stock', {"title": "Dune Road", "genre": "History"}
        ),
        [
            Instance(
                'Change the genre of "Copper Hill" to Poetry and mark it out of stock',
                {"title": "Copper Hill", "genre": "Poetry"},
            ),
            Instance(
                'Change the genre of "Winter Ledger" to Science and mark it out of stock',
                {"title": "Winter Ledger", "genre": "Science"},
            ),
            Instance(
                'Change the genre of "Blue Harbor" to Fiction and mark it out of stock',
                {"title": "Blue Harbor", "genre": "Fiction"},
            ),
            Instance(
                'Set the genre of the book "Iron Meadow" to History and flag it as unavailable',
                {"title": "Iron Meadow", "genre": "History"},
            ),
            Instance(
                '"Amber Vault" should now be listed under Poetry and no longer be in stock',
                {"title": "Amber Vault", "genre": "Poetry"},
            ),
        ],
    ),
    Task(
        "delete a book",
        "/admin/",
        delete_book,
        judge_delete_book,
        Instance('Delete the book "Old Almanac"', {"title": "Old Almanac"}),
        [
            Instance('Delete the book "Faded Map"', {"title": "Faded Map"}),
            Instance('Delete the book "Rust Lantern"', {"title": "Rust Lantern"}),
            Instance('Delete the book "Quiet Bells"', {"title": "Quiet Bells"}),
            Instance('Remove "Grey Tide" from the books', {"title": "Grey Tide"}),
            Instance('Get rid of the book called "Lost Chord"', {"title": "Lost Chord"}),
        ],
    ),
    Task(
        "bulk action",
        "/admin/",
        bulk_out_of_stock,
        judge_bulk,
        Instance('Mark the books "Alpha Seed" and "Beta Seed" as out of stock', {"first": "Alpha Seed", "second": "Beta Seed"}),
        [
            Instance(
                'Mark the books "Gamma Ray" and "Delta Wave" as out of stock', {"first": "Gamma Ray", "second": "Delta Wave"}
            ),
            Instance(
                'Mark the books "Echo Park" and "Foxtrot Lane" as out of stock', {"first": "Echo Park", "second": "Foxtrot Lane"}
            ),
            Instance(
                'Mark the books "Golf Links" and "Hotel Lobby" as out of stock', {"first": "Golf Links", "second": "Hotel Lobby"}
            ),
            Instance(
                'Use the bulk action to mark "India Ink" and "Juliet Rose" out of stock',
                {"first": "India Ink", "second": "Juliet Rose"},
            ),
            Instance('Flag both "Kilo Watt" and "Lima Bean" as unavailable', {"first": "Kilo Watt", "second": "Lima Bean"}),
        ],
    ),
    Task(
        "filter by genre",
        "/admin/",
        filter_genre,
        judge_filter,
        Instance("Show the books in the Science genre", {"genre": "Science"}),
        [
            Instance("Show the books in the History genre", {"genre": "History"}),
            Instance("Show the books in the Poetry genre", {"genre": "Poetry"}),
            Instance("Show the books in the Fiction genre", {"genre": "Fiction"}),
            Instance("List only Poetry books", {"genre": "Poetry"}),
            Instance("Filter the book list by genre: History", {"genre": "History"}),
        ],
    ),
    Task(
        "search",
        "/admin/",
        search_books,
        judge_search,
        Instance('Search the books for "orbit"', {"query": "orbit"}),
        [
            Instance('Search the books for "harbor"', {"query": "harbor"}),
            Instance('Search the books for "seed"', {"query": "seed"}),
            Instance('Search the books for "hale"', {"query": "hale"}),
            Instance('Find books matching "meadow"', {"query": "meadow"}),
            Instance('Look up "vault" in the book list', {"query": "vault"}),
        ],
    ),
    Task(
        "add an author",
        "/admin/",
        add_author,
        judge_add_author,
        Instance('Add an author named "Grace Okafor" from Nigeria', {"name": "Grace Okafor", "country": "Nigeria"}),
        [
            Instance('Add an author named "Lars Nilsen" from Norway', {"name": "Lars Nilsen", "country": "Norway"}),
            Instance('Add an author named "Mei Tanaka" from Japan', {"name": "Mei Tanaka", "country": "Japan"}),
            Instance('Add an author named "Rosa Vidal" from Chile', {"name": "Rosa Vidal", "country": "Chile"}),
            Instance('Create the author "Paul Mbeki", country South Africa', {"name": "Paul Mbeki", "country": "South Africa"}),
            Instance('Register a new writer called "Anna Kowalski" (Poland)', {"name": "Anna Kowalski", "country": "Poland"}),
        ],
    ),
]
