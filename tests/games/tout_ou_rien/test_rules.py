"""Tout ou rien, RULES.md section 1: the seed's examples and the end of the game."""

import pytest

from scorekeeper import rules
from scorekeeper.games.tout_ou_rien.rules import round_score
from scorekeeper.rules import Game, Invalid
from tests.rules.helpers import game, play, problems

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


@pytest.mark.parametrize(
    "hands, bids, tricks, warned",
    [
        ([3], [5, 0, 0], [3, 0, 0], [(0, "bids", "Bid 5 is more than the 3 cards dealt.")]),
        ([3], [4, 0, 0], [3, 0, 0], [(0, "bids", "Bid 4 is more than the 3 cards dealt.")]),
        ([3], [3, 0, 0], [3, 0, 0], []),  # a bid equal to the cards dealt can be made: no warning
        ([1], [0, 2, 0], [1, 0, 0], [(1, "bids", "Bid 2 is more than the 1 card dealt.")]),
        ([1], [0, 1, 1], [1, 0, 0], []),
    ],
)
def test_a_bid_above_the_hand_size_is_a_warning(hands, bids, tricks, warned):
    result = play("tout-ou-rien", ["A", "B", "C"], [_hand(bids, tricks)], hands=hands)
    assert [(w.seat, w.field, w.text()) for w in result.rounds[0].warnings] == warned


@pytest.mark.parametrize(
    "bids, opens, tricks, made",
    [
        ([2, 1, 0], [False, False, False], [2, 1, 0], [True, True, True]),
        ([2, 0, 1], [True, False, True], [1, 1, 1], [False, False, True]),
        ([0, 3, 0], [True, True, False], [1, 2, 0], [False, False, True]),
    ],
)
def test_the_board_marks_the_bids_made(bids, opens, tricks, made):
    result = play("tout-ou-rien", ["A", "B", "C"], [_hand(bids, tricks, opens)], hands=[3])
    assert result.rounds[0].marks == {"made": made}


@pytest.mark.parametrize(
    "target, hands_played, ending",
    [
        (10, 1, None),
        (10, 2, "10 points reached."),  # reached exactly: the game ends
        (11, 2, None),  # one short
        (11, 3, "11 points reached."),  # passed
        (1, 1, "1 point reached."),
    ],
)
def test_a_target_ends_the_game_once_reached_exactly_or_passed(target, hands_played, ending):
    """RULES.md: play until a player's total reaches the target at the end of a round (A scores 5 a hand)."""
    result = play("tout-ou-rien", ["A", "B", "C"], [_round(2)] * hands_played, hands=[2], target=target)
    assert result.finished == (ending is not None)
    assert (result.ending.text() if result.ending else None) == ending
    assert result.winner_names() == (["A"] if ending else [])


def _hand(bids, tricks, opens=(False, False, False), **more):
    """A round of three players, secret bids unless `opens` says otherwise."""
    return {"bids": list(bids), "open": list(opens), "tricks": list(tricks), **more}


@pytest.mark.parametrize(
    "rnd, seat, field, text",
    [
        (_hand([7, 0, 0], [6, 0, 0]), 0, "bids", "The bid must be between 0 and 6 (got 7)."),
        (_hand([1, -1, 0], [6, 0, 0]), 1, "bids", "The bid must be between 0 and 6 (got -1)."),
        (_hand([1, 1, "x"], [6, 0, 0]), 2, "bids", "The bid must be a whole number."),
        (_hand([1, 1, 1], [5, -1, 2]), 1, "tricks", "Tricks taken must be between 0 and 6 (got -1)."),
        # more tricks than cards dealt: that player's entry is wrong, not only the sum
        (_hand([1, 1, 1], [7, 0, 0]), 0, "tricks", "Tricks taken must be between 0 and 6 (got 7)."),
        (
            _hand([1, 1, 1], [3, 2, 0]),
            None,
            "tricks",
            "The tricks taken add up to 5, but each player was dealt 6 cards: they must add up to 6.",
        ),
        (_hand([1, 1, 1], [6, 0, 0], [False, "no", False]), 1, "open", "Open or secret must be true or false."),
        (
            {"bids": [1, 1], "open": [False] * 3, "tricks": [6, 0, 0]},
            None,
            "bids",
            "The field bids must list one entry for each of the 3 players.",
        ),
        (_hand([1, 1, 1], [6, 0, 0], colour="red"), None, "colour", "Unknown field colour in a round."),
        (_hand([1, 1, 1], [6, 0, 0], trump=5), None, "trump", "The trump must be a short text."),
        (_hand([1, 1, 1], [6, 0, 0], trump=["hearts"]), None, "trump", "The trump must be a short text."),
        (_hand([1, 1, 1], [6, 0, 0], trump="x" * 21), None, "trump", "The trump must be a short text."),
    ],
)
def test_bad_rounds_name_round_player_field_and_message(rnd, seat, field, text):
    found = problems("tout-ou-rien", ["A", "B", "C"], [rnd])
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(1, seat, field, text)]


