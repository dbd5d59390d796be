"""The approval policy: which of the agent's actions wait for a person. Opening another site does; so
does every way to submit a form or to do something risky (a click on a submit control or on "Buy", Enter
in a field, a line break typed into a one-line field, such a key while the focus is in a frame), as the
`approval_policy` setting says. Pure: the agent reads the control from the page (injected_js/control.js)
and asks here."""

from __future__ import annotations

import re
from typing import Any

from agent.tools import Click, Press, ToolArgs, Type
from core.sites import host_of, on_site

RISKY = re.compile(r"\b(submit|buy|purchase|order|pay|checkout|delete|remove|send|confirm|place order|transfer)\b", re.IGNORECASE)
SUBMIT_KEYS = {"Enter", "NumpadEnter"}  # in a form field, or on a button: they submit or activate it
ACTIVATE_KEYS = SUBMIT_KEYS | {"Space", " "}  # on a button or a submit control


def risky_action(args: ToolArgs, control: dict[str, Any]) -> str | None:
    """What a click, key press or typing on `control` (what control.js says of it) would do when that submits
    a form or is risky, else None."""
    if isinstance(args, Click) and (control["submits"] or RISKY.search(control["label"])):
        risky = RISKY.search(control["label"])
        return f'click "{control["label"]}"' + ("" if risky else " (submits a form)")
    if control.get("frame"):
        return _in_frame(args, control["label"])
    if isinstance(args, Press):
        key = args.key.split("+")[-1]
        activates = key in ACTIVATE_KEYS and control["button"] and (control["submits"] or RISKY.search(control["label"]))
        if activates or (key in SUBMIT_KEYS and control["form"] and not control["multiline"]):
            return f"press {args.key} in a form (submits it)"
    if isinstance(args, Type):
        line_break = "\n" in args.text or "\r" in args.text
        if line_break and (control["form"] or control["button"]) and not control["multiline"]:
            return "type a line break in a form field (submits it)"
        if " " in args.text and control["submits"]:
            return f'type a space on "{control["label"]}" (submits a form)'
    return None


def _in_frame(args: ToolArgs, label: str) -> str | None:
    """A key that may submit or activate something, pressed or typed while the focus is in a frame: what the
    frame's element is stays unknown (another site's document may say anything), so it is asked about."""
    keys = [args.key.split("+")[-1]] if isinstance(args, Press) else []
    line_break = isinstance(args, Type) and ("\n" in args.text or "\r" in args.text)
    if line_break or any(key in ACTIVATE_KEYS for key in keys):
        what = f"press {args.key}" if isinstance(args, Press) else "type a line break"
        return f"{what} in the frame{f' {label!r}' if label else ''} (may submit a form there)"
    return None


def action_question(args: ToolArgs, control: dict[str, Any], policy: str, known_site: bool) -> str | None:
    """The question to put to the person before the action, or None: under the "unknown_sites" policy, risky
    actions on a site of a stored procedure go ahead (under "never", the agent asks nothing at all)."""
    description = risky_action(args, control)
    if description is None or (policy == "unknown_sites" and known_site):
        return None
    return description


def goto_question(url: str, sites: list[str], local: bool, allow_other_sites: bool) -> str | None:
    """Opening another site than `sites` needs approval; a script, data or browser page, or a local file when
    the run did not start on one (`local`), is refused outright."""
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme == "file" and local:
        return None
    if scheme not in ("http", "https"):
        raise ValueError(f"goto opens only http and https pages, not {scheme or 'this'}: URLs")
    host = host_of(url)
    if allow_other_sites or any(on_site(host, site) for site in sites):
        return None
    return f"open {host or url}, a site this task did not start on"


def start_question(url: str, sites: list[str], allow_other_sites: bool) -> str | None:
    """Starting a procedure recorded on `sites` at `url`, a page of another site, needs approval."""
    if allow_other_sites or not sites or not url.startswith(("http://", "https://")):
        return None
    host = host_of(url)
    if any(on_site(host, site) for site in sites):
        return None
    return f"start at {host}, a site the procedure was not recorded on ({', '.join(sites)})"
