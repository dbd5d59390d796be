"""A choice by comparison (the cheapest, the shortest, the most liked item), without a browser."""

from procedures.runtime.comparison import Superlative, column_of, extreme, measure, superlative, superlatives_in


def word(words: str, noun: str = "") -> Superlative:
    found = superlative(words, noun)
    assert found is not None, words
    return found


TRIP = ["Leaves:", "9:40 AM", "Takes:", "2h 05m", "Seats left:", "4"]


def test_a_superlative_says_the_kind_of_value_and_which_end_wins() -> None:
    said = [(w.words, w.kind, w.lowest) for w, _ in superlatives_in("Rent the cheapest van, or else the Most  Expensive")]
    assert said == [("cheapest", "money", True), ("Most  Expensive", "money", False)]
    assert [(w.kind, w.lowest, w.noun) for w, _ in superlatives_in("open the post with the most likes")] == [
        ("number", False, "likes")
    ]
    assert word("lowest", "price").kind == "money" and word("lowest", "prices").lowest and word("lowest").kind == "number"
    assert word("shortest").kind == "duration" and word("latest").kind == "time"
    assert superlatives_in("the first row, the last one, a mostly blue sky, at least 3") == [] and superlative("nicest") is None


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
    assert column_of(TRIP, word("shortest")) == "Takes"
    assert column_of(TRIP, word("earliest")) == "Leaves"
    assert column_of(["Bob", "12 likes", "3 shares"], word("most", "likes")) == "likes"
    assert column_of(["Book for $40"], word("cheapest")) == "money"


def test_the_extreme_item_of_the_column() -> None:
    rows = [
        ["Leaves:", "9:40 AM", "Arrives:", "1:00 PM", "Takes:", "3h 20m", "Book for $120"],
        ["Leaves:", "6:10 AM", "Arrives:", "8:15 AM", "Takes:", "2h 05m", "Book for $310"],
        ["Leaves:", "11:00 AM", "Arrives:", "4:30 PM", "Takes:", "5h 30m", "Book for $95"],
    ]
    shortest, cheapest, latest = word("shortest"), word("cheapest"), word("latest")
    assert extreme(rows, shortest, "Takes") == 1
    assert extreme(rows, cheapest, "Takes") == 2  # another kind than the demonstration's column
    assert extreme(rows, word("most expensive"), "money") == 1
    assert extreme(rows, latest, "Leaves") == 2 and extreme(rows, latest, "Arrives") == 2
    assert extreme(rows, word("earliest"), "Arrives") == 1
    posts = [["Ann", "3 likes"], ["Bob", "12 likes", "1 share"], ["Cy", "7 likes", "40 shares"]]
    assert extreme(posts, word("most", "likes"), "likes") == 1
    assert extreme(posts, word("most", "shares"), "shares") == 2
    assert extreme([["$5"], ["$5"]], cheapest, "money") == 0  # equal ones: the first
    assert extreme([["no price"], []], cheapest, "money") is None
