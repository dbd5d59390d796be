import json

import pytest

from agent import bind_parameters
from procedures.binding.values import bind, missing_parameters
from procedures.models import Parameter, Procedure
from tests.helpers import sample_procedure, titled


def _login(title: str):  # type: ignore[no-untyped-def]
    procedure = sample_procedure(title=title)
    procedure.abstract.parameters[0].example = "kanesha"
    return procedure


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ('Enter the username "bob" and the password "abc" and press login', {"username": "bob", "password": "abc"}),
        ("Enter the username bob and the password abc and press login", {"username": "bob", "password": "abc"}),
        (
            'enter the username "Bob Smith" and the password "a b c" and press login.',
            {"username": "Bob Smith", "password": "a b c"},
        ),
    ],
)
def test_template_from_the_demonstrated_title(task: str, expected: dict[str, str]) -> None:
    procedure = _login('Enter the username "kanesha" and the password "xyz" and press login')
    assert bind_parameters(procedure, task, env={}) == expected


def test_named_values_quoted_strings_and_the_environment() -> None:
    procedure = _login("Log in to the demo site")
    assert bind_parameters(procedure, "sign in with username: carl and password=xyz", env={}) == {
        "username": "carl",
        "password": "xyz",
    }
    assert bind_parameters(procedure, 'sign in as "dora"', env={}) == {"username": "dora"}  # quoted strings fill non-secrets
    from_env = bind_parameters(procedure, "username ed", env={"SHOWMEHOW_PARAM_PASSWORD": "from-env"})
    assert from_env == {"username": "ed", "password": "from-env"}
    assert missing_parameters(procedure, {"username": "ed"}) == ["password"]


def test_a_value_stops_where_another_parameter_is_named() -> None:
    procedure = _login('Log in as "kanesha"')
    assert bind_parameters(procedure, "Log in as emile with password x", env={}) == {"username": "emile", "password": "x"}


def test_the_settings_name_the_variable_that_holds_a_secret() -> None:
    procedure = _login("Log in to the demo site")  # on 127.0.0.1
    procedure.abstract.domains = ["login.example.org"]
    env = {"SHOWMEHOW_PARAM_PASSWORD": "default", "ANY_SITE": "any", "EXAMPLE": "example", "LOGIN": "login", "OTHER": "other"}
    bind = lambda mapping: bind_parameters(procedure, "username ed", env=env, param_env=mapping)["password"]  # noqa: E731
    assert bind({}) == "default"
    assert bind({"password": "ANY_SITE"}) == "any"
    assert bind({"password": "ANY_SITE", "password@example.org": "EXAMPLE"}) == "example"  # a parent domain
    assert bind({"password@example.org": "EXAMPLE", "password@login.example.org": "LOGIN"}) == "login"  # the most specific
    assert bind({"password@other.org": "OTHER"}) == "default"  # another site's secret never applies
    assert bind({"password": "UNSET"}) == "default"  # a variable that is not set is passed over
    assert (
        bind_parameters(procedure, "username ed password typed", env=env, param_env={"password": "ANY_SITE"})["password"]
        == "typed"
    )


def test_a_quoted_value_is_matched_against_the_titles_quoted_slot() -> None:
    procedure = sample_procedure(title='Log in to the admin as "admin"')
    procedure.abstract.parameters[0].example = "admin"
    assert bind_parameters(procedure, 'Log in to the admin as "maria"', env={})["username"] == "maria"
    reworded = 'Sign in to the site administration as user "lin" using the password "lin-pass-4"'
    assert bind_parameters(procedure, reworded, env={}) == {"username": "lin", "password": "lin-pass-4"}  # "user" names the value


