"""A club night's scoring (RULES.md section 7): each finished game gives each player a match score, the share of
the opponents at that table they beat; the leaderboard ranks players by the average of their match scores.

Pure Python, like the rules: the games come in as their standings (sides, ranks, who sat in each side) and
the leaderboard goes out. Exact fractions throughout, so "equal averages" means equal, not equal once rounded.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .rules.unseen import player_key


@dataclass(frozen=True)
class Finish:
    """One finished game: each side's members (a solo side has one) and each side's rank (1 is first)."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


@dataclass
class Row:
    """One player of the leaderboard: finished games played and won, and the mean of their match scores."""

    key: str
    name: str
    games: int = 0
    won: int = 0
    units: int = 0  # the sum of the match scores, in units of 1/scale (leaderboard()): whole numbers, exact
    average: Fraction = Fraction(0)  # 0 to 100, set once every game is counted
    shown: Decimal = Decimal("0.0")  # the average as the leaderboard shows it: one decimal, halves rounded up
    rank: int = 0


def one_decimal(value: Fraction) -> Decimal:
    """A score with one decimal, halves rounded up (16.65 -> 16.7), from its exact value."""
    return Decimal(math.floor(value * 10 + Fraction(1, 2))).scaleb(-1)  # exact, where float rounding is not


def match_scores(finish: Finish) -> list[Fraction]:
    """Each side's match score: (opponents ranked below + half of those sharing its rank) / opponents x 100."""
    opponents = len(finish.ranks) - 1
    if opponents < 1:
        return [Fraction(0)] * len(finish.ranks)
    return [Fraction(2 * below + shared, 2 * opponents) * 100 for below, shared in _below_and_shared(finish.ranks)]


def _below_and_shared(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each side's opponents ranked below it, and those sharing its rank."""
    return [(sum(1 for r in ranks if r > mine), sum(1 for r in ranks if r == mine) - 1) for mine in ranks]


def leaderboard(finishes: Iterable[Finish]) -> list[Row]:
    """Every player of the finished games, best average first; equal averages: more games first, then a shared
    rank (players sharing one are listed by name). Games won are those ranked first, shared or not.

    A match score is 100 x (2 x below + shared) / (2 x opponents): counted in units of 1/scale, where scale is a
    multiple of every game's 2 x opponents, every score is a whole number (a venue's 300 tables add up in
    integers, where fractions took a tenth of a second)."""
    finishes = [f for f in finishes if len(f.ranks) > 1]
    scale = math.lcm(1, *(2 * (len(f.ranks) - 1) for f in finishes))
    rows: dict[str, Row] = {}
    keys: dict[str, str] = {}  # each spelling's key worked out once: a season's 3,000 seats are its 100 players
    for finish in finishes:
        per = 100 * scale // (2 * (len(finish.ranks) - 1))
        for members, rank, (below, shared) in zip(
            finish.sides, finish.ranks, _below_and_shared(finish.ranks), strict=True
        ):
            for name in members:
                key = keys.get(name)
                if key is None:
                    key = keys[name] = player_key(name)
                if not key:
                    continue
                row = rows.setdefault(key, Row(key, " ".join(name.split())))
                row.games += 1
                row.units += per * (2 * below + shared)
                row.won += rank == 1
    for row in rows.values():
        row.average = Fraction(row.units, row.games * scale)
        # floor(average x 10 + 1/2), in integers: halves rounded up
        row.shown = Decimal((20 * row.units + row.games * scale) // (2 * row.games * scale)).scaleb(-1)
    return ranked(sorted(rows.values(), key=lambda r: (-r.average, -r.games, r.key)))


def ranked(ordered: list[Row]) -> list[Row]:
    """The rows (best first) each given its rank: equal averages and games share one."""
    for place, row in enumerate(ordered):
        before = ordered[place - 1] if place else None
        same = before is not None and (before.average, before.games) == (row.average, row.games)
        row.rank = before.rank if same and before is not None else place + 1
    return ordered


def season(finishes: Iterable[Finish], minimum: int) -> tuple[list[Row], list[Row]]:
    """A season's table: the players with at least `minimum` finished games, ranked as the leaderboard ranks them
    (among themselves), and those with fewer, "not yet ranked", in the same order with no rank."""
    board = leaderboard(finishes)
    below = [row for row in board if row.games < minimum]
    for row in below:
        row.rank = 0
    return ranked([row for row in board if row.games >= minimum]), below


def finish_of(summary: dict) -> Finish | None:
    """A finished game's standings from its stored summary (summaries.summarize), or None if it is not finished
    (or could not be played through): a game in progress counts nothing."""
    if not summary.get("finished") or summary.get("invalid"):
        return None
    sides: list[list[str]] = [[] for _ in summary["sides"]]
    for seat, side in enumerate(summary["seat_side"]):
        sides[side].append(summary["players"][seat])
    return Finish(tuple(tuple(members) for members in sides), tuple(summary["ranks"]))
