"""RULES.md section 7, a season: every match score of the season's finished games averaged, players with fewer games
than the club's minimum listed below the ranked ones as "not yet ranked", as a table of seasons."""

from __future__ import annotations

import pytest

from scorekeeper.leaderboard import Finish, season


def duel(winner: str, loser: str, shared: bool = False) -> Finish:
    """A finished game of two: `winner` first (or both sharing first)."""
    return Finish(((winner,), (loser,)), (1, 1 if shared else 2))


# each season: its finished games, its minimum, the ranked rows (rank, name, games, won, average) and the rows not yet
# ranked (name, games, won, average), each in the order shown
SEASONS = {
    "exactly the minimum is ranked, one game fewer is not": (
        [duel("Anne", "Ben"), duel("Anne", "Cleo"), duel("Ben", "Anne"), duel("Ben", "Cleo")],
        3,
        [(1, "Anne", 3, 2, "66.7"), (1, "Ben", 3, 2, "66.7")],  # a tie
        [("Cleo", 2, 0, "0.0")],
    ),
    "a better average below the minimum takes no rank from those above it": (
        [duel("Eve", "Anne"), duel("Eve", "Ben"), duel("Anne", "Ben"), duel("Anne", "Ben"), duel("Ben", "Anne")],
        3,
        [(1, "Anne", 4, 2, "50.0"), (2, "Ben", 4, 1, "25.0")],
        [("Eve", 2, 2, "100.0")],
    ),
    "equal averages and games share a rank among the ranked": (
        [duel("Anne", "Ben", shared=True), duel("Cleo", "Dan"), duel("Dan", "Cleo"), duel("Anne", "Ben", shared=True)],
        2,
        [(1, "Anne", 2, 2, "50.0"), (1, "Ben", 2, 2, "50.0"), (1, "Cleo", 2, 1, "50.0"), (1, "Dan", 2, 1, "50.0")],
        [],
    ),
    "equal averages: more games first, and the one with fewer may be below the minimum": (
        [duel("Anne", "Ben"), duel("Anne", "Cleo"), duel("Dan", "Ben")],
        2,
        [(1, "Anne", 2, 2, "100.0"), (2, "Ben", 2, 0, "0.0")],
        [("Dan", 1, 1, "100.0"), ("Cleo", 1, 0, "0.0")],
    ),
    "a minimum of 1 ranks everyone who finished a game": (
        [duel("Anne", "Ben")],
        1,
        [(1, "Anne", 1, 1, "100.0"), (2, "Ben", 1, 0, "0.0")],
        [],
    ),
    "nobody at the minimum yet: everyone below": (
        [duel("Anne", "Ben"), duel("  anne ", "Cleo")],
        3,
        [],
        [("Anne", 2, 2, "100.0"), ("Ben", 1, 0, "0.0"), ("Cleo", 1, 0, "0.0")],
    ),
    "one name across the nights, trimmed and without regard to case, counts towards one minimum": (
        [duel("Anne", "Ben"), duel("ANNE", "Ben"), duel("anne  ", "Cleo")],
        3,
        [(1, "Anne", 3, 3, "100.0")],
        [("Ben", 2, 0, "0.0"), ("Cleo", 1, 0, "0.0")],
    ),
    "no finished game": ([], 3, [], []),
}


@pytest.mark.parametrize("finishes, minimum, ranked, below", SEASONS.values(), ids=SEASONS.keys())
def test_the_season_ranks_from_its_minimum_and_lists_the_others_below(finishes, minimum, ranked, below):
    shown, under = season(finishes, minimum)
    assert [(r.rank, r.name, r.games, r.won, str(r.shown)) for r in shown] == ranked
    assert [(r.name, r.games, r.won, str(r.shown)) for r in under] == below
    assert all(r.rank == 0 for r in under)  # no rank shown for them
