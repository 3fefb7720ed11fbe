"""Inferno, RULES.md section 5: red cards at face value, other cards 1, the end and the tie-break rounds."""

from functools import partial

import pytest

from scorekeeper import rules
from scorekeeper.games.inferno.rules import round_score
from scorekeeper.rules import Invalid
from scorekeeper.rules.fields import Span
from tests.rules import helpers

P3 = ["Anne", "Julien", "Sylvie"]
P5 = P3 + ["Julie", "Pierre"]
NONE = [0, 0, 0, 0, 0]


game = partial(helpers.game, "inferno")
play = partial(helpers.play, "inferno")
problems = partial(helpers.problems, "inferno")


def _round(red=None, other=(0, 0, 0), **extra):
    """A round for len(other) players; nobody collected a red card unless told."""
    red = [list(NONE) for _ in other] if red is None else red
    return {"red": red, "other": list(other), **extra}


# Anne 5 points, Julien 3, Sylvie 0
R_ANNE = _round([[1, 1, 0, 0, 0], NONE, NONE], [2, 3, 0])
R5 = _round(other=[3, 3, 3, 3, 3])


@pytest.mark.parametrize(
    "counts, other, points",
    [
        (NONE, 0, 0),  # nothing collected
        ([0, 0, 0, 0, 1], 3, 8),  # seed: Pierre picks up 5 blue, 5 yellow, 3 blue, 5 red
        ([1, 0, 0, 0, 0], 0, 1),
        ([0, 1, 0, 0, 0], 0, 2),
        ([0, 0, 1, 0, 0], 0, 3),
        ([0, 0, 0, 1, 0], 0, 4),
        ([0, 0, 0, 0, 1], 0, 5),
        ([2, 0, 1, 0, 3], 0, 2 + 3 + 15),
        ([4, 4, 4, 4, 4], 0, 60),  # every red card
        (NONE, 80, 80),  # every other card: 1 each
        ([0, 2, 0, 0, 0], 7, 11),
    ],
)
def test_round_score(counts, other, points):
    assert round_score(counts, other) == points


def test_a_round_scores_and_marks():
    rnd = _round([[0, 0, 0, 0, 1], [1, 0, 2, 0, 0], NONE], [3, 4, 0])
    result = play(P3, [rnd])
    first = result.rounds[0]
    assert first.scores == [8, 11, 0]
    assert result.totals == [8, 11, 0]
    assert first.cards == 12
    assert first.marks == {"tie_break": False, "cards": [4, 7, 0], "red_points": [5, 7, 0]}
    assert first.round == rnd and first.warnings == [] and first.notes == []
    assert not result.finished


def test_totals_add_up_over_rounds():
    rounds = [_round([[0, 0, 0, 0, 1], NONE, NONE], [3, 4, 0]), _round([NONE, [0, 0, 0, 1, 0], NONE], [0, 2, 6])]
    result = play(P3, rounds)
    assert [r.totals for r in result.rounds] == [[8, 4, 0], [8, 10, 6]]


def test_the_normalised_round_gives_the_same_result():
    rnd = _round([[2, 0, 0, 0, 1], NONE, NONE], [3, 0, 4], dealer=2)
    checked = play(P3, [rnd]).rounds[0].round
    assert checked == {"red": [[2, 0, 0, 0, 1], NONE, NONE], "other": [3, 0, 4], "dealer": 2}
    again = play(P3, [checked])
    assert again.rounds[0].round == checked and again.totals == [10, 0, 4]


def test_as_many_rounds_as_players_by_default():
    assert not play(P3, [R_ANNE] * 2).finished
    result = play(P3, [R_ANNE] * 3)
    assert result.finished and result.totals == [15, 9, 0]
    assert result.winner_names() == ["Sylvie"]
    assert result.ending.message == "The last round has been played."
    assert result.upcoming is None


