"""Oh Hell, RULES.md section 9: hands up and down, an exact bid's 10 + the bid, the dealer's hook, the end."""

from functools import partial

import pytest

from scorekeeper import rules
from scorekeeper.games.oh_hell.rules import RULES, hands, round_score
from scorekeeper.rules import Game, Invalid
from scorekeeper.rules.fields import Span
from tests.rules import helpers

P3 = ["Anne", "Ben", "Cleo"]
P7 = P3 + ["Dan", "Eve", "Fay", "Gus"]
HOOKED = "As dealer you may not bid %d: the bids would add up to the 3 cards dealt."
HOOK = "The dealer may not make the bids add up to the cards dealt"
ADD_UP = "The tricks taken add up to %d, but each player was dealt 2 cards: they must add up to 2."


game = partial(helpers.game, "oh-hell")
play = partial(helpers.play, "oh-hell")
problems = partial(helpers.problems, "oh-hell")


def seen(found):
    """Problems as (round, seat, field, message)."""
    return [(p.round, p.seat, p.field, p.text()) for p in found]


@pytest.mark.parametrize(
    "bid, tricks, miss, points",
    [
        (0, 0, "zero", 10),  # exactly the bid: 10 + the bid
        (3, 3, "zero", 13),
        (10, 10, "zero", 20),
        (2, 3, "zero", 0),  # missed: 0 by default
        (2, 1, "zero", 0),
        (3, 3, "minus", 13),  # the option changes only a missed bid
        (2, 3, "minus", -1),  # one trick over
        (2, 0, "minus", -2),  # two under
        (0, 5, "minus", -5),
    ],
)
def test_an_exact_bid_scores_ten_plus_the_bid(bid, tricks, miss, points):
    assert round_score(bid, tricks, miss) == points
    cards = max(5, bid, tricks)
    rnd = {"bids": [bid, 0, 0], "tricks": [tricks, cards - tricks, 0]}
    found = play(P3, [rnd], hands=[cards], miss=miss, hook=False)
    assert found.rounds[0].scores[0] == points and found.rounds[0].marks["made"][0] == (bid == tricks)


@pytest.mark.parametrize(
    "players, top, count",
    [
        (3, 10, 19),  # the pack could deal 17: the largest is 10
        (4, 10, 19),
        (5, 10, 19),  # 51 / 5 = 10: still a trump card to turn up
        (6, 8, 15),  # 51 / 6 = 8
        (7, 7, 13),  # RULES.md: 7 with 7 players
    ],
)
def test_the_hands_go_up_to_the_largest_and_back_down(players, top, count):
    sizes = hands(players)
    assert sizes[0] == sizes[-1] == 1 and max(sizes) == top and len(sizes) == count
    assert sizes == sorted(sizes[:top]) + sorted(sizes[top:], reverse=True) and sizes.count(top) == 1
    assert play(P7[:players]).state.played == 0 and game(P7[:players]).options == {}
    assert rules.get("oh-hell").check_setup(P7[:players], {})["hands"] == sizes


@pytest.mark.parametrize(
    "players, sizes, refused",
    [
        (P7, [7], None),  # floor(52 / 7) = 7
        (P7, [1, 8], "Hand sizes, round by round: with 7 players the pack deals at most 7 cards each (got 8)."),
        (P7[:4], [13], None),  # a hand dealing the whole pack (no trump)
        (P7[:4], [14], "Hand sizes, round by round: with 4 players the pack deals at most 13 cards each (got 14)."),
        (P3, [17, 1], None),  # 52 / 3 = 17, anywhere in the list
        (P3, [18], "Hand sizes, round by round must be between 1 and 17 (got 18)."),
        (P3, [0], "Hand sizes, round by round must be between 1 and 17 (got 0)."),
        (P3, [], "Hand sizes, round by round cannot be []."),
        (P3, [2] * 30, None),
        (P3, [2] * 31, "Hand sizes, round by round: at most 30 hands (got 31)."),
    ],
)
def test_a_hand_the_pack_cannot_deal_is_refused(players, sizes, refused):
    if refused is None:
        assert play(players, hands=sizes).upcoming.cards == sizes[0]
    else:
        assert seen(problems(players, hands=sizes)) == [(None, None, "hands", refused)]


