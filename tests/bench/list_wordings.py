"""Tasks that give a list, with the items each means: written before the list reader was tuned, as people write
them. Each is replayed on the fixture its procedure was demonstrated on (with 2 items) and judged by what the
fixture's server received (tests/bench/bench_lists.py)."""

EXPENSES_TITLE = "Send an expense report with Taxi 12.50 and Hotel 80.00"
GUESTS_TITLE = "Add guests Ann Lee ann@example.org and Bo Chen bo@example.org"

# (task, [(first field, second field), ...])
EXPENSES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Send an expense report with Train ticket 23.10", [("Train ticket", "23.10")]),
    ("Send an expense report with Train ticket (23.10)", [("Train ticket", "23.10")]),
    ("Send an expense report with Lunch 12.00 and Museum 9.50", [("Lunch", "12.00"), ("Museum", "9.50")]),
    (
        "Send an expense report with Train ticket 23.10, Lunch 12.00 and Museum 9.50",
        [("Train ticket", "23.10"), ("Lunch", "12.00"), ("Museum", "9.50")],
    ),
    (
        "Send an expense report with Train ticket (23.10), Lunch (12.00), Museum (9.50)",
        [("Train ticket", "23.10"), ("Lunch", "12.00"), ("Museum", "9.50")],
    ),
    (
        "Send an expense report with Taxi 8, then Dinner 41.20, then Parking 6.50 and Tolls 3.40",
        [("Taxi", "8"), ("Dinner", "41.20"), ("Parking", "6.50"), ("Tolls", "3.40")],
    ),
    (
        "send an expense report with salt and pepper 3.00 and bread 2.10",
        [("salt and pepper", "3.00"), ("bread", "2.10")],
    ),
    (
        "Send an expense report with:\n- Flight 310.00\n- Hotel 2 nights 190.00\n- Taxi 24.00\n- Lunch 11.90\n- Dinner 33.00",
        [("Flight", "310.00"), ("Hotel 2 nights", "190.00"), ("Taxi", "24.00"), ("Lunch", "11.90"), ("Dinner", "33.00")],
    ),
    ("Send an expense report with 3 x Coffee 2.50", [("Coffee", "2.50")] * 3),
    ("Send an expense report with 2 x Bus fare 1.80 and Sandwich 4.20", [("Bus fare", "1.80")] * 2 + [("Sandwich", "4.20")]),
    (
        "Send an expense report. Items: Paper 5.00; Pens 3.20; Stapler 12.99; Folders 7.45; Ink 25.00; Tape 1.10",
        [("Paper", "5.00"), ("Pens", "3.20"), ("Stapler", "12.99"), ("Folders", "7.45"), ("Ink", "25.00"), ("Tape", "1.10")],
    ),
    ("Send an expense report with Conference fee: 450.00, Badge: 15.00", [("Conference fee", "450.00"), ("Badge", "15.00")]),
    (
        "Send an expense report with Hotel - 120.00, Breakfast - 14.50, Taxi - 30.00",
        [("Hotel", "120.00"), ("Breakfast", "14.50"), ("Taxi", "30.00")],
    ),
    (
        "Send an expense report with\nTrain 45.60\nMetro 2.90\nLunch 13.10\nTrain back 45.60\nSnacks 4.00\nWater 1.50",
        [
            ("Train", "45.60"),
            ("Metro", "2.90"),
            ("Lunch", "13.10"),
            ("Train back", "45.60"),
            ("Snacks", "4.00"),
            ("Water", "1.50"),
        ],
    ),
    ("Send an expense report with Printer cartridge 64.99.", [("Printer cartridge", "64.99")]),
]

