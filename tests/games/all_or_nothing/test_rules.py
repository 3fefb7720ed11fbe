"""ALL or NOTHING, RULES.md section 2: the seed's scoring, never clamped, and the end."""

import pytest

from scorekeeper import rules
from scorekeeper.games.all_or_nothing.rules import round_score
from scorekeeper.rules import Invalid
from scorekeeper.rules.fields import Span
from tests.rules.helpers import game, play, problems

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
    if reneges == 0:  # RULES.md: reneges found, default 0
        assert round_score(bid, tricks, cards) == points


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


def _hand(bids, tricks, **more):
    """A hand of three players: "a" for ALL, "n" for NOTHING."""
    return {"bids": [{"a": "all", "n": "nothing"}[b] for b in bids], "tricks": list(tricks), **more}


@pytest.mark.parametrize(
    "rnd, refused",
    [
        (
            {"bids": ["all", "some", "nothing"], "tricks": [10, 0, 0]},
            [(1, "bids", "The bid must be one of: all, nothing.")],
        ),
        (
            _hand("ann", [11, -1, 0]),
            [
                (0, "tricks", "Tricks taken must be between 0 and 10 (got 11)."),
                (1, "tricks", "Tricks taken must be between 0 and 10 (got -1)."),
            ],
        ),
        (_hand("ann", [10, 0, "2"]), [(2, "tricks", "Tricks taken must be a whole number.")]),
        (
            _hand("ann", [9, 0, 0]),
            [
                (
                    None,
                    "tricks",
                    "The tricks taken add up to 9, but each player was dealt 10 cards: they must add up to 10.",
                )
            ],
        ),
        (_hand("ann", [10, 0, 0], reneges=[0, -1, 0]), [(1, "reneges", "Reneges must be between 0 and 10 (got -1).")]),
        (_hand("ann", [10, 0, 0], reneges=[0, 0, 11]), [(2, "reneges", "Reneges must be between 0 and 10 (got 11).")]),
        (
            {"bids": ["all", "nothing"], "tricks": [10, 0, 0]},
            [(None, "bids", "The field bids must list one entry for each of the 3 players.")],
        ),
        (_hand("ann", [10, 0, 0], trump="hearts"), [(None, "trump", "Unknown field trump in a round.")]),
    ],
)
def test_bad_rounds_name_the_player_the_field_and_what_is_wrong(rnd, refused):
    found = problems("all-or-nothing", P3, [rnd])
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(1, *r) for r in refused]


@pytest.mark.parametrize(
    "step, draft, refused",
    [
        ("bids", {"bids": ["all", "none", "nothing"]}, [(1, "bids", "The bid must be one of: all, nothing.")]),
        ("bids", {"bids": ["all"]}, [(None, "bids", "The field bids must list one entry for each of the 3 players.")]),
        ("tricks", {"tricks": [10, 0, 0]}, [(None, None, "This game has no step named tricks.")]),
    ],
)
def test_the_bids_step_refuses_what_is_not_all_or_nothing(step, draft, refused):
    with pytest.raises(Invalid) as found:
        rules.check_draft(game("all-or-nothing", P3), step, draft)
    assert [(p.round, p.seat, p.field, p.text()) for p in found.value.problems] == [(1, *r) for r in refused]
    assert rules.check_draft(game("all-or-nothing", P3), "bids", {"bids": ["all", "nothing", "all"]}) == {
        "bids": ["all", "nothing", "all"]
    }


@pytest.mark.parametrize(
    "start, finished, ending",
    [
        (20, True, "A score reached 0."),  # NOTHING made: 20 - 20 = 0 exactly
        (19, True, "A score reached 0."),  # below 0
        (21, False, None),  # 1 left: the game goes on
    ],
)
def test_a_score_at_or_below_zero_ends_the_game(start, finished, ending):
    result = play("all-or-nothing", P3, [_hand("nnn", [0, 4, 6])], start=start)
    assert result.finished == finished
    assert (result.ending.text() if result.ending else None) == ending


def test_the_last_hand_ends_the_game():
    result = play("all-or-nothing", P3, [_hand("nnn", [4, 3, 3])], hands=1)
    assert result.finished and result.ending.text() == "The last hand has been played."


@pytest.mark.parametrize(
    "bids, tricks, made",
    [
        ("ann", [10, 0, 0], [True, True, True]),
        ("ann", [9, 1, 0], [False, False, True]),
        ("naa", [0, 10, 0], [True, True, False]),
        ("nnn", [4, 3, 3], [False, False, False]),
    ],
)
def test_the_board_marks_the_bids_made(bids, tricks, made):
    assert play("all-or-nothing", P3, [_hand(bids, tricks)], start=500).rounds[0].marks == {"made": made}


@pytest.mark.parametrize("players, cards", [(P3, 10), (P3 + ["Pierre", "Zoë"], 8)])
def test_the_form_offers_all_or_nothing_and_tricks_and_reneges_up_to_the_hand(players, cards):
    assert play("all-or-nothing", players).upcoming.entry == {
        "bids": ("all", "nothing"),
        "tricks": Span(0, cards),
        "reneges": Span(0, cards, shown=3),  # a form offers 0..3: reneges are rare
    }


@pytest.mark.parametrize(
    "played, stats",
    [
        ([], [{"made": [0, 0], "all_made": [0, 0], "nothing_made": [0, 0]}] * 3),
        (
            [_hand("ann", [10, 0, 0]), _hand("nan", [1, 9, 0])],
            [
                {"made": [1, 2], "all_made": [1, 1], "nothing_made": [0, 1]},
                {"made": [1, 2], "all_made": [0, 1], "nothing_made": [1, 1]},
                {"made": [2, 2], "all_made": [0, 0], "nothing_made": [2, 2]},
            ],
        ),
    ],
)
def test_statistics_count_bids_made_all_and_nothing_apart(played, stats):
    """A player's page: bids made of bids tried, and the same for ALL and for NOTHING."""
    found = game("all-or-nothing", P3, played, start=500)
    assert rules.get("all-or-nothing").statistics(found, rules.play(found)) == stats