def test_five_players_play_five_rounds():
    five = _round([NONE, [1, 0, 0, 0, 0], NONE, NONE, NONE], [3, 0, 4, 5, 6])
    assert not play(P5, [five] * 4).finished
    result = play(P5, [five] * 5)
    assert result.finished and result.totals == [15, 5, 20, 25, 30]
    assert result.winner_names() == ["Julien"]


def test_the_rounds_option():
    result = play(P3, [R_ANNE], rounds=1)
    assert result.finished and result.winner_names() == ["Sylvie"]
    assert not play(P3, [R_ANNE] * 4, rounds=5).finished
    assert rules.get("inferno").check_setup(P3, {}) == {"rounds": 3}
    assert rules.get("inferno").check_setup(P5, {}) == {"rounds": 5}


@pytest.mark.parametrize("value", [0, 100, "3", None, 2.5, True])
def test_bad_rounds_option(value):
    found = problems(P3, rounds=value)
    assert found[0].field == "rounds"


@pytest.mark.parametrize("players", [P3[:2], P5 + ["Zoë", "Őrs", "Łukasz"]])
def test_three_to_seven_players(players):
    assert problems(players)[0].field == "players"


def test_seven_players():
    assert play(P5 + ["Zoë", "Őrs"]).upcoming.cards == 12


def test_the_starter_moves_one_seat_left_each_round():
    starters = [play(P5, [R5] * k).upcoming for k in range(4)]
    assert [u.first for u in starters] == [1, 2, 3, 4]
    assert [u.extra["starter"] for u in starters] == [1, 2, 3, 4]
    assert [u.dealer for u in starters] == [0, 1, 2, 3]
    later = play(P5, [R5], first_dealer=4).upcoming
    assert (later.first, later.extra["starter"], later.order[:2]) == (1, 1, [1, 2])


def test_a_named_dealer_moves_the_starter():
    result = play(P3, [_round(other=[3, 3, 3], dealer=2)])
    assert result.rounds[0].dealer == 2
    assert result.upcoming.extra["starter"] == 1


def test_a_tie_for_lowest_plays_one_more_round():
    rounds = [_round(other=[3, 3, 6])] * 3
    result = play(P3, rounds)
    assert not result.finished and result.totals == [9, 9, 18]
    assert result.upcoming.number == 4
    [note] = result.upcoming.notes
    assert note.text() == "Tie for the lowest score (9): Anne, Julien. One more round decides."
    assert [r.marks["tie_break"] for r in result.rounds] == [False, False, False]
    result = play(P3, rounds + [_round(other=[4, 3, 0])])
    assert result.finished and result.totals == [13, 12, 18]
    assert result.winner_names() == ["Julien"]
    assert result.ending.message == "The tie-break round decided it."
    assert result.rounds[-1].marks["tie_break"] is True


def test_a_tie_between_others_than_the_lowest_does_not_matter():
    result = play(P3, [_round(other=[3, 6, 6])] * 3)
    assert result.finished and result.winner_names() == ["Anne"]
    assert play(P3, [_round(other=[3, 6, 6])] * 2).upcoming.notes == []


def test_two_tie_break_rounds_in_a_row():
    rounds = [_round(other=[3, 3, 3])] * 3 + [_round(other=[4, 4, 5])]
    result = play(P3, rounds)
    assert not result.finished and result.totals == [13, 13, 14]
    assert result.upcoming.number == 5
    assert result.upcoming.notes[0].params["names"] == "Anne, Julien"
    rounds += [_round([NONE, NONE, [0, 0, 1, 0, 0]], [3, 3, 0])]
    result = play(P3, rounds)
    assert not result.finished and result.totals == [16, 16, 17]
    assert result.upcoming.notes[0].params["names"] == "Anne, Julien"
    rounds += [_round(other=[4, 3, 0])]
    result = play(P3, rounds)
    assert result.finished and result.totals == [20, 19, 17]
    assert result.winner_names() == ["Sylvie"]
    assert result.ending.message == "The tie-break round decided it."
    assert [r.marks["tie_break"] for r in result.rounds] == [False] * 3 + [True] * 3


