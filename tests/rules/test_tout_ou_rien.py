"""Tout ou rien, RULES.md section 1: the seed's examples and the end of the game."""

import pytest

from scorekeeper import rules
from scorekeeper.rules import Game, Invalid
from scorekeeper.rules.tout_ou_rien import round_score

from .helpers import play, problems

P4 = ["Anne", "Julien", "Sylvie", "Pierre"]


@pytest.mark.parametrize(
    "bid, open_, tricks, points",
    [
        (3, False, 4, 4),  # seed: secret, bid 3, took 4 -> 4
        (3, False, 3, 6),  # seed: secret, took 3 exactly -> 3 + 3
        (3, True, 4, 0),  # seed: open, took 4 -> nothing
        (3, True, 3, 9),  # seed: open, took 3 exactly -> 3x2 + 3
        (0, False, 0, 3),  # a secret zero made is the bonus alone
        (0, True, 0, 3),  # an open zero made: 0x2 + 3
        (0, True, 1, 0),
        (2, False, 0, 0),
        (6, True, 6, 15),
    ],
)
def test_seed_examples(bid, open_, tricks, points):
    assert round_score(bid, open_, tricks) == points


def test_first_round_of_the_format_example():
    result = play(
        "tout-ou-rien", P4, [{"bids": [3, 2, 0, 1], "open": [False, True, False, True], "tricks": [4, 2, 0, 0]}]
    )
    assert result.rounds[0].scores == [4, 7, 3, 0]
    assert result.upcoming.dealer == 1 and result.upcoming.cards == 5


def _round(cards, n=3):
    """A round where seat 0 takes every trick on a secret bid of `cards`."""
    return {"bids": [cards] + [0] * (n - 1), "open": [False] * n, "tricks": [cards] + [0] * (n - 1)}


def test_seven_hands_then_the_end():
    hands = [6, 5, 4, 3, 4, 5, 6]
    result = play("tout-ou-rien", ["A", "B", "C"], [_round(c) for c in hands[:6]])
    assert not result.finished and result.upcoming.cards == 6
    result = play("tout-ou-rien", ["A", "B", "C"], [_round(c) for c in hands])
    assert result.finished and result.winner_names() == ["A"]
    assert result.totals == [sum(hands) + 21, 21, 21]
    assert problems("tout-ou-rien", ["A", "B", "C"], [_round(c) for c in hands] + [_round(6)])[0].round == 8


def test_target_cycles_hands_until_reached():
    result = play("tout-ou-rien", ["A", "B", "C"], [_round(c) for c in [2, 1, 2, 1]], hands=[2, 1], target=20)
    assert not result.finished and result.totals[0] == 5 + 4 + 5 + 4
    result = play("tout-ou-rien", ["A", "B", "C"], [_round(c) for c in [2, 1, 2, 1, 2]], hands=[2, 1], target=20)
    assert result.finished and result.winner_names() == ["A"]


def test_tie_is_shared():
    rnd = {"bids": [1, 1, 0], "open": [False, False, False], "tricks": [1, 1, 0]}
    result = play("tout-ou-rien", ["A", "B", "C"], [rnd], hands=[2])
    assert result.winner_names() == ["A", "B"]


def test_bid_above_hand_size_is_a_warning():
    rnd = {"bids": [5, 0, 0], "open": [False] * 3, "tricks": [3, 0, 0]}
    result = play("tout-ou-rien", ["A", "B", "C"], [rnd], hands=[3])
    assert [(w.seat, w.field) for w in result.rounds[0].warnings] == [(0, "bids")]


@pytest.mark.parametrize(
    "rnd, seat, field",
    [
        ({"bids": [7, 0, 0], "open": [False] * 3, "tricks": [6, 0, 0]}, 0, "bids"),
        ({"bids": [1, -1, 0], "open": [False] * 3, "tricks": [6, 0, 0]}, 1, "bids"),
        ({"bids": [1, 1, "x"], "open": [False] * 3, "tricks": [6, 0, 0]}, 2, "bids"),
        ({"bids": [1, 1, 1], "open": [False] * 3, "tricks": [5, -1, 2]}, 1, "tricks"),
        ({"bids": [1, 1, 1], "open": [False] * 3, "tricks": [3, 2, 0]}, None, "tricks"),
        ({"bids": [1, 1, 1], "open": [False, "no", False], "tricks": [6, 0, 0]}, 1, "open"),
        ({"bids": [1, 1], "open": [False] * 3, "tricks": [6, 0, 0]}, None, "bids"),
    ],
)
def test_bad_rounds_name_round_player_and_field(rnd, seat, field):
    found = problems("tout-ou-rien", ["A", "B", "C"], [rnd])
    assert (found[0].round, found[0].seat, found[0].field) == (1, seat, field)


@pytest.mark.parametrize(
    "players", [["A", "B"], ["A", "B", "C", "D", "E", "F", "G"], ["A", "a", "B"], ["A", "", "B"], ["A", "B", "x" * 41]]
)
def test_bad_players(players):
    assert problems("tout-ou-rien", players)[0].field == "players"


@pytest.mark.parametrize("options", [{"hands": [7]}, {"hands": []}, {"target": 0}, {"colour": "red"}])
def test_bad_options(options):
    assert problems("tout-ou-rien", ["A", "B", "C"], **options)


@pytest.mark.parametrize(
    "players", [["Zoë", "Zoe\u0308", "B"], ["anne", "Anne ", "B"], ["A", "\u200b", "B"], ["A", " ", "B"]]
)
def test_names_that_look_alike_or_show_nothing_are_refused(players):
    assert problems("tout-ou-rien", players)[0].field == "players"


@pytest.mark.parametrize(
    "draft, seat, message",
    [
        ({"bids": [None, 2, None], "open": [False, True, False]}, None, None),  # who bids secretly, open bids
        ({"bids": [1, 2, None], "open": [False, True, False]}, 0, "A secret bid is entered with the tricks"),
        ({"bids": [None, None, None], "open": [False, True, False]}, 1, "The bid is not a whole number"),
        ({"bids": [None, 7, None], "open": [False, True, False]}, 1, "between 0 and 6"),
        ({"bids": [None, None, None], "open": [False, None, False]}, 1, "true or false"),
    ],
)
def test_the_bids_step_takes_open_bids_and_who_bids_in_secret(draft, seat, message):
    """RULES.md: a secret bid card lies face down until the end of the hand, so the draft kept before the
    hand holds no secret bid."""
    game = Game("tout-ou-rien", ["A", "B", "C"], {"hands": [3]})
    if message is None:
        assert rules.check_draft(game, "bids", draft) == draft
        return
    with pytest.raises(Invalid) as refused:
        rules.check_draft(game, "bids", draft)
    found = refused.value.problems[0]
    assert (found.round, found.seat) == (1, seat) and message in found.text()


def test_an_open_bid_above_the_hand_is_flagged_before_the_hand_and_a_secret_one_is_unknown():
    game = Game("tout-ou-rien", ["A", "B", "C"], {"hands": [2]})
    draft = rules.check_draft(game, "bids", {"bids": [5, None, None], "open": [True, False, False]})
    assert [(w.seat, w.field) for w in rules.draft_warnings(game, rules.play(game), draft)] == [(0, "bids")]
