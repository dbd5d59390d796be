"""The words a title is made of that say no value: the verbs a task starts with, the words between a noun and its
value, the texts it quotes, and the picture it points at without spelling it out."""

from __future__ import annotations

import re

# Words that sit between a noun and its value in titles: "the issue called X", "a user named Y".
CONNECTORS = frozenset(
    ["called", "named", "titled", "labelled", "labeled", "as", "is", "=", ":", "to", "for", "with", "the", "a", "an", "of"]
)
# Verbs that start a task: what follows them is the action's target, not a value ("Go to Settings").
VERBS = frozenset(
    "go open click press select choose visit navigate log sign enter type find search create delete add remove "
    "edit update set make view show check uncheck submit send buy pay book file start stop pick tick hit tap follow use".split()
)


CLAUSE_JOINS = frozenset({"and", "or", "then", "but"})


# A thing the task points at by a picture it does not spell out ("the item with the icon"): the picture
# is shown beside the task's words on the page, and no word of the task says which it is.
UNSPELLED_PICTURE = re.compile(
    r"\bwith\s+((?:the|this|that)\s+(?:icon|picture|image|symbol|logo))\b(?!\s*[\"“']|\s+(?:of|for|named|called|label+ed)\b)",
    re.IGNORECASE,
)
QUOTED_TEXT = re.compile(r'"([^"]*)"|“([^”]*)”|(?<!\w)\'([^\']*)\'(?!\w)')  # the texts a title quotes
