"""What counts as a secret: field and parameter names whose values must never be kept.

The same pattern runs in the page (injected_js/secrets.js receives it) and here, for URLs that
arrive from elsewhere, such as imported recordings.
"""

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SECRET_WORDS = (
    r"(^|[^a-z])(pass(word|wd|code|phrase)?|pwd|pin|otp|one[-_ ]?time[-_ ]?(code|password)|totp|2fa|mfa"
    r"|cc[-_ ]?(number|num|csc|cvc|cvv|exp)|card[-_ ]?(number|num|no)|credit[-_ ]?card|cvv2?|cvc2?|csc"
    r"|security[-_ ]?code|iban|ssn|social[-_ ]?security)([^a-z]|$)"
)
SECRET_NAME = re.compile(SECRET_WORDS, re.IGNORECASE)


def is_secret_name(name: str) -> bool:
    return SECRET_NAME.search(re.sub(r"([a-z])([A-Z])", r"\1 \2", name)) is not None


def redact_url(url: str) -> str:
    """The URL with the values of secret-sounding query parameters blanked."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    query = parse_qsl(parts.query, keep_blank_values=True)
    if not any(is_secret_name(key) for key, _ in query):
        return url
    cleaned = urlencode([(key, "" if is_secret_name(key) else value) for key, value in query])
    return urlunsplit(parts._replace(query=cleaned))


SECRET_MASK = "••••"  # shown wherever a secret value would be
