"""How people word a task, beyond its values: pronouns that stand for the record the task names, and where a
value written without quotes ends. Pure: text in, text out.
"""

from __future__ import annotations

import re

from procedures.wording.vocabulary import VERBS

# Words that stand for the person or thing the task is about: "make him VIP" and "make her VIP" say the same.
PRONOUNS = frozenset("he him his himself she her hers herself they them their theirs themselves it its".split())
KINDS = (r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", r"https?://[^\s\"'“”<>]+")  # e-mail and web addresses: one token each
# Words that join a next instruction to a value: "x@y.org and tick VIP", "Leo Park, then save", "4 then submit".
LINKS = r"(?:and\s+then|and|then|but|plus|also|&)"
# A verb after "and" starts an instruction only with words after it: "a, b and set" ends a list whose last item is "set".
INSTRUCTION = re.compile(rf"(?:\s*,)?\s+(?:{LINKS}\s+(?:{'|'.join(sorted(VERBS))}|un\w+)\b(?=\s+\S)|then\b)", re.IGNORECASE)


def only_pronouns(words: list[str]) -> bool:
    """Words that are all pronouns (at least one): a task that says "his" where the title said "her"."""
    return bool(words) and all(w.lower() in PRONOUNS for w in words)


def value_end(value: str, example: str | None) -> str:
    """A value written without quotes, up to where the task goes on to its next instruction ("tom@x.org and
    tick VIP" -> "tom@x.org", "Leo Park then save" -> "Leo Park"); an e-mail or web address, as the demonstrated
    one was, is the one token of that kind it starts with."""
    for kind in KINDS:
        if example and re.fullmatch(kind, example.strip()):
            found = re.match(kind, value.strip())
            if found:
                return found.group(0).rstrip(".,;")
    cut = INSTRUCTION.search(value)
    return value[: cut.start()].rstrip(" ,;") if cut and cut.start() > 0 else value


def parts(examples: dict[str, str]) -> dict[str, tuple[str, int, int]]:
    """Values typed as a part of another value ("Okafor" typed to search for "Tom Okafor"): by parameter, the
    other parameter and where its words start and end in that one's words."""
    found = {}
    for name, example in examples.items():
        words = example.lower().split()
        for other, whole in examples.items():
            all_words = whole.lower().split()
            starts = [i for i in range(len(all_words) - len(words) + 1) if all_words[i : i + len(words)] == words]
            if other != name and words and len(all_words) > len(words) and starts:
                found[name] = (other, starts[0], starts[0] + len(words))
                break
    return found


def part_said(value: str, example: str, start: int, end: int) -> str | None:
    """The words of the task's `value` that stand where words start..end stood in the demonstrated `example`: the
    first or last words of a name of another length, the same places in one as long."""
    words, size = value.split(), len(example.split())
    if len(words) == size or start > 0 and end < size:
        return " ".join(words[start:end]) if len(words) == size else None
    return " ".join(words[: end - start]) if start == 0 else " ".join(words[len(words) - (end - start) :])
