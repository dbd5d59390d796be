"""The scripted people of the MiniWoB++ benchmark: each does one task with real input, as a person at the
screen would, from the task text and what the page shows.

A person here moves the real mouse to a visible point of an element and clicks, types on the real
keyboard, scrolls with the wheel and uses the keyboard where a person would (a slider's arrows). What
a person reads off the screen (a label, a link's text, a picture of a digit, an icon) is read from the
page; nothing here sets a value or calls the page's own code. This is benchmark code: it may name
MiniWoB's pages, the product may not.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

Person = Callable[[Page, str, dict], None]  # type: ignore[type-arg]


class NothingToShow(Exception):
    """The episode has nothing to do (a list already in order): a person teaching takes another one."""


def point(target: Locator) -> tuple[float, float]:
    """A point of the element that a person sees and can click: its middle, or failing that the first point
    of a grid over its box where the element itself (not something covering it) is on top."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box, "the element is not shown"
    for _ in range(20):  # a person waits for what moves or fades in to settle
        found = target.evaluate(
            """(el) => {
            const tries = [[0.5, 0.5]];
            for (const fy of [0.2, 0.5, 0.8]) for (const fx of [0.15, 0.35, 0.5, 0.65, 0.85]) tries.push([fx, fy]);
            for (const [fx, fy] of tries) {
                const r = el.getBoundingClientRect();
                const x = r.left + r.width * fx, y = r.top + r.height * fy;
                const hit = document.elementFromPoint(x, y);
                if (hit && (hit === el || el.contains(hit) || (el.labels && [...el.labels].some(l => l.contains(hit)))))
                    return [x, y];
            }
            return null;
        }"""
        )
        if found:
            return found[0], found[1]
        target.page.wait_for_timeout(100)
    raise AssertionError(f"the element is covered: {target}")


def click(page: Page, target: Locator, modifiers: tuple[str, ...] = ()) -> None:
    x, y = point(target)
    for key in modifiers:
        page.keyboard.down(key)
    page.mouse.click(x, y)
    for key in modifiers:
        page.keyboard.up(key)


def hover(page: Page, target: Locator) -> None:
    x, y = point(target)
    page.mouse.move(x, y, steps=3)


def type_into(page: Page, field: Locator, text: str) -> None:
    click(page, field)
    page.keyboard.type(text)


def submit(page: Page, name: str = "Submit") -> None:
    click(page, page.locator(f"#area button:text-is('{name}')").first)


def quoted(utterance: str) -> str:
    return re.search(r'"([^"]*)"', utterance).group(1)  # type: ignore[union-attr]


def ordinal(word: str) -> int:
    return int(re.match(r"\d+", word).group(0))  # type: ignore[union-attr]


# --- the tasks ------------------------------------------------------------------------------------


