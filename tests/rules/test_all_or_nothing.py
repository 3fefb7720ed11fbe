"""ALL or NOTHING, RULES.md section 2: the seed's scoring, never clamped, and the end."""

import pytest

from scorekeeper.rules.all_or_nothing import round_score

from .helpers import play, problems

P3 = ["Anne", "Julien", "Sylvie"]


@pytest.mark.parametrize(
    "bid, tricks, cards, reneges, points",
    [
        ("nothing", 0, 10, 0, -20),  # seed: 100 -> 80 on a made NOTHING
        ("nothing", 1, 10, 0, 10),  # seed: NOTHING with one trick gains 10
        ("nothing", 3, 8, 0, 30),
        ("all", 10, 10, 0, -100),  # seed: a made ALL loses 100
        ("all", 8, 10, 0, 20),  # seed: two tricks taken by others -> +20
        ("all", 0, 8, 0, 80),
        ("nothing", 0, 10, 1, 0),  # a renege adds 20
        ("all", 9, 10, 2, 50),
    ],
)
def test_seed_examples(bid, tricks, cards, reneges, points):
    assert round_score(bid, tricks, cards, reneges) == points


def test_hand_size_by_player_count():
    assert play("all-or-nothing", P3).upcoming.cards == 10
    assert play("all-or-nothing", P3 + ["Pierre"]).upcoming.cards == 10
    assert play("all-or-nothing", P3 + ["Pierre", "Zoë"]).upcoming.cards == 8
    assert play("all-or-nothing", P3 + ["Pierre", "Zoë", "Őrs"]).upcoming.cards == 8


def test_made_all_ends_the_game_at_once_and_is_not_clamped():
    rnd = {"bids": ["all", "nothing", "all"], "tricks": [10, 0, 0], "reneges": [1, 0, 0]}
    result = play("all-or-nothing", P3, [rnd])
    assert result.totals == [100 - 100 + 20, 80, 200]
    assert not result.finished
    rnd = {"bids": ["all", "nothing", "nothing"], "tricks": [10, 0, 0]}
    result = play("all-or-nothing", P3, [rnd], start=50)
    assert result.finished and result.totals == [-50, 30, 30]
    assert result.winner_names() == ["Anne"]


def test_several_at_or_below_zero_lowest_actual_score_wins():
    rounds = [{"bids": ["nothing", "nothing", "all"], "tricks": [0, 0, 10]}]
    result = play("all-or-nothing", P3, rounds, start=20)
    assert result.finished and result.totals == [0, 0, -80]
    assert result.winner_names() == ["Sylvie"]


def test_tie_at_the_end_is_shared():
    rounds = [{"bids": ["nothing", "nothing", "all"], "tricks": [0, 0, 10]}]
    result = play("all-or-nothing", P3, rounds, start=200, hands=1)
    assert result.finished and result.winner_names() == ["Sylvie"]
    rounds = [{"bids": ["nothing", "nothing", "nothing"], "tricks": [0, 0, 10]}]
    result = play("all-or-nothing", P3, rounds, hands=1)
    assert result.totals == [80, 80, 200] and result.winner_names() == ["Anne", "Julien"]


def test_ten_hands_by_default():
    rnd = {"bids": ["nothing", "nothing", "nothing"], "tricks": [4, 3, 3]}
    assert not play("all-or-nothing", P3, [rnd] * 9).finished
    result = play("all-or-nothing", P3, [rnd] * 10)
    assert result.finished and result.totals == [500, 400, 400]
    assert result.winner_names() == ["Julien", "Sylvie"]


@pytest.mark.parametrize(
    "rnd, seat, field",
    [
        ({"bids": ["all", "some", "nothing"], "tricks": [10, 0, 0]}, 1, "bids"),
        ({"bids": ["all", "nothing", "nothing"], "tricks": [11, -1, 0]}, 0, "tricks"),
        ({"bids": ["all", "nothing", "nothing"], "tricks": [9, 0, 0]}, None, "tricks"),
        ({"bids": ["all", "nothing", "nothing"], "tricks": [10, 0, 0], "reneges": [0, -1, 0]}, 1, "reneges"),
        ({"bids": ["all", "nothing"], "tricks": [10, 0, 0]}, None, "bids"),
    ],
)
def test_bad_rounds(rnd, seat, field):
    found = problems("all-or-nothing", P3, [rnd])
    assert (found[0].round, found[0].seat, found[0].field) == (1, seat, field)