def test_a_tie_break_round_that_leaves_another_tie():
    rounds = [_round(other=[3, 3, 3])] * 3
    assert play(P3, rounds).upcoming.notes[0].params["names"] == "Anne, Julien, Sylvie"
    result = play(P3, rounds + [_round(other=[4, 0, 0])])
    assert not result.finished and result.totals == [13, 9, 9]
    assert result.upcoming.notes[0].params["names"] == "Julien, Sylvie"


def test_no_round_after_the_end():
    found = problems(P3, [R_ANNE] * 4)
    assert (found[0].round, found[0].seat, found[0].field) == (4, None, "rounds")
    found = problems(P3, [_round(other=[3, 3, 6])] * 3 + [_round(other=[4, 3, 0]), R_ANNE])
    assert (found[0].round, found[0].field) == (5, "rounds")
    game_over = game(P3, [R_ANNE] * 3)
    with pytest.raises(Invalid):
        rules.check_draft(game_over, "round", {})


def _red(seat, row, n=3):
    """Red counts: nothing for everyone but `seat`."""
    return [row if s == seat else list(NONE) for s in range(n)]


@pytest.mark.parametrize(
    "rnd, seat, field, text",
    [
        (
            {"red": _red(1, [0, 0, 0, 0, 1]), "other": [3, 3, 3], "blue": [0, 0, 0]},
            None,
            "blue",
            "Unknown field blue in a round.",
        ),
        ({"other": [3, 3, 3]}, None, "red", "The field red is missing."),
        ({"red": _red(0, NONE)}, None, "other", "The field other is missing."),
        (
            {"red": _red(0, NONE)[:2], "other": [3, 3, 3]},
            None,
            "red",
            "The field red must list one entry for each of the 3 players.",
        ),
        (
            {"red": _red(0, NONE), "other": [3, 3]},
            None,
            "other",
            "The field other must list one entry for each of the 3 players.",
        ),
        (
            {"red": "none", "other": [3, 3, 3]},
            None,
            "red",
            "The field red must list one entry for each of the 3 players.",
        ),
        (
            {"red": _red(2, [0, 0, 0, 0]), "other": [3, 3, 3]},
            2,
            "red",
            "The red cards must be counted for each value from 1 to 5: five numbers.",
        ),
        (
            {"red": _red(2, [0, 0, 0, 0, 0, 0]), "other": [3, 3, 3]},
            2,
            "red",
            "The red cards must be counted for each value from 1 to 5: five numbers.",
        ),
        (
            {"red": _red(1, 5), "other": [3, 3, 3]},
            1,
            "red",
            "The red cards must be counted for each value from 1 to 5: five numbers.",
        ),
        (
            {"red": _red(1, None), "other": [3, 3, 3]},
            1,
            "red",
            "The red cards must be counted for each value from 1 to 5: five numbers.",
        ),
        (
            {"red": _red(1, [0, 0, 1.5, 0, 0]), "other": [3, 3, 3]},
            1,
            "red",
            "The count of red 3 cards is not a whole number.",
        ),
        (
            {"red": _red(1, [0, "1", 0, 0, 0]), "other": [3, 3, 3]},
            1,
            "red",
            "The count of red 2 cards is not a whole number.",
        ),
        (
            {"red": _red(1, [0, 0, 0, True, 0]), "other": [3, 3, 3]},
            1,
            "red",
            "The count of red 4 cards is not a whole number.",
        ),
        (
            {"red": _red(2, [0, 0, 0, 0, -1]), "other": [3, 3, 3]},
            2,
            "red",
            "The count of red 5 cards must be between 0 and 4 (got -1).",
        ),
        (
            {"red": _red(0, [5, 0, 0, 0, 0]), "other": [3, 3, 3]},
            0,
            "red",
            "The count of red 1 cards must be between 0 and 4 (got 5).",
        ),
        (
            {"red": [[2, 0, 0, 0, 0], [2, 0, 0, 0, 0], [1, 0, 0, 0, 0]], "other": [3, 3, 3]},
            None,
            "red",
            "There are only 4 red 1 cards, but 5 were entered.",
        ),
        (
            {"red": [[0, 0, 0, 0, 4], NONE, [0, 0, 0, 0, 1]], "other": [3, 3, 3]},
            None,
            "red",
            "There are only 4 red 5 cards, but 5 were entered.",
        ),
        (
            {"red": _red(0, NONE), "other": [3, -1, 3]},
            1,
            "other",
            "The number of other cards must be between 0 and 80 (got -1).",
        ),
        ({"red": _red(0, NONE), "other": [3, 3, 2.0]}, 2, "other", "The number of other cards must be a whole number."),
        (
            {"red": _red(0, NONE), "other": [3, None, 3]},
            1,
            "other",
            "The number of other cards must be a whole number.",
        ),
        (
            {"red": _red(0, NONE), "other": [81, 0, 0]},
            0,
            "other",
            "The number of other cards must be between 0 and 80 (got 81).",
        ),
        (
            {"red": _red(0, NONE), "other": [40, 30, 11]},
            None,
            "other",
            "There are only 80 cards that are not red, but 81 were entered.",
        ),
        (
            {"red": _red(0, NONE), "other": [3, 3, 3], "dealer": 3},
            None,
            "dealer",
            "The dealer must be one of the players still in the game (got 3).",
        ),
    ],
)
def test_bad_rounds(rnd, seat, field, text):
    found = problems(P3, [R_ANNE, rnd])
    assert [(p.round, p.seat, p.field, p.text()) for p in found] == [(2, seat, field, text)]


