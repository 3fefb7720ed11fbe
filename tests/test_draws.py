"""RULES.md section 7's seating draws, as a table of evenings: the tables' sizes, everyone seated once, no pair of
players meeting twice where a draw without one exists, the same draw from the same seed."""

from __future__ import annotations

import itertools
import random

import pytest

from scorekeeper import rules
from scorekeeper.draws import Game, Table, draw, plan
from scorekeeper.rules import Invalid

GAMES = {r.id: Game(r.id, r.min_players, r.max_players) for r in rules.all_rules()}


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
    "RULES.md's example: 14 of Tout ou rien, 5 5 4": (14, ["tout-ou-rien"], 1, [5, 5, 4], True),
    "the issue's: 16 of All Fours twice into four tables of 4": (16, ["all-fours"], 2, [4, 4, 4, 4], True),
    "16 of All Fours three times": (16, ["all-fours"], 3, [4, 4, 4, 4], True),
    "9 of All Fours four times in threes (every pair once)": (9, ["all-fours"], 4, [3, 3, 3], True),
    "the fewest: 3 of Inferno": (3, ["inferno"], 1, [3], True),
    "one more than a table: 7 of Tout ou rien, 4 3": (7, ["tout-ou-rien"], 1, [4, 3], True),
    "2 of Everest & Abyss": (2, ["everest-abyss"], 1, [2], True),
    "17 of Everest & Abyss, 6 6 5 (tables too big for new faces only)": (17, ["everest-abyss"], 2, [6, 6, 5], False),
    "a mix: 20 of All Fours and Inferno": (20, ["all-fours", "inferno"], 2, [4, 4, 4, 4, 4], True),
    "a venue: 300 of All Fours, four draws": (300, ["all-fours"], 4, [4] * 75, True),
    "a venue: 301 of Inferno": (301, ["inferno"], 2, [7] * 43, True),
    "more draws than pairs allow: 5 of Inferno": (5, ["inferno"], 3, [5], False),
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
    first = evening(16, ["all-fours"], 2, seed=3)
    assert evening(16, ["all-fours"], 2, seed=3) == first
    assert evening(16, ["all-fours"], 2, seed=4) != first


def test_seats_and_dealers_are_drawn_at_random():
    dealers = {t.dealer for seed in range(20) for t in evening(8, ["inferno"], 1, seed)[0]}
    firsts = {t.seats[0] for seed in range(20) for t in evening(8, ["inferno"], 1, seed)[0]}
    assert len(dealers) > 2 and len(firsts) > 2


def test_a_later_draw_spreads_the_games_not_yet_played():
    played = [(name, "all-fours") for name in names(8)[:4]] + [(name, "inferno") for name in names(8)[4:]]
    for seed in range(5):
        tables = draw(names(8), [GAMES["all-fours"], GAMES["inferno"]], seed, played=played)
        assert all((name, t.game) not in played for t in tables for name in t.seats)


def test_names_are_one_player_whatever_their_case_and_spacing():
    tables = draw(names(8), [GAMES["all-fours"]], 1, met=[["player 1", " PLAYER  2 "]])
    assert not any({"Player 1", "Player 2"} <= set(t.seats) for t in tables)


@pytest.mark.parametrize(
    ("count", "games", "needed"),
    [(2, ["inferno"], 3), (1, ["all-fours"], 2), (0, ["tout-ou-rien"], 3), (2, ["inferno", "tout-ou-rien"], 3)],
)
def test_too_few_players_for_a_table_says_how_many_are_needed(count, games, needed):
    with pytest.raises(Invalid) as refused:
        plan(count, [GAMES[g] for g in games], random.Random(0))
    assert refused.value.problems[0].params == {"n": count, "needed": needed}


def test_players_no_tables_add_up_to_are_refused():
    with pytest.raises(Invalid) as refused:
        plan(5, [Game("x", 3, 4)], random.Random(0))
    assert "cannot all be seated" in refused.value.problems[0].message