@pytest.mark.parametrize(
    "trump, kept",
    [("hearts", "hearts"), ("x" * 20, "x" * 20), ("♠", "♠"), (None, "absent")],
)
def test_the_trump_is_kept_with_the_round(trump, kept):
    """RULES.md: the trump suit may be recorded; it is kept as written, up to 20 characters."""
    rnd = _hand([6, 0, 0], [6, 0, 0], trump=trump)
    assert play("tout-ou-rien", ["A", "B", "C"], [rnd]).rounds[0].round.get("trump", "absent") == kept


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
    "draft, seat, field, message",
    [
        ({"bids": [None, 2, None], "open": [False, True, False]}, None, None, None),  # who bids secretly, open bids
        (
            {"bids": [1, 2, None], "open": [False, True, False]},
            0,
            "bids",
            "A secret bid is entered with the tricks, after the hand.",
        ),
        ({"bids": [None, None, None], "open": [False, True, False]}, 1, "bids", "The bid must be a whole number."),
        (
            {"bids": [None, 7, None], "open": [False, True, False]},
            1,
            "bids",
            "The bid must be between 0 and 6 (got 7).",
        ),
        (
            {"bids": [None, None, None], "open": [False, None, False]},
            1,
            "open",
            "Open or secret must be true or false.",
        ),
    ],
)
def test_the_bids_step_takes_open_bids_and_who_bids_in_secret(draft, seat, field, message):
    """RULES.md: a secret bid card lies face down until the end of the hand, so the draft kept before the
    hand holds no secret bid."""
    game = Game("tout-ou-rien", ["A", "B", "C"], {"hands": [3]})
    if message is None:
        assert rules.check_draft(game, "bids", draft) == draft
        return
    with pytest.raises(Invalid) as refused:
        rules.check_draft(game, "bids", draft)
    assert [(p.round, p.seat, p.field, p.text()) for p in refused.value.problems] == [(1, seat, field, message)]


def test_only_the_bids_are_entered_before_the_hand():
    with pytest.raises(Invalid) as refused:
        rules.check_draft(Game("tout-ou-rien", ["A", "B", "C"], {"hands": [3]}), "tricks", {"tricks": [3, 0, 0]})
    assert [p.text() for p in refused.value.problems] == ["This game has no step named tricks."]


def test_an_open_bid_above_the_hand_is_flagged_before_the_hand_and_a_secret_one_is_unknown():
    game = Game("tout-ou-rien", ["A", "B", "C"], {"hands": [2]})
    draft = rules.check_draft(game, "bids", {"bids": [5, None, None], "open": [True, False, False]})
    assert [(w.seat, w.field) for w in rules.draft_warnings(game, rules.play(game), draft)] == [(0, "bids")]


@pytest.mark.parametrize(
    "played, stats",
    [
        ([], [{"open_made": [0, 0], "secret_made": [0, 0]}] * 3),
        (
            # A: secret made; B: open missed; C: open made
            [_hand([2, 0, 1], [2, 0, 1], [False, True, True]), _hand([0, 1, 0], [3, 0, 0], [False, True, True])],
            [
                {"open_made": [0, 0], "secret_made": [1, 2]},
                {"open_made": [1, 2], "secret_made": [0, 0]},
                {"open_made": [2, 2], "secret_made": [0, 0]},
            ],
        ),
    ],
)
def test_statistics_count_bids_made_of_bids_tried_open_and_secret_apart(played, stats):
    """A player's page: open bids made of open bids tried, secret likewise."""
    found = game("tout-ou-rien", ["A", "B", "C"], played, hands=[3, 3])
    assert rules.get("tout-ou-rien").statistics(found, rules.play(found)) == stats
