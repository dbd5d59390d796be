"""Demonstrations recorded on the fixture sites, and tasks labelled with the procedure they need."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Page


def typing(*pairs: tuple[str, str], submit: str | None = None) -> Callable[[Page], None]:
    def actions(page: Page) -> None:
        for selector, text in pairs:
            page.locator(selector).press_sequentially(text)
        if submit:
            page.get_by_role("button", name=submit).click()
            page.wait_for_load_state()

    return actions


def choose(selector: str, presses: int) -> Callable[[Page], None]:
    def actions(page: Page) -> None:
        page.locator(selector).focus()
        for _ in range(presses):
            page.keyboard.press("ArrowDown")

    return actions


def chain(*parts: Callable[[Page], None]) -> Callable[[Page], None]:
    def actions(page: Page) -> None:
        for part in parts:
            part(page)

    return actions


def click(role: str, name: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role(role, name=name).click()  # type: ignore[arg-type]


@dataclass
class Demo:
    key: str
    path: str
    title: str
    description: str
    actions: Callable[[Page], None]


DEMOS = [
    Demo(
        "login",
        "login.html",
        'Log in as "emile"',
        'Enter the username "emile" and the password and press login',
        typing(("#user", "emile"), ("#pass", "s3cret"), submit="Log in"),
    ),
    Demo(
        "issue",
        "form.html",
        'File a new issue titled "Broken login"',
        "Create an issue with a title and a description in the tracker",
        typing(("#title", "Broken login"), ("#body", "It fails"), submit="Create issue"),
    ),
    Demo(
        "search",
        "apps/search.html",
        'Search the shop for "running shoes"',
        "Find products in the online shop",
        typing(("input[type=search]", "running shoes"), submit="Search"),
    ),
    Demo(
        "flight",
        "apps/flights.html",
        "Book a flight from Paris to Rome",
        "Look for flights between two cities on a date",
        chain(typing(("#origin", "Paris"), ("#destination", "Rome")), click("button", "Find flights")),
    ),
    Demo(
        "newsletter",
        "apps/newsletter.html",
        "Subscribe to the newsletter with emile@example.com",
        "Sign up for the weekly email digest",
        chain(typing(("#email", "emile@example.com")), click("checkbox", "Weekly digest"), click("button", "Subscribe")),
    ),
    Demo(
        "profile",
        "apps/profile.html",
        'Change my display name to "Emile Z"',
        "Edit the profile: display name and bio",
        typing(("#display_name", "Emile Z"), ("#bio", "Hello"), submit="Save profile"),
    ),
    Demo(
        "password",
        "apps/password.html",
        "Change the account password",
        "Update the password: current one, then the new one",
        typing(("#current", "old-pass"), ("#new_password", "new-pass"), submit="Update password"),
    ),
    Demo(
        "contact",
        "apps/contact.html",
        "Send a message to customer support",
        "Contact support with name, email and a message about billing",
        chain(
            typing(("#name", "Emile"), ("#email", "e@example.com"), ("#message", "Refund please")),
            choose("#topic", 1),
            click("button", "Send message"),
        ),
    ),
    Demo(
        "cart",
        "apps/cart.html",
        "Buy the blue mug",
        "Add the mug to the cart and go to checkout",
        chain(click("button", "Add to cart"), click("link", "Checkout")),
    ),
    Demo(
        "comment",
        "apps/article.html",
        'Post a comment saying "Great tips"',
        "Write a comment under the article",
        typing(("#comment", "Great tips"), submit="Post comment"),
    ),
    Demo(
        "upload",
        "apps/upload.html",
        "Upload the invoice document",
        "Attach a file as an invoice in the documents area",
        chain(choose("#kind", 0), click("button", "Upload document")),
    ),
    Demo(
        "settings",
        "apps/settings.html",
        "Turn on dark mode in the settings",
        "Enable the dark theme and save the settings",
        chain(click("checkbox", "Dark mode"), click("button", "Save settings")),
    ),
    Demo(
        "todo",
        "apps/todo.html",
        'Add "buy milk" to my todo list',
        "Create a new todo item",
        chain(typing(("#new", "buy milk")), click("button", "Add todo")),
    ),
    Demo(
        "invite",
        "apps/invite.html",
        "Invite a teammate to the workspace by email",
        "Send an invitation to a new team member with a role",
        chain(typing(("#invitee", "ana@example.com")), choose("#role", 1), click("button", "Send invite")),
    ),
    Demo(
        "weather",
        "apps/weather.html",
        "Show the weather forecast for Lyon",
        "Check the forecast of a city",
        typing(("#city", "Lyon"), submit="Show forecast"),
    ),
    Demo(
        "city",
        "frames.html",
        "Save my city as Nantes in the widget",
        "Store the home city in the embedded form",
        lambda page: (
            page.frame_locator("#inner").locator("#city").press_sequentially("Nantes"),
            page.frame_locator("#inner").get_by_role("button", name="Save city").click(),
        ),
    ),
    Demo(
        "remove",
        "duplicates.html",
        "Remove the second row from the list",
        "Delete an entry of the list",
        lambda page: page.locator("#row-2 button").click(),
    ),
]

# (task, the demo it needs, or None when nothing stored fits)
TASKS: list[tuple[str, str | None]] = [
    ('Log in as "bob"', "login"),
    ("Log in as emile with password x", "login"),
    ("sign in to the site with username carl", "login"),
    ("lgoin as dana", "login"),
    ("authenticate with my user name and pasword", "login"),
    ('File a new issue titled "Crash on save"', "issue"),
    ("create a ticket about the checkout bug", "issue"),
    ("report a bug in the issue tracker", "issue"),
    ("open a new isue with a description", "issue"),
    ('search the shop for "red socks"', "search"),
    ("find hiking boots in the store", "search"),
    ("look up wireless headphones in the shop", "search"),
    ("Book a flight from Berlin to Madrid", "flight"),
    ("reserve a plane ticket from London to Oslo", "flight"),
    ("flights from Lyon to Nice, book one", "flight"),
    ("subscribe to the newsletter with ana@example.com", "newsletter"),
    ("sign me up for the weekly email digest", "newsletter"),
    ('change my display name to "Ana"', "profile"),
    ("edit my profile bio", "profile"),
    ("update my password", "password"),
    ("change the acount pasword to something new", "password"),
    ("send a message to support about billing", "contact"),
    ("contact customer support", "contact"),
    ("buy the blue mug", "cart"),
    ("add the mug to my cart and checkout", "cart"),
    ('post a comment saying "Loved it"', "comment"),
    ("write a comment under the article", "comment"),
    ("upload the receipt document", "upload"),
    ("attach an invoice file", "upload"),
    ("turn on dark mode", "settings"),
    ("enable the dark theme in settings", "settings"),
    ('add "walk the dog" to my todo list', "todo"),
    ("create a new todo item: water plants", "todo"),
    ("invite a teammate by email", "invite"),
    ("send an invitation to a new team member", "invite"),
    ("what's the weather forecast for Paris", "weather"),
    ("show the forecast for Berlin", "weather"),
    ("save my city as Lille in the widget", "city"),
    ("remove the second row", "remove"),
    ("delete an entry from the list", "remove"),
    ("translate this paragraph into German", None),
    ("order a pizza with extra cheese", None),
    ("play some jazz music", None),
    ("what is the capital of Peru", None),
    ("schedule a dentist appointment tomorrow", None),
]
