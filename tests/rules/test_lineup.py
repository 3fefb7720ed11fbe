"""RULES.md section 8 in every game: who plays a round, latecomers, sit-outs, leavers, hand-overs,
adjustments and stops, as game files with `changes` and `null` cells write them (FORMAT.md)."""

import pytest

from scorekeeper import rules
from scorekeeper.rules import Game, Invalid

N = None


def tor(bids, tricks, opened=None):
    """A Tout ou rien round; open bids where `opened` says, null where the bid is null."""
    opened = opened or [False] * len(bids)
    return {"bids": bids, "open": [N if b is None else o for b, o in zip(bids, opened, strict=True)], "tricks": tricks}


def aon(tricks):
    """An ALL or NOTHING hand where everyone bid NOTHING."""
    return {"bids": [N if t is None else "nothing" for t in tricks], "tricks": tricks}


Z = [0, 0, 0, 0, 0]


def inf(other):
    """An Inferno round where no red card was collected, only `other` cards."""
    return {"red": [N if o is None else Z for o in other], "other": other}


def ea(staked, winner, folded=None):
    """An Everest & Abyss round on EVEREST with the winner given; null stakes for who did not play."""
    folded = folded or [N if s is None else (s == 0) for s in staked]
    return {"cote": "everest", "staked": staked, "folded": folded, "winner": winner}


def af(high, low=None):
    """An All Fours hand: a 2 turned up, High and Low to the sides given, no Jack, no Game point."""
    return {"turn_ups": ["2"], "high": high, "low": high if low is None else low, "jack": None, "game_points": [0, 0]}


# Tout ou rien, 4 players: after round 3 Anne 21, Ben 14, Cleo 9, Dan 17 (RULES.md section 8's example)
FOUR_3 = [
    tor([0, 1, 0, 5], [0, 1, 0, 5], [True, False, True, True]),
    tor([2, 2, 0, 1], [2, 2, 0, 1], [True, True, True, False]),
    tor([4, 0, 0, 1], [4, 0, 0, 0], [True, True, True, True]),
]
FOUR = ["Anne", "Ben", "Cleo", "Dan"]
FIVE = [*FOUR, "Eve"]


def widened(rnd: dict) -> dict:
    """A round with a null added for a fifth player, who did not play it."""
    return {key: [*value, N] for key, value in rnd.items()}


TOR_3 = [widened(r) for r in FOUR_3]


def play(rules_id, players, played, changes, **options):
    """The Result of a game with changes."""
    return rules.play(Game(rules_id, list(players), options, 0, list(played), changes))


def refused(rules_id, players, played, changes, **options):
    """The one problem a game with changes is refused for (the test fails if it is accepted)."""
    with pytest.raises(Invalid) as caught:
        play(rules_id, players, played, changes, **options)
    return caught.value.problems[0]


# -- Tout ou rien -------------------------------------------------------------------------------------------
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


# -- ALL or NOTHING ------------------------------------------------------------------------------------------
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


# -- Inferno -------------------------------------------------------------------------------------------------
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


# -- Everest & Abyss -----------------------------------------------------------------------------------------
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


# -- All Fours -----------------------------------------------------------------------------------------------
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


# -- the game file -------------------------------------------------------------------------------------------
def test_a_game_file_with_changes_round_trips_exactly():
    from scorekeeper import gamefile

    game = Game("tout-ou-rien", FIVE, {}, 0, TOR_3, [{"before": 4, "join": 4, "after": 1}])
    text = gamefile.dumps(gamefile.loads(gamefile.dumps(game)))  # as exported: its options complete
    again = gamefile.loads(text)
    assert gamefile.dumps(again) == text
    assert again.changes == [{"before": 4, "join": 4, "after": 1}]
    assert "changes" not in gamefile.dumps(Game("tout-ou-rien", FOUR, {}, 0, FOUR_3))