GUESTS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Add guests Cy Doe cy@example.org", [("Cy Doe", "cy@example.org")]),
    ("Add guests Cy Doe (cy@example.org)", [("Cy Doe", "cy@example.org")]),
    (
        "Add guests Di Eve di@example.org and Ed Fox ed@example.org",
        [("Di Eve", "di@example.org"), ("Ed Fox", "ed@example.org")],
    ),
    (
        "Add guests Cy Doe cy@example.org, Di Eve di@example.org and Ed Fox ed@example.org",
        [("Cy Doe", "cy@example.org"), ("Di Eve", "di@example.org"), ("Ed Fox", "ed@example.org")],
    ),
    (
        "Add guests Amy Poe <amy@example.org>, Ben Roe <ben@example.org>",
        [("Amy Poe", "amy@example.org"), ("Ben Roe", "ben@example.org")],
    ),
    (
        "add guests Kim Lo kim@example.org then Lu Ma lu@example.org then Mo Ng mo@example.org then No Oh no@example.org",
        [("Kim Lo", "kim@example.org"), ("Lu Ma", "lu@example.org"), ("Mo Ng", "mo@example.org"), ("No Oh", "no@example.org")],
    ),
    (
        "Add guests:\n- Ada Byron ada@example.org\n- Alan Turing alan@example.org\n- Grace Hopper grace@example.org\n"
        "- Edsger Dijkstra edsger@example.org\n- Barbara Liskov barbara@example.org",
        [
            ("Ada Byron", "ada@example.org"),
            ("Alan Turing", "alan@example.org"),
            ("Grace Hopper", "grace@example.org"),
            ("Edsger Dijkstra", "edsger@example.org"),
            ("Barbara Liskov", "barbara@example.org"),
        ],
    ),
    (
        "Add guests Pat Sun: pat@example.org; Quin Tay: quin@example.org",
        [("Pat Sun", "pat@example.org"), ("Quin Tay", "quin@example.org")],
    ),
    (
        "Add guests Rae Uma rae@example.org, Sol Vik sol@example.org, Tia Wu tia@example.org, Uri Xu uri@example.org, "
        "Val Ye val@example.org and Wes Zo wes@example.org",
        [
            ("Rae Uma", "rae@example.org"),
            ("Sol Vik", "sol@example.org"),
            ("Tia Wu", "tia@example.org"),
            ("Uri Xu", "uri@example.org"),
            ("Val Ye", "val@example.org"),
            ("Wes Zo", "wes@example.org"),
        ],
    ),
    ("Add guests Jo March jo.march@example.org", [("Jo March", "jo.march@example.org")]),
    (
        "Add guests Mary Ann Smith mary.ann@example.org and Jean-Luc Roux jl@example.org",
        [("Mary Ann Smith", "mary.ann@example.org"), ("Jean-Luc Roux", "jl@example.org")],
    ),
    (
        "Add guests\nOla Nordmann ola@example.org\nKari Nordmann kari@example.org\nPer Hansen per@example.org",
        [("Ola Nordmann", "ola@example.org"), ("Kari Nordmann", "kari@example.org"), ("Per Hansen", "per@example.org")],
    ),
    (
        "Add guests Lee Kim - lee@example.org, Sam Oh - sam@example.org, Ty Park - ty@example.org, Vi Tran - vi@example.org",
        [
            ("Lee Kim", "lee@example.org"),
            ("Sam Oh", "sam@example.org"),
            ("Ty Park", "ty@example.org"),
            ("Vi Tran", "vi@example.org"),
        ],
    ),
    ("Add guests Zoe Quinn zoe@example.org.", [("Zoe Quinn", "zoe@example.org")]),
    (
        "Add guests Hal Jordan hal@example.org and Barry Allen barry@example.org and Diana Prince diana@example.org",
        [("Hal Jordan", "hal@example.org"), ("Barry Allen", "barry@example.org"), ("Diana Prince", "diana@example.org")],
    ),
]

# Lists done in one place, one value an item: tags typed into a token box, people picked from suggestions, boxes ticked.
TAGS_TITLE = "Tag the note with urgent and finance"
RECIPIENTS_TITLE = "Share the document with Ada Lovelace and Donald Knuth"
TOPICS_TITLE = "Subscribe to History and Travel"

TAGS: list[tuple[str, list[str]]] = [
    ("Tag the note with legal", ["legal"]),
    ("Tag the note with billing, q3 and review", ["billing", "q3", "review"]),
    ("tag the note with draft and internal", ["draft", "internal"]),
    ("Tag the note with tags: alpha, beta, gamma, delta", ["alpha", "beta", "gamma", "delta"]),
    ("Tag the note with hr; payroll; 2027; confidential; archive", ["hr", "payroll", "2027", "confidential", "archive"]),
    ("Tag the note with:\n- one\n- two\n- three\n- four\n- five\n- six", ["one", "two", "three", "four", "five", "six"]),
]
RECIPIENTS: list[tuple[str, list[str]]] = [
    ("Share the document with Barbara Liskov", ["Barbara Liskov"]),
    ("Share the document with Grace Hopper, Alan Turing and Ken Thompson", ["Grace Hopper", "Alan Turing", "Ken Thompson"]),
    ("share the document with Dennis Ritchie and Margaret Hamilton", ["Dennis Ritchie", "Margaret Hamilton"]),
    ("Share the document with Edsger Dijkstra, Grace Kelly", ["Edsger Dijkstra", "Grace Kelly"]),
    (
        "Share the document with Ada Lovelace, Alan Turing, Grace Hopper, Donald Knuth and Ken Thompson",
        ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Donald Knuth", "Ken Thompson"],
    ),
    ("Share the document with Grace Kelly then Barbara Liskov", ["Grace Kelly", "Barbara Liskov"]),
]
TOPICS: list[tuple[str, list[str]]] = [
    ("Subscribe to Cooking", ["cooking"]),
    ("Subscribe to Science, Music and Film", ["science", "music", "film"]),
    ("subscribe to sport and history", ["sport", "history"]),
    (
        "Subscribe to Science, History, Music, Travel, Cooking and Sport",
        ["science", "history", "music", "travel", "cooking", "sport"],
    ),
    ("Subscribe to Film; Travel", ["film", "travel"]),
    ("Subscribe to Music then Science then Travel then Film", ["music", "science", "travel", "film"]),
]
