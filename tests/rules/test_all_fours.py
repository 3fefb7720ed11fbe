"""All Fours, RULES.md section 4: the kick, the beg, reneges, High, Low, Jack, Game and the cut-off."""

import pytest

from scorekeeper import rules
from scorekeeper.rules import Game, Invalid, get
from scorekeeper.rules.all_fours import RANKS, game_winner, kick_points, side_of
from scorekeeper.rules.entry import Span

from .helpers import game, play, problems

P2 = ["Anne", "Julien"]
P3 = ["Anne", "Julien", "Sylvie"]
P4 = ["Anne", "Julien", "Sylvie", "Pierre"]


def _hand(turn_ups=("7",), high=None, low=None, jack=None, **extra):
    """A hand; Game goes to nobody unless `game` or `game_points` says otherwise."""
    rnd = {"turn_ups": list(turn_ups), "high": high, "low": low, "jack": jack}
    if "game_points" not in extra:
        rnd["game"] = extra.pop("game", None)
    return {**rnd, **extra}


def _sweep(side, turn_ups=("7",)):
    """A hand where `side` takes High, Low, Jack and Game: 4 points."""
    return _hand(turn_ups, high=side, low=side, jack=side, game=side)


def _kinds(result, number=1):
    """The (kind, side, points) of the awards counted in a round."""
    return [(a["kind"], a["side"], a["points"]) for a in result.rounds[number - 1].marks["points"]]


# -- the kick ------------------------------------------------------------------------------------
KICK_TABLE = {
    "seed": {"A": 1, "J": 1, "6": 1},
    "jack": {"J": 1},
    "trinidad": {"A": 1, "6": 2, "J": 3},
}


@pytest.mark.parametrize("kick", ["seed", "jack", "trinidad"])
@pytest.mark.parametrize("rank", RANKS)
def test_kick_table(kick, rank):
    assert kick_points(rank, kick) == KICK_TABLE[kick].get(rank, 0)


@pytest.mark.parametrize(
    "kick, turn_ups, points",
    [
        ("seed", ["A"], 1),  # seed: an Ace turned up gives the dealer 1
        ("seed", ["J"], 1),
        ("seed", ["6"], 1),
        ("seed", ["K"], 0),
        ("seed", ["6", "J", "A"], 3),  # one point each time the cards are run
        ("jack", ["A"], 0),  # traditional Seven-Up: only the Jack
        ("jack", ["6", "J"], 1),
        ("trinidad", ["J"], 3),
        ("trinidad", ["6"], 2),
        ("trinidad", ["A", "6", "J"], 6),
        ("trinidad", ["2", "10"], 0),
    ],
)
def test_turn_ups_score_for_the_dealers_side(kick, turn_ups, points):
    beg = "run" if len(turn_ups) > 1 else None
    result = play("all-fours", P4, [_hand(turn_ups, beg=beg)], first_dealer=1, kick=kick)
    assert result.rounds[0].scores == [0, points]  # Julien deals: team 1 scores
    assert _kinds(result) == [("turn_up", 1, KICK_TABLE[kick][r]) for r in turn_ups if r in KICK_TABLE[kick]]
    assert [a["card"] for a in result.rounds[0].marks["points"]] == [r for r in turn_ups if r in KICK_TABLE[kick]]


# -- the beg -------------------------------------------------------------------------------------
def test_a_refused_beg_gives_the_beggars_side_one():
    result = play("all-fours", P4, [_hand(["K"], beg="stand")])
    assert result.rounds[0].scores == [0, 1]  # Anne deals, Pierre (seat 3) begs
    assert _kinds(result) == [("beg", 1, 1)]
    assert result.rounds[0].marks["beggar_side"] == 1 and result.rounds[0].marks["dealer_side"] == 0


def test_with_three_players_the_beg_is_the_dealers_right_hand_neighbours():
    result = play("all-fours", P3, [_hand(["K"], beg="stand")])
    assert result.rounds[0].scores == [0, 0, 1]  # Anne deals, Sylvie (her right) begs and is given 1
    assert (result.rounds[0].marks["beggar_side"], result.rounds[0].marks["dealer_side"]) == (2, 0)
    result = play("all-fours", P3, [_hand(["K"], beg="stand")], first_dealer=2)
    assert result.rounds[0].scores == [0, 1, 0] and result.rounds[0].marks["beggar_side"] == 1


