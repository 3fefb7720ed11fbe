"""RULES.md section 7's seating draws, as a table of evenings: the tables' sizes, everyone seated once, no pair of
players meeting twice where a draw without one exists, the same draw from the same seed."""

from __future__ import annotations

import itertools
import random

import pytest

from scorekeeper.draws import Game, Table, draw, plan
from scorekeeper.rules import Invalid

# A draw knows of a game its id and the players a table of it takes, nothing else: games made up for their ranges,
# the ranges a club night meets (a game for 3 to 6 players, say), so no registered game's range is assumed.
GAMES = {g.id: g for g in (Game("3-6", 3, 6), Game("2-4", 2, 4), Game("3-7", 3, 7), Game("2-8", 2, 8))}


def names(count: int) -> list[str]:
    """`count` players' names."""
    return [f"Player {i + 1}" for i in range(count)]


def evening(count: int, games: list[str], draws: int, seed: int = 7) -> list[list[Table]]:
    """`draws` draws of one evening of `count` players, each knowing the tables and games drawn before it."""
    met: list[list[str]] = []
    played: list[tuple[str, str]] = []
    rounds = []
    for number in range(draws):
        tables = draw(names(count), [GAMES[g] for g in games], seed * 1000 + number, met, played)
        rounds.append(tables)
        met += [list(t.seats) for t in tables]
        played += [(name, t.game) for t in tables for name in t.seats]
    return rounds


def repeated_pairs(rounds: list[list[Table]]) -> int:
    """The pairs of players seated together again after a first time, over the evening."""
    seen: set[frozenset[str]] = set()
    repeated = 0
    for tables in rounds:
        here = {frozenset(pair) for t in tables for pair in itertools.combinations(t.seats, 2)}
        repeated += len(here & seen)
        seen |= here
    return repeated


# players, games, draws, the tables' sizes (each draw), whether no pair need ever meet twice
EVENINGS = {
    "RULES.md's example: 14 of a game for 3 to 6, 5 5 4": (14, ["3-6"], 1, [5, 5, 4], True),
    "the issue's: 16 of a game for 2 to 4 twice into four tables of 4": (16, ["2-4"], 2, [4, 4, 4, 4], True),
    "16 of a game for 2 to 4 three times": (16, ["2-4"], 3, [4, 4, 4, 4], True),
    "9 of a game for 2 to 4 four times in threes (every pair once)": (9, ["2-4"], 4, [3, 3, 3], True),
    "the fewest: 3 of a game for 3 to 7": (3, ["3-7"], 1, [3], True),
    "one more than a table: 7 of a game for 3 to 6, 4 3": (7, ["3-6"], 1, [4, 3], True),
    "2 of a game for 2 to 8": (2, ["2-8"], 1, [2], True),
    "17 of a game for 2 to 8, 6 6 5 (tables too big for new faces only)": (17, ["2-8"], 2, [6, 6, 5], False),
    "a mix: 20 of games for 2 to 4 and 3 to 7": (20, ["2-4", "3-7"], 2, [4, 4, 4, 4, 4], True),
    "a venue: 300 of a game for 2 to 4, four draws": (300, ["2-4"], 4, [4] * 75, True),
    "a venue: 301 of a game for 3 to 7": (301, ["3-7"], 2, [7] * 43, True),
    "more draws than pairs allow: 5 of a game for 3 to 7": (5, ["3-7"], 3, [5], False),
}


@pytest.mark.parametrize(("count", "games", "draws", "sizes", "fresh"), EVENINGS.values(), ids=EVENINGS.keys())
def test_an_evening_of_draws(count, games, draws, sizes, fresh):
    rounds = evening(count, games, draws)
    for tables in rounds:
        assert sorted((len(t.seats) for t in tables), reverse=True) == sizes
        assert max(sizes) - min(sizes) <= 1
        for t in tables:
            assert GAMES[t.game].min_players <= len(t.seats) <= GAMES[t.game].max_players
            assert 0 <= t.dealer < len(t.seats)
        seated = [name for t in tables for name in t.seats]
        assert sorted(seated) == sorted(names(count))  # everyone once
    if fresh:
        assert repeated_pairs(rounds) == 0


def test_the_same_seed_draws_the_same_tables_and_another_seed_others():
    first = evening(16, ["2-4"], 2, seed=3)
    assert evening(16, ["2-4"], 2, seed=3) == first
    assert evening(16, ["2-4"], 2, seed=4) != first


def test_seats_and_dealers_are_drawn_at_random():
    dealers = {t.dealer for seed in range(20) for t in evening(8, ["3-7"], 1, seed)[0]}
    firsts = {t.seats[0] for seed in range(20) for t in evening(8, ["3-7"], 1, seed)[0]}
    assert len(dealers) > 2 and len(firsts) > 2


def test_a_later_draw_spreads_the_games_not_yet_played():
    played = [(name, "2-4") for name in names(8)[:4]] + [(name, "3-7") for name in names(8)[4:]]
    for seed in range(5):
        tables = draw(names(8), [GAMES["2-4"], GAMES["3-7"]], seed, played=played)
        assert all((name, t.game) not in played for t in tables for name in t.seats)


def test_names_are_one_player_whatever_their_case_and_spacing():
    tables = draw(names(8), [GAMES["2-4"]], 1, met=[["player 1", " PLAYER  2 "]])
    assert not any({"Player 1", "Player 2"} <= set(t.seats) for t in tables)


@pytest.mark.parametrize(
    ("count", "games", "needed"),
    [(2, ["3-7"], 3), (1, ["2-4"], 2), (0, ["3-6"], 3), (2, ["3-7", "3-6"], 3)],
)
def test_too_few_players_for_a_table_says_how_many_are_needed(count, games, needed):
    with pytest.raises(Invalid) as refused:
        plan(count, [GAMES[g] for g in games], random.Random(0))
    assert refused.value.problems[0].params == {"n": count, "needed": needed}


def test_players_no_tables_add_up_to_are_refused():
    with pytest.raises(Invalid) as refused:
        plan(5, [Game("x", 3, 4)], random.Random(0))
    assert "cannot all be seated" in refused.value.problems[0].message
