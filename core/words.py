"""Words that carry no meaning of their own in titles and tasks."""

STOP_WORDS = frozenset(
    "a an and are as at be by for from has have how i in into is it its me my of on or our so that the their then "
    "this to up us was we what when where which who will with you your please can could would should".split()
)