def test_running_the_cards_scores_nothing_by_itself():
    result = play("all-fours", P3, [_hand(["K", "Q"], beg="run")])
    assert result.rounds[0].scores == [0, 0, 0] and _kinds(result) == []


# -- High, Low, Jack and Game ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "card_points, winner",
    [
        ([30, 20], 0),
        ([20, 44], 1),
        ([40, 40], None),  # seed: a tie gives nobody the point
        ([0, 0], None),
        ([10, 30, 30], None),  # tied at the top among three
        ([30, 10, 10], 0),
        ([10, 20, 5, 30], 3),
    ],
)
def test_game_goes_to_strictly_the_most_card_points(card_points, winner):
    assert game_winner(card_points) == winner


def test_a_full_hand_with_teams():
    rnd = _hand(["A"], high=1, low=0, jack=1, game_points=[23, 37])
    result = play("all-fours", P4, [rnd])
    assert result.rounds[0].scores == [1 + 1, 1 + 1 + 1]
    assert _kinds(result) == [("turn_up", 0, 1), ("high", 1, 1), ("low", 0, 1), ("jack", 1, 1), ("game", 1, 1)]
    marks = result.rounds[0].marks
    assert marks["game_points"] == [23, 37] and marks["game_winner"] == 1 and marks["game_tie"] is False
    assert marks["decided_by"] is None and marks["uncounted"] == [] and marks["major_renege"] is None


def test_a_tied_game_scores_nothing():
    result = play("all-fours", P2, [_hand(high=0, low=1, game_points=[35, 35])])
    assert result.rounds[0].scores == [1, 1]
    marks = result.rounds[0].marks
    assert marks["game_tie"] is True and marks["game_winner"] is None
    assert [a["kind"] for a in marks["points"]] == ["high", "low"]
    assert [(n.seat, n.field, n.text()) for n in result.rounds[0].notes] == [
        (None, "game", "Nobody scores Game this hand: the card points are tied.")
    ]


def test_game_given_directly():
    result = play("all-fours", P3, [_hand(high=2, low=2, game=1)])
    assert result.rounds[0].scores == [0, 1, 2] and result.rounds[0].marks["game_points"] is None
    result = play("all-fours", P3, [_hand(high=2, low=2, game=None)])
    assert result.rounds[0].scores == [0, 0, 2] and result.rounds[0].marks["game_tie"] is True
    assert result.rounds[0].notes == []  # a tie tapped as such needs no note


def test_no_trump_in_play_scores_only_game():
    result = play("all-fours", P2, [_hand(game_points=[12, 3])])
    assert result.rounds[0].scores == [1, 0]


# -- reneges -------------------------------------------------------------------------------------
def test_a_minor_renege_gives_the_other_side_one():
    rnd = _hand(high=0, low=0, reneges=[{"side": 0, "major": False}])
    result = play("all-fours", P4, [rnd])
    assert result.rounds[0].scores == [2, 1]
    assert result.rounds[0].marks["points"][0] == {"kind": "renege", "side": 1, "points": 1, "by": 0}


def test_a_minor_renege_with_three_players_gives_each_other_one_in_playing_order():
    # Anne deals: the playing order is Sylvie, Julien, Anne
    rnd = _hand(reneges=[{"side": 1, "major": False}, {"side": 1}])
    result = play("all-fours", P3, [rnd])
    assert result.rounds[0].scores == [2, 0, 2]
    assert _kinds(result) == [("renege", 2, 1), ("renege", 0, 1)] * 2
    assert result.rounds[0].round["reneges"] == [{"side": 1, "major": False}, {"side": 1, "major": False}]


def test_a_renege_penalty_to_two_sides_at_six_goes_first_to_the_player_on_the_dealers_right():
    build = [_sweep(0), _hand(high=0, low=0, jack=2, game=2), _sweep(2)]  # Anne 6, Julien 0, Sylvie 6
    result = play("all-fours", P3, build)
    assert result.totals == [6, 0, 6] and result.upcoming.dealer == 0
    result = play("all-fours", P3, build + [_hand(reneges=[{"side": 1, "major": False}])])
    assert result.finished and result.winner_names() == ["Sylvie"] and result.totals == [6, 0, 7]
    assert result.rounds[-1].marks["decided_by"] == "renege" and result.rounds[-1].marks["uncounted"] == ["renege"]
    assert result.ending.params == {"side": "Sylvie", "target": 7, "point": "a renege"}


