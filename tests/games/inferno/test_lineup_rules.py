"""RULES.md section 8 in Inferno: a sit-out scoring the round's highest, a leaver ending a tie-break, the
table of three at least (moved from tests/rules/test_lineup.py)."""

import pytest

from tests.rules.helpers import changed as play
from tests.rules.helpers import refused

N = None
FOUR = ["Anne", "Ben", "Cleo", "Dan"]
Z = [0, 0, 0, 0, 0]


def inf(other):
    """An Inferno round where no red card was collected, only `other` cards."""
    return {"red": [N if o is None else Z for o in other], "other": other}


def test_the_example_a_sit_out_scores_the_round_s_highest():
    result = play("inferno", FOUR, [inf([1, 1, 1, 1]), inf([7, N, 12, 3])], [{"before": 2, "sit_out": [1]}])
    assert result.rounds[1].scores == [7, 12, 12, 3]


def test_a_leaver_ends_an_inferno_tie_break_among_those_still_playing():
    tied = [inf([1, 1, 5, 5])] * 3
    tied_game = play("inferno", ["A", "B", "C", "D"], tied, [{"before": 2, "seat": 3, "to": "E"}], rounds=3)
    assert not tied_game.finished  # A and B tie for lowest: one more round
    result = play("inferno", ["A", "B", "C", "D"], tied, [{"before": 4, "leave": 1}], rounds=3)
    assert result.finished and result.winners == [0]
    assert [s.side for s in result.standings] == [0, 2, 3, 1]


@pytest.mark.parametrize("players, ok", [(["A", "B", "C"], False), (["A", "B", "C", "D"], True)])
def test_inferno_is_played_by_three_at_least(players, ok):
    rounds = [inf([1] * len(players))]
    changes = [{"before": 2, "sit_out": [0]}]
    if ok:
        assert play("inferno", players, rounds, changes).upcoming.players == list(range(1, len(players)))
    else:
        assert "3 to 7" in refused("inferno", players, rounds, changes).text()
