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


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a warning) with what was entered, and where."""

    message: str
    params: dict = field(default_factory=dict)
    round: int | None = None  # 1-based round number
    seat: int | None = None  # the player (or side) concerned
    field: str | None = None  # the round field concerned, e.g. "tricks"

    def fill(self) -> dict:
        """The parameters of the message, with the field and round it names."""
        return {"field": self.field, "round": self.round, **self.params}

    def text(self) -> str:
        """The English message with its parameters filled in."""
        return self.message % self.fill()

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


def problem(message: str, *, round=None, seat=None, field=None, **params) -> Problem:
    """Build a Problem; `params` fill the %-placeholders of `message`."""
    return Problem(message, params, round, seat, field)


def shown(value, limit: int = 40) -> str:
    """A value from a game file as its JSON text, cut short: messages never show Python's repr (None, 'x')."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(message: str, **kwargs) -> Invalid:
    """An Invalid holding one problem, ready to raise."""
    return Invalid([problem(message, **kwargs)])