def test_every_seat_with_wrong_red_cards_is_named_at_once():
    rnd = {"red": [[0, 0, 0, 0], NONE, [0, 0, 9, 0, 0]], "other": [3, 3, 3]}
    assert [(p.seat, p.text()) for p in problems(P3, [rnd])] == [
        (0, "The red cards must be counted for each value from 1 to 5: five numbers."),
        (2, "The count of red 3 cards must be between 0 and 4 (got 9)."),
    ]


def test_too_many_red_cards_of_a_value_names_it():
    rnd = {"red": [[0, 0, 3, 0, 0], [0, 0, 2, 0, 0], NONE], "other": [3, 3, 3]}
    [found] = problems(P3, [rnd])
    assert found.params["face"] == 3 and found.params["total"] == 5
    assert found.text() == "There are only 4 red 3 cards, but 5 were entered."


def test_the_whole_deck_is_accepted():
    rnd = {"red": [[4, 0, 0, 0, 0], [0, 4, 4, 0, 0], [0, 0, 0, 4, 4]], "other": [30, 30, 20]}
    result = play(P3, [rnd])
    assert result.totals == [34, 50, 56]
    assert result.rounds[0].marks["cards"] == [34, 38, 28]


@pytest.mark.parametrize(
    "red, other, seats",
    [
        (_red(0, NONE), [0, 3, 12], []),  # nothing collected is fine
        (_red(0, NONE), [1, 3, 2], [0, 2]),
        (_red(1, [0, 1, 0, 0, 0]), [0, 1, 3], [1]),  # one red and one other card
        (_red(1, [0, 0, 0, 0, 2]), [0, 0, 3], [1]),
        (_red(1, [1, 0, 1, 0, 1]), [0, 0, 3], []),  # three red cards
    ],
)
def test_one_or_two_cards_collected_is_a_warning(red, other, seats):
    result = play(P3, [{"red": red, "other": other}])
    warnings = result.rounds[0].warnings
    assert [(w.seat, w.field) for w in warnings] == [(s, "other") for s in seats]
    assert [w.text() for w in warnings] == [
        f"Cards collected: {red_cards + o}. A pickup is at least 3 cards, unless the pile ran out."
        for red_cards, o in zip(map(sum, red), other, strict=True)
        if 0 < red_cards + o < 3
    ]
    assert result.totals == [round_score(r, o) for r, o in zip(red, other, strict=True)]


