"""Wizard, RULES.md section 10: one more card each round, 20 + 10 a trick when exact, minus 10 a trick off."""

from functools import partial

import pytest

from scorekeeper import rules
from scorekeeper.games.wizard.rules import RULES, round_score
from scorekeeper.rules import Game, Invalid
from scorekeeper.rules.fields import Span
from tests.rules import helpers

P3 = ["Anne", "Ben", "Cleo"]
P6 = P3 + ["Dan", "Eve", "Fay"]
SUITS = ("clubs", "diamonds", "hearts", "spades")
ROUNDS = "Number of rounds"
HOOKED = "As dealer you may not bid %d: the bids would add up to the %d cards dealt."


game = partial(helpers.game, "wizard")
play = partial(helpers.play, "wizard")
problems = partial(helpers.problems, "wizard")


def seen(found):
    """Problems as (round, seat, field, message)."""
    return [(p.round, p.seat, p.field, p.text()) for p in found]


def dealt(cards, n=3, **more):
    """A round of `cards` cards in which seat 0 bids and takes them all, the others none."""
    return {"bids": [cards] + [0] * (n - 1), "tricks": [cards] + [0] * (n - 1), **more}


@pytest.mark.parametrize(
    "bid, tricks, points",
    [
        (0, 0, 20),  # exactly the bid: 20 + 10 per trick taken
        (1, 1, 30),
        (3, 3, 50),
        (20, 20, 220),
        (2, 3, -10),  # otherwise minus 10 per trick over
        (2, 0, -20),  # or under
        (0, 5, -50),
        (5, 1, -40),
    ],
)
def test_an_exact_bid_scores_twenty_plus_ten_a_trick(bid, tricks, points):
    assert round_score(bid, tricks) == points


