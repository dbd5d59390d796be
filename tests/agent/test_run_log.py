from pathlib import Path

from PySide6.QtGui import QImage

from agent.run_log import RunLog

MASK = (255, 0, 255)  # Playwright's mask colour


def _masked_at_centre(image: QImage, box: dict[str, float]) -> bool:
    """Whether the centre of `box` is painted in the mask's colour (a JPEG keeps it to a unit or two)."""
    colour = image.pixelColor(int(box["x"] + box["width"] / 2), int(box["y"] + box["height"] / 2))
    return all(abs(a - b) <= 4 for a, b in zip((colour.red(), colour.green(), colour.blue()), MASK))


def test_screenshots_mask_secrets_that_the_page_shows(context, site: str, home: Path) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(f"{site}/secrets/copy.html")
    page.locator("#choice").press_sequentially("Echo-5555")  # the page copies it into a text field and a button's text
    log = RunLog()
    log.hide(["Echo-5555"])
    image = QImage(str(log.screenshot(page, 1)))
    for selector in ("#choice", "#again", "#use"):
        assert _masked_at_centre(image, page.locator(selector).bounding_box()), selector
    assert not _masked_at_centre(image, page.locator("h1").bounding_box())

    page.goto(f"{site}/secrets/done.html?user=emile&pw=Echo-5555")  # the page prints it as text
    image = QImage(str(log.screenshot(page, 2)))
    assert _masked_at_centre(image, page.locator("#echo").bounding_box())
    assert not _masked_at_centre(image, page.locator("h1").bounding_box())
