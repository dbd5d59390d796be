"""An icon clicked in the items that show a value the task names: which icon is a choice too (the title
names what its class says), and the task says in how many items ("all", "2 posts"); a task naming one item
that several show is not guessed at: replay stops and says so."""

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record


def _page_by(context, site: str, authors: str):  # type: ignore[no-untyped-def]
    """A tab whose posts page lists posts by `authors` ("a|b|a"), on every load."""
    page = context.new_page()
    page.goto(f"{site}/posts.html")
    return _by(page, authors)


def _by(page, authors: str):  # type: ignore[no-untyped-def]
    page.evaluate("(by) => sessionStorage.setItem('by', by)", authors)
    page.reload()
    return page


def _reply_to(posts: int):  # type: ignore[no-untyped-def]
    def act(page) -> None:  # type: ignore[no-untyped-def]
        for post in page.locator(".post").filter(has_text="@ann").all()[:posts]:
            post.locator(".reply").click()
        page.locator("#submit").click()

    return act


def test_all_the_items_that_show_the_value_and_the_icon_the_task_names(context, site: str) -> None:  # type: ignore[no-untyped-def]
    title = 'Click the "Reply" button on all posts by @ann and then click Submit'
    procedure = build_procedure(record(context, f"{site}/posts.html", _reply_to(2), title=title))
    assert [(p.example, p.kind) for p in procedure.abstract.parameters] == [
        ("@ann", "target"),
        ("Reply", "target"),
        ("Submit", "target"),
    ]
    assert procedure.abstract.flow[1] == 'Click "{button}" in every item that shows {posts}'
    store = ProcedureStore()
    store.add(procedure)
    page = _page_by(context, site, "@bo|@ann|@bo|@cy|@bo")
    result = run_task('Click the "Like" button on all posts by @bo and then click Submit', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "1:like:@bo 3:like:@bo 5:like:@bo"


def test_so_many_items_as_the_task_says(context, site: str) -> None:  # type: ignore[no-untyped-def]
    title = 'Click the "Reply" button on 1 post by @ann and then click Submit'
    procedure = build_procedure(record(context, f"{site}/posts.html", _reply_to(1), title=title))
    assert [p.example for p in procedure.abstract.parameters] == ["@ann", "Reply", "Submit", "1"]
    store = ProcedureStore()
    store.add(procedure)
    page = _page_by(context, site, "@bo|@ann|@bo|@cy|@bo")
    result = run_task('Click the "Share" button on 2 posts by @bo and then click Submit', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "1:share:@bo 3:share:@bo"
    _by(page, "@bo|@ann|@cy")
    result = run_task('Click the "Share" button on 3 posts by @cy and then click Submit', page=page, store=store, mode="replay")
    assert result.outcome == "task_fault" and "3 items wanted, 1 show the value" in (result.error or "")
    _by(page, "@bo|@cy|@cy")
    result = run_task('Click the "Like" button on 1 post by @cy and then click Submit', page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "2:like:@cy"


def test_one_item_of_several_that_show_the_value_is_not_guessed(context, site: str) -> None:  # type: ignore[no-untyped-def]
    def like_bo(page) -> None:  # type: ignore[no-untyped-def]
        page.locator(".post").filter(has_text="@bo").locator(".like").click()
        page.locator("#submit").click()

    procedure = build_procedure(record(context, f"{site}/posts.html", like_bo, title="Like the post by @bo"))
    store = ProcedureStore()
    store.add(procedure)
    page = _page_by(context, site, "@cy|@bo|@cy|@ann")
    result = run_task("Like the post by @ann", page=page, store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "4:like:@ann"
    result = run_task("Like the post by @cy", page=_by(page, "@cy|@bo|@cy|@ann"), store=store, mode="replay")
    assert result.outcome == "task_fault" and "2 items show the value the task names" in (result.error or "")
    assert page.locator("#status").inner_text() == ""


def test_an_item_that_only_reaches_the_one_its_value_names_may_be_any_of_them(context, site: str) -> None:  # type: ignore[no-untyped-def]
    """ "Reply to them": what the task asks goes to the one the value names, through any item that shows
    it; the run takes the first and never says it verified what the task left open. "Like it" names the item."""

    def reply_bo(page) -> None:  # type: ignore[no-untyped-def]
        page.locator(".post").filter(has_text="@bo").locator(".reply").click()
        page.locator("#submit").click()

    title = "Find the post by @bo and reply to them"
    procedure = build_procedure(record(context, f"{site}/posts.html", reply_bo, title=title))
    assert [s.any_row for s in procedure.steps if s.action == "click"] == [True, False]
    assert "in any item that shows {post}" in procedure.abstract.flow[1]
    store = ProcedureStore()
    store.add(procedure)
    page = _page_by(context, site, "@cy|@bo|@cy|@ann")
    result = run_task("Find the post by @cy and reply to them", page=page, store=store, mode="replay")
    assert result.outcome == "unverified", result.error
    assert page.locator("#status").inner_text() == "1:reply:@cy"
    assert any("2 items show the value" in note for step in result.steps for note in step.checked)
    result = run_task("Find the post by @ann and reply to them", page=_by(page, "@cy|@bo|@cy|@ann"), store=store, mode="replay")
    assert result.outcome in ("verified", "unverified"), result.error
    assert page.locator("#status").inner_text() == "4:reply:@ann"
    item = build_procedure(record(context, f"{site}/posts.html", reply_bo, title="Find the post by @bo and like it"))
    assert not any(s.any_row for s in item.steps)
