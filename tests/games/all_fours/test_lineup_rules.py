"""RULES.md section 8 in All Fours: its sides are kept, a seat is handed over, one side is adjusted (moved from
tests/rules/test_lineup.py)."""

import pytest

from tests.rules.helpers import changed as play
from tests.rules.helpers import refused


def af(high, low=None):
    """An All Fours hand: a 2 turned up, High and Low to the sides given, no Jack, no Game point."""
    return {"turn_ups": ["2"], "high": high, "low": high if low is None else low, "jack": None, "game_points": [0, 0]}


@pytest.mark.parametrize("change", [{"join": 3}, {"leave": 0}, {"sit_out": [0]}])
def test_all_fours_keeps_its_sides(change):
    problem = refused("all-fours", ["A", "B", "C", "D"], [af(0)], [{"before": 2, **change}])
    assert "keeps its sides" in problem.text() and problem.round == 2


def test_all_fours_hands_a_seat_over_and_adjusts_one_side():
    changes = [{"before": 2, "seat": 2, "to": "Marc"}, {"before": 2, "adjust": [0, 3], "reason": "x"}]
    result = play("all-fours", ["Anne", "Ben", "Sylvie", "Dan"], [af(0)], changes)
    assert result.sides == ["Anne & Marc", "Ben & Dan"] and result.totals == [2, 3]
    two = [{"before": 2, "adjust": [1, 1], "reason": "x"}]
    assert "one side" in refused("all-fours", ["A", "B", "C", "D"], [af(0)], two).text()
    won = play("all-fours", ["A", "B", "C", "D"], [af(0)], [{"before": 2, "adjust": [5, 0], "reason": "x"}])
    assert won.finished and won.winners == [0]