@pytest.mark.parametrize("players, count", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_the_game_has_sixty_divided_by_players_rounds(players, count):
    assert rules.get("wizard").check_setup(P6[:players], {})["rounds"] == count
    rounds = [dealt(r, players) for r in range(1, count + 1)]
    assert not play(P6[:players], rounds[:-1], hook=False).finished
    result = play(P6[:players], rounds, hook=False)
    assert result.finished and result.rounds[-1].cards == count
    assert result.totals[0] == sum(20 + 10 * r for r in range(1, count + 1))
    assert seen(problems(P6[:players], [*rounds, dealt(1, players)])) == [
        (count + 1, None, "rounds", f"The game was already over: round {count + 1} cannot be played.")
    ]


@pytest.mark.parametrize(
    "players, rounds, refused",
    [
        (P3, 1, None),
        (P3, 20, None),
        (P3, 21, f"{ROUNDS} must be between 1 and 20 (got 21)."),
        (P3, 0, f"{ROUNDS} must be between 1 and 20 (got 0)."),
        (P6[:4], 15, None),
        (P6[:4], 16, f"{ROUNDS}: with 4 players the pack deals 15 rounds at most (got 16)."),
        (P6[:5], 12, None),
        (P6[:5], 13, f"{ROUNDS}: with 5 players the pack deals 12 rounds at most (got 13)."),
        (P6, 10, None),
        (P6, 11, f"{ROUNDS}: with 6 players the pack deals 10 rounds at most (got 11)."),
        (P3, "5", f'{ROUNDS} cannot be "5".'),
    ],
)
def test_fewer_rounds_up_to_what_the_pack_deals(players, rounds, refused):
    if refused is None:
        assert play(players, [dealt(1, len(players))] * 0, rounds=rounds).upcoming.cards == 1
        played = [dealt(r, len(players)) for r in range(1, rounds + 1)]
        assert play(players, played, rounds=rounds, hook=False).finished
    else:
        assert seen(problems(players, rounds=rounds)) == [(None, None, "rounds", refused)]


@pytest.mark.parametrize("players", [P3[:2], P6 + ["Gus"]])
def test_three_to_six_players(players):
    message = f"Wizard is played by 3 to 6 players, not {len(players)}."
    assert seen(problems(players)) == [(None, None, "players", message)]


def test_round_r_deals_r_cards_and_the_deal_passes_clockwise():
    result = play(P6[:4], [dealt(1, 4), dealt(2, 4)], first_dealer=3)
    assert [r.cards for r in result.rounds] == [1, 2] and [r.dealer for r in result.rounds] == [3, 0]
    assert result.upcoming.cards == 3 and result.upcoming.dealer == 1 and result.upcoming.order == [2, 3, 0, 1]


def test_scores_fall_below_zero():
    result = play(P3, [{"bids": [1, 0, 0], "tricks": [0, 1, 0]}, {"bids": [2, 2, 0], "tricks": [0, 0, 2]}])
    assert result.rounds[0].scores == [-10, -10, 20] and result.totals == [-30, -30, 0]
    assert result.rounds[1].marks == {"made": [False, False, False]}


@pytest.mark.parametrize(
    "hook, dealer, bids, refused",
    [
        (False, 0, [2, 1, 0], None),  # off by default: the bids may add up
        (True, 0, [2, 1, 0], [(1, 0, "bids", HOOKED % (2, 3))]),  # Anne deals, Ben and Cleo bid 1 and 0: not 2
        (True, 0, [1, 1, 0], None),
        (True, 0, [3, 1, 0], None),
        (True, 2, [0, 3, 0], [(1, 2, "bids", HOOKED % (0, 3))]),
    ],
)
def test_the_hook_a_house_rule(hook, dealer, bids, refused):
    """Round 3 (3 cards): with the hook the dealer may not make the bids add up to 3."""
    before = [{"bids": [0] * 3, "tricks": [cards, 0, 0]} for cards in (1, 2)]  # nobody made a bid
    rnd = {"bids": bids, "tricks": [1, 1, 1]}
    options = {"hook": hook} if hook else {}
    first = (dealer - 2) % 3
    if refused is None:
        assert play(P3, [*before, rnd], first_dealer=first, **options).rounds[2].dealer == dealer
        return
    assert seen(problems(P3, [*before, rnd], first_dealer=first, **options)) == [(3, *r[1:]) for r in refused]
    with pytest.raises(Invalid) as found:
        rules.check_draft(game(P3, before, first_dealer=first, **options), "bids", {"bids": bids})
    assert seen(found.value.problems) == [(3, *r[1:]) for r in refused]


@pytest.mark.parametrize("trump", [*SUITS, None])
def test_the_trump_is_a_suit_or_none_in_any_round(trump):
    result = play(P3, [dealt(1, trump=trump), dealt(2, trump=trump)])
    assert [r.round["trump"] for r in result.rounds] == [trump, trump]
    assert play(P3, [dealt(1)]).rounds[0].round == {"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": None}


@pytest.mark.parametrize(
    "trump, got",
    [
        ("Hearts", '"Hearts"'),
        ("jester", '"jester"'),
        ("none", '"none"'),  # no trump is null: the message does not offer "none"
        ("", '""'),
        (3, "3"),
        (["hearts"], '["hearts"]'),
        ("h" * 100, '"' + "h" * 38 + "…"),  # a long value is cut short
    ],
)
def test_a_trump_that_is_no_suit_is_refused_showing_what_was_given(trump, got):
    refused = f"The trump must be clubs, diamonds, hearts, spades or null (got {got})."
    assert seen(problems(P3, [dealt(1, trump=trump)])) == [(1, None, "trump", refused)]
    with pytest.raises(Invalid) as found:  # at the bids step too, where the trump is tapped
        rules.check_draft(game(P3), "bids", {"bids": [1, 0, 0], "trump": trump})
    assert seen(found.value.problems) == [(1, None, "trump", refused)]


@pytest.mark.parametrize("trump", ["hearts", None])
def test_the_bids_step_keeps_the_trump_tapped_with_the_bids(trump):
    assert rules.check_draft(game(P3), "bids", {"bids": [1, 0, 0], "trump": trump}) == {
        "bids": [1, 0, 0],
        "trump": trump,
    }


@pytest.mark.parametrize(
    "rnd, refused",
    [
        ({"bids": [3, 0, 0], "tricks": [2, 0, 0]}, [(0, "bids", "The bid must be between 0 and 2 (got 3).")]),
        ({"bids": [0, -1, 0], "tricks": [2, 0, 0]}, [(1, "bids", "The bid must be between 0 and 2 (got -1).")]),
        ({"bids": [2, 0, 0], "tricks": [3, -1, 0]}, [
            (0, "tricks", "Tricks taken must be between 0 and 2 (got 3)."),
            (1, "tricks", "Tricks taken must be between 0 and 2 (got -1).")]),
        ({"bids": [2, 0, 0], "tricks": [1, 0, 0]}, [(None, "tricks",
            "The tricks taken add up to 1, but each player was dealt 2 cards: they must add up to 2.")]),
        ({"bids": [2, 0, None], "tricks": [2, 0, 0]}, [(2, "bids", "The bid must be a whole number.")]),
        ({"bids": [2, 0, 0], "tricks": [2, 0, 0], "open": [True] * 3},
         [(None, "open", "Unknown field open in a round.")]),
    ],
)  # fmt: skip
def test_bad_rounds_name_the_player_the_field_and_what_is_wrong(rnd, refused):
    assert seen(problems(P3, [dealt(1), rnd])) == [(2, *r) for r in refused]


def test_the_form_offers_bids_and_tricks_up_to_the_round_and_the_suits():
    result = play(P3, [{"bids": [0] * 3, "tricks": [1, 0, 0]}], hook=True)
    assert result.upcoming.entry == {"bids": Span(0, 2), "tricks": Span(0, 2), "hook": True, "trump": SUITS}
    assert result.rounds[0].entry["bids"] == Span(0, 1) and not play(P3).upcoming.entry["hook"]


def test_the_highest_total_wins_ties_shared():
    tie = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [0, 0, 2], "tricks": [0, 0, 2]}]
    result = play(P3, tie, rounds=2)
    assert result.totals == [50, 40, 60] and result.winner_names() == ["Cleo"]
    tie[1] = {"bids": [0, 1, 1], "tricks": [0, 1, 1]}
    assert play(P3, tie, rounds=2).totals == [50, 50, 50]
    assert play(P3, tie, rounds=2).winner_names() == P3


