"""Words that carry no meaning of their own in titles and tasks, and names made of words."""

import re

STOP_WORDS = frozenset(
    "a an and are as at be by for from has have how i in into is it its me my of on or our so that the their then "
    "this to up us was we what when where which who will with you your please can could would should".split()
)


def snake_case(text: str, fallback: str = "value") -> str:
    """A parameter name from a field's words: "E-mail address" -> "e_mail_address"."""
    words = re.findall(r"[a-z0-9]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower())
    words = [w for w in words if w not in STOP_WORDS] or words
    name = "_".join(words)[:40].strip("_")
    if not name:
        return fallback
    return name if name[0].isalpha() else f"{fallback}_{name}"
