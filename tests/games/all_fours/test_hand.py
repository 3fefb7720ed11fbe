"""All Fours, RULES.md section 4: one hand as told at the table (games/all_fours/hand.py), each field read and
checked: every refusal with its field, side and message, and the bounds of a hand on both sides."""

import pytest

from scorekeeper.i18n import describe
from tests.rules.helpers import play, problems

from .test_rules import P2, P3, P4, _hand, _kinds, _sweep


# -- the round as stored -------------------------------------------------------------------------
def test_defaults_are_filled_and_a_normalised_round_plays_the_same():
    rounds = [
        {"turn_ups": ["K"], "high": 0, "low": 1, "jack": None, "game_points": [20, 10]},
        _hand(["6", "A"], beg="run", high=1, low=1, jack=0, game=0, reneges=[{"side": 1}]),
        {"turn_ups": ["2"], "high": None, "low": None, "jack": None, "game": None, "game_points": None},
    ]
    result = play("all-fours", P2, rounds)
    assert result.rounds[0].round == {
        "turn_ups": ["K"],
        "beg": None,
        "reneges": [],
        "high": 0,
        "low": 1,
        "jack": None,
        "game_points": [20, 10],
    }
    assert result.rounds[2].round == {
        "turn_ups": ["2"],
        "beg": None,
        "reneges": [],
        "high": None,
        "low": None,
        "jack": None,
        "game": None,
    }
    again = play("all-fours", P2, [r.round for r in result.rounds])
    assert [r.round for r in again.rounds] == [r.round for r in result.rounds]
    assert again.totals == result.totals == [2 + 3, 1 + 4]


@pytest.mark.parametrize("jack", [0, 1])
def test_the_jack_turned_up_last_stays_on_the_pack_so_nobody_takes_it(jack):
    found = problems("all-fours", P2, [_hand(), _hand(["9", "J"], beg="run", high=0, low=1, jack=jack, game=0)])
    assert [(p.round, p.field, p.text()) for p in found] == [
        (2, "jack", "The last card turned up for trump was the Jack: it stays on the pack, so nobody takes Jack.")
    ]


@pytest.mark.parametrize("turn_ups, beg", [(["J", "9"], "run"), (["Q"], None)])
def test_a_jack_turned_up_earlier_or_not_at_all_can_be_taken(turn_ups, beg):
    result = play("all-fours", P2, [_hand(turn_ups, beg=beg, high=0, low=1, jack=1, game=0)])
    assert ("jack", 1, 1) in _kinds(result)


def test_a_32_card_deck_takes_seven_to_ace():
    result = play("all-fours", P2, [_hand(["7"]), _hand(["A"])], deck=32)
    assert result.totals == [0, 1]


NOT_A_RANK = "Card %d turned up is not a rank (got %s): the ranks are 2 to 10, J, Q, K and A."
WHICH_RENEGE = "Renege %d must name its side and whether it was major."
NEEDS_LOW = "High was scored, so Low was too: enter who got Low."