@pytest.mark.parametrize(
    "others, totals, outcome",
    [
        ([[3, 6, 9]] * 3, [9, 18, 27], ["Anne"]),  # no tie: over after 3 rounds
        ([[3, 3, 9]] * 3, [9, 9, 27], "Anne, Julien"),  # a tie for lowest: round 4
        ([[3, 6, 6]] * 3, [9, 18, 18], ["Anne"]),  # a tie for second does not count
        ([[3, 3, 9]] * 3 + [[5, 4, 0]], [14, 13, 27], ["Julien"]),  # the tie-break decides
        ([[3, 3, 3]] * 3, [9, 9, 9], "Anne, Julien, Sylvie"),
        ([[3, 3, 3]] * 3 + [[0, 4, 4]], [9, 13, 13], ["Anne"]),
        ([[3, 3, 3]] * 3 + [[4, 0, 0]], [13, 9, 9], "Julien, Sylvie"),  # still tied: round 5
        ([[3, 3, 3]] * 3 + [[4, 0, 0], [0, 1, 0]], [13, 10, 9], ["Sylvie"]),
        ([[3, 3, 9]] * 3 + [[3, 5, 5]], [12, 14, 32], ["Anne"]),
        ([[3, 3, 5]] * 3 + [[3, 3, 0]], [12, 12, 15], "Anne, Julien"),  # everyone plays the tie-break
        ([[3, 3, 5]] * 3 + [[6, 6, 0]], [15, 15, 15], "Anne, Julien, Sylvie"),  # ...and may join the tie
        ([[3, 3, 5]] * 3 + [[6, 6, 0], [3, 3, 0]], [18, 18, 15], ["Sylvie"]),  # ...or win it
    ],
)
def test_tie_break_table(others, totals, outcome):
    result = play(P3, [_round(other=o) for o in others])
    assert result.totals == totals
    if isinstance(outcome, list):
        assert result.finished and result.winner_names() == outcome
        assert [r.marks["tie_break"] for r in result.rounds] == [n > 3 for n in range(1, len(others) + 1)]
    else:
        assert not result.finished and result.upcoming.number == len(others) + 1
        assert result.upcoming.notes[0].params["names"] == outcome


def test_the_round_form_offers_the_deck_and_who_starts():
    """What the form and a script read (rules/fields.py): the starter left of the dealer, red counts 0..4 of
    each value 1..5 at face value, other cards 0..80 at 1 each, a pickup of at least 3."""
    entry = play(P3, [], first_dealer=2).upcoming.entry
    assert entry == {
        "starter": 0,
        "faces": (1, 2, 3, 4, 5),
        "red": Span(0, 4),
        "other": Span(0, 80),
        "points": {"red": {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}, "other": 1},
        "least": 3,
    }
    assert play(P3, [], first_dealer=0).upcoming.entry["starter"] == 1


@pytest.mark.parametrize(
    "played, stats",
    [
        ([], [{"red": [0, 0]}] * 3),
        ([R_ANNE], [{"red": [3, 1]}, {"red": [0, 1]}, {"red": [0, 1]}]),
        (
            [R_ANNE, _round([NONE, [0, 0, 0, 0, 2], [1, 0, 0, 0, 0]], [3, 0, 2])],
            [{"red": [3, 2]}, {"red": [10, 2]}, {"red": [1, 2]}],
        ),
    ],
)
def test_statistics_sum_the_red_points_over_the_rounds_played(played, stats):
    """A player's page: red points per round, the points and the rounds they are averaged over."""
    found = game(P3, played)
    assert rules.get("inferno").statistics(found, rules.play(found)) == stats
