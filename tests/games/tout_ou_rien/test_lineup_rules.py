"""RULES.md section 8 in Tout ou rien, the section's own example: who plays a round, latecomers, sit-outs,
leavers, hand-overs, adjustments and stops, and everything the section refuses, each naming the player and the
round (moved from tests/rules/test_lineup.py, where every game's were)."""

import pytest

from tests.rules.helpers import changed as play
from tests.rules.helpers import refused

from .lineup import FIVE, FOUR, FOUR_3, TOR_3, N, tor


def test_the_example_latecomer_starts_at_the_lowest_total_and_sits_after_ben():
    result = play("tout-ou-rien", FIVE, TOR_3, [{"before": 4, "join": 4, "after": 1}])
    assert result.totals == [21, 14, 9, 17, 9]
    assert result.upcoming.players == [0, 1, 4, 2, 3]  # Anne, Ben, Eve, Cleo, Dan, clockwise
    assert result.upcoming.dealer == 3 and result.upcoming.order == [0, 1, 4, 2, 3]
    assert result.upcoming.cards == 3  # hand sizes do not change with the number of players
    assert [r.totals[4] for r in result.rounds] == [None, None, None]


@pytest.mark.parametrize(
    "join, start, order",
    [
        ({}, 9, [4, 0, 1, 2, 3]),  # after the last seat: Eve sits between Dan (who deals) and Anne
        ({"start": 0}, 0, [4, 0, 1, 2, 3]),
        ({"start": -9999, "after": 2}, -9999, [3, 0, 1, 2, 4]),  # Cleo dealt: Eve, after her, deals now
        ({"start": 9999, "after": 0}, 9999, [0, 4, 1, 2, 3]),
    ],
)
def test_a_latecomer_sits_where_and_starts_as_told(join, start, order):
    result = play("tout-ou-rien", FIVE, TOR_3, [{"before": 4, "join": 4, **join}])
    assert result.totals[4] == start
    assert result.upcoming.order == order


@pytest.mark.parametrize(
    "players, changes, fragment, seat, number",
    [
        (FIVE, [{"before": 4, "join": 4, "start": 10000}], "whole number from -9999 to 9999", 4, 4),
        (FIVE, [{"before": 4, "join": 4, "start": -10000}], "whole number from -9999 to 9999", 4, 4),
        (FIVE, [{"before": 4, "join": 4, "start": "9"}], "whole number from -9999 to 9999", 4, 4),
        (FIVE, [{"before": 4, "join": 4, "after": 4}], "after a player at the table", 4, 4),
        (
            FIVE,
            [{"before": 2, "adjust": [0, 0, 0, 0, 5], "reason": "x"}, {"before": 4, "join": 4}],
            "not in the game",
            4,
            2,
        ),
        (FIVE, [], "must be a whole number", 4, 1),  # Eve never joins: her nulls disagree
        (FIVE, [{"before": 3, "join": 4}], "nothing for a player at the table", 4, 3),  # round 3 has her null
        (FOUR, [{"before": 4, "join": 2}], "must be null", 2, 1),  # a first join: Cleo was not there before
        (FOUR, [{"before": 4, "leave": 2}, {"before": 4, "join": 2}, {"before": 4, "join": 2}], "already at", 2, 4),
        (FOUR, [{"before": 4, "join": 4}], "not a player of this game", None, 4),
        (FOUR, [{"before": 4, "leave": 0}, {"before": 4, "leave": 1}], "played by 3 to 6 players", 1, 4),
        (FOUR, [{"before": 4, "sit_out": [0, 1]}], "played by 3 to 6 players", 1, 4),
        (FOUR, [{"before": 4, "sit_out": [0]}, {"before": 4, "sit_out": [0]}], "already sits out", 0, 4),
        (FOUR, [{"before": 4, "sit_out": []}], "list of players", None, 4),
        (FOUR, [{"before": 4, "leave": 0}, {"before": 4, "leave": 0}], "cannot leave", 0, 4),
        (FOUR, [{"before": 4, "leave": 0}, {"before": 4, "join": 0, "start": 3}], "no start is given", 0, 4),
        (FOUR, [{"before": 4, "leave": 0}, {"before": 4, "seat": 0, "to": "Zoe"}], "cannot be handed over", 0, 4),
        (FOUR, [{"before": 4, "seat": 1, "to": "anne"}], "already played in this game", 1, 4),
        (FOUR, [{"before": 2, "seat": 1, "to": "Zoe"}, {"before": 4, "seat": 2, "to": "ZOE"}], "already played", 2, 4),
        (FOUR, [{"before": 4, "seat": 1, "to": " "}], "1 to 40 characters", 1, 4),
        (FOUR, [{"before": 4, "adjust": [0, 0, 0, 0], "reason": "x"}], "at least one total", None, 4),
        (FOUR, [{"before": 4, "adjust": [0, N, 0, 0], "reason": "x"}], "at least one total", None, 4),
        (FOUR, [{"before": 4, "adjust": [10000, 0, 0, 0], "reason": "x"}], "-9999 to 9999", 0, 4),
        (FOUR, [{"before": 4, "adjust": [1, 0, 0, 0, 0], "reason": "x"}], "one number for each", None, 4),
        (FOUR, [{"before": 4, "adjust": [1, 0, 0, 0]}], "reason", None, 4),
        (FOUR, [{"before": 4, "adjust": [1, 0, 0, 0], "reason": "x" * 81}], "reason", None, 4),
        (FOUR, [{"before": 1, "stop": True}], "none has been played", None, 1),
        (FOUR, [{"before": 4, "stop": 1}], "stop", None, 4),
        (FOUR, [{"before": 3, "stop": True}, {"before": 3, "leave": 0}], "nothing is recorded after its end", None, 3),
        (FOUR, [{"before": 3, "stop": True}], "already over: round 3", None, 3),
        (FOUR, [{"before": 3, "leave": 0}, {"before": 2, "leave": 1}], "in order", None, None),
        (FOUR, [{"before": 5, "leave": 0}], "from 1 to 4", None, None),
        (FOUR, [{"before": 0, "leave": 0}], "from 1 to 4", None, None),
        (FOUR, [{"before": 4, "leave": 0, "sit_out": [1]}], "a change is one of", None, 4),
        (FOUR, [{"before": 4, "leave": 0, "why": "x"}], "Unknown field", None, 4),
        (FOUR, {"before": 4}, "must be a list", None, None),
        (FOUR, [[4, "leave", 0]], "must be an object", None, None),
    ],
)
def test_tout_ou_rien_refuses_what_section_8_refuses(players, changes, fragment, seat, number):
    problem = refused("tout-ou-rien", players, TOR_3 if len(players) == 5 else FOUR_3, changes)
    assert fragment in problem.text()
    assert (problem.seat, problem.round) == (seat, number)


