"""Everest & Abyss, RULES.md section 3: the stake limit of a round, what a round shows beside the scores (warnings,
Big Boss's note, who is out), what the round's form offers, and the statistics of a player's page."""

import pytest

from scorekeeper import rules
from scorekeeper.rules.fields import Span

from .test_rules import P3, P4, _round, game, play, problems

TWELVE = (
    "Round 2, Julien: A player stakes at most 12 in one round: 3 in the first betting turn plus at most 9 (got %d)."
)


@pytest.mark.parametrize(
    "staked, tokens, message",
    [
        (13, 26, TWELVE % 13),
        (25, 26, TWELVE % 25),
        (12, 10, "Round 2, Julien: The stake must be between 1 and 9 (got 12)."),  # more than the 9 held
        (0, 26, "Round 2, Julien: The stake must be between 1 and 12 (got 0)."),
        (13, 14, TWELVE % 13),  # 13 held after round 1: the round's limit speaks
        (13, 13, "Round 2, Julien: The stake must be between 1 and 12 (got 13)."),  # exactly 12 held
    ],
)
def test_a_player_stakes_at_most_twelve_in_a_round(staked, tokens, message):
    from scorekeeper.i18n import describe

    found = problems(P3, [_round(winner=2), _round(staked=[1, staked, 1], winner=0)], tokens=tokens)
    assert [describe(p, P3, "en") for p in found] == [message]


def test_twelve_is_a_stake_a_player_may_make():
    result = play(P3, [_round(staked=[12, 12, 12], hands=[[9, 9], [1, 1], [2, 2]])])
    assert result.totals == [26 + 24, 14, 14]


def test_statistics_count_rounds_survived_won_by_big_boss_and_the_biggest_pot():
    """A player's page: rounds played through still holding tokens (1 is enough), rounds won, Big Boss wins,
    the biggest pot taken (not the last one)."""
    played = [
        _round(staked=[2, 2, 2], hands=[[9, 9], [1, 1], [2, 2]]),  # Anne takes 6
        _round(staked=[3, 3, 1], folded=[False, False, True], hands=[[5, 6], [6, 5], None]),  # 65 each: Big Boss
        _round(staked=[1, 7, 1], hands=[[9, 9], [1, 1], [2, 2]]),  # Anne takes 9; Julien, tapis, is out
        _round(staked=[1, 0, 7], folded=[False, True, False], hands=[[9, 9], None, [2, 2]]),  # Sylvie keeps 1
        _round(staked=[1, 0, 1], folded=[False, True, False], hands=[[1, 1], None, [2, 2]]),  # Sylvie takes 2
    ]
    found = game(P3, played, tokens=12)
    assert rules.get("everest-abyss").statistics(found, rules.play(found)) == [
        {"survived": [5, 0], "won": [4, 0], "big_boss": [1, 0], "biggest_pot": [9, 0]},
        {"survived": [2, 0], "won": [0, 0], "big_boss": [0, 0], "biggest_pot": [0, 0]},
        {"survived": [5, 0], "won": [1, 0], "big_boss": [0, 0], "biggest_pot": [2, 0]},
    ]


@pytest.mark.parametrize(
    "staked, folded, warned",
    [
        ([3, 7, 7, 2], [False, False, False, True], [(0, 7, 3)]),
        ([7, 7, 2, 1], [False, False, False, True], [(2, 7, 2)]),
        ([7, 5, 6, 9], [False, False, False, True], [(1, 7, 5), (2, 7, 6)]),  # a folded player need not align
        ([7, 7, 7, 2], [False, False, False, True], []),
    ],
)
def test_a_stake_below_the_highest_without_going_tapis_is_a_warning(staked, folded, warned):
    hands = [None if f else [9 - k, 1] for k, f in enumerate(folded)]
    result = play(P4, [_round(staked=staked, folded=folded, hands=hands)])
    assert [(w.seat, w.field, w.text()) for w in result.rounds[0].warnings] == [
        (seat, "staked", f"Staked {value}, below the highest stake ({top}), without going tapis.")
        for seat, top, value in warned
    ]


def test_big_boss_between_exactly_two_players_at_the_showdown():
    """Sylvie folded: Anne and Julien show 65 each; Julien bets first (dealer Anne) and wins by Big Boss."""
    rnd = _round(staked=[3, 3, 1], folded=[False, False, True], hands=[[6, 5], [5, 6], None])
    first = play(P3, [rnd]).rounds[0]
    assert first.round["winner"] == 1 and first.marks["big_boss"] is True
    assert [(n.seat, n.field, n.text()) for n in first.notes] == [
        (1, "winner", "Big Boss: Julien bet first and wins the tie.")
    ]


def test_big_boss_is_said_before_who_is_out():
    """Pierre stakes his last 12 and loses a round that Big Boss decides between Julien and Sylvie."""
    rnd = _round(staked=[1, 2, 2, 12], hands=[[1, 1], [6, 5], [5, 6], [2, 2]])
    first = play(P4, [rnd], tokens=12).rounds[0]
    assert [(n.seat, n.field, n.text()) for n in first.notes] == [
        (1, "winner", "Big Boss: Julien bet first and wins the tie."),
        (3, None, "Pierre is out of the game."),
    ]


def test_the_round_form_offers_each_players_stakes_the_calls_and_the_numbers():
    """What the form and a script read (rules/fields.py): a stake from 1 to what is held, at most 12, none for a
    player who is out; the betting order; the digits, the number they make under each call and the best."""
    rnd = _round(staked=[1, 12, 1], hands=[[9, 9], [1, 1], [2, 2]])  # Julien is out
    entry = play(P3, [rnd], tokens=12).upcoming.entry
    assert entry["cotes"] == ("everest", "abyss") and entry["best"] == {"everest": "highest", "abyss": "lowest"}
    assert entry["stakes"] == [Span(1, 12), None, Span(1, 11)]
    assert entry["held"] == [25, 0, 11] and entry["order"] == [0, 2] and entry["bank"] == 36
    assert entry["digits"] == Span(1, 9) and entry["tops"] == {"everest": 99, "abyss": 11}
    assert entry["numbers"]["everest"]["52"] == 52 and entry["numbers"]["abyss"]["52"] == 25
    assert play(P3, [], tokens=5).upcoming.entry["stakes"] == [Span(1, 5)] * 3