def test_a_major_renege_loses_the_game_at_once():
    # the turn-up before it counts; High, Low and Game after it do not
    rnd = _hand(["A"], high=0, low=0, game=0, reneges=[{"side": 0, "major": True}])
    result = play("all-fours", P2, [_sweep(0), rnd])  # Julien deals the second hand
    assert result.finished and result.winner_names() == ["Julien"]
    assert result.totals == [4, 1] and result.rounds[1].scores == [0, 1]
    marks = result.rounds[1].marks
    assert marks["major_renege"] == 0 and marks["decided_by"] == "renege"
    assert marks["uncounted"] == ["high", "low", "game"]
    assert result.ending.message == "%(side)s reneged holding a top trump and lost the game."
    assert (result.ending.seat, result.ending.params) == (0, {"side": "Anne"})
    assert result.upcoming is None


def test_a_major_renege_with_three_players_the_best_of_the_others_wins():
    rnd = _hand(reneges=[{"side": 0, "major": True}])
    result = play("all-fours", P3, [_sweep(0), _sweep(1), rnd])
    assert result.totals == [4, 4, 0] and result.winner_names() == ["Julien"]
    result = play("all-fours", P3, [_sweep(0), _hand(high=1, low=1, jack=2, game=2), rnd])
    assert result.totals == [4, 2, 2] and result.winner_names() == ["Julien", "Sylvie"]


def test_a_minor_renege_before_a_major_one_counts():
    rnd = _hand(reneges=[{"side": 1, "major": False}, {"side": 0, "major": True}])
    result = play("all-fours", P4, [rnd])
    assert result.totals == [1, 0] and result.winner_names() == ["Julien & Pierre"]


# -- the counting order and the end --------------------------------------------------------------
def _anne_at_six():
    """Two hands leaving Anne at 6 and Julien at 2; Anne deals next."""
    return [_sweep(0), _hand(high=0, low=0, jack=1, game=1)]


def test_counting_stops_when_high_reaches_the_target():
    rounds = _anne_at_six() + [_hand(["Q"], beg="stand", high=0, low=1, jack=1, game_points=[10, 30])]
    result = play("all-fours", P2, rounds)
    assert result.rounds[1].totals == [6, 2] and result.rounds[2].dealer == 0
    last = result.rounds[2]
    assert _kinds(result, 3) == [("beg", 1, 1), ("high", 0, 1)]  # Julien's beg point did count
    assert last.scores == [1, 1] and result.totals == [7, 3]
    assert last.marks["decided_by"] == "high" and last.marks["uncounted"] == ["low", "jack", "game"]
    assert [(a["kind"], a["side"]) for a in last.marks["uncounted_points"]] == [("low", 1), ("jack", 1), ("game", 1)]
    assert result.finished and result.winners == [0]
    assert result.ending.message == "%(side)s reached %(target)d on %(point)s."
    assert (result.ending.seat, result.ending.params) == (0, {"side": "Anne", "target": 7, "point": "High"})
    assert last.notes[0].message.startswith("The game ended during this hand")


def test_the_dealers_kick_counts_first():
    # Anne, at 6, deals and turns up a Jack: 7 on the turn-up, before Julien's High and Low
    rounds = _anne_at_six() + [_hand(["J"], high=1, low=1, jack=None, game=1)]
    result = play("all-fours", P2, rounds)
    assert result.totals == [7, 2] and result.winner_names() == ["Anne"]
    assert result.rounds[2].marks["uncounted"] == ["high", "low", "game"]
    assert result.ending.params["point"] == "the turn-up"


def test_two_sides_can_never_both_win():
    rounds = [_sweep(0), _sweep(1), _hand(high=0, low=0, jack=1, game=1)]  # 6 all
    result = play("all-fours", P2, rounds + [_hand(high=1, low=0, game=0)])
    assert result.totals == [6, 7] and result.winner_names() == ["Julien"]
    result = play("all-fours", P2, rounds + [_hand(game_points=[41, 39])])
    assert result.totals == [7, 6] and result.ending.params["point"] == "Game"


def test_a_lower_target():
    result = play("all-fours", P2, [_hand(high=0, low=1, jack=1)], target=2)
    assert result.totals == [1, 2] and result.winner_names() == ["Julien"]
    assert result.rounds[0].marks["decided_by"] == "jack"