@pytest.mark.parametrize(
    "joins, refused",
    [
        (15, None),  # round 15 deals 15 cards to 4 players: the 60 cards exactly
        (16, "The pack of 60 cannot deal 16 cards each to 4 players."),
    ],
)
def test_the_rounds_follow_the_players_at_the_start_and_a_hand_the_pack_cannot_deal_is_refused(joins, refused):
    """Three players start (20 rounds); Dan joins before round `joins`: 20 rounds still, and round r deals r (a
    join made before a round the pack cannot deal to four is refused, naming him)."""
    rounds = [{**dealt(r, 4), "tricks": [r, 0, 0, 0]} for r in range(1, joins + 1)]
    for rnd in rounds[: joins - 1]:
        rnd["bids"][3] = rnd["tricks"][3] = None
    game_ = Game("wizard", P6[:4], {}, 0, rounds, [{"before": joins, "join": 3}])
    if refused is None:
        result = rules.play(game_)
        # 20 rounds, as the players at the start (three) set them: with four from the start it would be over
        assert result.rounds[-1].cards == 15 and result.upcoming.cards == 16 and not result.finished
        return
    with pytest.raises(Invalid) as found:
        rules.play(game_, joins=[joins])
    assert seen(found.value.problems) == [(joins, 3, "changes", refused)]


def test_the_hook_is_a_house_rule_offered_off():
    (hook,) = [option for option in RULES.options if option.name == "hook"]
    label = "The dealer may not make the bids add up to the cards dealt"
    assert (hook.kind, hook.default, hook.label) == ("bool", False, label)
