"""Everest & Abyss, RULES.md section 3: numbers, Big Boss, the pot, elimination and the end."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.games.everest_abyss.rules import number, showdown
from scorekeeper.rules import Game, Invalid

P3 = ["Anne", "Julien", "Sylvie"]
P4 = P3 + ["Pierre"]


# helpers.play would take the option `rounds` for its list of rounds: build the Game here
def game(players, played=(), first_dealer=0, **options):
    """An Everest & Abyss Game with the given rounds played."""
    return Game("everest-abyss", list(players), options, first_dealer, list(played))


def play(players, played=(), first_dealer=0, **options):
    """The Result of playing those rounds."""
    return rules.play(game(players, played, first_dealer, **options))


def problems(players, played=(), first_dealer=0, **options):
    """The problems raised by an invalid game (the test fails if it is valid)."""
    try:
        play(players, played, first_dealer, **options)
    except Invalid as exc:
        return exc.problems
    raise AssertionError("the game was accepted")


def _round(cote="everest", staked=(1, 1, 1), folded=None, hands=None, winner=None, **extra):
    """A round; nobody folded unless told."""
    rnd = {"cote": cote, "staked": list(staked), "folded": list(folded or [False] * len(staked))}
    if hands is not None:
        rnd["hands"] = hands
    if winner is not None:
        rnd["winner"] = winner
    return {**rnd, **extra}


@pytest.mark.parametrize(
    "cote, a, b, value",
    [
        ("everest", 9, 9, 99),  # seed: 99 is the best EVEREST
        ("everest", 8, 9, 98),  # seed: 98 next
        ("everest", 7, 9, 97),
        ("everest", 1, 1, 11),
        ("everest", 3, 5, 53),
        ("abyss", 1, 1, 11),  # seed: 11 is the best ABYSS
        ("abyss", 2, 1, 12),  # seed: 12 next
        ("abyss", 3, 1, 13),
        ("abyss", 9, 9, 99),
        ("abyss", 5, 3, 35),
    ],
)
def test_numbers(cote, a, b, value):
    assert number(cote, a, b) == value


@pytest.mark.parametrize(
    "cote, hands, order, winner, big_boss",
    [
        ("everest", [[9, 8], [9, 9], [1, 1]], [1, 2, 0], 1, False),
        ("abyss", [[9, 8], [9, 9], [1, 1]], [1, 2, 0], 2, False),
        ("everest", [[3, 5], [5, 3], [1, 1]], [1, 2, 0], 1, True),  # 53 each: seat 1 bet first
        ("everest", [[3, 5], [5, 3], [1, 1]], [2, 0, 1], 0, True),  # same hands, seat 0 bets first now
        ("abyss", [[2, 1], None, [1, 2]], [1, 2, 0], 2, True),  # no hand for seat 1: not in the showdown
        ("abyss", [[2, 1], [1, 1], [1, 2]], [0, 1, 2], 1, False),
    ],
)
def test_showdown(cote, hands, order, winner, big_boss):
    assert showdown(cote, hands, order) == (winner, big_boss)


def test_the_winner_takes_the_pot_folded_stakes_included():
    rnd = _round(staked=[3, 7, 7, 2], folded=[False, False, False, True], hands=[[9, 1], [4, 4], [2, 8], None])
    result = play(P4, [rnd])
    first = result.rounds[0]
    assert first.round["winner"] == 0  # 91 beats 82 and 44 on EVEREST
    assert first.scores == [19 - 3, -7, -7, -2]
    assert result.totals == [42, 19, 19, 24]
    assert first.marks["pot"] == 19 and first.marks["winner"] == 0
    assert first.marks["numbers"] == [91, 44, 82, None]
    assert first.marks["held"] == [26, 26, 26, 26]
    assert first.marks["order"] == [1, 2, 3, 0]
    assert first.marks["big_boss"] is False and first.marks["tapis"] == [] and first.marks["out"] == []
    assert first.warnings and first.warnings[0].seat == 0  # 3 is not aligned on 7


def test_abyss_lowest_wins():
    rnd = _round("abyss", staked=[2, 2, 2], hands=[[9, 1], [4, 4], [2, 8]])
    result = play(P3, [rnd])
    assert result.rounds[0].round["winner"] == 0 and result.rounds[0].marks["numbers"] == [19, 44, 28]
    assert result.totals == [30, 24, 24]


def test_only_one_left_wins_without_a_showdown():
    rnd = _round(staked=[1, 5, 2], folded=[True, False, True])
    result = play(P3, [rnd])
    assert result.rounds[0].round == {
        "cote": "everest",
        "staked": [1, 5, 2],
        "folded": [True, False, True],
        "hands": [None] * 3,
        "winner": 1,
    }
    assert result.totals == [25, 29, 24]


@pytest.mark.parametrize(
    "first_dealer, winner, order",
    [
        (0, 1, [1, 2, 0]),  # Julien bets before Anne
        (1, 2, [2, 0, 1]),  # Sylvie bets first
        (2, 0, [0, 1, 2]),  # Anne bets first
    ],
)
def test_big_boss_depends_on_who_bets_first(first_dealer, winner, order):
    rnd = _round(staked=[2, 2, 2], hands=[[6, 5], [5, 6], [6, 5]])
    result = play(P3, [rnd], first_dealer=first_dealer)
    first = result.rounds[0]
    assert first.round["winner"] == winner and first.marks["big_boss"] is True
    assert first.marks["order"] == order
    assert first.notes[0].seat == winner and first.notes[0].params["name"] == P3[winner]


def test_big_boss_only_among_the_best():
    rnd = _round(staked=[2, 2, 2], hands=[[6, 5], [5, 6], [9, 1]])
    first = play(P3, [rnd]).rounds[0]
    assert first.round["winner"] == 2 and first.marks["big_boss"] is False


def test_a_round_naming_its_dealer_changes_big_boss():
    rnd = _round(staked=[2, 2, 2], hands=[[6, 5], [5, 6], [1, 1]], dealer=1)
    result = play(P3, [rnd])
    assert result.rounds[0].round["winner"] == 0 and result.rounds[0].round["dealer"] == 1
    assert result.upcoming.dealer == 2


def test_a_tapis_player_wins_the_whole_pot():
    # with 10 tokens each, Anne loses 8 first, then goes tapis with her last 2 against stakes of 8
    first = _round(staked=[8, 1, 1], folded=[False, False, True], winner=1)
    second = _round(staked=[2, 8, 8], hands=[[9, 9], [8, 8], [7, 7]])
    result = play(P3, [first, second], tokens=10)
    assert result.totals == [18, 11, 1]
    last = result.rounds[1]
    assert last.marks["tapis"] == [0] and last.marks["pot"] == 18 and last.marks["held"] == [2, 19, 9]
    assert last.warnings == []  # a tapis stake below the others is expected
    assert sum(result.totals) == 30


def test_elimination_and_the_deal_skipping_the_eliminated():
    # dealer 0, 12 tokens each; Julien (seat 1) stakes all 12 and loses
    rnd = _round(staked=[1, 12, 1, 1], hands=[[9, 9], [1, 2], [1, 3], [1, 4]])
    result = play(P4, [rnd], tokens=12)
    first = result.rounds[0]
    assert first.marks["out"] == [1] and first.marks["tapis"] == [1]
    assert first.notes[-1].params["name"] == "Julien"
    assert result.state.extra["out"] == [1] and result.totals == [12 - 1 + 15, 0, 11, 11]
    assert result.upcoming.dealer == 2  # seat 1 would have dealt
    assert result.upcoming.order == [3, 0, 2]
    assert result.upcoming.extra == {"held": [26, 0, 11, 11], "out": [1], "bank": 48}
    # round 2 dealt by Sylvie: Julien's entries are 0, true, null; the deal then passes to Pierre
    rnd2 = _round(staked=[1, 0, 1, 1], folded=[False, True, False, False], hands=[[5, 5], None, [5, 5], [4, 4]])
    result = play(P4, [rnd, rnd2], tokens=12)
    second = result.rounds[1]
    assert second.dealer == 2 and second.marks["order"] == [3, 0, 2]
    assert second.round["winner"] == 0 and second.marks["big_boss"] is True  # 55 each: Anne bets first
    assert result.upcoming.dealer == 3


def test_dealer_after_the_last_seat_skips_to_the_first_still_in():
    rnd = _round(staked=[12, 1, 1], hands=[[1, 1], [9, 9], [2, 2]], dealer=1)
    result = play(P3, [rnd], tokens=12)
    assert result.state.extra["out"] == [0] and result.upcoming.dealer == 2
    result = play(P3, [rnd, _round(staked=[0, 1, 1], folded=[True, False, True])], tokens=12)
    assert result.rounds[1].dealer == 2 and result.upcoming.dealer == 1  # seat 0 skipped


def test_an_eliminated_player_cannot_be_named_dealer():
    rnd = _round(staked=[12, 1, 1], hands=[[1, 1], [9, 9], [2, 2]])
    found = problems(P3, [rnd, _round(staked=[0, 1, 1], folded=[True, False, False], winner=1, dealer=0)], tokens=12)
    assert (found[0].round, found[0].field) == (2, "dealer")


def test_the_game_ends_when_one_holds_every_token():
    rounds = [_round(staked=[12, 12], hands=[[9, 9], [1, 1]])]
    result = play(["Anne", "Julien"], rounds, tokens=12)
    assert result.finished and result.totals == [24, 0] and result.winner_names() == ["Anne"]
    assert result.ending.message == "%(name)s holds every token." and result.ending.params == {"name": "Anne"}
    assert (result.ending.seat, result.ending.text()) == (0, "Anne holds every token.")
    assert result.upcoming is None
    found = problems(["Anne", "Julien"], rounds + [_round(staked=[1, 0], winner=0)], tokens=12)
    assert (found[0].round, found[0].field) == (2, "rounds")


def test_the_last_player_standing_among_many():
    rounds = [_round(staked=[1, 10, 1], hands=[[9, 9], [1, 1], [2, 2]])]
    result = play(P3, rounds, tokens=10)
    assert result.state.extra["out"] == [1] and not result.finished
    rounds.append(_round(staked=[10, 0, 9], folded=[False, True, False], hands=[[9, 9], None, [1, 1]]))
    result = play(P3, rounds, tokens=10)
    assert result.finished and result.totals == [30, 0, 0] and result.winners == [0]
    assert result.rounds[1].marks["out"] == [2]


def test_the_round_limit():
    rnd = _round(staked=[2, 3, 3], hands=[[9, 9], [1, 1], [2, 2]])
    result = play(P3, [rnd], rounds=2)
    assert not result.finished
    result = play(P3, [rnd, rnd], rounds=2)
    assert result.finished and result.totals == [38, 20, 20] and result.winner_names() == ["Anne"]
    assert result.ending.text() == "The last of the 2 rounds has been played."
    assert play(P3, [rnd], rounds=1).ending.text() == "The only round has been played."  # not "the 1 rounds"


def test_the_round_limit_shares_a_tie():
    rounds = [
        _round(staked=[2, 1, 1], hands=[[9, 9], [1, 1], [2, 2]]),
        _round(staked=[1, 1, 1], hands=[[1, 1], [9, 9], [2, 2]]),
    ]
    result = play(P3, rounds, rounds=2)
    assert result.totals == [27, 27, 24] and result.winner_names() == ["Anne", "Julien"]


def test_normalised_round_played_again_gives_the_same():
    rounds = [
        _round(staked=[3, 3, 3], hands=[[4, 5], [5, 4], [1, 1]]),
        _round("abyss", staked=[1, 2, 2], folded=[True, False, False], winner=2),
    ]
    result = play(P3, rounds)
    again = play(P3, [r.round for r in result.rounds])
    assert [r.round for r in again.rounds] == [r.round for r in result.rounds]
    assert again.totals == result.totals == [26 - 3 - 1, 26 + 6 - 2, 26 - 3 + 3]


def test_a_given_winner_is_kept_when_the_hands_are_partial():
    rnd = _round(staked=[2, 2, 2], hands=[[1, 1], None, [9, 9]], winner=1)
    result = play(P3, [rnd])
    assert result.rounds[0].round["winner"] == 1 and result.totals == [24, 30, 24]
    assert result.rounds[0].marks["numbers"] == [11, None, 99]


def test_default_tokens_and_bank():
    result = play(P4)
    assert result.totals == [26] * 4 and result.upcoming.extra["bank"] == 104
    assert result.upcoming.order == [1, 2, 3, 0] and result.upcoming.first == 1


@pytest.mark.parametrize(
    "rnd, seat, field, text",
    [
        ({"staked": [1, 1, 1], "folded": [False] * 3, "winner": 0}, None, "cote", "The field cote is missing."),
        (_round("k2", winner=0), None, "cote", "The call must be one of: everest, abyss."),
        (_round(winner=0, bluff=True), None, "bluff", "Unknown field bluff in a round."),
        ({"cote": "abyss", "folded": [False] * 3, "winner": 0}, None, "staked", "The field staked is missing."),
        (
            _round(staked=[1, 1], winner=0),
            None,
            "staked",
            "The field staked must list one entry for each of the 3 players.",
        ),
        (
            _round(staked=[1, 0, 1], winner=0),
            1,
            "staked",
            "The stake must be between 1 and 12 (got 0).",
        ),  # every player still in stakes
        (
            _round(staked=[1, 27, 1], winner=0),
            1,
            "staked",
            "A player stakes at most 12 in one round: 3 in the first betting turn plus at most 9 (got 27).",
        ),  # more than held
        (_round(staked=[1, 1, "2"], winner=0), 2, "staked", "The stake must be a whole number."),
        (_round(staked=[1, 1, True], winner=0), 2, "staked", "The stake must be a whole number."),
        ({"cote": "abyss", "staked": [1, 1, 1], "winner": 0}, None, "folded", "The field folded is missing."),
        (_round(folded=[False, "no", False], winner=0), 1, "folded", "Folded must be true or false."),
        (_round(folded=[True] * 3), None, "folded", "Everyone folded: at least one player must stay in."),
        (_round(folded=[True] * 3, winner=0), None, "folded", "Everyone folded: at least one player must stay in."),
        (_round(folded=[False, True, False], winner=1), 1, "winner", "The winner folded: they cannot take the pot."),
        (_round(winner=3), None, "winner", "The winner must be a seat from 0 to 2 (got 3)."),
        (_round(winner=-1), None, "winner", "The winner must be a seat from 0 to 2 (got -1)."),
        (_round(winner="0"), None, "winner", 'The winner must be a seat from 0 to 2 (got "0").'),
        (
            _round(hands=[[1, 2], [3, 4]], winner=0),
            None,
            "hands",
            "The field hands must list one entry for each of the 3 players.",
        ),
        (
            _round(hands=[[1, 2], [3, 10], [5, 6]]),
            1,
            "hands",
            "Each digit of a hand must be between 1 and 9 (got 3 and 10).",
        ),
        (
            _round(hands=[None, [3, 10], [5, 6]]),  # after a seat with no hand
            1,
            "hands",
            "Each digit of a hand must be between 1 and 9 (got 3 and 10).",
        ),
        (
            _round(hands=[[1, 2], [0, 4], [5, 6]]),
            1,
            "hands",
            "Each digit of a hand must be between 1 and 9 (got 0 and 4).",
        ),
        (_round(hands=[[1, 2], [3], [5, 6]]), 1, "hands", "A hand must be two digits."),
        (_round(hands=[[1, 2], [3, 4, 5], [5, 6]]), 1, "hands", "A hand must be two digits."),
        (_round(hands=[[1, 2], 34, [5, 6]]), 1, "hands", "A hand must be two digits."),
        (_round(hands=[[1, 2], [3, True], [5, 6]]), 1, "hands", "A hand must be two digits."),
        (
            _round(hands=[[1, 2], None, [5, 6]]),
            1,
            "hands",
            "Enter the winner, or the two digits of every player still in.",
        ),  # the winner cannot be computed
        (_round(), 0, "hands", "Enter the winner, or the two digits of every player still in."),  # nor without any hand
        (
            _round(folded=[False, True, False], hands=[[1, 2], [3, 4], [5, 6]]),
            1,
            "hands",
            "A player who folded shows no hand.",
        ),
        (
            _round(hands=[[1, 2], [3, 4], [5, 6]], winner=0),
            0,
            "winner",
            "The hands entered make Sylvie the winner (65 against 21).",
        ),  # the hands say Sylvie's 65
        (
            _round(hands=[[5, 6], [6, 5], [1, 1]], winner=0),
            0,
            "winner",
            "Julien bet first with the same 65: by Big Boss, Julien is the winner.",
        ),  # Big Boss says Julien
        (
            _round(hands=[[1, 2], None, [5, 6]], winner=0),
            0,
            "winner",
            "The hands entered make Sylvie the winner (65 against 21).",
        ),  # Sylvie's known hand beats it
    ],
)
def test_bad_rounds_name_round_player_field_and_message(rnd, seat, field, text):
    found = problems(P3, [rnd])
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(1, seat, field, text)]


ELIMINATED = _round(staked=[1, 12, 1], hands=[[9, 9], [1, 1], [2, 2]])  # with 12 tokens each, Julien is out


@pytest.mark.parametrize(
    "rnd, seat, field, text",
    [
        (
            _round(staked=[1, 1, 1], folded=[False, True, False], winner=0),
            1,
            "staked",
            "An eliminated player stakes nothing (got 1).",
        ),
        (
            _round(staked=[1, 0, 1], folded=[False, False, False], winner=0),
            1,
            "folded",
            "An eliminated player cannot play on: they must be marked as folded.",
        ),
        (
            _round(staked=[1, 0, 1], folded=[False, True, False], winner=1),
            1,
            "winner",
            "The winner is out of the game.",
        ),
        (
            _round(staked=[1, 0, 1], folded=[False, True, False], hands=[[1, 1], [2, 2], [3, 3]]),
            1,
            "hands",
            "A player who folded shows no hand.",
        ),
        (
            _round(staked=[1, 0, 12], folded=[False, True, False], winner=0),
            2,
            "staked",
            "The stake must be between 1 and 11 (got 12).",
        ),  # Sylvie holds 11
    ],
)
def test_bad_rounds_after_an_elimination(rnd, seat, field, text):
    found = problems(P3, [ELIMINATED, rnd], tokens=12)
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(2, seat, field, text)]


@pytest.mark.parametrize(
    "options, field",
    [
        ({"tokens": 1}, "tokens"),
        ({"tokens": "26"}, "tokens"),
        ({"rounds": 0}, "rounds"),
        ({"ante": 1}, "ante"),
    ],
)
def test_bad_options(options, field):
    found = problems(P3, **options)
    assert found[0].field == field


def test_player_count():
    assert problems(["Anne"])[0].field == "players"
    assert problems([f"P{k}" for k in range(9)])[0].field == "players"
    assert play([f"P{k}" for k in range(8)]).totals == [26] * 8


@st.composite
def _games(draw):
    """A game of random valid rounds, built round by round on the holdings the rules report. Each round is played
    on from the last (rules.play_on, as a save is): playing the game again from its start at each round cost 3/4
    of the test's CPU; the test itself still plays every game whole."""
    n = draw(st.integers(2, 5))
    options = {"tokens": draw(st.integers(2, 12)), "rounds": draw(st.none() | st.integers(1, 12))}
    first = draw(st.integers(0, n - 1))
    players = [f"P{k}" for k in range(n)]
    rounds = []
    so_far = rules.checked(game(players, rounds, first, **options))  # its rounds are `rounds`, as they grow
    result = rules.play(so_far)
    for _ in range(draw(st.integers(0, 25))):
        if result.finished:
            break
        rnd = draw(_valid_round(result.totals, result.state.extra["out"]))
        result = rules.play_on(so_far, result, rnd)
        rounds.append(rnd)
    return players, options, first, rounds