def test_no_hand_after_the_end():
    rounds = [_sweep(0), _sweep(0)]
    result = play("all-fours", P2, rounds)
    assert result.totals == [7, 0] and result.rounds[1].scores == [3, 0]  # Game never counted
    found = problems("all-fours", P2, rounds + [_sweep(1)])
    assert (found[0].round, found[0].seat, found[0].field) == (3, None, "rounds")


# -- seats, sides and the deal -------------------------------------------------------------------
def test_three_players_alone_deal_to_the_right():
    result = play("all-fours", P3)
    assert result.sides == P3 and result.totals == [0, 0, 0]
    assert result.upcoming.order == [2, 1, 0] and result.upcoming.first == 2 and result.upcoming.cards == 6
    result = play("all-fours", P3, [_hand()])
    assert result.upcoming.dealer == 2 and result.upcoming.order == [1, 0, 2]
    result = play("all-fours", P3, [_hand(), _hand()])
    assert result.upcoming.dealer == 1
    assert result.upcoming.extra == {"beggar": 0, "beggar_side": 0, "dealer_side": 1, "target": 7, "needed": [7, 7, 7]}


def test_teams_of_four():
    result = play("all-fours", P4, [_hand(high=1, low=1)])
    assert result.sides == ["Anne & Sylvie", "Julien & Pierre"] and result.totals == [0, 2]
    assert result.rounds[0].dealer == 0 and result.upcoming.dealer == 3
    assert result.upcoming.order == [2, 1, 0, 3]
    assert result.upcoming.extra == {"beggar": 2, "beggar_side": 0, "dealer_side": 1, "target": 7, "needed": [7, 5]}
    result = play("all-fours", P4, [_hand(), _hand(beg="stand")])
    assert result.rounds[1].dealer == 3 and result.totals == [1, 0]  # Sylvie begged for her team


def test_four_players_alone():
    result = play("all-fours", P4, [_hand(high=3, low=2, game=1)], teams=False)
    assert result.sides == P4 and result.totals == [0, 1, 1, 1]


@pytest.mark.parametrize(
    "seat, teams, side", [(0, True, 0), (1, True, 1), (2, True, 0), (3, True, 1), (2, False, 2), (3, False, 3)]
)
def test_side_of(seat, teams, side):
    assert side_of(seat, {"teams": teams}, 4) == side


def test_a_named_dealer_turns_the_kick_and_the_beg():
    result = play("all-fours", P2, [_hand(["A"], beg="stand", dealer=1)])
    assert result.rounds[0].scores == [1, 1] and result.upcoming.dealer == 0


def test_options_and_their_defaults():
    rules = get("all-fours")
    assert rules.check_setup(P4, {}) == {"teams": True, "target": 7, "deck": 52, "kick": "seed", "low": "dealt"}
    assert rules.check_setup(P3, {})["teams"] is False
    assert rules.check_setup(P4, {"teams": False, "deck": 32, "kick": "trinidad", "low": "captured"})["deck"] == 32
    assert all(len(o.choice_labels) == len(o.choices) for o in rules.options if o.kind == "choice")


@pytest.mark.parametrize(
    "players, options, field",
    [
        (P3, {"teams": True}, "teams"),
        (P2, {"teams": True}, "teams"),
        (P4, {"teams": "yes"}, "teams"),
        (P4, {"target": 0}, "target"),
        (P4, {"target": 100}, "target"),
        (P4, {"deck": 36}, "deck"),
        (P4, {"kick": "ace"}, "kick"),
        (P4, {"low": "played"}, "low"),
        (P4, {"trump": "hearts"}, "trump"),
        (P4 + ["Zoë"], {}, "players"),
    ],
)
def test_bad_setup(players, options, field):
    found = problems("all-fours", players, [], **options)
    assert field in [p.field for p in found]


@pytest.mark.parametrize(
    "players, refused",
    [
        (P3, [(None, "teams", "Two teams of two: this needs exactly 4 players (got 3).")]),
        (P2, [(None, "teams", "Two teams of two: this needs exactly 4 players (got 2).")]),
        (
            "Anne, Julien, Sylvie, Pierre",  # a game file whose players are one text
            [
                (None, "players", "The players must be a list of names."),
                (None, "teams", "Two teams of two: this needs exactly 4 players (got 0)."),
            ],
        ),
    ],
)
def test_teams_need_four_players(players, refused):
    with pytest.raises(Invalid) as found:
        rules.play(Game("all-fours", players, {"teams": True}, 0, []))
    assert [(p.seat, p.field, p.text()) for p in found.value.problems] == refused


