"""RULES.md section 8 in ALL or NOTHING: a hand dealt to those left, a sit-out scoring the hand's highest, a
latecomer's start, an adjustment to zero ending the game (moved from tests/rules/test_lineup.py)."""

import pytest

from tests.rules.helpers import changed as play
from tests.rules.helpers import refused

N = None
FIVE = ["Anne", "Ben", "Cleo", "Dan", "Eve"]


def aon(tricks):
    """An ALL or NOTHING hand where everyone bid NOTHING."""
    return {"bids": [N if t is None else "nothing" for t in tricks], "tricks": tricks}


FIVE_AON = [aon([2, 2, 2, 1, 1])] * 5  # 8 cards each: everyone failed NOTHING


def test_the_example_a_hand_deals_ten_cards_to_the_four_left():
    result = play("all-or-nothing", FIVE, FIVE_AON, [{"before": 6, "leave": 3}])
    assert result.upcoming.cards == 10 and result.upcoming.players == [0, 1, 2, 4]
    done = play("all-or-nothing", FIVE, [*FIVE_AON, aon([3, 3, 3, N, 1])], [{"before": 6, "leave": 3}])
    assert done.rounds[-1].scores == [30, 30, 30, N, 10]


def test_a_sit_out_scores_the_hand_s_highest_where_the_lowest_wins():
    result = play("all-or-nothing", FIVE, [aon([0, 3, 5, N, 2])], [{"before": 1, "sit_out": [3]}])
    assert result.rounds[0].scores == [-20, 30, 50, 50, 20]


@pytest.mark.parametrize(
    "start, total, message",
    [({}, 300, None), ({"start": 1}, 1, None), ({"start": 9999}, 9999, None), ({"start": 0}, N, "from 1 to 9999")],
)
def test_a_latecomer_starts_at_the_highest_total_or_from_1(start, total, message):
    four = [aon([4, 4, 2, N])] * 5
    changes = [{"before": 6, "join": 3, **start}]
    if message:
        assert message in refused("all-or-nothing", ["A", "B", "C", "D"], four, changes).text()
    else:
        assert play("all-or-nothing", ["A", "B", "C", "D"], four, changes).totals == [300, 300, 200, total]


@pytest.mark.parametrize("points, finished", [(-149, False), (-150, True)])
def test_an_adjustment_to_zero_ends_all_or_nothing(points, finished):
    result = play("all-or-nothing", FIVE, FIVE_AON, [{"before": 6, "adjust": [0, 0, 0, points, 0], "reason": "x"}])
    assert result.finished is finished and result.winners == ([3] if finished else [])