def click_test(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    click(page, page.locator("#subbtn"))


def click_test_transfer(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    name = re.search(r"Click button (\w+)\.", utterance).group(1)  # type: ignore[union-attr]
    click(page, page.locator(f"#area button:text-is('{name}')"))


def tick_named(page: Page, names: list[str]) -> None:
    for label in page.locator("#area label").all():
        if label.inner_text().strip() in names:
            click(page, label.locator("input"))
    submit(page)


def listed(utterance: str, before: str, after: str) -> list[str]:
    text = re.search(rf"{before}(.*?){after}", utterance).group(1)  # type: ignore[union-attr]
    return [] if text == "nothing" else [t.strip() for t in text.split(",")]


def click_checkboxes(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    tick_named(page, listed(utterance, "Select ", " and click Submit"))


SYNONYMS = [  # what a person knows of English: words that mean the same
    ["big", "large", "huge", "enormous", "gigantic"],
    ["small", "tiny", "little", "mini", "petite"],
    ["red", "scarlet", "crimson", "vermillion"],
    ["happy", "cheerful", "joyful", "gleeful", "delighted"],
    ["sad", "unhappy", "sorrowful", "miserable", "tragic"],
    ["angry", "mad", "furious", "irritated"],
    ["evil", "wicked", "immoral", "sinful", "corrupt", "depraved"],
    ["wrong", "incorrect", "mistaken", "erroneous"],
    ["real", "genuine", "actual"],
    ["strange", "odd", "peculiar", "unusual", "weird"],
    ["stop", "cease", "halt", "end", "finish"],
    ["scared", "terrified", "panicked", "fearful", "frightened", "afraid"],
    ["quiet", "calm", "peaceful", "serene", "mild"],
    ["old", "aged", "archaic"],
    ["love", "like", "adore", "favor"],
    ["kill", "murder", "assassinate"],
    ["keep", "retain", "preserve", "sustain", "maintain"],
    ["hide", "conceal", "camouflage"],
    ["hate", "despise", "loathe", "detest", "dislike"],
    ["funny", "humorous", "amusing", "comical", "laughable"],
    ["fat", "fleshy", "plump", "chubby"],
    ["stupid", "dumb", "dull", "unwise"],
    ["delicious", "savory", "delectable", "appetizing"],
    ["cut", "slice", "carve", "chop"],
    ["brave", "courageous", "fearless"],
    ["begin", "start", "initiate", "launch"],
    ["answer", "reply", "response"],
    ["television", "televisions", "TV", "TVs"],
    ["house", "home", "houses", "homes"],
    ["fire", "flame", "fires", "flames"],
    ["pig", "pork", "swine"],
    ["rabbit", "rabbits", "bunny", "bunnies"],
    ["car", "cars", "automobile", "automobiles", "vehicle", "vehicles"],
    ["water"],
]


def click_checkboxes_soft(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    wanted = listed(utterance, "Select words similar to ", " and click Submit")
    similar = {w for group in SYNONYMS if any(x in group for x in wanted) for w in group}
    tick_named(page, sorted(similar))


def click_collapsible(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    click(page, page.locator("#area h3").first)
    page.locator("#subbtn").wait_for(state="visible")
    settle(page)
    click(page, page.locator("#subbtn"))


def settle(page: Page) -> None:
    """Wait until the page's animations are over, as a person waits for a section to finish opening."""
    page.wait_for_function("() => !window.jQuery || !jQuery(':animated').length")


def link_named(page: Page, text: str) -> Locator:
    return page.locator(f"#area span.alink:text-is('{text}')")


def open_until_shown(page: Page, openers: Locator, text: str) -> bool:
    """Open each section or tab in turn until the link named `text` shows; click it. False if none shows it."""
    for i in range(openers.count()):
        found = link_named(page, text).locator("visible=true")
        if found.count():
            click(page, found.first)
            return True
        click(page, openers.nth(i))
        settle(page)
    found = link_named(page, text).locator("visible=true")
    if found.count():
        click(page, found.first)
        return True
    return False


def click_collapsible_2(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    assert open_until_shown(page, page.locator("#area h3"), quoted(utterance))


def click_tab_2(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    assert open_until_shown(page, page.locator("#area li.ui-tab"), quoted(utterance))


def click_tab_2_medium(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    """The link is in the first tab, or it is nowhere: then the second tab is the answer."""
    found = link_named(page, quoted(utterance)).locator("visible=true")
    click(page, found.first if found.count() else page.locator("#area li.ui-tab").nth(1))


MONTHS = "January February March April May June July August September October November December".split()


def pick_date(page: Page, field: Locator, date: str) -> None:
    """Open the calendar of `field`, step to the month of `date` (MM/DD/YYYY) and click its day."""
    month, day, year = (int(x) for x in date.split("/"))
    click(page, field)
    calendar = page.locator("#ui-datepicker-div")
    calendar.wait_for(state="visible")
    for _ in range(24):
        shown_month = MONTHS.index(calendar.locator(".ui-datepicker-month").inner_text()) + 1
        shown_year = int(calendar.locator(".ui-datepicker-year").inner_text())
        if (shown_year, shown_month) == (year, month):
            break
        step = "Prev" if (shown_year, shown_month) > (year, month) else "Next"
        click(page, calendar.locator(f"a[title='{step}']"))
    click(page, calendar.locator(f"td a:text-is('{day}')"))


def choose_date(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    date = re.search(r"Select (\S+) as the date", utterance).group(1)  # type: ignore[union-attr]
    pick_date(page, page.locator("#datepicker"), date)
    submit(page)


def autocomplete(page: Page, field: Locator, typed: str, fits: Callable[[str], bool]) -> None:
    """Type into `field`, wait for the suggestions of all that was typed to settle (a list for the first
    letters may show and be replaced a moment later), and click the first suggestion that fits."""
    type_into(page, field, typed)
    menu = page.locator("ul.ui-autocomplete:visible li")
    menu.first.wait_for(state="visible")
    shown, same = "", 0
    for _ in range(50):  # as a person reads the list once it has stopped changing for a moment
        now = page.evaluate(
            """(typed) => {
            const items = [...document.querySelectorAll('ul.ui-autocomplete li')].filter((e) => e.checkVisibility());
            const texts = items.map((e) => e.innerText);
            return items.length && texts.every((t) => t.toLowerCase().includes(typed.toLowerCase())) ? texts.join('|') : '';
        }""",
            typed,
        )
        same = same + 1 if now and now == shown else 0
        if same == 3:
            break
        shown = now
        page.wait_for_timeout(150)
    for _ in range(3):  # a list drawn again as it was: the person's click meets the item now in its place
        choice = next(item for item in menu.all() if fits(item.inner_text().strip()))
        try:
            click(page, choice)
            return
        except PlaywrightError as exc:
            if "not attached" not in str(exc):
                raise
    raise AssertionError(f"the suggestions for {typed!r} never held still")


def book_flight(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r"Book the (\w+) one-way flight from: (.+) to: (.+) on (\S+)\.", utterance)
    assert m
    kind, origin, destination, date = m.groups()
    autocomplete(page, page.locator("#flight-from"), origin, lambda s: origin in s)
    autocomplete(page, page.locator("#flight-to"), destination, lambda s: destination in s)
    pick_date(page, page.locator("#datepicker"), date)
    click(page, page.locator("#search"))
    flights = page.locator("#results .flight")
    flights.first.wait_for(state="visible")

    def minutes(flight: Locator) -> int:
        h, m = re.match(r"(\d+)h (\d+)m", flight.locator(".time-duration").inner_text()).groups()  # type: ignore[union-attr]
        return int(h) * 60 + int(m)

    def price(flight: Locator) -> int:
        return int(flight.locator(".flight-price").inner_text().split("$")[1])

    best = min(flights.all(), key=price if kind == "cheapest" else minutes)
    click(page, best.locator(".flight-price"))


def use_autocomplete(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    parts = re.findall(r'"([^"]*)"', utterance)
    start, end = parts[0], (parts[1] if len(parts) > 1 else "")
    autocomplete(page, page.locator("#tags"), start, lambda s: s.startswith(start) and s.endswith(end))
    submit(page)


def thread_of(page: Page, name: str) -> Locator:
    return page.locator("#main .email-thread").filter(has=page.locator(f".email-sender:text-is('{name}')")).first


def email_inbox(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    if fields:  # the natural-language wording: the person reads who sent it and who gets it
        sender, to = fields["by"], fields["to"]
        action = "forward"
    else:
        sender = re.search(r"email by (.+?) and", utterance).group(1)  # type: ignore[union-attr]
        action = next(a for a in ("reply", "forward", "trash", "star") if a in utterance)
    if action == "trash" or action == "star":
        click(page, thread_of(page, sender).locator(f"span.{action}"))
        return
    click(page, thread_of(page, sender))
    if action == "reply":
        click(page, page.locator("#email .email-reply"))
        type_into(page, page.locator("#reply-text"), quoted(utterance))
        click(page, page.locator("#send-reply"))
    else:
        to = fields.get("to") or re.search(r"forward that email to (.+)\.$", utterance).group(1)  # type: ignore[union-attr]
        click(page, page.locator("#email .email-forward"))
        type_into(page, page.locator("#forward .forward-sender"), to)
        click(page, page.locator("#send-forward"))


def social_media(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r'Click the "(\w+)" button on (all|\d+) posts? by (\S+) and then', utterance)
    assert m
    button, amount, user = m.groups()
    posts = [p for p in page.locator("#area .media").all() if p.locator(".username").inner_text() == user]
    for post in posts if amount == "all" else posts[: int(amount)]:
        click(page, post.locator(f".controls .{button.lower()}"))
    submit(page)


def enter_text_2(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    text = quoted(utterance)
    type_into(page, page.locator("#tt"), text.upper() if "upper case" in utterance else text.lower())
    submit(page)


def form_sequence(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r"Select (-?\d+) with the slider, click the (\w+) checkbox", utterance)
    assert m
    wanted, position = int(m.group(1)), ordinal(m.group(2))
    click(page, page.locator("#slider .ui-slider-handle"))
    shown = int(page.locator("#val").inner_text())
    key = "ArrowRight" if wanted > shown else "ArrowLeft"
    for _ in range(abs(wanted - shown)):
        page.keyboard.press(key)
    click(page, page.locator("#area input[type=checkbox]").nth(position - 1))
    submit(page)


def form_sequence_2(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r'Check the (\w+) radio button and enter the number "(-?\d+)" into the (\w+) textbox', utterance)
    assert m
    click(page, page.locator("#area input[type=radio]").nth(ordinal(m.group(1)) - 1))
    type_into(page, page.locator("#area input[type=text]").nth(ordinal(m.group(3)) - 1), m.group(2))
    submit(page)


def form_sequence_3(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r'Choose (.+) from the dropdown, then click the button labeled "(\w+)"', utterance)
    assert m
    click(page, page.locator(".selectric"))
    click(page, page.locator(".selectric-items li").filter(has_text=re.compile(f"^{re.escape(m.group(1))}$")))
    click(page, page.locator(f"#buttons button:text-is('{m.group(2)}')"))


def click_menu(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    path = re.search(r"Select (.+)$", utterance).group(1).split(">")  # type: ignore[union-attr]
    menu = page.locator("#menu")
    for i, name in enumerate(path):
        item = menu.locator(f":scope > li > div:text-is('{name}')")
        item.wait_for(state="visible")
        if i == len(path) - 1:
            click(page, item)
        else:
            hover(page, item)
            menu = menu.locator(f":scope > li:has(> div:text-is('{name}')) > ul")


ICONS = {  # the pictures a person sees by each item of the menu
    "ui-icon-disk": "Save",
    "ui-icon-seek-start": "Prev",
    "ui-icon-stop": "Stop",
    "ui-icon-play": "Play",
    "ui-icon-seek-end": "Next",
    "ui-icon-zoomin": "Zoom In",
    "ui-icon-zoomout": "Zoom Out",
}


def click_menu_2(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    if "labeled" in utterance:
        label = quoted(utterance.split("labeled", 1)[1])
    else:
        icon = page.locator("#query .ui-icon").get_attribute("class") or ""
        label = next(name for cls, name in ICONS.items() if cls in icon.split())
    click(page, page.locator("#open-menu"))
    item = page.locator(f"#menu li > div:text-is('{label}')")
    if not item.is_visible():
        hover(page, page.locator("#menu li > div:text-is('Playback')"))
        item.wait_for(state="visible")
    click(page, item)


def click_widget(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    kind = quoted(utterance)  # a person tells a radio button, a checkbox, a text box, a text area and a button by their look
    click(page, page.locator(f"#area .widget [data-type='{kind}']").first)


def click_scroll_list(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    names = listed(utterance, "Select ", " from the scroll list")
    for i, name in enumerate(names):
        option = page.locator("#options option").filter(has_text=re.compile(f"^{re.escape(name)}$"))
        click(page, option, ("Control",) if i else ())
    submit(page)


PATTERNS = {  # the pictures of the digits shown by the checkboxes, as a person sees them (rows of 4)
    "0": "0110 1001 1001 1001 1001 1001 0110",
    "1": "0010 0110 0010 0010 0010 0010 0010",
    "2": "0110 1001 1001 0010 0100 1000 1111",
    "3": "0110 1001 0001 0110 0001 1001 0110",
    "4": "1000 1010 1010 1111 0010 0010 0010",
    "5": "1111 1000 1000 1110 0001 1001 0110",
    "6": "0110 1001 1000 1110 1001 1001 0110",
    "7": "1111 1001 0001 0010 0010 0100 0100",
    "8": "0110 1001 1001 0110 1001 1001 0110",
    "9": "0110 1001 1001 0111 0001 1001 0110",
}


def number_checkboxes(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    boxes = page.locator("#checkboxes input[type=checkbox]")
    for i, on in enumerate(PATTERNS[quoted(utterance)].replace(" ", "")):
        if on == "1":
            click(page, boxes.nth(i))
    submit(page)


def use_spinner(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    wanted = int(re.search(r"Select (-?\d+) with the spinner", utterance).group(1))  # type: ignore[union-attr]
    arrow = page.locator(".ui-spinner-up" if wanted > 0 else ".ui-spinner-down")
    for _ in range(abs(wanted)):
        click(page, arrow)
    submit(page)


def sign_agreement(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    if utterance.startswith("Click the cancel button"):
        click(page, page.locator("#cancel"))
        return
    x, y = point(page.locator("#text-area"))
    page.mouse.move(x, y)
    while page.locator("#agree").is_disabled():
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(50)
    type_into(page, page.locator("#name"), quoted(utterance))
    click(page, page.locator("#agree" if '"Agree"' in utterance else "#cancel"))


# --- the stretch tasks: the answer is read off the page ------------------------------------------


def read_table(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    key = re.search(r"Enter the value of (.+) into the text field", utterance).group(1)  # type: ignore[union-attr]
    row = page.locator("#tab tr").filter(has=page.locator(f"td:text-is('{key}')"))
    type_into(page, page.locator("#tt"), row.locator("td").nth(1).inner_text())
    submit(page)


def phone_book(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r"Find (.+) in the contact book and click on their (\w+)", utterance)
    assert m
    name, what = m.groups()
    while page.locator("#contact .name").inner_text() != name:
        click(page, page.locator("#pagination a:text-is('>')"))
    click(page, page.locator(f"#contact a.{what}"))


def copy_paste(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    click(page, page.locator("#to-copy"))
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+C")
    click(page, page.locator("#answer-input"))
    page.keyboard.press("Control+V")
    submit(page)


def find_word(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    n = ordinal(re.search(r"Find the (\w+) word", utterance).group(1))  # type: ignore[union-attr]
    words = page.locator("#area p").inner_text().split()
    type_into(page, page.locator("#answer-input"), re.sub(r"[^a-zA-Z]", "", words[n - 1]))
    submit(page)


def text_transform(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    type_into(page, page.locator("#tt"), page.locator("#captcha").inner_text().replace("\n", ""))
    submit(page)


# --- drags, sliders, hovers and scrolls: the pointer pressed, moved and released by hand -------------


def drag_by_hand(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 4, start[1] + 4, steps=2)
    page.mouse.move(*end, steps=12)
    page.mouse.move(*end)
    page.mouse.up()


def _box(target: Locator) -> dict:  # type: ignore[type-arg]
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box, "the element is not shown"
    return box


def _to_place(page: Page, items: Locator, source: int, place: int) -> None:
    """Drag the item at `source` (0-based) of a sortable list onto the item at `place`, past its middle."""
    there = _box(items.nth(place))
    fy = 0.2 if place < source else 0.85
    drag_by_hand(page, point(items.nth(source)), (there["x"] + there["width"] / 2, there["y"] + there["height"] * fy))
    page.wait_for_timeout(100)


def drag_items(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.match(
        r"Drag (.+?) (to the top|to the bottom|down by one position|up by one position|to the (\d+)\w\w position)", utterance
    )
    assert m, utterance
    items = page.locator("#sortable li")
    names = [t.strip() for t in items.all_inner_texts()]
    source = names.index(m.group(1))
    where = m.group(2)
    place = {
        "to the top": 0,
        "to the bottom": len(names) - 1,
        "down by one position": source + 1,
        "up by one position": source - 1,
    }
    _to_place(page, items, source, place[where] if where in place else int(m.group(3)) - 1)


def drag_box(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    large = _box(page.locator("#draggableLarge"))
    drag_by_hand(
        page, point(page.locator("#draggableSmall")), (large["x"] + large["width"] / 2, large["y"] + large["height"] / 2)
    )
    submit(page)


def drag_sort_numbers(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    items = page.locator("#sortable li")
    if [int(t) for t in items.all_inner_texts()] == sorted(int(t) for t in items.all_inner_texts()):
        raise NothingToShow("the numbers are in order already")
    for place in range(items.count()):
        numbers = [int(t) for t in items.all_inner_texts()]
        lowest = numbers.index(min(numbers[place:]), place)
        if lowest != place:
            _to_place(page, items, lowest, place)
    submit(page)


def use_slider(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    """Hold the handle and move it along the track while watching the number, as a person does; the arrow
    keys for the last steps when the pointer cannot land on it."""
    wanted = int(re.search(r"Select (-?\d+) with the slider", utterance).group(1))  # type: ignore[union-attr]
    handle, shown = page.locator("#slider .ui-slider-handle"), page.locator("#val")
    track = _box(page.locator("#slider"))
    across = track["width"] >= track["height"]
    x, y = point(handle)
    page.mouse.move(x, y)
    page.mouse.down()

    def at(fraction: float) -> tuple[float, float]:
        return (track["x"] + track["width"] * fraction, y) if across else (x, track["y"] + track["height"] * (1 - fraction))

    low, high = 0.0, 1.0
    for _ in range(20):
        middle = (low + high) / 2
        page.mouse.move(*at(middle), steps=2)
        now = int(shown.inner_text())
        if now == wanted:
            break
        low, high = (middle, high) if now < wanted else (low, middle)
    page.mouse.up()
    while int(shown.inner_text()) != wanted:
        page.keyboard.press("ArrowRight" if int(shown.inner_text()) < wanted else "ArrowLeft")
    submit(page)


def hover_shape(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    for _ in range(3):  # the colored square moves every two seconds
        hover(page, page.locator("#highlight"))
        page.wait_for_timeout(1000)


def scroll_text(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    area = page.locator("#text-area")
    page.mouse.move(*point(area))
    while area.evaluate("(e) => e.scrollTop + e.clientHeight < e.scrollHeight - 1"):
        page.mouse.wheel(0, 200)
        page.wait_for_timeout(50)
    last = area.input_value().split()[-1]
    type_into(page, page.locator("#answer-input"), re.sub(r"[^a-zA-Z0-9]", "", last))
    submit(page)


def resize_textarea(page: Page, utterance: str, fields: dict) -> None:  # type: ignore[type-arg]
    m = re.search(r"the (width|height) is (larger|smaller)", utterance)
    assert m, utterance
    dimension, way = m.groups()
    corner = _box(page.locator(".ui-resizable-se"))
    x, y = corner["x"] + corner["width"] / 2, corner["y"] + corner["height"] / 2
    by = 25 if way == "larger" else -25
    drag_by_hand(page, (x, y), (x + (by if dimension == "width" else 0), y + (by if dimension == "height" else 0)))
    click(page, page.locator("#submit"))