def test_teams_with_three_players_names_the_option_alongside_other_problems():
    found = problems("all-fours", P3, [], teams=True, target=0)
    assert [p.field for p in found] == ["target", "teams"]
    assert found[1].params == {"option": "Two teams of two", "n": 3}  # the form's label, not the key


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


def test_warnings():
    result = play("all-fours", P2, [_hand(["Q"], high=0, low=0, jack=1, game_points=[10, 0])])
    assert [(w.seat, w.field, w.text()) for w in result.rounds[0].warnings] == [
        (1, "game_points", "The side that took the Jack has no card points, but the Jack counts 1.")
    ]
    assert play("all-fours", P2, [_hand(["K"], high=0, low=0, jack=1, game_points=[10, 1])]).rounds[0].warnings == []


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
        (P2, _hand(beg="maybe"), [(None, "beg", "The beg must be one of: none, stand, run.")]),
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
                (2, "game_points", "Card points is not a whole number."),
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
    "players, options, ranks, kick, runs, beggar",
    [
        (P3, {}, list(RANKS), {"A": 1, "J": 1, "6": 1}, Span(1, 51, shown=2), 2),
        (
            P3,
            {"deck": 32, "kick": "trinidad"},
            ["7", "8", "9", "10", "J", "Q", "K", "A"],
            {"A": 1, "J": 3},
            Span(1, 31, shown=2),
            2,
        ),
        (P4, {"kick": "jack"}, list(RANKS), {"J": 1}, Span(1, 51, shown=2), 3),
    ],
)
def test_the_hand_form_offers_the_deck_the_kicks_and_who_begs(players, options, ranks, kick, runs, beggar):
    """What the form and a script read (rules/entry.py): the ranks of the deck, what a card turned up scores
    the dealer, how often the cards can be run, card points 0..80, who may beg (the dealer's right)."""
    assert play("all-fours", players, **options).upcoming.entry == {
        "ranks": ranks,
        "kick": kick,
        "runs": runs,
        "card_points": Span(0, 80),
        "card_values": {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1},
        "beggar": beggar,
        "cards": 6,
        "target": 7,
    }


@pytest.mark.parametrize(
    "players, played, stats",
    [
        (P3, [], [{"high": [0, 0], "low": [0, 0], "jack": [0, 0], "game": [0, 0], "reneges": [0, 0]}] * 3),
        (
            P3,
            # Sylvie reneges twice (Julien and Anne take 1 each, twice); Julien takes the four points: 6. Then
            # Julien's High ends the game: Anne's Low and Game are never counted
            [
                _hand(high=1, low=1, jack=1, game_points=[10, 30, 5], reneges=[{"side": 2}, {"side": 2}]),
                _hand(high=1, low=0, game=0),
            ],
            [
                {"high": [0, 0], "low": [0, 0], "jack": [0, 0], "game": [0, 0], "reneges": [0, 0]},
                {"high": [2, 0], "low": [1, 0], "jack": [1, 0], "game": [1, 0], "reneges": [0, 0]},
                {"high": [0, 0], "low": [0, 0], "jack": [0, 0], "game": [0, 0], "reneges": [2, 0]},
            ],
        ),
        (
            P4,  # partners share their team's points and reneges
            [_hand(high=1, low=0, jack=1, game=0, reneges=[{"side": 0}])],
            [
                {"high": [0, 0], "low": [1, 0], "jack": [0, 0], "game": [1, 0], "reneges": [1, 0]},
                {"high": [1, 0], "low": [0, 0], "jack": [1, 0], "game": [0, 0], "reneges": [0, 0]},
            ]
            * 2,
        ),
    ],
)
def test_statistics_count_the_points_counted_for_the_players_side_and_its_reneges(players, played, stats):
    """A player's page: High, Low, Jack and Game as counted (not those the end left uncounted), and reneges."""
    found = game("all-fours", players, played)
    assert rules.get("all-fours").statistics(found, rules.play(found)) == stats
