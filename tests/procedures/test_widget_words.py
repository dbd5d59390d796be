"""The words and lists the widget steps read, without a browser."""

from procedures.runtime.widgets import element_kind, kind_named, listed, number_in


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