@pytest.mark.parametrize(
    "players, refused",
    [
        (P3[:2], "Oh Hell is played by 3 to 7 players, not 2."),
        (P7 + ["Hal"], "Oh Hell is played by 3 to 7 players, not 8."),
    ],
)
def test_three_to_seven_players(players, refused):
    assert seen(problems(players)) == [(None, None, "players", refused)]
    assert play(P3).upcoming and play(P7).upcoming


@pytest.mark.parametrize(
    "options, refused",
    [
        ({"hook": "yes"}, (None, None, "hook", f'{HOOK} cannot be "yes".')),
        ({"miss": "half"}, (None, None, "miss", 'A missed bid cannot be "half".')),
        ({"trump": "hearts"}, (None, None, "trump", "Oh Hell has no option named trump.")),
    ],
)
def test_options_are_checked(options, refused):
    assert seen(problems(P3, **options)) == [refused]


def test_of_hands_too_large_for_the_pack_the_first_is_named():
    """One message for the option, naming the first hand the pack cannot deal."""
    refused = "Hand sizes, round by round: with 4 players the pack deals at most 13 cards each (got 14)."
    assert seen(problems(P7[:4], hands=[1, 14, 15])) == [(None, None, "hands", refused)]


def test_the_hook_is_offered_on_the_new_game_form_and_on_by_default():
    (hook,) = [option for option in RULES.options if option.name == "hook"]
    assert (hook.kind, hook.default, hook.label, hook.help) == (
        "bool",
        True,
        HOOK,
        "So that at least one player misses their bid.",
    )


def test_the_deal_passes_clockwise_and_the_dealer_bids_last():
    rnd = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}
    result = play(P3 + ["Dan"], [rnd | {"bids": [0] * 4, "tricks": [1, 0, 0, 0]}], first_dealer=2)
    assert result.rounds[0].dealer == 2 and result.upcoming.dealer == 3
    assert result.upcoming.first == 0 and result.upcoming.order == [0, 1, 2, 3]
    assert result.upcoming.cards == 2 and play(P3, [rnd]).upcoming.order == [2, 0, 1]


@pytest.mark.parametrize(
    "hook, dealer, bids, refused",
    [
        # 3 cards, Cleo deals (seat 2): Anne and Ben bid 1 and 1, so Cleo may not bid 1
        (True, 2, [1, 1, 1], [(1, 2, "bids", HOOKED % 1)]),
        (True, 2, [1, 1, 0], None),  # one under
        (True, 2, [1, 1, 2], None),  # one over
        (True, 0, [3, 0, 0], [(1, 0, "bids", HOOKED % 3)]),
        (True, 1, [0, 3, 0], [(1, 1, "bids", HOOKED % 3)]),
        (False, 2, [1, 1, 1], None),  # without the hook the bids may add up
    ],
)
def test_the_dealer_may_not_make_the_bids_add_up(hook, dealer, bids, refused):
    rnd = {"bids": bids, "tricks": [1, 1, 1]}
    if refused is None:
        assert play(P3, [rnd], first_dealer=dealer, hands=[3], hook=hook).finished
        assert rules.check_draft(game(P3, first_dealer=dealer, hands=[3], hook=hook), "bids", {"bids": bids})
        return
    assert seen(problems(P3, [rnd], first_dealer=dealer, hands=[3], hook=hook)) == refused
    with pytest.raises(Invalid) as found:
        rules.check_draft(game(P3, first_dealer=dealer, hands=[3], hook=hook), "bids", {"bids": bids})
    assert seen(found.value.problems) == refused


def test_the_hook_of_a_one_card_hand_says_one_card():
    rnd = {"bids": [0, 0, 1], "tricks": [0, 0, 1]}
    refused = "As dealer you may not bid 1: the bids would add up to the 1 card dealt."
    assert seen(problems(P3, [rnd], first_dealer=2, hands=[1])) == [(1, 2, "bids", refused)]


