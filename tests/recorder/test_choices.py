"""What the person chose, however they chose it: a select changed by a script right after their click,
a click into a field, line breaks typed in a textarea, secrets typed twice, fields known by nearby text."""

from tests.recorder.conftest import Recorder


def test_choices_are_recorded_however_they_were_made(recorder: Recorder, site: str) -> None:
    with recorder.recording() as page:
        page.goto(f"{site}/choices.html")
        priority = page.get_by_label("Priority")
        priority.click()
        priority.select_option("u")  # a script-dispatched change right after the person's click
        page.locator("#details").click()
        page.keyboard.type("Line one")
        page.keyboard.press("Enter")
        page.keyboard.type("Line two")
        for field in ("#pw1", "#pw2"):
            page.locator(field).click()
            page.keyboard.type("Tulip-2024")
        page.locator("#city").click()  # only a click: nothing typed
        page.get_by_text("Email updates").click()
        page.locator("#rows div", has_text="Pet name").locator("input").press_sequentially("Rex")
    steps = recorder.steps()
    assert [(s.action, s.value) for s in steps] == [
        ("navigate", f"{site}/choices.html"),
        ("select", "Urgent"),
        ("fill", "Line one\nLine two"),
        ("fill", None),
        ("fill", None),
        ("click", None),
        ("check", None),
        ("fill", "Rex"),
    ]
    select, _, first, second, click, check, nearby = steps[1:]
    assert select.option_value == "u" and select.options == ["Low", "Normal", "High", "Urgent"]
    assert select.option_values == ["Low", "Normal", "High", "u"]
    assert first.secret and second.secret and first.secret_slot is not None and first.secret_slot == second.secret_slot
    assert click.selector == 'internal:role=textbox[name="City"s]'  # the field, not the page's body
    assert check.options == ["Email updates"] and check.label == "Email updates"
    assert nearby.field == "Pet name"
    xpath = next(s for s in nearby.selectors if s.startswith("xpath="))

    swapped = recorder.context.new_page()
    swapped.goto(f"{site}/choices.html?swap=1")
    assert swapped.locator("#rows").get_attribute("data-order") == "Pet name,Nickname"
    swapped.locator(xpath).fill("Rex")
    assert swapped.locator("#rows div", has_text="Pet name").locator("input").input_value() == "Rex"
    swapped.close()


def test_a_field_is_found_by_the_text_that_names_it_wherever_it_stands(recorder: Recorder, site: str) -> None:
    """Recorded with the name before the field; found in a table with the name after the field, in another order."""
    with recorder.recording() as page:
        page.goto(f"{site}/fields.html")
        page.locator("#form div", has_text="Country").locator("input").press_sequentially("Peru")
    step = recorder.steps()[-1]
    assert step.field == "Country"
    table = recorder.context.new_page()
    table.goto(f"{site}/fields.html?layout=table")
    table.locator(step.selectors[0]).fill("Chile")
    table.get_by_role("button", name="Send").click()
    assert table.locator("#status").inner_text() == "city , country Chile"
    table.close()
