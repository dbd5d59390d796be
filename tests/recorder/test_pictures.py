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


SECRET = "Kx9-Quill-4471"


def _seen(server) -> str:  # type: ignore[no-untyped-def]
    return " ".join(r.body.decode() for r in server.received if r.path == "/seen")


def test_masking_a_picture_gives_page_scripts_no_secret(context, victim, attacker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Frames that wrap built-ins (one of the page's site, one of another's) learn nothing while the step's picture
    is masked, and the picture hides the secret in the page and the frame's own secret field; the control: the
    same frames given the values in their own world post them to their servers."""
    from PySide6.QtGui import QImage

    from recorder.pictures import step_pictures
    from recorder.scripts import secret_boxes_function
    from tests.agent.test_run_log import _masked_at_centre

    page = context.new_page()
    page.goto(f"{victim.base}/secrets/chat_login.html?chat={attacker.base}/spy.html")
    page.locator("#password").fill(SECRET)
    frames = [page.frame_locator("#help"), page.frame_locator("#chat")]
    for frame in frames:
        frame.locator("#code").wait_for()
    shot, _ = step_pictures(page, tmp_path / "shot.jpg", [SECRET])
    image = QImage(str(shot))
    for element in (page.locator("#password"), page.locator("#echo"), *(f.locator("#code") for f in frames)):
        assert _masked_at_centre(image, element.bounding_box())
    assert not _masked_at_centre(image, page.locator("h1").bounding_box())
    spies = page.frames[1:]
    for spy in spies:
        spy.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # what they queued is posted
    assert len(spies) == 2 and SECRET not in _seen(victim) + _seen(attacker)
    for spy in spies:  # the control: the unsafe path, the values handed to the frame's own world
        spy.evaluate(secret_boxes_function(), [SECRET])
        spy.evaluate("() => new Promise((done) => setTimeout(done, 50))")
    assert SECRET in _seen(victim) and SECRET in _seen(attacker)
