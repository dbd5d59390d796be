"""A recorded step is pictured only on the page it happened on: once a click has left it, the next page's
element of the same name, or its top, is no picture of the step."""

from pathlib import Path

from recorder.models import RecordedStep
from recorder.pictures import picture_where_it_happened


def test_a_step_is_pictured_only_on_its_own_page(context, site: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(f"{site}/login.html")
    heading = 'internal:role=heading[name="Sign in"s]'
    here = RecordedStep(action="click", selector=heading, url=page.url)
    assert picture_where_it_happened(page, here, tmp_path / "here.jpg") == tmp_path / "here.jpg"
    left = RecordedStep(action="click", selector=heading, url=f"{site}/welcome.html")  # taken after it left that page
    assert picture_where_it_happened(page, left, tmp_path / "left.jpg") is None and not (tmp_path / "left.jpg").exists()
    opened = RecordedStep(action="navigate", value=f"{site}/welcome.html", url=f"{site}/welcome.html")
    assert picture_where_it_happened(page, opened, tmp_path / "top.jpg") == tmp_path / "top.jpg"  # a page opened: its top
