"""The injected JavaScript, read from injected_js/ and wrapped for the page."""

from __future__ import annotations

import json
import secrets
from functools import cache
from importlib import resources

from core.secrecy import SECRET_WORDS


@cache
def read_js(name: str) -> str:
    return resources.files("injected_js").joinpath(name).read_text(encoding="utf-8")


def listener_script(binding: str, nonce: str, secret_key: str = "") -> str:
    """The recording listener as one closure: the binding, nonce and the key of secret fingerprints are private to it."""
    config = json.dumps(
        {
            "binding": binding,
            "nonce": nonce,
            "marker": f"__smh_{secrets.token_hex(8)}",
            "secretWords": SECRET_WORDS,
            "secretKey": secret_key,
        }
    )
    body = "\n".join(read_js(name) for name in ("selectors.js", "secrets.js", "shown.js", "gestures.js", "listener.js"))
    return (
        "(() => {\n"
        f"const SMH_CONFIG = {config};\n"
        "const smhMarker = SMH_CONFIG.marker;\n"
        "if (window[smhMarker]) return;\n"
        "Object.defineProperty(window, smhMarker, { value: true });\n"
        "const smhSend = window[SMH_CONFIG.binding];\n"
        "try { delete window[SMH_CONFIG.binding]; } catch (err) { window[SMH_CONFIG.binding] = undefined; }\n"
        "if (typeof smhSend !== 'function') return;\n"
        f"{body}\n"
        "})();"
    )


def describe_function() -> str:
    """A function `(element) => {selectors, label, ...}` for page.evaluate and element handles."""
    return f"(element) => {{\n{read_js('selectors.js')}\nreturn smhDescribe(element);\n}}"


def shown_function() -> str:
    """A function `() => {headings, alerts, messages, lines}`: what the page shows, as the listener reports
    it, and the lines of its visible text."""
    return f"() => {{\n{read_js('selectors.js')}\n{read_js('shown.js')}\nreturn Object.assign(smhShown(), {{ lines: smhLines(80) }});\n}}"


def observe_function() -> str:
    """A function `(limit) => {elements, text}`: the page as the agent sees it, secrets masked."""
    config = json.dumps({"secretWords": SECRET_WORDS})
    body = "\n".join(read_js(name) for name in ("selectors.js", "secrets.js", "elements.js"))
    return f"(limit) => {{\nconst SMH_CONFIG = {config};\n{body}\nreturn smhObserve(limit);\n}}"


def secret_boxes_function() -> str:
    """A function `(values) => [{x, y, width, height}]`, for an isolated world: the boxes of the secret fields and
    of whatever shows one of `values`, in the frame's viewport."""
    config = json.dumps({"secretWords": SECRET_WORDS})
    body = "\n".join(read_js(name) for name in ("selectors.js", "secrets.js"))
    return f"(values) => {{\nconst SMH_CONFIG = {config};\n{body}\nreturn smhSecretBoxes(values);\n}}"


def control_function() -> str:
    """A function `(element) => {form, multiline, submits, button, label}`: what a control does; with no
    element, the focused one."""
    return f"(element) => {{\n{read_js('control.js')}\nreturn smhControl(element);\n}}"