def _order() -> Procedure:
    """A form with typed text, a select, two checkboxes and a note, as the builder makes it."""
    from procedures.building.heuristic import build_heuristic
    from recorder.models import RecordedStep, Recording

    url = "http://shop.example.com/order"

    def step(action: str, name: str, role: str, **fields: object) -> RecordedStep:
        selector = f'internal:role={role}[name="{name}"s]'
        return RecordedStep(action=action, selector=selector, selectors=[selector], url=url, label=name, field=name, **fields)  # type: ignore[arg-type]

    steps = [
        RecordedStep(action="navigate", value=url, url=url),
        step("fill", "Customer name", "textbox", value="Ada Lovelace"),
        step("fill", "Phone", "textbox", value="555-0100"),
        step(
            "select",
            "Bouquet",
            "combobox",
            value="Lily",
            option_value="Lily",
            options=["Rose", "Lily"],
            option_values=["Rose", "Lily"],
        ),
        step("check", "Gift wrap", "checkbox", input_type="checkbox"),
        step("check", "Send me updates", "checkbox", input_type="checkbox"),
        step("fill", "Notes", "textbox", value="leave at the door"),
        step("click", "Place order", "button"),
    ]
    title = "Order a Lily bouquet for Ada Lovelace, with gift wrap, notes: leave at the door"
    return build_heuristic(Recording(title=title, steps=steps))


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        (
            "Order a Rose bouquet for Bob Stone, no gift wrap, notes: deliver after 5pm please",
            {"customer_name": "Bob Stone", "bouquet": "Rose", "gift_wrap": "no", "notes": "deliver after 5pm please"},
        ),
        (
            "Order a Rose bouquet for Bob Stone, without gift wrapping, notes: call first",
            {"customer_name": "Bob Stone", "bouquet": "Rose", "gift_wrap": "no", "notes": "call first"},
        ),
        (
            "Order a Lily bouquet for Bob Stone, gift wrap: no, notes: ring twice, and don't send updates",
            {"customer_name": "Bob Stone", "bouquet": "Lily", "gift_wrap": "no", "notes": "ring twice", "send_updates": "no"},
        ),
        (
            'Order a Rose bouquet for Bob, customer name "Bob Stone", with gift wrap, notes "imported run"',
            {"customer_name": "Bob Stone", "bouquet": "Rose", "gift_wrap": "yes", "notes": "imported run"},
        ),
        (
            '"front desk" as the notes, "Grace Hopper" as the customer name, a Rose bouquet, gift wrap: yes, phone 555-0199',
            {"customer_name": "Grace Hopper", "bouquet": "Rose", "gift_wrap": "yes", "notes": "front desk", "phone": "555-0199"},
        ),
    ],
)
def test_binding_reads_the_whole_task(task: str, expected: dict[str, str]) -> None:
    from procedures.binding.values import bind

    procedure = _order()
    optional = ["phone", "gift_wrap", "send_updates", "notes"]  # notes the title named are the demonstration's own
    assert [p.name for p in procedure.abstract.parameters if not p.required] == optional
    binding = bind(procedure, task, env={}, param_env={})
    assert {k: v for k, v in binding.values.items() if k not in binding.defaulted} == expected
    assert binding.ambiguous == []


@pytest.mark.parametrize(
    ("task", "words"),
    [
        ("Order a Rose bouquet for Bob Stone, gift wrap, no gift wrap, notes: ring twice", ["gift_wrap", "no gift wrap"]),
        ("Order a Rose bouquet for Bob Stone, notes: ring twice, notes: back door", ["notes", '"ring twice"', '"back door"']),
        ('Order a Rose bouquet for Bob Stone, notes: ring twice, coupon code "SPRING10"', ['coupon code "SPRING10"']),
    ],
)
def test_readings_the_task_leaves_open_are_named(task: str, words: list[str]) -> None:
    from procedures.binding.values import bind

    ambiguous = bind(_order(), task, env={}, param_env={}).ambiguous
    assert len(ambiguous) == 1 and all(w in ambiguous[0] for w in words), ambiguous


def test_a_secret_is_never_bound_from_text_meant_for_another_field() -> None:
    procedure = _login("Log in to the demo site")
    values = bind_parameters(procedure, 'Log in as "dora" for the customer "Nora Pw"', env={})
    assert values == {"username": "dora"}  # the quoted customer name is not typed into the password field
    assert bind_parameters(procedure, 'Log in as "dora" with password "s3cret"', env={}) == {
        "username": "dora",
        "password": "s3cret",
    }


