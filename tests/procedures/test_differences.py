"""Differences between a task and the title of the demonstration it has the shape of, without a browser."""

from procedures.differences import Difference, differences


def test_another_value_where_no_parameter_stands_is_a_difference() -> None:
    title, task = "Select -10 with the spinner and hit Submit.", "Select 4 with the spinner and hit Submit."
    assert differences(title, task, [], []) == [Difference("4", "-10")]
    assert differences(title, title, [], []) == []


def test_values_of_parameters_and_rewordings_are_not() -> None:
    title = "Find the email by Gisela and click the star icon"
    task = "Find the email by Van and click the star icon"
    at = title.index("Gisela")
    assert differences(title, task, [(at, at + len("Gisela"))], []) == []  # a parameter holds it
    assert differences(title, task, [], []) == [Difference("Van", "Gisela")]
    assert differences(title, "Find the email by Gisela and press the star icon", [], []) == []  # click or press
    assert differences(title, "Open my mail and delete everything old", [], []) == []  # another sentence altogether


def test_a_word_that_changes_what_to_do_is_a_difference() -> None:
    title = 'Type "riley" in all upper case letters and press Submit.'
    task = 'Type "dana" in all lower case letters and press Submit.'
    at = task.index("dana")
    assert differences(title, task, [(6, 11)], [(at, at + 4)]) == [Difference("lower", "upper")]


def test_a_list_of_other_values_is_a_difference() -> None:
    title = "Select WPy, iBU0VQ, F7, GRX, JVC6OYL and click Submit."
    task = "Select Mni, AzeB8S, E5z and click Submit."
    assert differences(title, task, [], []) == [Difference("Mni, AzeB8S, E5z", "WPy, iBU0VQ, F7, GRX, JVC6OYL")]
