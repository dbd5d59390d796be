"""What counts as a secret, and how secret values are kept out of text and URLs.

The same name pattern runs in the page (injected_js/secrets.js receives it) and here, for URLs that
arrive from elsewhere, such as imported recordings, and for the words of a task.
"""

import re
from collections.abc import Callable
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from core.masking import SECRET_MASK
from core.urls import UnreadableUrl, read_url
from core.words import STOP_WORDS

SECRET_TERMS = (
    r"pass(word|wd|code|phrase)?|pw|pwd|pin|pin[-_ ]?code|otp|one[-_ ]?time[-_ ]?(code|password|pin)|totp|2fa|mfa"
    r"|verification[-_ ]?code|cc[-_ ]?(number|num|csc|cvc|cvv|exp)|card[-_ ]?(number|num|no)|credit[-_ ]?card|cvv2?|cvc2?|csc"
    r"|security[-_ ]?code|iban|ssn|social[-_ ]?security([-_ ]?number)?|token|secret|api[-_ ]?key|private[-_ ]?key"
)
SECRET_WORDS = rf"(^|[^a-z])({SECRET_TERMS})([^a-z]|$)"
SECRET_NAME = re.compile(SECRET_WORDS, re.IGNORECASE)


def is_secret_name(name: str) -> bool:
    return SECRET_NAME.search(re.sub(r"([a-z])([A-Z])", r"\1 \2", name)) is not None


def redact_url(url: str, holds_secret: Callable[[str], bool] | None = None) -> str:
    """The URL without secrets: a password in it, values of secret-sounding query and fragment
    parameters blanked, and (with `holds_secret`) any parameter or path segment that holds a secret value."""
    try:
        text = read_url(url).text  # the host and userinfo as the browser reads them
    except UnreadableUrl:
        text = url
    try:
        parts = urlsplit(text)
    except ValueError:
        return url
    held = holds_secret or (lambda text: False)
    netloc = parts.netloc
    if parts.password is not None or (parts.username and held(unquote(parts.username))):
        netloc = netloc.rsplit("@", 1)[1]
    path = "/".join(quote(SECRET_MASK) if held(unquote(seg)) else seg for seg in parts.path.split("/"))
    redacted = parts._replace(
        netloc=netloc, path=path, query=_redact_pairs(parts.query, held), fragment=_redact_pairs(parts.fragment, held)
    )
    return url if redacted == parts else urlunsplit(redacted)


def _redact_pairs(text: str, held: Callable[[str], bool]) -> str:
    if "=" not in text:
        return quote(SECRET_MASK) if text and held(unquote(text)) else text
    pairs = parse_qsl(text, keep_blank_values=True)
    if not any(is_secret_name(key) or held(value) or held(key) for key, value in pairs):
        return text
    return urlencode([(key, "" if is_secret_name(key) or held(value) or held(key) else value) for key, value in pairs])


# A value named in free text: `password "x y"`, `PIN: 1234`, `pw=abc`, `card number 4111 1111 1111 1111`.
_NAMED_VALUE = re.compile(
    rf"(?<![a-z0-9])(?P<name>{SECRET_TERMS})(?![a-z])"
    r"(?:\s+(?:is|to))?\s*(?P<sep>[:=])?\s*"
    r"(?:\"(?P<dq>[^\"]+)\"|'(?P<sq>[^']+)'|“(?P<cq>[^”]+)”|(?P<digits>\d[\d -]{6,}\d)|(?P<bare>[^\s\"'“”]+))",
    re.IGNORECASE,
)
# Words that are verbs or nouns as often as names of secrets ("pin this", "pass the salt", "the secret
# recipe"): a bare word after them is a secret only with a digit in it or after ":" or "=".
_AMBIGUOUS = frozenset(["pass", "pin", "token", "secret"])
_NOT_VALUES = STOP_WORDS | frozenset("field box input form page button prompt dialog reset manager again".split())


def named_secrets(text: str) -> list[tuple[str, str]]:
    """(name, value) for each secret that a task's words give by name, e.g. ("password", "x3h")."""
    found = []
    for match in _NAMED_VALUE.finditer(text):
        name = re.sub(r"[^a-z0-9]+", "_", match.group("name").lower()).strip("_")
        value = next(match.group(g) for g in ("dq", "sq", "cq", "digits", "bare") if match.group(g) is not None)
        if match.group("bare") is not None:
            value = value.rstrip(".,;:)")
            plain_word = not match.group("sep") and not re.search(r"\d", value)
            if value.lower() in _NOT_VALUES or (name in _AMBIGUOUS and plain_word):
                continue
        if value:
            found.append((name if name[0].isalpha() else f"code_{name}", value))
    return found


def hide_named_secrets(text: str) -> str:
    """The text with each value that it gives by name (`named_secrets`) replaced by its placeholder:
    'Log in with password "x3h"' -> 'Log in with password "{password}"'."""
    out, at = [], 0
    for match in _NAMED_VALUE.finditer(text):
        found = named_secrets(match.group(0))
        group = next(g for g in ("dq", "sq", "cq", "digits", "bare") if match.group(g) is not None)
        if not found or re.fullmatch(r"\{[a-z][a-z0-9_]*\}", found[0][1]) or SECRET_MASK in found[0][1]:
            continue
        start = match.start(group)
        out.append(text[at:start] + f"{{{found[0][0]}}}")
        at = start + len(found[0][1])
    return "".join(out) + text[at:]
