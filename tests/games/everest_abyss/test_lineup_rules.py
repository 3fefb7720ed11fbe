"""RULES.md section 8 in Everest & Abyss: a newcomer's tokens, a sit-out keeping its tokens, adjustments that
move tokens, a player out, a leave ending the game (moved from tests/rules/test_lineup.py)."""

import pytest

from tests.rules.helpers import changed as play
from tests.rules.helpers import refused

N = None


def ea(staked, winner, folded=None):
    """An Everest & Abyss round on EVEREST with the winner given; null stakes for who did not play."""
    folded = folded or [N if s is None else (s == 0) for s in staked]
    return {"cote": "everest", "staked": staked, "folded": folded, "winner": winner}


def test_a_newcomer_brings_a_full_set_of_tokens():
    result = play("everest-abyss", ["A", "B", "C"], [ea([1, 1, N], 0)], [{"before": 2, "join": 2}])
    assert result.totals == [27, 25, 26]
    assert result.upcoming.extra["held"] == [27, 25, 26]
    assert (
        "no start"
        in refused("everest-abyss", ["A", "B", "C"], [ea([1, 1, N], 0)], [{"before": 2, "join": 2, "start": 26}]).text()
    )


def test_a_sit_out_keeps_its_tokens_and_the_game_goes_on():
    result = play("everest-abyss", ["A", "B", "C"], [ea([2, 2, N], 0)], [{"before": 1, "sit_out": [2]}], tokens=2)
    assert result.totals == [4, 0, 2] and not result.finished
    assert result.upcoming.players == [0, 1, 2] and result.upcoming.extra["out"] == [1]


@pytest.mark.parametrize(
    "points, message",
    [
        ([3, -3, 0], None),
        ([25, -25, 0], None),  # B is emptied: out, the game goes on between A and C
        ([3, -2, 0], "add up to 0"),
        ([27, -27, 0], "below 0 tokens"),
    ],
)
def test_an_everest_adjustment_moves_tokens(points, message):
    change = [{"before": 2, "adjust": points, "reason": "x"}]
    if message:
        assert message in refused("everest-abyss", ["A", "B", "C"], [ea([1, 1, 1], 0)], change).text()
        return
    result = play("everest-abyss", ["A", "B", "C"], [ea([1, 1, 1], 0)], change)
    assert sum(result.totals) == 78 and not result.finished
    assert result.upcoming.extra["out"] == ([1] if points[0] == 25 else [])


def test_no_tokens_go_to_a_player_out():
    rounds = [ea([2, 2, 1], 0)]  # A takes 5, B is out, C holds 1
    assert play("everest-abyss", ["A", "B", "C"], rounds, [], tokens=2).totals == [5, 0, 1]
    change = [{"before": 2, "adjust": [-1, 1, 0], "reason": "x"}]
    problem = refused("everest-abyss", ["A", "B", "C"], rounds, change, tokens=2)
    assert "out of the game" in problem.text() and problem.seat == 1
    emptied = play(
        "everest-abyss", ["A", "B", "C"], rounds, [{"before": 2, "adjust": [1, 0, -1], "reason": "x"}], tokens=2
    )
    assert emptied.finished and emptied.winners == [0]


def test_a_leave_that_leaves_one_player_ends_everest_and_the_leaver_ranks_as_out():
    result = play("everest-abyss", ["A", "B"], [ea([1, 1], 0)], [{"before": 2, "leave": 1}])
    assert result.finished and result.winners == [0]
    three = play("everest-abyss", ["A", "B", "C"], [ea([1, 1, 1], 0)], [{"before": 2, "leave": 0}])
    assert [s.side for s in three.standings] == [1, 2, 0]  # A held most, but left
