"""The standings, RULES.md "Standings": by total best first, equal totals share a rank (1, 2, 2, 4); a game whose end
names its winners some other way puts them first (All Fours' major renege, Everest & Abyss' elimination)."""

import pytest

from .helpers import play

P4 = ["Anne", "Bruno", "Claire", "David"]
P3 = P4[:3]


def _hand(turn_ups=("7",), high=None, low=None, jack=None, game=None, **extra):
    """An All Fours hand."""
    return {"turn_ups": list(turn_ups), "high": high, "low": low, "jack": jack, "game": game, **extra}


def _sweep(side):
    """All Fours: `side` takes High, Low, Jack and Game."""
    return _hand(high=side, low=side, jack=side, game=side)


MAJOR = [{"side": 0, "major": True}]


def _bet(staked, winner, out=()):
    """Everest & Abyss: a round won by `winner` (players in `out` are already eliminated)."""
    return {
        "cote": "everest",
        "staked": list(staked),
        "folded": [seat in out for seat in range(len(staked))],
        "winner": winner,
    }


STANDINGS = [  # game, players, rounds, options, standings as (rank, side, total)
    pytest.param(  # Tout ou rien, secret bids: 2+3, 2, 2, 0
        "tout-ou-rien",
        P4,
        [{"bids": [2, 0, 0, 1], "open": [False] * 4, "tricks": [2, 2, 2, 0]}],
        {},
        [(1, "Anne", 5), (2, "Bruno", 2), (2, "Claire", 2), (4, "David", 0)],
        id="tout-ou-rien: equal totals share a rank, 1 2 2 4",
    ),
    pytest.param(
        "all-or-nothing",
        P3,
        [{"bids": ["nothing"] * 3, "tricks": [0, 0, 10]}],
        {},
        [(1, "Anne", 80), (1, "Bruno", 80), (3, "Claire", 200)],
        id="all-or-nothing: the lowest first",
    ),
    pytest.param(
        "inferno",
        P3,
        [{"red": [[0] * 5] * 3, "other": [5, 3, 4]}],
        {},
        [(1, "Bruno", 3), (2, "Claire", 4), (3, "Anne", 5)],
        id="inferno: the lowest first",
    ),
    pytest.param(  # Anne & Claire lead 4-0, then Anne reneges holding a top trump
        "all-fours",
        P4,
        [_sweep(0), _hand(reneges=MAJOR)],
        {},
        [(1, "Bruno & David", 0), (2, "Anne & Claire", 4)],
        id="all-fours: after a major renege the winner first whatever the points",
    ),
    pytest.param(
        "all-fours",
        P3,
        [_sweep(0), _hand(high=1, low=1, jack=2, game=2), _hand(reneges=MAJOR)],
        {},
        [(1, "Bruno", 2), (1, "Claire", 2), (3, "Anne", 4)],
        id="all-fours: the side that reneged last, the others' tie shared",
    ),
    pytest.param(
        "all-fours",
        P3,
        [_sweep(0), _hand(high=1, low=1, jack=1, game=2), _hand(reneges=MAJOR)],
        {},
        [(1, "Bruno", 3), (2, "Claire", 1), (3, "Anne", 4)],
        id="all-fours: the side that reneged last, the others by points",
    ),
    pytest.param(
        "all-fours",
        P3,
        [_sweep(0), _hand(high=1, low=1, jack=2, game=2)],
        {},
        [(1, "Anne", 4), (2, "Bruno", 2), (2, "Claire", 2)],
        id="all-fours: in progress, by points",
    ),
    pytest.param(  # David out in round 1, Bruno and Claire together in round 2
        "everest-abyss",
        P4,
        [_bet([1, 1, 1, 10], 0), _bet([1, 9, 9, 0], 0, out=[3])],
        {"tokens": 10},
        [(1, "Anne", 40), (2, "Bruno", 0), (2, "Claire", 0), (4, "David", 0)],
        id="everest-abyss: a later elimination ranks higher, the same round shares",
    ),
    pytest.param(
        "everest-abyss",
        P4,
        [_bet([1, 2, 1, 10], 0)],
        {"tokens": 10, "rounds": 1},
        [(1, "Anne", 23), (2, "Claire", 9), (3, "Bruno", 8), (4, "David", 0)],
        id="everest-abyss: after the round limit by tokens held",
    ),
    pytest.param(
        "everest-abyss",
        P4,
        [_bet([1, 1, 1, 10], 0)],
        {"tokens": 10},
        [(1, "Anne", 22), (2, "Bruno", 9), (2, "Claire", 9), (4, "David", 0)],
        id="everest-abyss: in progress by tokens held",
    ),
]


@pytest.mark.parametrize("rules_id, players, played, options, expected", STANDINGS)
def test_standings(rules_id, players, played, options, expected):
    result = play(rules_id, players, played, **options)
    assert [(s.rank, result.sides[s.side], s.total) for s in result.standings] == expected


@pytest.mark.parametrize("rules_id, players, played, options, expected", STANDINGS)
def test_the_winners_are_ranked_first_and_lead_the_board(rules_id, players, played, options, expected):
    result = play(rules_id, players, played, **options)
    first = [result.sides.index(name) for rank, name, _ in expected if rank == 1]
    assert result.leaders() == first
    if result.finished:
        assert sorted(result.winners) == sorted(first)


def test_before_any_round_everyone_shares_first_place_and_nobody_leads():
    result = play("tout-ou-rien", P4)
    assert [s.rank for s in result.standings] == [1, 1, 1, 1]
    assert result.leaders() == []
