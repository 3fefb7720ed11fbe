"""A club night's scoring (RULES.md section 7): each finished game gives each player a match score, the share of
the opponents at that table they beat; the leaderboard ranks players by the average of their match scores.

Pure Python, like the rules: the games come in as their standings (sides, ranks, who sat in each side) and
the leaderboard goes out. Exact fractions throughout, so "equal averages" means equal, not equal once rounded.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction


@dataclass(frozen=True)
class Finish:
    """One finished game: each side's members (a solo side has one) and each side's rank (1 is first)."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


@dataclass
class Row:
    """One player of the leaderboard."""

    key: str
    name: str
    scores: list[Fraction] = field(default_factory=list)
    won: int = 0
    rank: int = 0

    @property
    def games(self) -> int:
        """The finished games the player played in the event."""
        return len(self.scores)

    @property
    def average(self) -> Fraction:
        """The mean of the player's match scores, 0 to 100."""
        return sum(self.scores, Fraction(0)) / len(self.scores) if self.scores else Fraction(0)

    @property
    def shown(self) -> Decimal:
        """The average as the leaderboard shows it: one decimal, halves rounded up."""
        return one_decimal(self.average)


def player_key(name: str) -> str:
    """Who a name stands for across the event's tables: trimmed, spacing and case aside ("anne" is "Anne ")."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def one_decimal(value: Fraction) -> Decimal:
    """A score with one decimal, halves rounded up (16.65 -> 16.7), from its exact value."""
    return Decimal(math.floor(value * 10 + Fraction(1, 2))).scaleb(-1)  # exact, where float rounding is not


def match_scores(finish: Finish) -> list[Fraction]:
    """Each side's match score: (opponents ranked below + half of those sharing its rank) / opponents x 100."""
    opponents = len(finish.ranks) - 1
    if opponents < 1:
        return [Fraction(0)] * len(finish.ranks)
    scores = []
    for mine in finish.ranks:
        below = sum(1 for rank in finish.ranks if rank > mine)
        shared = sum(1 for rank in finish.ranks if rank == mine) - 1
        scores.append(Fraction(2 * below + shared, 2 * opponents) * 100)
    return scores


def leaderboard(finishes: Iterable[Finish]) -> list[Row]:
    """Every player of the finished games, best average first; equal averages: more games first, then a shared
    rank (players sharing one are listed by name). Games won are those ranked first, shared or not."""
    rows: dict[str, Row] = {}
    for finish in finishes:
        for members, rank, score in zip(finish.sides, finish.ranks, match_scores(finish), strict=True):
            for name in members:
                key = player_key(name)
                if not key:
                    continue
                row = rows.setdefault(key, Row(key, " ".join(name.split())))
                row.scores.append(score)
                row.won += rank == 1
    ordered = sorted(rows.values(), key=lambda r: (-r.average, -r.games, r.key))
    for place, row in enumerate(ordered):
        before = ordered[place - 1] if place else None
        same = before is not None and (before.average, before.games) == (row.average, row.games)
        row.rank = before.rank if same and before is not None else place + 1
    return ordered


def finish_of(summary: dict) -> Finish | None:
    """A finished game's standings from its stored summary (history.summarize), or None if it is not finished
    (or could not be played through): a game in progress counts nothing."""
    if not summary.get("finished") or summary.get("invalid"):
        return None
    sides: list[list[str]] = [[] for _ in summary["sides"]]
    for seat, side in enumerate(summary["seat_side"]):
        sides[side].append(summary["players"][seat])
    return Finish(tuple(tuple(members) for members in sides), tuple(summary["ranks"]))