def test_the_name_of_a_clicked_item_before_to_does_not_claim_the_value_after_it() -> None:
    procedure = Procedure.model_validate(
        {
            "title": "Find the email by Gisela and forward that email to Casie.",
            "abstract": {
                "goal": "forward an email",
                "parameters": [
                    {"name": "email", "example": "Gisela", "kind": "target", "required": False},
                    {"name": "to", "example": "Casie", "label": "to"},
                ],
            },
        }
    )
    task = "Find the email by Van and forward that email to Sileas."
    assert bind_parameters(procedure, task, env={}) == {"email": "Van", "to": "Sileas"}


def test_a_typed_value_is_written_in_the_case_the_task_asks_for() -> None:
    procedure = Procedure.model_validate(
        {
            "title": 'Type "riley" in all upper case letters in the text input and press Submit.',
            "abstract": {"goal": "type a name", "parameters": [{"name": "tt", "example": "RILEY", "label": "tt"}]},
        }
    )
    binding = bind(procedure, 'Type "THADDEUS" in all lower case letters in the text input and press Submit.', env={})
    assert binding.values == {"tt": "thaddeus"} and not binding.changed and not binding.unplaced
    assert bind(procedure, 'Type "vanda" in all upper case letters in the text input and press Submit.', env={}).values == {
        "tt": "VANDA"
    }
    binding = bind(procedure, 'Type "vanda" in the text input and press Submit.', env={})
    assert binding.values == {"tt": "VANDA"}  # no case asked: as the demonstration wrote it


def _admin(title: str, page: str, *acts: tuple[str, str, dict]) -> Procedure:  # type: ignore[type-arg]
    """A demonstration on an admin at `page`: each act is (action, the element's role and name, more fields)."""
    from procedures.building.heuristic import build_heuristic
    from recorder.models import RecordedStep, Recording

    url = "http://admin.example.org/admin/" + page
    steps = [RecordedStep(action="navigate", value=url, url=url)]
    for action, element, more in acts:
        role, name = element.split(" ", 1)
        selector = f'internal:role={role}[name="{name}"s]'
        steps.append(RecordedStep(action=action, selector=selector, selectors=[selector], url=url, label=name, **more))
        url = more.get("navigates_to", url)
    return build_heuristic(Recording(title=title, steps=steps))


def _link(to: str) -> dict:  # type: ignore[type-arg]
    return {"tag": "a", "navigates_to": "http://admin.example.org/admin/" + to}


def test_a_clicked_links_name_the_task_says_as_a_word_is_that_link_not_a_quoted_value() -> None:
    procedure = _admin(
        'Search the books for "orbit"',
        "",
        ("click", "link Books", _link("book/")),
        ("fill", "textbox Search", {"field": "Search", "value": "orbit"}),
        ("click", "button Search", {}),
    )
    assert {p.name: p.kind for p in procedure.abstract.parameters}["link"] == "target"
    for task, query in [('Find books matching "meadow"', "meadow"), ('Look up "vault" in the book list', "vault")]:
        assert bind_parameters(procedure, task, env={}) == {"link": "Books", "search": query}


def test_a_clicked_links_name_said_in_the_singular_leaves_the_named_value_to_its_own_field() -> None:
    procedure = _admin(
        "Show the books in the Science genre",
        "",
        ("click", "link Books", _link("book/")),
        ("click", "link Science", _link("book/?genre=science")),
    )
    assert bind_parameters(procedure, "Show the books in the Poetry genre", env={})["genre"] == "Poetry"
    assert (
        bind_parameters(procedure, "Filter the book list by genre: History", env={})["genre"] == "History"
    )  # "book list": the Books link, not the genre


