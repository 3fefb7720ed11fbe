"""What is wrong with what was entered, said as messages to translate: the bottom of the rules.

Messages are English msgids with %-style parameters; the web layer and the command line translate
them. No import from the rest of the package.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field


class Msgid(str):
    """A message to translate, as opposed to a name or a number given as a parameter."""


def N_(message: str) -> Msgid:
    """Mark a message for translation without translating it (rules know no language)."""
    return Msgid(message)


class Plural(tuple):
    """A message with a count, as (singular, plural): the language's plural rule picks the form for the
    count, given as the parameter `num` (English: 1 card, 2 cards; French: 0 and 1 carte)."""


def Nn_(singular: str, plural: str) -> Plural:
    """Mark a message with a count for translation, its singular and its plural."""
    return Plural((Msgid(singular), Msgid(plural)))


def msgid(message: str | Plural) -> str:
    """The message's msgid: the singular of a plural message."""
    return message[0] if isinstance(message, Plural) else message


def english(message: str | Plural, num=None) -> str:
    """The English form of a message for the count `num` (not yet filled in)."""
    if isinstance(message, Plural):
        return message[0] if num == 1 else message[1]
    return message


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a warning) with what was entered, and where."""

    message: str | Plural  # a Plural counts params["num"]
    params: dict = field(default_factory=dict)
    round: int | None = None  # 1-based round number
    seat: int | None = None  # the player (or side) concerned
    field: str | None = None  # the round field concerned, e.g. "tricks"

    def fill(self) -> dict:
        """The parameters of the message, with the field and round it names."""
        return {"field": self.field, "round": self.round, **self.params}

    def text(self) -> str:
        """The English message with its parameters filled in."""
        return english(self.message, self.params.get("num")) % self.fill()

    def at_round(self, number: int) -> Problem:
        """The same problem, placed in round `number` unless it already names one."""
        if self.round is not None:
            return self
        return Problem(self.message, self.params, number, self.seat, self.field)


class Invalid(Exception):
    """What was entered breaks the format or the rules; nothing may be stored."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.text() for p in problems))
        self.problems = list(problems)


def problem(message: str | Plural, *, round=None, seat=None, field=None, **params) -> Problem:
    """Build a Problem; `params` fill the %-placeholders of `message`."""
    return Problem(message, params, round, seat, field)


def shown(value, limit: int = 40) -> str:
    """A value from a game file as its JSON text, cut short: messages never show Python's repr (None, 'x')."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(message: str | Plural, **kwargs) -> Invalid:
    """An Invalid holding one problem, ready to raise."""
    return Invalid([problem(message, **kwargs)])
