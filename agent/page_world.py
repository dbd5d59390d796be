"""Facts about a page read where its scripts cannot reach: an isolated world of its top frame, through CDP,
as the recorder's channel does. Page scripts share the DOM with that world but none of its JavaScript:
they can neither redefine what it reads (`form`, `innerText`) nor see it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from recorder.scripts import control_function

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
