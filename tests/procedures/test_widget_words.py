"""The words and lists the widget steps read, without a browser."""

from procedures.runtime.widgets import by_meaning, element_kind, kind_named, listed, number_in


def test_what_people_call_each_kind_of_element() -> None:
    assert [kind_named(w) for w in ("Check box", "text area", "radio button", "drop-down", "textbox", "widget")] == [
        "checkbox",
        "textarea",
        "radio",
        "select",
        "text",
        None,
    ]
    assert element_kind("input", "input", "") == "text"  # an unknown type is a text field, as browsers treat it
    assert element_kind("input", "submit", "") is None and element_kind("div", "", "checkbox") == "checkbox"
    assert element_kind("textarea", "", "textbox") == "textarea" and element_kind("a", "", "") == "link"


def test_the_items_a_value_lists_and_the_number_a_field_shows() -> None:
    assert listed("Rosa, Livy and Dore", ["rosa", "livy", "dore"]) == ["rosa", "livy", "dore"]
    assert listed("Salt and pepper, Figs", ["Salt and pepper", "Figs"]) == ["salt and pepper", "figs"]
    assert listed("Figs\nfigs", []) == ["figs"]
    assert number_in("−7") == -7 and number_in("1,250 items") == 1250 and number_in("none") is None


def test_items_that_no_label_names_find_the_one_label_nearest_in_meaning() -> None:
    near = {("big", "large"): 1.0, ("big", "huge"): 0.7, ("glad", "happy"): 0.7, ("glad", "merry"): 0.7}

    def closeness(a: str, b: str) -> float:
        return near.get((a, b), 0.0)

    assert by_meaning(["big", "water"], ["large", "water", "huge"], closeness) == {"big": "large"}
    assert by_meaning(["glad"], ["happy", "merry"], closeness) == {}  # two labels as near: neither
    assert by_meaning(["big", "large"], ["large", "huge"], closeness) == {"big": "huge"}  # "large" is named itself