def test_a_leaver_comes_back_with_their_total_and_ranks_below_those_who_stayed_meanwhile():
    left = play("tout-ou-rien", FOUR, FOUR_3, [{"before": 4, "leave": 0}])
    assert left.totals == [21, 14, 9, 17]
    assert [s.side for s in left.standings] == [3, 1, 2, 0]  # Anne leads on points but left
    assert left.upcoming.players == [1, 2, 3]
    back = play("tout-ou-rien", FOUR, FOUR_3, [{"before": 4, "leave": 0}, {"before": 4, "join": 0}])
    assert back.upcoming.players == [0, 1, 2, 3] and back.totals[0] == 21
    assert [s.side for s in back.standings] == [0, 3, 1, 2]


def test_a_sit_out_scores_nothing_in_tout_ou_rien_and_plays_to_the_end():
    rounds = [*FOUR_3, tor([N, 0, 0, 0], [N, 1, 1, 1])]
    result = play("tout-ou-rien", FOUR, rounds, [{"before": 4, "sit_out": [0]}])
    assert result.rounds[-1].scores == [0, 1, 1, 1]
    assert result.rounds[-1].round["bids"] == [N, 0, 0, 0]
    assert result.upcoming.players == [0, 1, 2, 3]


def test_a_handed_over_seat_carries_on_under_the_new_name():
    result = play("tout-ou-rien", FOUR, FOUR_3, [{"before": 2, "seat": 1, "to": "Marc"}])
    assert result.sides == ["Anne", "Marc", "Cleo", "Dan"] and result.totals[1] == 14
    assert result.lineup.events == [{"before": 2, "kind": "seat", "player": 1, "from": "Ben", "to": "Marc"}]


@pytest.mark.parametrize("points, finished", [(8, False), (9, True)])
def test_an_adjustment_counts_at_once_and_may_reach_the_target(points, finished):
    change = {"before": 4, "adjust": [0, 0, 0, points], "reason": "misdeal"}
    result = play("tout-ou-rien", FOUR, FOUR_3, [change], target=26)
    assert result.totals == [21, 14, 9, 17 + points]
    assert result.finished is finished and result.winners == ([3] if finished else [])


def test_a_stop_ends_the_game_with_the_standings_of_that_moment():
    result = play("tout-ou-rien", FOUR, FOUR_3, [{"before": 4, "leave": 0}, {"before": 4, "stop": True}])
    assert result.finished and result.upcoming is None
    assert result.ending.text() == "Stopped after round 3."
    assert result.winners == [3]  # Anne's 21 is the best total, but she left