def test_out_of_a_checkbox_named_in_something_turns_it_off() -> None:
    procedure = _admin(
        'Mark "Dune Road" out of stock',
        "book/1/",
        ("uncheck", "checkbox In stock", {"field": "In stock", "input_type": "checkbox"}),
        ("click", "button Save", {}),
    )
    stock = next(p.name for p in procedure.abstract.parameters if p.kind == "toggle")
    assert bind_parameters(procedure, 'Mark "Copper Hill" out of stock', env={})[stock] == "no"
    assert bind_parameters(procedure, 'Mark "Copper Hill" as in stock', env={})[stock] == "yes"


def test_a_value_of_digits_is_not_read_from_a_word_without_one() -> None:
    procedure = _admin(
        'Add a book titled "Dune" by Ada Byron, published 2021-03-04, in stock, 321 pages',
        "book/add/",
        ("fill", "textbox Title", {"field": "Title", "value": "Dune"}),
        ("fill", "textbox Author", {"field": "Author", "value": "Ada Byron"}),
        ("fill", "textbox Published", {"field": "Published", "value": "2021-03-04"}),
        ("check", "checkbox In stock", {"field": "In stock", "input_type": "checkbox"}),
        ("fill", "textbox Pages", {"field": "Pages", "value": "321"}),
        ("click", "button Save", {}),
    )
    task = 'Create a new book "Atlas" written by Marcus Hale, released 2018-09-09, 212 pages, available in stock'
    values = bind_parameters(procedure, task, env={})
    assert (values["published"], values["pages"]) == ("2018-09-09", "212")  # not "available"


def test_an_option_the_task_names_in_its_own_words_binds_only_when_one_option_is_best() -> None:
    options = ["---------", "Delete selected books", "Mark selected books as out of stock"]
    procedure = _admin(
        'Mark the books "Alpha Seed" and "Beta Seed" as out of stock',
        "book/",
        ("select", "combobox Action", {"field": "Action", "value": options[2], "tag": "select", "options": options}),
        ("click", "button Go", {}),
    )
    action = next(p.name for p in procedure.abstract.parameters if p.kind == "option")
    for task, chosen in [
        ('Mark the books "Gamma Ray" and "Delta Wave" as out of stock', options[2]),
        ('Use the bulk action to mark "India Ink" and "Juliet Rose" out of stock', options[2]),
        ('Flag both "Kilo Watt" and "Lima Bean"', options[2]),  # flag: near in meaning to mark
        ('Delete the books "Echo Park" and "Golf Links"', options[1]),
    ]:
        assert bind_parameters(procedure, task, env={}).get(action) == chosen, task
    said = bind(procedure, 'Do the selected books "Echo Park" and "Golf Links"', env={}).sources.get(action, "")
    assert "other words" not in said  # words that every option shares name none of them


def test_a_rows_text_that_is_the_titles_verb_is_no_parameter_and_a_reworded_verb_binds_the_rest() -> None:
    genres = ["Science", "History", "Poetry", "Fiction"]
    in_row = {**_link("book/"), "row": "tr", "row_texts": ["Add", "Change"], "row_selector": 'internal:role=link[name="Books"s]'}
    procedure = _admin(
        'Change the genre of "Dune Road" to History and mark it out of stock',
        "",
        ("click", "link Books", in_row),  # the Books row of the index also shows "Add" and "Change"
        ("click", "link Dune Road", _link("book/1/change/")),
        ("select", "combobox Genre:", {"field": "Genre", "value": "History", "tag": "select", "options": genres}),
        ("uncheck", "checkbox In stock", {"field": "In stock", "input_type": "checkbox"}),
        ("click", "button Save", {}),
    )
    assert "Change" not in {p.example for p in procedure.abstract.parameters}
    binding = bind(procedure, 'Set the genre of the book "Iron Meadow" to History and flag it as unavailable', env={})
    assert set(binding.values.values()) >= {"Iron Meadow", "History"}
    assert binding.unplaced == [] and binding.changed == []  # flag it as unavailable: mark it out of stock


