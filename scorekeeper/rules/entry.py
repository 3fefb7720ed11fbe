"""What a round's form may offer, as data the rules give: the numbers a field takes, and picking a typed value.

Pure Python, like the rest of the rules. Each game's `Rules.entry()` returns a dict of these and of
plain values (choices, points tables, who starts); templates, form readers and scripts read it instead
of restating the rules. A form never builds anything from what was posted: a posted value only
selects among the values the rules give.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fields import is_int


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


def player_counts(games) -> range:
    """Every player count some game is played by: from the fewest any game takes to the most."""
    return range(min(g.min_players for g in games), max(g.max_players for g in games) + 1)
