"""The standings, RULES.md "Standings": by total best first, equal totals share a rank (1, 2, 2, 4); a game whose end
names its winners some other way puts them first (a major renege, players out one after another). Each
registered game's examples are in its sample module (STANDINGS)."""

import pytest

from scorekeeper import registry
from tests import pick
from tests.samples import sample

from .helpers import play

P4 = ["Anne", "Bruno", "Claire", "David"]
STANDINGS = [  # game, players, rounds, options, standings as (rank, side, total)
    pytest.param(bundle.id, players, rounds, options, expected, id=f"{bundle.id}: {label}")
    for bundle in registry.GAMES
    for players, rounds, options, expected, label in sample(bundle.id).STANDINGS
]


def test_every_game_gives_standings_examples():
    assert all(sample(bundle.id).STANDINGS for bundle in registry.GAMES)


@pytest.mark.parametrize("rules_id, players, played, options, expected", STANDINGS)
def test_standings(rules_id, players, played, options, expected):
    result = play(rules_id, players, played, **options)
    assert [(s.rank, result.sides[s.side], s.total) for s in result.standings] == expected


@pytest.mark.parametrize("rules_id, players, played, options, expected", STANDINGS)
def test_the_winners_are_ranked_first_and_lead_the_board(rules_id, players, played, options, expected):
    result = play(rules_id, players, played, **options)
    first = [result.sides.index(name) for rank, name, _ in expected if rank == 1]
    assert result.leaders() == first
    if result.finished:
        assert sorted(result.winners) == sorted(first)


def test_before_any_round_everyone_shares_first_place_and_nobody_leads():
    result = play(pick.game(pick.players(4)), P4)
    assert [s.rank for s in result.standings] == [1] * len(result.sides) and len(result.sides) > 1
    assert result.leaders() == []