@pytest.mark.parametrize(
    "players, rnd, refused",
    [
        (P2, {**_hand(), "trump": "hearts"}, [(None, "trump", "Unknown field trump in a round.")]),
        (
            P2,
            {"high": None, "low": None, "jack": None, "game": None},
            [(None, "turn_ups", "The field turn_ups is missing.")],
        ),
        (P2, {**_hand(), "turn_ups": "K"}, [(None, "turn_ups", "The field turn_ups must list the cards turned up.")]),
        (P2, _hand(turn_ups=[]), [(None, "turn_ups", "Enter the card turned up for trump.")]),
        (P2, _hand(turn_ups=["1"]), [(None, "turn_ups", NOT_A_RANK % (1, '"1"'))]),
        (P2, _hand(turn_ups=["K", 10], beg="run"), [(None, "turn_ups", NOT_A_RANK % (2, "10"))]),
        (P2, _hand(turn_ups=["k"]), [(None, "turn_ups", NOT_A_RANK % (1, '"k"'))]),
        (
            P2,
            _hand(turn_ups=["1", "K", None, "Z"], beg="run"),  # every card that is wrong, by its place
            [
                (None, "turn_ups", NOT_A_RANK % (1, '"1"')),
                (None, "turn_ups", NOT_A_RANK % (3, "null")),
                (None, "turn_ups", NOT_A_RANK % (4, '"Z"')),
            ],
        ),
        (
            P2,
            _hand(turn_ups=["A"] * 53, beg="run"),
            [(None, "turn_ups", "At most 52 cards can be turned up in a hand (got 53).")],
        ),
        (P2, _hand(beg="maybe"), [(None, "beg", "The beg must be one of: null, stand, run.")]),
        (P2, _hand(beg="none"), [(None, "beg", "The beg must be one of: null, stand, run.")]),  # no beg is null
        (
            P2,
            _hand(beg="run"),  # run needs a second turn-up
            [(None, "turn_ups", "The cards were run: enter every card turned up, at least two.")],
        ),
        (
            P2,
            _hand(turn_ups=["K", "Q"]),  # two turn-ups: the cards were run
            [(None, "beg", "2 cards were turned up, so the cards were run: the beg must be run.")],
        ),
        (
            P2,
            _hand(turn_ups=["K", "Q", "J"], beg="stand"),
            [(None, "beg", "3 cards were turned up, so the cards were run: the beg must be run.")],
        ),
        (P2, _hand(reneges={"side": 0}), [(None, "reneges", "The field reneges must be a list of reneges.")]),
        (P2, _hand(reneges=[0]), [(None, "reneges", WHICH_RENEGE % 1)]),
        (P2, _hand(reneges=[{"major": True}]), [(None, "reneges", WHICH_RENEGE % 1)]),
        (P2, _hand(reneges=[{"side": 0, "major": False, "trump": "A"}]), [(None, "reneges", WHICH_RENEGE % 1)]),
        (
            P2,
            _hand(reneges=[{"side": 2, "major": False}]),
            [(None, "reneges", "The side of a renege must be a side from 0 to 1 (got 2).")],
        ),
        (P2, _hand(reneges=[{"side": 1, "major": "yes"}]), [(1, "reneges", "A major renege must be true or false.")]),
        (P4, _hand(reneges=[{"side": 0, "major": None}]), [(0, "reneges", "A major renege must be true or false.")]),
        (
            P2,
            _hand(reneges=[{"side": 1}, "x", {"side": -1, "major": 0}]),  # every renege that is wrong
            [
                (None, "reneges", WHICH_RENEGE % 2),
                (None, "reneges", "The side of a renege must be a side from 0 to 1 (got -1)."),
                (None, "reneges", "A major renege must be true or false."),  # no seat: the side is wrong too
            ],
        ),
        (
            P2,
            _hand(reneges=[{"side": 0, "major": True}, {"side": 1, "major": True}]),
            [(None, "reneges", "Only one major renege can end a hand: the first one lost the game.")],
        ),
        (
            P2,
            _hand(reneges=[{"side": 0}] * 13),  # 6 cards for each of 2 players: at most 12
            [(None, "reneges", "At most 12 reneges can happen in a hand (got 13).")],
        ),
        (
            P4,
            _hand(reneges=[{"side": 0}] * 25),  # with teams, still 6 cards for each of 4 players
            [(None, "reneges", "At most 24 reneges can happen in a hand (got 25).")],
        ),
        (P4, _hand(high=2, low=0), [(None, "high", "High must be a side from 0 to 1 (got 2).")]),  # teams: 0 and 1
        (
            P3,
            _hand(high=3, low=-1, jack="Anne"),
            [
                (None, "high", "High must be a side from 0 to 2 (got 3)."),
                (None, "low", "Low must be a side from 0 to 2 (got -1)."),
                (None, "jack", 'Jack must be a side from 0 to 2 (got "Anne").'),
            ],
        ),
        (P3, _hand(high=0, low=0, jack=True), [(None, "jack", "Jack must be a side from 0 to 2 (got true).")]),
        (P3, _hand(high=0), [(None, "low", NEEDS_LOW)]),
        (P3, _hand(high=0, jack=0), [(None, "low", NEEDS_LOW)]),
        (P3, _hand(low=0), [(None, "high", "Low was scored, so High was too: enter who got High.")]),
        (
            P3,
            _hand(jack=1),
            [(None, "high", "The Jack of trump was in play, so High and Low were too: enter who got them.")],
        ),
        (P2, _hand(game=2), [(None, "game", "Game must be a side from 0 to 1 (got 2).")]),
        (P2, _hand(game="Anne"), [(None, "game", 'Game must be a side from 0 to 1 (got "Anne").')]),
        (
            P2,
            {**_hand(), "game_points": [40, 40]},  # both given
            [(None, "game", "Enter either the side that won Game or the card points, not both.")],
        ),
        (
            P2,
            {"turn_ups": ["K"], "high": None, "low": None, "jack": None},  # neither
            [(None, "game", "Enter the side that won Game, or each side's card points.")],
        ),
        (
            P4,
            _hand(game_points=[20, 20, 20, 20]),  # teams: two sides
            [(None, "game_points", "The field game_points must list one entry for each of the 2 sides.")],
        ),
        (
            P3,
            _hand(game_points=[20, 20]),
            [(None, "game_points", "The field game_points must list one entry for each of the 3 sides.")],
        ),
        (
            P3,
            _hand(game_points="40"),
            [(None, "game_points", "The field game_points must list one entry for each of the 3 sides.")],
        ),
        (
            P3,
            _hand(game_points=[81, -1, "10"]),
            [
                (0, "game_points", "Card points must be between 0 and 80 (got 81)."),
                (1, "game_points", "Card points must be between 0 and 80 (got -1)."),
                (2, "game_points", "Card points must be a whole number."),
            ],
        ),
        (
            P3,
            _hand(game_points=[40, 30, 11]),
            [(None, "game_points", "The card points add up to 81, but the deck holds only 80.")],
        ),
        (
            P2,
            {**_hand(), "dealer": 2},
            [(None, "dealer", "The dealer must be one of the players still in the game (got 2).")],
        ),
    ],
)
def test_bad_rounds_name_the_field_the_side_and_what_is_wrong(players, rnd, refused):
    found = problems("all-fours", players, [rnd])
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(1, *r) for r in refused]