@pytest.mark.parametrize(
    "bids, refused",
    [
        ([3, 0, 0], None),
        ([0, 0, 3], None),
        ([4, 0, 0], [(1, 0, "bids", "The bid must be between 0 and 3 (got 4).")]),
        ([0, -1, 0], [(1, 1, "bids", "The bid must be between 0 and 3 (got -1).")]),
        ([0, "1", 0], [(1, 1, "bids", "The bid must be a whole number.")]),
        ([0, 0], [(1, None, "bids", "The field bids must list one entry for each of the 3 players.")]),
    ],
)
def test_the_bids_step_takes_bids_within_the_hand_naming_the_seat_of_any_other(bids, refused):
    """The bids, saved before the hand is played (the form's first step)."""
    if refused is None:
        assert rules.check_draft(game(P3, hands=[3], hook=False), "bids", {"bids": bids}) == {"bids": bids}
        return
    with pytest.raises(Invalid) as found:
        rules.check_draft(game(P3, hands=[3], hook=False), "bids", {"bids": bids})
    assert seen(found.value.problems) == refused


def test_the_tricks_are_no_step_saved_on_their_own():
    with pytest.raises(Invalid) as found:
        rules.check_draft(game(P3, hands=[3]), "tricks", {"bids": [1, 1, 0], "tricks": [1, 1, 1]})
    assert [p.text() for p in found.value.problems] == ["This game has no step named tricks."]


def test_the_hook_holds_for_a_round_dealt_by_another_seat():
    """A round naming its dealer: that dealer is the one hooked."""
    rnd = {"bids": [1, 1, 1], "tricks": [1, 1, 1], "dealer": 1}
    assert seen(problems(P3, [rnd], hands=[3])) == [(1, 1, "bids", HOOKED % 1)]


@pytest.mark.parametrize(
    "rnd, refused",
    [
        (
            {"bids": [2, 0, -1], "tricks": [2, 0, 0]},
            [(2, "bids", "The bid must be between 0 and 2 (got -1).")],
        ),
        (
            {"bids": [3, 0, 0], "tricks": [3, 0, -1]},
            [
                (0, "bids", "The bid must be between 0 and 2 (got 3)."),
                (0, "tricks", "Tricks taken must be between 0 and 2 (got 3)."),
                (2, "tricks", "Tricks taken must be between 0 and 2 (got -1)."),
            ],
        ),
        ({"bids": [2, 0, "1"], "tricks": [2, 0, 0]}, [(2, "bids", "The bid must be a whole number.")]),
        ({"bids": [2, 0, 1], "tricks": [2, 0, True]}, [(2, "tricks", "Tricks taken must be a whole number.")]),
        (
            {"bids": [0, 0, 1], "tricks": [1, 0, 0]},
            [(None, "tricks", ADD_UP % 1)],
        ),
        (
            {"bids": [0, 0, 1], "tricks": [1, 1, 1]},
            [(None, "tricks", ADD_UP % 3)],
        ),
        (
            {"bids": [0, 0], "tricks": [2, 0, 0]},
            [(None, "bids", "The field bids must list one entry for each of the 3 players.")],
        ),
        ({"bids": [0, 0, 1]}, [(None, "tricks", "The field tricks is missing.")]),
        (
            {"bids": [0, 0, 1], "tricks": [2, 0, 0], "trump": "hearts"},
            [(None, "trump", "Unknown field trump in a round.")],
        ),
    ],
)
def test_bad_rounds_name_the_player_the_field_and_what_is_wrong(rnd, refused):
    assert seen(problems(P3, [rnd], hands=[2], hook=False)) == [(1, *r) for r in refused]


def test_the_game_ends_after_the_last_hand_highest_total_winning_ties_shared():
    rounds = [{"bids": [1, 1, 0], "tricks": [1, 0, 0]}, {"bids": [0, 1, 0], "tricks": [0, 2, 0]}]
    result = play(P3, rounds[:1], hands=[1, 2])
    assert not result.finished and result.upcoming.cards == 2 and result.totals == [11, 0, 10]
    result = play(P3, rounds, hands=[1, 2])
    assert result.finished and result.ending.text() == "The last hand has been played."
    assert result.totals == [21, 0, 20] and result.winner_names() == ["Anne"]
    tie = [rounds[0], {"bids": [0, 0, 1], "tricks": [0, 1, 1]}]
    assert play(P3, tie, hands=[1, 2]).totals == [21, 0, 21]
    assert play(P3, tie, hands=[1, 2]).winner_names() == ["Anne", "Cleo"]
    assert seen(problems(P3, [*rounds, rounds[0]], hands=[1, 2])) == [
        (3, None, "rounds", "The game was already over: round 3 cannot be played.")
    ]