def test_the_values_a_task_must_give_take_their_places_before_those_with_a_default() -> None:
    def tick(title: str) -> tuple[str, str, dict]:  # type: ignore[type-arg]
        boxes = [f"Select this object for an action - {t}" for t in ("Alpha Seed", "Beta Seed", "Gamma Ray")]
        more = {"input_type": "checkbox", "tag": "input", "options": boxes, "group": "_selected_action", "row": "tr"}
        more |= {"row_texts": [title, "Ada Byron"], "row_selector": 'input[name="_selected_action"]'}
        return ("check", f"checkbox Select this object for an action - {title}", more)

    procedure = _admin(
        'Mark the books "Alpha Seed" and "Beta Seed" as out of stock',
        "",
        ("click", "link Books", _link("book/")),
        tick("Alpha Seed"),
        tick("Beta Seed"),
    )
    values = bind_parameters(procedure, 'Use the bulk action to mark "India Ink" and "Juliet Rose" out of stock', env={})
    ticked = next(json.loads(v) for v in values.values() if v.startswith("["))  # the boxes ticked in rows: one list
    assert [item for row in ticked for item in row.values()] == ["India Ink", "Juliet Rose"], values
    assert "Books" in values.values()  # the Books link keeps its name


def test_a_value_in_parentheses_is_the_next_value_a_task_must_give() -> None:
    procedure = _admin(
        'Add an author named "Grace Okafor" from Nigeria',
        "author/add/",
        ("fill", "textbox Name:", {"field": "Name", "value": "Grace Okafor"}),
        ("fill", "textbox Country:", {"field": "Country", "value": "Nigeria"}),
        ("click", "button Save", {}),
    )
    values = bind_parameters(procedure, 'Register a new writer called "Anna Kowalski" (Poland)', env={})
    assert (values["name"], values["country"]) == ("Anna Kowalski", "Poland")


@pytest.mark.parametrize(
    "task",
    [
        "The mail by Barby should be forwarded to Rozina.",
        "Forward Rozina the email from Barby.",
        "Forward Rozina the message Barby sent you.",
        "Rozina wants the email you got from Barby.",
        "I want the mail by Barby to be sent to Rozina.",
        "Go to the message from Barby and send it to Rozina.",
    ],
)
def test_names_put_in_other_words_bind_by_their_roles(task: str) -> None:
    """Who a thing comes from ("by X", "from X", "X sent") and whom it goes to ("to X", "Send X the ...")."""
    from procedures.models import Abstract, Parameter

    for title in ("Send Darsey the email you got from Blakelee.", "Find the email by Blakelee and forward that email to Darsey."):
        params = [Parameter(name="to", example="Darsey"), Parameter(name="sender", example="Blakelee", kind="target")]
        procedure = Procedure(title=title, abstract=Abstract(goal=title, parameters=params), steps=[])
        assert bind(procedure, task, env={}, param_env={}).values == {"to": "Rozina", "sender": "Barby"}, title


def test_two_names_in_one_role_or_none_placed_are_left_alone() -> None:
    from procedures.models import Abstract, Parameter

    title = "Find the email by Blakelee and forward that email to Darsey."
    params = [Parameter(name="to", example="Darsey"), Parameter(name="sender", example="Blakelee", kind="target")]
    procedure = Procedure(title=title, abstract=Abstract(goal=title, parameters=params), steps=[])
    assert "to" not in bind(procedure, "Barby and Rozina want the email", env={}, param_env={}).values
    assert bind(procedure, "The mail by Barby or by Rozina", env={}, param_env={}).values.get("sender") != "Barby"


def test_the_title_shows_a_value_in_another_case_and_a_date_as_people_write_it() -> None:
    from procedures.models import Parameter

    room, day = Parameter(name="room", example="room 12"), Parameter(name="day", example="2016-01-09")
    binding = bind(titled("Book ROOM 12 on 01/09/2016", room, day), "Book room 7 on 03/04/2017", env={}, param_env={})
    assert binding.values == {"room": "room 7", "day": "03/04/2017"}
    assert binding.sources["day"] == "the task has the title's shape"