@pytest.mark.parametrize(
    "players, options, rnd, scores",
    [
        (P2, {}, _hand(["A"] * 52, beg="run"), [0, 52]),  # every card of the deck turned up, one by one
        (P2, {"deck": 32}, _hand(["A"] * 32, beg="run"), [0, 32]),
        (P2, {}, _hand(reneges=[{"side": 0}] * 12), [0, 12]),  # 6 cards for each of 2 players
        (P3, {}, _hand(reneges=[{"side": 0}] * 18), [0, 18, 18]),
        (P4, {}, _hand(reneges=[{"side": 1}] * 24), [24, 0]),  # teams: still 6 cards for each of 4 players
        (P3, {}, _hand(high=0, low=2, jack=2, game=2), [1, 0, 3]),  # the first side and the last
        (P3, {}, _hand(high=2, low=0, game_points=[80, 0, 0]), [2, 0, 1]),  # every card point to one side
        (P3, {}, _hand(high=2, low=0, game_points=[40, 30, 10]), [2, 0, 1]),  # adding up to the deck's 80
    ],
)
def test_bounds_of_a_hand_are_accepted_up_to_the_deck_and_the_sides(players, options, rnd, scores):
    result = play("all-fours", players, [rnd], first_dealer=1, target=99, **options)
    assert result.rounds[0].scores == scores


@pytest.mark.parametrize("rank", ["2", "3", "4", "5", "6"])
def test_the_32_card_deck_has_no_two_to_six(rank):
    found = problems("all-fours", P2, [_sweep(1), _hand(["K", rank], beg="run")], deck=32)
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [
        (2, None, "turn_ups", f"Card 2 turned up is a {rank}, but the 32-card deck has no 2 to 6.")
    ]
    assert play("all-fours", P2, [_hand([rank])]).totals == [1 if rank == "6" else 0, 0]  # 52 cards


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", ["Card points must be between 0 and 80 (got 81).", "Card points must be a whole number."]),
        ("fr", ["Points de cartes : entre 0 et 80 (reçu : 81).", "Points de cartes : nombre entier attendu."]),
        ("de", ["Augen: Erlaubt sind 0 bis 80 (eingegeben: 81).", "Augen: muss eine ganze Zahl sein."]),
    ],
)
def test_card_points_out_of_bounds_are_refused_in_words_that_agree_with_them(lang, said):
    found = problems("all-fours", P3, [_hand(game_points=[81, 30, "x"])])
    assert [describe(p, None, lang, situated=False) for p in found] == said