def test_nineteen_hands_by_default():
    rounds = [{"bids": [c, 0, 0], "tricks": [c, 0, 0]} for c in hands(3)]
    assert not play(P3, rounds[:18], hook=False).finished
    result = play(P3, rounds, hook=False)
    assert result.finished and result.totals == [19 * 10 + 100, 190, 190]


@pytest.mark.parametrize("hook", [True, False])
def test_the_form_offers_bids_and_tricks_up_to_the_hand(hook):
    result = play(P3, [{"bids": [1, 1, 1], "tricks": [1, 0, 0]}], hands=[1, 4], hook=hook)
    assert result.upcoming.entry == {"bids": Span(0, 4), "tricks": Span(0, 4), "hook": hook}
    assert result.rounds[0].entry == {"bids": Span(0, 1), "tricks": Span(0, 1), "hook": hook}


def test_statistics_count_the_bids_made():
    played = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [0, 1, 0], "tricks": [0, 2, 0]}]
    found = game(P3, played, hands=[1, 2], hook=False)
    assert RULES.statistics(found, rules.play(found)) == [{"made": [2, 2]}, {"made": [1, 2]}, {"made": [2, 2]}]
    assert RULES.statistics(game(P3), rules.play(game(P3))) == [{"made": [0, 0]}] * 3


# -- players who come and go (RULES.md sections 8 and 9) --------------------------------------------------------
P6 = P7[:6]
N = None


@pytest.mark.parametrize(
    "second, refused",
    [
        (8, None),  # 6 players x 8 = 48 cards
        (9, "The pack of 52 cannot deal 9 cards each to 6 players."),  # 54: the hand sizes were set for 5
    ],
)
def test_a_hand_the_pack_cannot_deal_to_the_players_of_a_round_is_refused(second, refused):
    """Fay joins before hand 2: the hands stay those set for five players, and one of 9 is too many for six: her
    join, made now (rules.play's `joins`), is refused, naming her (RULES.md section 8); stored so before it was
    refused, the game plays, and its bids say what the pack cannot deal."""
    first = {"bids": [1, 0, 0, 0, 0, N], "tricks": [1, 0, 0, 0, 0, N]}
    second_round = {"bids": [0] * 6, "tricks": [second, 0, 0, 0, 0, 0]}
    game_ = Game("oh-hell", P6, {"hands": [1, second], "hook": False}, 0, [first, second_round])
    game_.changes = [{"before": 2, "join": 5}]
    if refused is None:
        result = rules.play(game_)
        assert result.finished and result.totals[5] == 10 + 10  # she started at the lowest total, 10, and made 0
        return
    with pytest.raises(Invalid) as found:
        rules.play(game_, joins=[2])
    assert seen(found.value.problems) == [(2, 5, "changes", refused)]
    kept = Game("oh-hell", P6, game_.options, 0, [first], game_.changes)
    assert rules.play(kept).upcoming.cards == 9
    with pytest.raises(Invalid) as found:
        rules.check_draft(kept, "bids", {"bids": [0] * 6})
    assert [p.text() for p in found.value.problems] == [refused]


def test_the_bids_of_a_hand_the_pack_cannot_deal_to_the_players_of_a_round_are_refused():
    first = {"bids": [1, 0, 0, 0, 0, N], "tricks": [1, 0, 0, 0, 0, N]}
    second = {"bids": [0] * 6, "tricks": [8, 0, 0, 0, 0, 0]}  # Fay joined a hand of 8: 48 cards, dealt
    options = {"hands": [1, 8, 9], "hook": False}
    game_ = Game("oh-hell", P6, options, 0, [first, second], [{"before": 2, "join": 5}])
    with pytest.raises(Invalid) as found:
        rules.check_draft(game_, "bids", {"bids": [0] * 6})
    assert [p.text() for p in found.value.problems] == ["The pack of 52 cannot deal 9 cards each to 6 players."]


def test_the_game_ends_after_the_hands_set_at_the_start_whoever_sat_out():
    rounds = [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [2, 0, N, 0], "tricks": [2, 0, N, 0]}]
    game_ = Game("oh-hell", P7[:4], {"hands": [1, 2], "hook": False}, 0, rounds, [{"before": 2, "sit_out": [2]}])
    result = rules.play(game_)
    assert result.finished and result.ending.text() == "The last hand has been played."
    assert result.totals == [23, 20, 10, 20] and result.winner_names() == ["Anne"]
