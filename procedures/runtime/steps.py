"""The steps the runtime plays, as it gets them: plain dicts (a ProcedureStep's JSON, or an exported script's
STEPS), whose keys and types `Step` says. A key left out has ProcedureStep's default; the stored JSON is the same.

Part of procedures.runtime, carried verbatim by exported scripts: standard library only.
"""

from typing import Any, TypedDict


class Step(TypedDict, total=False):
    """A step as replay reads it (procedures.models.ProcedureStep says what each key means)."""

    action: str
    loop: dict[str, Any] | None
    description: str
    optional: bool
    selector: str | None
    selectors: list[str]
    value: str | None
    repeat: int
    option_value: str | None
    files: list[str]
    secret: bool
    url: str
    frame: list[str]
    page: int
    label: str
    field: str
    tag: str
    input_type: str
    options: list[str]
    option_values: list[str]
    group: str
    row: str
    row_texts: list[str]
    row_selector: str
    kind: str
    position: int
    beside: str
    to: list[str]
    to_label: str
    at: list[float]
    offset: list[float]
    place: int
    was: int
    read_word: str
    order: list[str]
    opens_page: int | None
    navigates_to: str | None
    changes_page: bool | None
    shows_alert: bool | None
    calendar: bool
    many: bool
    each_row: bool
    any_row: bool
    until: str | None
    ordinal: str | None
    spin: bool
    reads: bool
    word: str | None
    by_kind: bool
    suggestion: bool
    compare: str | None
    reveals: bool
    by_picture: bool
    unless_shown: str | None
    sort: str | None
