"""All Fours, RULES.md section 4: the kick, the beg, reneges, High, Low, Jack, Game and the cut-off."""

import pytest

from scorekeeper import rules
from scorekeeper.games.all_fours.rules import RANKS, game_winner, kick_points, side_of
from scorekeeper.rules import Game, Invalid, get
from scorekeeper.rules.fields import Span
from tests.rules.helpers import game, play, problems

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
    "players, options, sides",
    [
        (P4, {}, ["Anne & Sylvie", "Julien & Pierre"]),  # teams left unchosen: teams with 4 players
        (P3, {}, P3),
        (P4, {"teams": False}, P4),
        (P4, {"teams": True}, ["Anne & Sylvie", "Julien & Pierre"]),
    ],
)
def test_the_sides_named_by_a_game_file_whose_options_leave_teams_unchosen(players, options, sides):
    """A game file's refusal names the side it is about from the file's own options (gamefile.names), before
    the options are checked: with 4 players and no choice made, the teams."""
    assert get("all-fours").sides(players, options) == sides


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


# -- warnings ------------------------------------------------------------------------------------
def test_warnings():
    result = play("all-fours", P2, [_hand(["Q"], high=0, low=0, jack=1, game_points=[10, 0])])
    assert [(w.seat, w.field, w.text()) for w in result.rounds[0].warnings] == [
        (1, "game_points", "The side that took the Jack has no card points, but the Jack counts 1.")
    ]
    assert play("all-fours", P2, [_hand(["K"], high=0, low=0, jack=1, game_points=[10, 1])]).rounds[0].warnings == []


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
    """What the form and a script read (rules/fields.py): the ranks of the deck, what a card turned up scores
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
