"""Differences between a task and the title of the demonstration it has the shape of, without a browser."""

from procedures.binding.differences import Difference, differences


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


def test_a_rewording_that_puts_a_small_word_before_a_value_binds_the_value_alone() -> None:
    from procedures.binding.values import bind
    from procedures.models import Abstract, Parameter, Procedure

    title = "Send Darsey the email you got from Blakelee."
    params = [Parameter(name="to", example="Darsey"), Parameter(name="sender", example="Blakelee")]
    procedure = Procedure(title=title, abstract=Abstract(goal=title, parameters=params), steps=[])
    binding = bind(procedure, "Send to Neille the email you got from Helena.", env={}, param_env={})
    assert binding.values == {"to": "Neille", "sender": "Helena"}
    assert binding.changed == []


def test_words_of_the_same_meaning_are_no_difference_and_opposites_are() -> None:
    title, task = 'Delete the book "Old Almanac"', 'Get rid of the book called "Lost Chord"'
    assert differences(title, task, [(17, 28)], [(28, 38)]) == []  # get rid of: remove, near delete
    title = 'Log in to the admin as "admin" and press Go'
    assert differences(title, 'Log in to the site administration as "lin" and press Go', [(24, 29)], [(38, 41)]) == []
    title = "Show the first message in the inbox and open it"
    assert differences(title, "Show the last message in the inbox and open it", [], []) == [Difference("last", "first")]
    assert differences(title, "Hide the first message in the inbox and open it", [], []) == [Difference("Hide", "Show")]


def test_another_verb_of_looking_for_the_thing_is_no_difference() -> None:
    title = "Find the email by Gisela and forward that email to Casie."
    values = [(title.index("Gisela"), title.index("Gisela") + 6), (title.index("Casie"), title.index("Casie") + 5)]
    for task in (
        "Locate the email by Gisela. Forward that email to Casie.",
        "Look for the email by Gisela and forward that email to Casie.",
    ):
        assert differences(title, task, values, []) == []
    task = "Find the email by Gisela and delete that email to Casie."
    assert differences(title, task, values, []) == [Difference("delete", "forward")]


def test_values_alone_are_the_same_values_without_the_differences() -> None:
    from procedures.binding.values import bind
    from procedures.models import Parameter
    from tests.helpers import titled

    procedure = titled('Type "riley" in all upper case letters and press Submit.', Parameter(name="text", example="riley"))
    task = 'Type "dana" in all lower case letters and press Submit. Then "print" it.'
    whole = bind(procedure, task, env={}, param_env={})
    alone = bind(procedure, task, env={}, param_env={}, values_only=True)
    assert whole.changed == [Difference("lower", "upper")] and whole.unplaced == ["print", "lower"]
    assert alone.values == whole.values and alone.sources == whole.sources
    assert alone.changed == [] and alone.unplaced == []


def test_a_question_in_place_of_a_verb_of_looking_asks_the_same() -> None:
    title = 'Look up the status of ticket "T-20931"'
    at = title.index("T-20931")
    for task in ("what's the status of ticket T-55555?", "What is the status of ticket T-55555?"):
        assert differences(title, task, [(at, at + 7)], [(task.index("T-5"), task.index("T-5") + 7)]) == [], task
    task = "Close the status of ticket T-55555"
    assert differences(title, task, [(at, at + 7)], [(27, 34)]) == [Difference("Close", "Look up")]  # another verb
    question = "What is the name of the file"
    assert differences("Delete the name of the file", question, [], []) == [Difference("What is", "Delete")]  # no looking
