"""The recording channel: the listener runs in an isolated world of every frame, reached through CDP.

As Chrome's own DevTools recorder does, the listener is added with `Page.addScriptToEvaluateOnNewDocument`
in a named world, and its binding with `Runtime.addBinding` for that world only. Page scripts share the
DOM with that world but none of its JavaScript objects: they can neither see the binding nor call it.
Every page and every out-of-process frame (a cross-site iframe is a target of its own) gets a CDP session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Frame, Page
from playwright.sync_api import Error as PlaywrightError

from recorder.scripts import describe_function


@dataclass
class _Target:
    """One CDP session: a page, or an out-of-process frame of a page."""

    page: Page
    cdp: CDPSession
    target_id: str
    is_page: bool
    contexts: dict[int, str] = field(default_factory=dict)  # isolated-world context id -> frame id
    worlds: dict[str, int] = field(default_factory=dict)  # frame id -> isolated-world context id
    parents: dict[str, str] = field(default_factory=dict)  # frame id -> parent frame id


@dataclass(frozen=True)
class Sender:
    """Where a message came from: the page, and whether it was the page's top frame."""

    page: Page
    frame_id: str
    top: bool


class IsolatedChannel:
    """Delivers `(sender, message)` to `on_message` for every binding call of the listener `script`."""

    def __init__(
        self, context: BrowserContext, script: str, binding: str, world: str, on_message: Callable[[Sender, str], None]
    ) -> None:
        self.context = context
        self.script = script
        self.binding = binding
        self.world = world
        self.on_message = on_message
        self._targets: dict[str, _Target] = {}
        self._paths: dict[str, list[str]] = {}
        self._pages: set[Page] = set()

    def attach_page(self, page: Page) -> None:
        """Instrument a page, its out-of-process frames now and later, and the documents it loads."""
        if page in self._pages:
            return
        self._pages.add(page)
        self._attach(page, page)
        page.on("framenavigated", self._on_frame)
        for frame in page.frames[1:]:
            self._on_frame(frame)

    def detach(self) -> None:
        for target in list(self._targets.values()):
            try:
                target.cdp.detach()
            except PlaywrightError:
                pass
        for page in self._pages:
            try:
                page.remove_listener("framenavigated", self._on_frame)
            except (PlaywrightError, KeyError, ValueError):
                pass
        self._targets.clear()
        self._pages.clear()

    def _on_frame(self, frame: Frame) -> None:
        if frame.parent_frame is not None:
            self._attach(frame.page, frame)

    def _attach(self, page: Page, where: Page | Frame) -> None:
        try:
            cdp = self.context.new_cdp_session(where)
        except PlaywrightError:
            return  # a frame in its parent's process: the parent's session covers it
        try:
            target_id = cdp.send("Target.getTargetInfo")["targetInfo"]["targetId"]
            if target_id in self._targets:
                cdp.detach()
                return
            target = self._targets[target_id] = _Target(page, cdp, target_id, is_page=where is page)
            cdp.on("Runtime.executionContextCreated", lambda event: self._context_created(target, event["context"]))
            cdp.on("Runtime.bindingCalled", lambda event: self._binding_called(target, event))
            cdp.send("Page.enable")
            cdp.send("Runtime.enable")
            cdp.send("Runtime.addBinding", {"name": self.binding, "executionContextName": self.world})
            cdp.send(
                "Page.addScriptToEvaluateOnNewDocument", {"source": self.script, "worldName": self.world, "runImmediately": True}
            )
        except PlaywrightError:
            pass  # the page or frame went away while being instrumented

    def _context_created(self, target: _Target, context: dict[str, Any]) -> None:
        frame_id = (context.get("auxData") or {}).get("frameId")
        if context.get("name") == self.world and frame_id:
            target.contexts[context["id"]] = frame_id
            target.worlds[frame_id] = context["id"]
            self._paths.pop(frame_id, None)  # a new document: its frame may have moved

    def _binding_called(self, target: _Target, event: dict[str, Any]) -> None:
        frame_id = target.contexts.get(event.get("executionContextId", -1))
        if event.get("name") != self.binding or frame_id is None:
            return  # not our world: never trusted
        top = target.is_page and frame_id == target.target_id
        self.on_message(Sender(target.page, frame_id, top), event.get("payload", ""))

    def _parents(self) -> dict[str, str]:
        return {frame: parent for t in self._targets.values() for frame, parent in t.parents.items()}

    def frame_path(self, sender: Sender) -> list[str]:
        """Selectors of the iframes that lead from the page to the sender's frame, outermost first."""
        if sender.top:
            return []
        if sender.frame_id not in self._paths:
            path: list[str] = []
            frame_id = sender.frame_id
            while True:
                parent = self._parent(frame_id)
                if parent is None:
                    break
                path.insert(0, self._describe_owner(frame_id, parent))
                frame_id = parent
            self._paths[sender.frame_id] = path
        return self._paths[sender.frame_id]

    def _parent(self, frame_id: str) -> str | None:
        parents = self._parents()
        if frame_id not in parents:
            for target in self._targets.values():
                self._read_tree(target)
            parents = self._parents()
        return parents.get(frame_id)

    def _read_tree(self, target: _Target) -> None:
        def walk(node: dict[str, Any]) -> None:
            frame = node["frame"]
            if frame.get("parentId"):
                target.parents[frame["id"]] = frame["parentId"]
            for child in node.get("childFrames") or []:
                walk(child)

        walk(target.cdp.send("Page.getFrameTree")["frameTree"])

    def _describe_owner(self, frame_id: str, parent: str) -> str:
        """The best selector of the iframe element that holds `frame_id`, described in the parent's isolated world."""
        owner = next(t for t in self._targets.values() if t.target_id == parent or parent in t.parents)
        node = owner.cdp.send("DOM.getFrameOwner", {"frameId": frame_id})
        resolve: dict[str, Any] = {"backendNodeId": node["backendNodeId"]}
        if parent in owner.worlds:
            resolve["executionContextId"] = owner.worlds[parent]
        handle = owner.cdp.send("DOM.resolveNode", resolve)["object"]["objectId"]
        described = owner.cdp.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": describe_function(),
                "objectId": handle,
                "arguments": [{"objectId": handle}],
                "returnByValue": True,
            },
        )
        owner.cdp.send("Runtime.releaseObject", {"objectId": handle})
        return described["result"]["value"]["selectors"][0]
