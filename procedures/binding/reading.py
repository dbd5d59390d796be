"""Reading values out of a task's text: the patterns a value is written in, where a value sits, ends and what
names it. Pure: text in, text out."""

from __future__ import annotations

import re
from collections.abc import Collection

from core.words import STOP_WORDS
from procedures.models import Parameter
from procedures.runtime.formats import ISO_DATE, dates_in, renderings
from procedures.wording.vocabulary import QUOTED_TEXT, VERBS
from procedures.wording.word_forms import word_pattern

ENV_PREFIX = "SHOWMEHOW_PARAM_"
TRAILING = " \t.!?;,"
# Words that lead to a clicked or chosen thing: one stands for another in a reworded task.
CHOOSING = frozenset("click press hit tap push select choose pick tick check activate".split())
# Where a bare (unquoted) value ends when only the words before it are known.
BARE_STOP = r"(?=\s*(?:[,;!?()]|\.(?:\s|$)|$|\s(?:and|with|then|using|but|so)\b|\s(?:in|on|from|at|inside|within)\s+(?:the|this|that|my|your)\b))"
CONJUNCTIONS = frozenset("and or but then with".split())
NEGATIONS = r"(?:no|not|without|don'?t|do\s+not|never|uncheck|untick|disable|turn\s+off|skip)"
USER_WORDS = re.compile(r"user|login|account|member|email|handle", re.IGNORECASE)
FILLER_WORDS = frozenset("the a an their his her its about called named titled saying".split())
FILLERS = rf"(?:(?:{'|'.join(sorted(FILLER_WORDS))})\s+){{0,2}}"
# A value in a task: quoted ("...", “...”, '...' but not an apostrophe), else bare (the pattern given).
VALUE = r"(?:\"(?P<q>[^\"]*)\"|“(?P<c>[^”]*)”|(?<!\w)'(?P<s>[^']*)'(?!\w)|(?P<b>{bare}))"
GROUPS = ("q", "c", "s", "b")
CHOSEN = frozenset({"target", "option", "choice"})  # parameters that choose one of what the page offers
GIVEN = "given as a parameter"  # the source of a value the person gave
KINDS = (r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", r"https?://[^\s\"'“”<>]+")  # e-mail and web addresses


def _words(name: str) -> str:
    return r"[\s_-]*".join(map(re.escape, name.split("_")))


def exact_pattern(value: str) -> str:
    """A pattern for `value` as a whole word (when it starts and ends with word characters)."""
    left = r"(?<!\w)" if value[:1].isalnum() else ""
    right = r"(?!\w)" if value[-1:].isalnum() else ""
    return left + re.escape(value) + right


def _find(pattern: str, value: str, text: str) -> re.Match[str] | None:
    """re.search(pattern, text, re.IGNORECASE) for a pattern that holds `value` as it is; without compiling the
    pattern when `value` is surely not in `text` (ASCII only: other letters fold in more ways than `lower` says)."""
    if value.isascii() and text.isascii() and value.lower() not in text.lower():
        return None
    return re.search(pattern, text, re.IGNORECASE)


def locate_value(param: Parameter, text: str) -> tuple[int, int] | None:
    """Where the title shows this parameter's demonstrated value (quotes excluded)."""
    if param.kind == "toggle":
        return None
    placeholder = re.search(rf"\{{{re.escape(param.name)}\}}", text)  # where the recorder put a secret's placeholder
    if placeholder:
        return placeholder.start(), placeholder.end()
    if param.example:
        quoted = _find(rf"[\"“']({re.escape(param.example)})[\"”']", param.example, text)  # the title's quoted slot first
        if quoted:
            return quoted.start(1), quoted.end(1)
        for written in [param.example, *renderings(param.example)]:  # a date field's "2016-01-09" is "01/09/2016" in words
            m = _find(exact_pattern(written), written, text)
            if m:
                return m.start(), m.end()
        return None
    names = [_words(param.name), *(re.escape(w) for w in [param.label] if w), re.escape(param.name.split("_")[-1])]
    for name in names:  # a secret: its value is never kept, but the title may show where it goes
        m = re.search(rf"\b{name}\b\s*(?:to|is|as|:|=)?\s*(\"[^\"]*\"|“[^”]*”|[^\s,;]+)", text, re.IGNORECASE)
        if m:
            quoted = m.group(1)[:1] in '"“'
            return (m.start(1) + quoted, m.end(1) - quoted)
    return None


# --- the title's shape --------------------------------------------------------------------------------


def _value_group(name: str, last: bool) -> str:
    """A value in a task: quoted (any text) or bare (lazy, or to the end when it is the last)."""
    bare = r"[^\"“”]+" if last else r"[^\"“”]+?"  # a bare value never swallows a quoted one
    return rf"(?:\"(?P<{name}__q>[^\"]*)\"|'(?P<{name}__s>[^']*)'|“(?P<{name}__c>[^”]*)”|(?P<{name}__b>{bare}))"


def _literal(text: str) -> str:
    words = text.strip("\"'“” ").split() if text.strip() else []
    joined = r"\s+".join(re.escape(w) for w in words)
    joined = (r"(?<!\w)" if words[0][:1].isalnum() else "") + joined if words else joined  # "on" is not in "Hampton"
    joined += r"(?!\w)" if words and words[-1][-1:].isalnum() else ""
    if not words:  # values apart in the title are apart in the task: "Order {quantity} {bouquet}"
        return r"[\s\"'“”]+" if text else r"[\s\"'“”]*"
    return rf"[\s\"'“”]*{joined}[\s\"'“”]*"


def title_template(text: str, located: dict[str, tuple[int, int] | None]) -> tuple[str, list[str], set[str]] | None:
    """A pattern for tasks shaped like `text` with each demonstrated value (`located` by parameter)
    cut out, the parameters in the order of their values, and the words that such a task must hold."""
    spans = sorted((span[0], span[1], name) for name, span in located.items() if span)
    if not spans:
        return None
    pattern, at, names, literal = "", 0, [], []
    for index, (start, end, name) in enumerate(spans):
        if start < at:
            continue
        last = index == len(spans) - 1 and not text[end:].strip(TRAILING + "\"'”")
        pattern += _literal(text[at:start]) + _value_group(name, last)
        literal.append(text[at:start])
        names.append(name)
        at = end
    pattern += _literal(text[at:].rstrip(TRAILING))
    literal.append(text[at:])
    return pattern, names, set(word_list(" ".join(literal)))


def without_values(text: str, spans: list[tuple[int, int]]) -> str:
    """The title's own words: `text` without the values at `spans`."""
    kept, at = [], 0
    for start, end in sorted(spans):
        kept.append(text[at:start])
        at = max(at, end)
    return " ".join([*kept, text[at:]])


def word_list(text: str) -> list[str]:
    return re.findall(r"[\w#@'-]+", text.lower())


def from_groups(match: re.Match[str], names: list[str]) -> dict[str, tuple[str, tuple[int, int]]]:
    values = {}
    for name in names:
        for kind in ("q", "s", "c", "b"):
            value = match.group(f"{name}__{kind}")
            if value is not None:
                span = match.span(f"{name}__{kind}")
                values[name] = (value.strip() if kind == "b" else value, span)
                break
    return {k: v for k, v in values.items() if v[0]}


QUOTE_PAIRS = {'"': '"', "“": "”", "'": "'"}


def enclosed(text: str, span: tuple[int, int]) -> bool:
    """The value at `span` stands between quotes of its own (the title's literal words took the quotes, not the value)."""
    start, end = span
    return start > 0 and end < len(text) and QUOTE_PAIRS.get(text[start - 1]) == text[end]


def cut_at_other_names(value: str, name: str, names: list[str]) -> str:
    """A bare value runs on only until another parameter is named ("emile with password x" -> "emile")."""
    others = "|".join(_words(other) for other in names if other != name)
    if not others:
        return value
    pattern = rf"\s*(?:,|\b(?:with|and)\b)\s+(?:the\s+|my\s+)?(?:{others})\b"
    return re.split(pattern, value, maxsplit=1, flags=re.IGNORECASE)[0]


NAME = re.compile(r"(?<![\w@#.'-])[A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*){0,2}(?![\w@'-])")  # a name written as one
SOURCE_BEFORE = frozenset("by from".split())  # "the email by X", "from X"
SOURCE_AFTER = frozenset("sent wrote sends writes posted".split())  # "the message X sent you"
GOAL_BEFORE = frozenset({"to"})  # "forward it to X"
ARTICLES = frozenset("the a an this that my your".split())


def name_in(match: re.Match[str], literal: set[str], size: int) -> tuple[int, int] | None:
    """Where the name is in a run of capitalized words, without the title's own words and small words
    around it ("Forward Rozina" -> "Rozina", for names of at most `size` words); None when a word inside
    it is one of those."""
    words = list(re.finditer(r"\S+", match.group(0)))
    kept = [w for w in words if w.group(0).lower() not in literal | STOP_WORDS | VERBS | CHOOSING]
    if len(kept) > size and kept[0] is words[0] and starts_sentence(match.string, match.start()):
        kept = kept[1:]  # capitalized because it starts the sentence: "Forward Rozina the email"
    if not kept or words.index(kept[-1]) - words.index(kept[0]) + 1 != len(kept):
        return None
    return match.start() + kept[0].start(), match.start() + kept[-1].end()


def role_words(role: str) -> str:
    return {"source": "a thing comes from", "goal": "a thing goes to"}[role]


def starts_sentence(text: str, at: int) -> bool:
    return not text[:at].strip() or bool(re.search(r"[.!?;:]\s*$", text[:at]))


def role_at(text: str, start: int, end: int) -> str | None:
    """The role the words around a name give it: "source" (by X, from X, X sent), "goal" (to X, and the
    first object of a verb that starts a sentence, "Send X the email"), else None."""
    before = list(re.finditer(r"[\w'-]+", text[:start]))
    after = re.findall(r"[\w'-]+", text[end:])
    prev = before[-1].group(0).lower() if before else ""
    following = after[0].lower() if after else ""
    if prev in SOURCE_BEFORE or following in SOURCE_AFTER:
        return "source"
    if prev in GOAL_BEFORE:
        return "goal"
    ordered = before and (
        starts_sentence(text, before[-1].start()) or len(before) > 1 and before[-2].group(0).lower() == "please"
    )
    return "goal" if ordered and following in ARTICLES else None


CASES = (
    ("upper", re.compile(r"\b(?:upper[\s-]?case|capital letters|capitals|all caps)\b", re.IGNORECASE)),
    ("lower", re.compile(r"\b(?:lower[\s-]?case|small letters)\b", re.IGNORECASE)),
)


def case_asked(text: str) -> tuple[str, tuple[int, int]] | None:
    """The letter case a text asks for ("in all upper case letters"), and where it says so."""
    found = [(case, m.span()) for case, pattern in CASES for m in pattern.finditer(text)]
    return found[0] if len(found) == 1 else None


LEADS = frozenset("to for from by of with the a an".split())


def without_lead(value: str, example: str) -> str:
    """A bare one-word value that a rewording put a small word before ("Send to Neille" for "Send Darsey"):
    without it, unless the demonstrated value began so too. Free text of several words keeps all of them."""
    if len(example.split()) != 1:
        return value
    first = example.split()[0].lower()
    while (m := re.match(r"(\S+)\s+(?=\S)", value)) and m[1].lower() in LEADS and m[1].lower() != first:
        value = value[m.end() :]
    return value


def whole_date(task: str, value: str, span: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """The whole date the task writes where `value` starts ("January 3, 2027", not "January 3")."""
    written = next((d for d in dates_in(task) if d[2][0] == span[0]), None)
    return (written[0], written[2]) if written is not None else (value, span)


def found_value(match: re.Match[str]) -> tuple[str, tuple[int, int]]:
    """The value a match of VALUE holds, and where: a bare value that holds a quoted one ("the
    shipping option 'Two-day'") is that quoted one."""
    group = next(g for g in GROUPS if match.group(g) is not None)
    value, span = match.group(group), match.span(group)
    inner = QUOTED_TEXT.search(value) if group == "b" else None
    if inner:
        number = next(g for g in (1, 2, 3) if inner.group(g) is not None)
        return inner.group(number), (span[0] + inner.start(number), span[0] + inner.end(number))
    return value, span


def quoted_after(task: str, value: str, span: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """A bare word right before a quoted value is that value's noun (`as user "lin"`, `for customer "Bo"`):
    the value is the quoted one."""
    quoted = QUOTED_TEXT.match(task, span[1] + 1) if task[span[1] : span[1] + 1] == " " else None
    if quoted is None:
        return value, span
    number = next(g for g in (1, 2, 3) if quoted.group(g) is not None)
    return quoted.group(number), quoted.span(number)


def same_case(example: str, value: str) -> bool:
    """Both are capitalized words ("Carol Diaz", "Ben Okafor"): a bare value in the form of a name."""
    shape = lambda text: [w[:1].isupper() for w in text.split()]  # noqa: E731
    return bool(example) and all(shape(example)) and all(shape(value))


NAMED = re.compile(r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,3}")  # a name of a few capitalized words: "Maria Silva"
IDENTIFIER = re.compile(r"(?=\S*\d)[^\s:/]+")  # one token that holds a digit: "T-20931", "RC-4471" (not a time, nor a date)


def bare_end(param: Parameter, value: str) -> str:
    """Where a bare value ends, by the shape of the demonstrated one: an identifier ("T-20931") is one token
    ("T-12345 doing" -> "T-12345"); a typed name ("Maria Silva") takes no lower-case word after it ("Leo Park
    in" -> "Leo Park", "Leo van Dijk" stays). Other text runs as far as it was read."""
    example, words = param.example or "", value.split()
    if not words:
        return value
    if IDENTIFIER.fullmatch(example) and not ISO_DATE.fullmatch(example) and re.search(r"\d", words[0]):
        return words[0]
    if param.kind != "text" or not NAMED.fullmatch(example) or not words[0][:1].isupper():
        return value
    last = len(words)
    while last > 1 and words[last - 1].islower():
        last -= 1
    return value[: value.rindex(words[last - 1], 0, len(value) - len(" ".join(words[last:]))) + len(words[last - 1])]


def is_code(option: str) -> bool:
    """An option value like "EUR" or "de": matched only as written, or every "de" and "in" would count."""
    return option.isupper() or option.islower() and len(option) <= 3


def outermost(found: list[tuple[str, tuple[int, int]]]) -> list[tuple[str, tuple[int, int]]]:
    """Drop options found inside a longer one ("Standard" inside "Non-Standard delivery")."""
    return [(o, s) for o, s in found if not any(t != s and t[0] <= s[0] and s[1] <= t[1] for _, t in found)]


def context_words(text: str, others: list[tuple[int, int]], before: bool) -> list[str]:
    """Up to two words of the title next to a value, never reaching into another value."""
    if before:
        cut = max((b for _, b in others), default=0)
        return re.findall(r"[\w#@'-]+", text[cut:])[-2:]
    cut = min((a for a, _ in others), default=len(text))
    return re.findall(r"[\w#@'-]+", text[:cut])[:2]


def anchor_word(words: list[str], said: Collection[str]) -> str:
    """A pattern for the title's `words` in a task whose words are `said`: a verb of choosing for another, and
    the other forms of each word that the task uses (see procedures.wording.word_forms)."""
    parts = []
    for word in words:
        if word.lower() in CHOOSING:
            parts.append(rf"(?:{'|'.join(sorted(CHOOSING))})")
        else:
            parts.append(word_pattern(word, said))
    return r"(?<!\w)" + r"\W+".join(parts) + r"(?!\w)"


def names_in_sources(param: Parameter, sources: list[tuple[str, tuple[int, int] | None]]) -> list[str]:
    """How a task may name a parameter: its label, its name, the noun the title used before its value
    (`sources`: each title with where the value is in it), its last word."""
    names = [param.label, param.name.replace("_", " ")]
    for source, span in sources:
        if span:
            before = re.findall(r"[A-Za-z]+", source[: span[0]])
            if before and before[-1].lower() not in STOP_WORDS | CHOOSING:
                names.append(before[-1])
    names.append(param.name.split("_")[-1])
    found = [" ".join(word_list(n)) for n in names]
    if USER_WORDS.search(param.name) or USER_WORDS.search(param.label):
        found.append("as")
    return [n for n in dict.fromkeys(found) if n and n not in STOP_WORDS - {"as"}]


def canonical(param: Parameter, value: str) -> str:
    """A value spelled as the page spells it when it differs only in case (an option, the clicked text)."""
    for known in [*param.accepted, *([param.example] if param.example and not param.secret else [])]:
        if known.lower() == value.lower():
            return known
    return value