def test_an_optional_prose_text_is_left_empty_unless_marked_a_setting() -> None:
    from procedures.binding.values import defaults

    procedure = _order()
    notes = next(p for p in procedure.abstract.parameters if p.name == "notes")
    notes.required = False
    binding = bind(procedure, "Order a Rose bouquet for Bob Stone", env={}, param_env={})
    assert binding.values["notes"] == "" and binding.sources["notes"].startswith("left empty")
    assert defaults(procedure)["notes"] == ""  # a replay given no value sends none either
    assert binding.values["phone"] == "555-0100"  # one typed token is no prose about the case: kept, as before
    assert binding.sources["send_updates"] == "ticked 'Send me updates' as the demonstration did (the task does not say)"
    notes.setting = True
    assert bind(procedure, "Order a Rose bouquet for Bob Stone", env={}, param_env={}).values["notes"] == "leave at the door"


@pytest.mark.parametrize(
    ("task", "name"),
    [
        ("Order a Rose bouquet for Bob Stone today", "Bob Stone"),
        ("Order a Rose bouquet for Bob Stone in the morning", "Bob Stone"),
        ("Order a Rose bouquet for Leo van Dijk", "Leo van Dijk"),
        ('Order a Rose bouquet for "Bob stone in"', "Bob stone in"),  # quoted: as written
    ],
)
def test_a_bare_name_takes_no_lower_case_word_after_it(task: str, name: str) -> None:
    assert bind(_order(), task, env={}, param_env={}).values["customer_name"] == name


def _ticket() -> Procedure:
    from procedures.models import Abstract, Parameter

    title = 'Open a "High" priority "Printer" ticket from "ana@acme.test"'
    categories = ["Billing", "Network outage", "Printer", "Hardware"]
    params = [
        Parameter(name="email", example="ana@acme.test", label="Your email"),
        Parameter(name="category", example="Printer", kind="option", allowed=categories, label="Category"),
        Parameter(name="priority", example="High", kind="choice", allowed=["Low", "Normal", "High", "Urgent"], label="Priority"),
    ]
    return Procedure(title=title, abstract=Abstract(goal=title, parameters=params), steps=[])


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        (  # the title too has a value right after another field's name: no sign that it is that field's
            'Open an "Urgent" priority "Network outage" ticket from "raj@acme.test"',
            {"email": "raj@acme.test", "category": "Network outage", "priority": "Urgent"},
        ),
        (  # the title's own word "ticket", or another field's name, is no category
            'open a normal priority ticket in the "Software" category from "li@acme.test"',
            {"email": "li@acme.test", "category": "Software", "priority": "Normal"},
        ),
        (  # a value another field took is not left as this one's
            'Open a ticket from "raj@acme.test" with priority "Urgent"',
            {"email": "raj@acme.test", "priority": "Urgent"},
        ),
    ],
)
def test_a_title_value_beside_another_fields_name_is_its_own(task: str, expected: dict[str, str]) -> None:
    assert bind(_ticket(), task, env={}, param_env={}).values == expected


@pytest.mark.parametrize(
    "task",
    [
        'Change the phone of "Anne Lee" to "555-0142" and the team to "Engineering"',
        "Change the phone of Anne Lee to 555-0142 and the team to Engineering",
    ],
)
def test_a_fields_name_before_the_record_in_the_title_reads_the_record_as_the_title_did(task: str) -> None:
    procedure = titled(
        'Change the phone of "Ann Lee" to "555-0199" and the team to "Marketing"',
        Parameter(name="search_people", example="Ann Lee", required=True),
        Parameter(name="phone", example="555-0199", required=True),
        Parameter(name="team", example="Marketing", allowed=["Sales", "Engineering", "Marketing"], required=True),
    )
    values = bind(procedure, task, env={}, param_env={}).values
    assert values == {"search_people": "Anne Lee", "phone": "555-0142", "team": "Engineering"}  # not "the phone: Anne Lee"
