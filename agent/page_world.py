"""Facts about a page read where its scripts cannot reach: an isolated world of its top frame, through CDP,
as the recorder's channel does. Page scripts share the DOM with that world but none of its JavaScript:
they can neither redefine what it reads (`form`, `innerText`) nor see it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from recorder.scripts import control_function, read_js

WORLD = "smh_facts"


def evaluate_isolated(page: Page, function: str, arg: object = None) -> Any:
    """`function(arg)` run in an isolated world of the page's top frame; its JSON-able answer."""
    cdp = page.context.new_cdp_session(page)
    try:
        frame_id = cdp.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        world = cdp.send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": WORLD})["executionContextId"]
        answer = cdp.send(
            "Runtime.callFunctionOn",
            {"functionDeclaration": function, "arguments": [{"value": arg}], "executionContextId": world, "returnByValue": True},
        )
    finally:
        cdp.detach()
    if "exceptionDetails" in answer:
        raise ValueError(f"the page could not be read ({answer['exceptionDetails'].get('text', 'an error')})")
    return answer["result"].get("value")


def control_of(page: Page, ref: str | None) -> dict[str, Any]:
    """What the element the agent calls `ref` (data-smh-ref), or with no ref the focused one, is as a control
    (injected_js/control.js), read in the isolated world."""
    function = f"(ref) => ({control_function()})(ref ? document.querySelector('[data-smh-ref=\"' + ref + '\"]') : null)"
    return evaluate_isolated(page, function, ref)


def describe_ref(page: Page, ref: str | None) -> dict[str, Any] | None:
    """The element the agent calls `ref` (with no ref: the focused one) described as the recorder describes
    a target (selectors scored and verified unique, label, field, options, row), read in the isolated world
    at the moment of the action: the page's scripts cannot change what it says. None when it is gone."""
    function = (
        f"(ref) => {{\n{read_js('selectors.js')}\n"
        "const el = ref ? smhQueryDeep(document, '[data-smh-ref=\"' + ref + '\"]')[0] : (document.activeElement || document.body);\n"
        "return el ? smhDescribe(el) : null;\n}"
    )
    return evaluate_isolated(page, function, ref)


def shown_lines(page: Page) -> list[str]:
    """The lines of visible text the page shows (its lists' options left out), read in the isolated world."""
    function = f"() => {{\n{read_js('selectors.js')}\n{read_js('shown.js')}\nreturn smhLines(80);\n}}"
    return [str(line) for line in evaluate_isolated(page, function) or []]


def is_checked(page: Page, ref: str) -> bool:
    """Whether the box or radio button the agent calls `ref` is checked now."""
    function = "(ref) => { const el = document.querySelector('[data-smh-ref=\"' + ref + '\"]'); return !!(el && el.checked); }"
    return bool(evaluate_isolated(page, function, ref))
