"""The one exception type users see, and how validation errors become one readable line."""

from pydantic import ValidationError


class ShowMeHowError(Exception):
    """An error with a message fit for the user; the command line prints it without a traceback."""


def describe_error(exc: Exception) -> str:
    """The first problem of a pydantic error as `field.path: message`, or the first line of any other."""
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = ".".join(str(part) for part in err["loc"]) or "value"
        return f"{where}: {err['msg']}"
    return (str(exc).splitlines() or [type(exc).__name__])[0]
