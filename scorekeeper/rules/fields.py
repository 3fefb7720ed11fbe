"""The fields of a round: what a round's form may offer, as data the rules give (a `Span` of the numbers a field
takes, picking a typed value), and the checks the rules modules share (lists by seat, numbers, choices).

Pure Python, like the rest of the rules. Each game's `Rules.entry()` returns a dict of spans and of plain values
(choices, points tables, who starts); templates, form readers and scripts read it instead of restating the rules.
A form never builds anything from what was posted: a posted value only selects among the values the rules give.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .problems import N_, Invalid, Nn_, Problem, problem


def is_int(value) -> bool:
    """A JSON integer (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Span:
    """The whole numbers lo..hi (both included) a field may hold.

    `shown`, when set, is the highest value a form offers before one above it was picked (reneges:
    0 to 3 as chips, more only when a round recorded more); it never goes past `hi`.
    """

    lo: int
    hi: int
    shown: int | None = None

    def pick(self, value) -> int | None:
        """`value` (a number, or the text a form posted) as a number within lo..hi, else None.

        Text longer than the bounds can be is refused before any conversion: a posted value of a
        million digits costs nothing.
        """
        if is_int(value):
            number = value
        elif isinstance(value, str):
            text = value.strip()
            if not text.isascii() or not text.lstrip("-").isdigit() or len(text) > len(str(self.hi)) + 1:
                return None
            number = int(text)
        else:
            return None
        return number if self.lo <= number <= self.hi else None

    def values(self, picked=None) -> range:
        """The values a form offers: lo..shown, up to a picked value within the span, or lo..hi."""
        if self.shown is None:
            return range(self.lo, self.hi + 1)
        chosen = self.pick(picked)
        top = max(self.shown, chosen if chosen is not None else self.lo)
        return range(self.lo, min(top, self.hi) + 1)

    def data(self) -> dict:
        """The span for a script: {"lo": .., "hi": ..}."""
        return {"lo": self.lo, "hi": self.hi}


def by_seat(rnd: dict, name: str, n: int, *, default=None) -> list:
    """The list `rnd[name]` of one entry per seat; a missing optional field gives `default`s."""
    if name not in rnd or rnd[name] is None:
        if default is not None:
            return [default] * n
        raise Invalid([problem(N_("The field %(field)s is missing."), field=name)])
    value = rnd[name]
    if not isinstance(value, list) or len(value) != n:
        raise Invalid(
            [problem(N_("The field %(field)s must list one entry for each of the %(n)d players."), field=name, n=n)]
        )
    return list(value)


def int_entries(values: list, name: str, what: str, lo: int, hi: int | None, seats=None) -> list[Problem]:
    """Problems for entries of field `name` that are not whole numbers within lo..hi; `what` labels them."""
    problems = []
    for seat, value in enumerate(values):
        if seats is not None and seat not in seats:
            continue
        if not is_int(value):
            problems.append(problem(N_("%(what)s must be a whole number."), what=what, seat=seat, field=name))
        elif value < lo or (hi is not None and value > hi):
            if hi is None:
                message = N_("%(what)s must be at least %(lo)d (got %(value)d).")
            else:
                message = N_("%(what)s must be between %(lo)d and %(hi)d (got %(value)d).")
            problems.append(problem(message, what=what, lo=lo, hi=hi, value=value, seat=seat, field=name))
    return problems


def bool_entries(values: list, name: str, what: str) -> list[Problem]:
    """Problems for entries that are not true or false."""
    return [
        problem(N_("%(what)s must be true or false."), what=what, seat=seat, field=name)
        for seat, value in enumerate(values)
        if not isinstance(value, bool)
    ]


def choice_entries(values: list, name: str, what: str, choices) -> list[Problem]:
    """Problems for entries that are not one of `choices`."""
    allowed = ", ".join(str(c) for c in choices)
    return [
        problem(N_("%(what)s must be one of: %(allowed)s."), what=what, allowed=allowed, seat=seat, field=name)
        for seat, value in enumerate(values)
        if value not in choices
    ]


def raise_if(problems: list[Problem]) -> None:
    """Raise Invalid when there is anything in `problems`."""
    if problems:
        raise Invalid(problems)


def unknown_fields(rnd: dict, known: Collection[str]) -> list[Problem]:
    """Problems for round fields this game does not record."""
    return [
        problem(N_("Unknown field %(field)s in a round."), field=name[:40])
        for name in rnd
        if name not in known and name != "dealer"
    ]


def tricks_add_up(tricks: list[int], cards: int) -> list[Problem]:
    """A problem when the tricks taken do not add up to the hand size."""
    total = sum(tricks)
    if total == cards:
        return []
    return [
        problem(
            Nn_(
                "The tricks taken add up to %(total)d, but each player was dealt %(num)d card: "
                "they must add up to %(num)d.",
                "The tricks taken add up to %(total)d, but each player was dealt %(num)d cards: "
                "they must add up to %(num)d.",
            ),
            total=total,
            num=cards,
            field="tricks",
        )
    ]
