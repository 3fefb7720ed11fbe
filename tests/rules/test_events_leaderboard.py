"""RULES.md section 7, a club night: match scores and the leaderboard, as a table of evenings."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from scorekeeper.leaderboard import Finish, finish_of, leaderboard, match_scores, one_decimal


def table(*placed: tuple) -> Finish:
    """A finished game from (members, rank) pairs: a name alone is a solo side, a tuple of names a team."""
    sides = tuple((m,) if isinstance(m, str) else tuple(m) for m, _rank in placed)
    return Finish(sides, tuple(rank for _m, rank in placed))


# each evening: its finished tables, and the leaderboard as shown, in order: (rank, name, games, won, average);
# players sharing a rank are listed by name
EVENINGS = {
    "RULES.md section 7's example": (
        [
            table(("Anne", 1), ("Ben", 2), ("Cleo", 3), ("Dan", 3)),
            table(("Anne", 2), ("Eve", 1), ("Fay", 3)),
        ],
        [
            (1, "Eve", 1, 1, "100.0"),
            (2, "Anne", 2, 1, "75.0"),
            (3, "Ben", 1, 0, "66.7"),
            (4, "Cleo", 1, 0, "16.7"),
            (4, "Dan", 1, 0, "16.7"),
            (6, "Fay", 1, 0, "0.0"),
        ],
    ),
    "one name across tables, trimmed and without regard to case": (
        [table(("Anne", 1), ("Ben", 2)), table(("  anne ", 2), ("BEN", 1))],
        [(1, "Anne", 2, 1, "50.0"), (1, "Ben", 2, 1, "50.0")],
    ),
    "equal averages: more games played first": (
        [table(("Anne", 1), ("Ben", 2)), table(("Anne", 1), ("Cleo", 2)), table(("Dan", 1), ("Eve", 2))],
        [
            (1, "Anne", 2, 2, "100.0"),
            (2, "Dan", 1, 1, "100.0"),
            (3, "Ben", 1, 0, "0.0"),
            (3, "Cleo", 1, 0, "0.0"),
            (3, "Eve", 1, 0, "0.0"),
        ],
    ),
    "everyone sharing first: all won, all 50": (
        [table(("Anne", 1), ("Ben", 1), ("Cleo", 1))],
        [(1, "Anne", 1, 1, "50.0"), (1, "Ben", 1, 1, "50.0"), (1, "Cleo", 1, 1, "50.0")],
    ),
    "a game in teams: each member gets the side's score": (
        [table((("Anne", "Cleo"), 1), (("Ben", "Dan"), 2)), table(("Anne", 2), ("Ben", 1), ("Eve", 3))],
        [
            (1, "Cleo", 1, 1, "100.0"),
            (2, "Anne", 2, 1, "75.0"),
            (3, "Ben", 2, 1, "50.0"),
            (4, "Dan", 1, 0, "0.0"),
            (4, "Eve", 1, 0, "0.0"),
        ],
    ),
    "a third of the opponents beaten, rounded to one decimal": (
        [table(("Anne", 3), ("Ben", 1), ("Cleo", 2), ("Dan", 4))],
        [(1, "Ben", 1, 1, "100.0"), (2, "Cleo", 1, 0, "66.7"), (3, "Anne", 1, 0, "33.3"), (4, "Dan", 1, 0, "0.0")],
    ),
    "no finished game: an empty leaderboard": ([], []),
    "a one-side game has no opponent: it counts nothing": (
        [table(("Anne", 1)), table(("Ben", 1), ("Cleo", 2))],
        [(1, "Ben", 1, 1, "100.0"), (2, "Cleo", 1, 0, "0.0")],
    ),
    "a name that shows nothing counts for nobody; the rest of its side counts": (
        [Finish((("", "Anne"), ("Ben",)), (1, 2))],
        [(1, "Anne", 1, 1, "100.0"), (2, "Ben", 1, 0, "0.0")],
    ),
    "spaces inside a name: one player, shown with one space": (
        [table(("Anne  Marie", 1), ("Ben", 2)), table(("anne marie", 2), ("Ben", 1))],
        [(1, "Anne Marie", 2, 1, "50.0"), (1, "Ben", 2, 1, "50.0")],
    ),
    "sharing a rank, a space sorts first: Jo Ann before Joann": (
        [table(("Joann", 1), ("Jo Ann", 1))],
        [(1, "Jo Ann", 1, 1, "50.0"), (1, "Joann", 1, 1, "50.0")],
    ),
}


def shown(rows) -> list[tuple]:
    """The leaderboard as a player reads it."""
    return [(r.rank, r.name, r.games, r.won, str(r.shown)) for r in rows]


@pytest.mark.parametrize("finishes, board", EVENINGS.values(), ids=EVENINGS.keys())
def test_the_leaderboard_of_an_evening(finishes, board):
    assert shown(leaderboard(finishes)) == board


TIED = [table(("Anne", 1), ("Ben", 2)), table(("Cleo", 1), ("Dan", 2)), table(("Eve", 2), ("Fay", 1))]


@pytest.mark.parametrize("tables", list(permutations(TIED)), ids=lambda tables: "-".join(t.sides[0][0] for t in tables))
@pytest.mark.parametrize("seated", [False, True], ids=["as-seated", "reversed"])
def test_players_sharing_a_rank_are_listed_by_name_whatever_order_the_games_came_in(tables, seated):
    """RULES.md section 7: equal averages and games share a rank; the board lists them by name, not by
    which table finished first or where they sat."""
    if seated:
        tables = [Finish(t.sides[::-1], t.ranks[::-1]) for t in tables]
    assert shown(leaderboard(tables)) == [
        (1, "Anne", 1, 1, "100.0"),
        (1, "Cleo", 1, 1, "100.0"),
        (1, "Fay", 1, 1, "100.0"),
        (4, "Ben", 1, 0, "0.0"),
        (4, "Dan", 1, 0, "0.0"),
        (4, "Eve", 1, 0, "0.0"),
    ]


@pytest.mark.parametrize(
    "ranks, scores",
    [
        ((1, 2, 3, 3), [100, Fraction(200, 3), Fraction(50, 3), Fraction(50, 3)]),
        ((2, 1, 3), [50, 100, 0]),
        ((1, 1), [50, 50]),
        ((1, 2), [100, 0]),
        ((2, 2, 1, 4, 4), [Fraction(125, 2), Fraction(125, 2), 100, Fraction(25, 2), Fraction(25, 2)]),
        ((1,), [0]),  # a side alone beat nobody (and nobody is divided by)
    ],
)
def test_a_match_score_is_the_share_of_opponents_beaten(ranks, scores):
    assert match_scores(Finish(tuple((f"p{k}",) for k in range(len(ranks))), ranks)) == scores


@pytest.mark.parametrize(
    "value, text", [(Fraction(50, 3), "16.7"), (Fraction(333, 20), "16.7"), (Fraction(1, 20), "0.1"), (100, "100.0")]
)
def test_one_decimal_rounds_halves_up_from_the_exact_value(value, text):
    assert str(one_decimal(Fraction(value))) == text


def test_a_game_not_finished_counts_nothing():
    summary = {"players": ["A", "B"], "sides": ["A", "B"], "seat_side": [0, 1], "ranks": [1, 2], "finished": False}
    assert finish_of(summary) is None
    assert finish_of({**summary, "finished": True}) == Finish((("A",), ("B",)), (1, 2))


def test_a_finished_game_that_can_no_longer_be_played_through_counts_nothing():
    summary = {"players": ["A", "B"], "sides": ["A", "B"], "seat_side": [0, 1], "ranks": [1, 2], "finished": True}
    assert finish_of({**summary, "invalid": True}) is None
    assert finish_of({**summary, "invalid": False}) == Finish((("A",), ("B",)), (1, 2))


def test_a_team_summary_groups_the_seats_of_each_side():
    summary = {
        "players": ["Anne", "Ben", "Cleo", "Dan"],
        "sides": ["Anne & Cleo", "Ben & Dan"],
        "seat_side": [0, 1, 0, 1],
        "ranks": [2, 1],
        "finished": True,
    }
    assert finish_of(summary) == Finish((("Anne", "Cleo"), ("Ben", "Dan")), (2, 1))
