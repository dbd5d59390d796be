"""A choice by comparison (the cheapest, the shortest, the most liked item), without a browser."""

from procedures.runtime.comparison import column_of, extreme, measure, superlative, superlatives_in

TRIP = ["Leaves:", "9:40 AM", "Takes:", "2h 05m", "Seats left:", "4"]


def test_a_superlative_says_the_kind_of_value_and_which_end_wins() -> None:
    said = [(w.words, w.kind, w.lowest) for w, _ in superlatives_in("Rent the cheapest van, or else the Most  Expensive")]
    assert said == [("cheapest", "money", True), ("Most  Expensive", "money", False)]
    assert [(w.kind, w.lowest, w.noun) for w, _ in superlatives_in("open the post with the most likes")] == [
        ("number", False, "likes")
    ]
    assert superlative("lowest", "price") == superlative("lowest", "price") and superlative("lowest", "price").kind == "money"  # type: ignore[union-attr]
    assert superlative("shortest").kind == "duration" and superlative("latest").kind == "time"  # type: ignore[union-attr]
    assert superlatives_in("the first row, the last one, a mostly blue sky") == [] and superlative("nicest") is None


def test_values_of_each_kind_compare_as_numbers() -> None:
    assert measure("money", "Book flight for $1,184") == 1184 and measure("money", "12.50 EUR") == 12.5
    assert measure("money", "184 seats") is None
    assert (
        measure("duration", "2h 05m") == 125
        and measure("duration", "45 min") == 45
        and measure("duration", "1 day 2 hours") == 1560
    )
    assert measure("duration", "Book flight for $184") is None and measure("duration", "more") is None
    assert measure("time", "7:30 PM") == 19.5 and measure("time", "12:15 AM") == 0.25 and measure("time", "19:05") == 19 + 5 / 60
    assert measure("time", "Mon Dec 26 2016") is None
    assert measure("number", "1,024 likes") == 1024 and measure("number", "none") is None


def test_the_column_is_the_label_before_the_value_or_the_noun_the_task_says() -> None:
    assert column_of(TRIP, superlative("shortest")) == "Takes"  # type: ignore[arg-type]
    assert column_of(TRIP, superlative("earliest")) == "Leaves"  # type: ignore[arg-type]
    assert column_of(["Bob", "12 likes", "3 shares"], superlative("most", "likes")) == "likes"  # type: ignore[arg-type]
    assert column_of(["Book for $40"], superlative("cheapest")) == "money"  # type: ignore[arg-type]


def test_the_extreme_item_of_the_column() -> None:
    rows = [
        ["Leaves:", "9:40 AM", "Arrives:", "1:00 PM", "Takes:", "3h 20m", "Book for $120"],
        ["Leaves:", "6:10 AM", "Arrives:", "8:15 AM", "Takes:", "2h 05m", "Book for $310"],
        ["Leaves:", "11:00 AM", "Arrives:", "4:30 PM", "Takes:", "5h 30m", "Book for $95"],
    ]
    shortest, cheapest, latest = superlative("shortest"), superlative("cheapest"), superlative("latest")
    assert extreme(rows, shortest, "Takes") == 1  # type: ignore[arg-type]
    assert extreme(rows, cheapest, "Takes") == 2  # type: ignore[arg-type]  # another kind than the demonstration's column
    assert extreme(rows, superlative("most expensive"), "money") == 1  # type: ignore[arg-type]
    assert extreme(rows, latest, "Leaves") == 2 and extreme(rows, latest, "Arrives") == 2  # type: ignore[arg-type]
    assert extreme(rows, superlative("earliest"), "Arrives") == 1  # type: ignore[arg-type]
    posts = [["Ann", "3 likes"], ["Bob", "12 likes", "1 share"], ["Cy", "7 likes", "40 shares"]]
    assert extreme(posts, superlative("most", "likes"), "likes") == 1  # type: ignore[arg-type]
    assert extreme(posts, superlative("most", "shares"), "shares") == 2  # type: ignore[arg-type]
    assert extreme([["$5"], ["$5"]], cheapest, "money") == 0  # type: ignore[arg-type]  # equal ones: the first
    assert extreme([["no price"], []], cheapest, "money") is None  # type: ignore[arg-type]