@st.composite
def _valid_round(draw, held, out):
    """A valid round for these holdings: stakes 1..held (at most 12), someone in, a winner or every hand."""
    n = len(held)
    active = [s for s in range(n) if s not in out]
    staked = [0 if s in out else draw(st.integers(1, min(held[s], 12))) for s in range(n)]
    folded = [True if s in out else draw(st.booleans()) for s in range(n)]
    if all(folded):
        folded[draw(st.sampled_from(active))] = False
    in_ = [s for s in range(n) if not folded[s]]
    rnd = {"cote": draw(st.sampled_from(["everest", "abyss"])), "staked": staked, "folded": folded}
    if draw(st.booleans()):
        rnd["winner"] = draw(st.sampled_from(in_))
    else:
        digit = st.integers(1, 9)
        rnd["hands"] = [[draw(digit), draw(digit)] if s in in_ else None for s in range(n)]
    if draw(st.booleans()):
        rnd["dealer"] = draw(st.sampled_from(active))
    return rnd


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_games())
def test_random_games_conserve_tokens(played):
    players, options, first, rounds = played
    result = rules.play(game(players, rounds, first, **options))
    bank = options["tokens"] * len(players)
    for rnd in result.rounds:
        assert sum(rnd.totals) == bank and min(rnd.totals) >= 0 and sum(rnd.scores) == 0
        winner, pot = rnd.round["winner"], rnd.marks["pot"]
        assert pot == sum(rnd.round["staked"]) and rnd.scores[winner] == pot - rnd.round["staked"][winner]
    out = result.state.extra["out"]
    assert out == [s for s, t in enumerate(result.totals) if t == 0]
    if not result.finished:
        assert result.upcoming.dealer not in out and result.upcoming.order[-1] == result.upcoming.dealer
        assert sorted(result.upcoming.order) == [s for s in range(len(players)) if s not in out]
    elif bank in result.totals:
        assert result.winners == [result.totals.index(bank)]
    else:
        assert len(result.rounds) == options["rounds"]
        assert result.winners == [s for s, t in enumerate(result.totals) if t == max(result.totals)]
    again = rules.play(game(players, [r.round for r in result.rounds], first, **options))
    assert again.totals == result.totals
