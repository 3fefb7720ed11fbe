"""All Fours's sample: two teams to 4 points, a beg given, card points counted, a minor renege."""

from __future__ import annotations

from tests.samples import NAMES, Example, Posts, Sheet, Taps, document

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "all-fours",
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "options": {"teams": True, "target": 4},
    "first_dealer": 0,
    "rounds": [
        {"turn_ups": ["7"], "beg": None, "high": 0, "low": 1, "jack": None, "game": None, "reneges": []},
        {
            "turn_ups": ["K"],
            "beg": "stand",
            "high": 1,
            "low": 1,
            "jack": None,
            "game_points": [12, 30],
            "reneges": [{"side": 0, "major": False}],
        },
    ],
}
OTHER_FIRST = {"turn_ups": ["9"], "beg": None, "high": 1, "low": 0, "jack": 1, "game": 0, "reneges": []}
BLANK = ["first to 7 points", "High", "Low", "Jack", "Game"]
SCORES = [[1, 1], [1, 3]]  # High and Low split; then the beg, a renege, High and Low: Julien & Pierre reach 4


def _side(value) -> str:
    """A side chip: its index, or none."""
    return "none" if value is None else str(value)


def posts(rnd: dict, game: dict) -> Posts:
    """The whole hand: the turn-ups, the beg, High, Low, Jack and Game tapped to a side, the reneges."""
    fields = {f"turn_up.{k}": rank for k, rank in enumerate(rnd["turn_ups"])}
    fields["beg"] = rnd.get("beg") or "none"
    fields.update({name: _side(rnd[name]) for name in ("high", "low", "jack")})
    if "game_points" in rnd:
        fields["game"] = "points"
        fields.update({f"game_points.{s}": str(p) for s, p in enumerate(rnd["game_points"])})
    else:
        fields["game"] = "tie" if rnd["game"] is None else str(rnd["game"])
    for renege in rnd.get("reneges", []):
        fields[f"renege.{renege['side']}"] = "major" if renege["major"] else "minor"
    return [("round", fields)]


def full_game(players=NAMES) -> dict:
    """All Fours in two teams to 7: kicks, a beg refused, cards run, card points, the cut-off at 7."""
    rounds = [
        {"turn_ups": ["J"], "high": 0, "low": 1, "jack": None, "game_points": [20, 30]},
        {"turn_ups": ["4"], "beg": "stand", "high": 1, "low": 1, "jack": 0, "game": 1},
        {"turn_ups": ["9", "Q"], "beg": "run", "high": 0, "low": 1, "jack": None, "game_points": [12, 12]},
        {"turn_ups": ["K"], "reneges": [{"side": 0, "major": False}], "high": 0, "low": 0, "jack": 0, "game": 0},
    ]
    return document("all-fours", players, rounds)


def alone(players=NAMES[:3]) -> dict:
    """All Fours with three players each alone, still going."""
    rounds = [
        {"turn_ups": ["A"], "high": 2, "low": 1, "jack": 2, "game_points": [10, 25, 30]},
        {"turn_ups": ["3"], "high": 0, "low": 0, "jack": None, "game": None},
    ]
    return document("all-fours", players, rounds)


def biggest(players) -> dict:
    """Each alone (no teams) to 7: high, low, jack and game spread, card points counted once."""
    rounds = [
        {"turn_ups": ["5"], "high": 0, "low": 1, "jack": 2, "game_points": [30, 12, 25, 13][: len(players)]},
        {"turn_ups": ["J"], "high": 3 % len(players), "low": 3 % len(players), "jack": None, "game": 2},
        {"turn_ups": ["9", "Q"], "beg": "run", "high": 2, "low": 0, "jack": None, "game": 2},
        {"turn_ups": ["K"], "high": 2, "low": 2, "jack": 2, "game": 0},
    ]
    return document("all-fours", players, rounds, teams=False)


def hand(turn_ups=("7",), high=None, low=None, jack=None, game=None, **extra) -> dict:
    """A hand."""
    return {"turn_ups": list(turn_ups), "high": high, "low": low, "jack": jack, "game": game, **extra}


def sweep(side) -> dict:
    """`side` takes High, Low, Jack and Game."""
    return hand(high=side, low=side, jack=side, game=side)


MAJOR = [{"side": 0, "major": True}]
MAJOR_RENEGE = {  # Anne & Sylvie lead 4-0, then Anne reneges holding a top trump: Julien & Pierre win
    **document("all-fours", ["Anne", "Julien", "Sylvie", "Pierre"], [sweep(0), hand(reneges=MAJOR)]),
    "options": {},
}
BIGGEST = biggest
SHEET = Sheet(full_game(), "Total", ["5", "7 ★"], ["Łukasz & François"])
LONG = None  # a game lasts until a side reaches the target: its length is no option
WARNED = {  # the Jack taken by the side without card points
    **GAME,
    "rounds": [{"turn_ups": ["7"], "high": 0, "low": 1, "jack": 1, "game_points": [30, 0]}],
}
TAPS = Taps(  # a King turned up; High to Anne & Sylvie, Low to Julien & Pierre, no Jack, Game to Anne & Sylvie
    players=["Anne", "Julien", "Sylvie", "Pierre"],
    options={},
    steps=[{"turn_up.0": "K", "high": "0", "low": "1", "jack": "none", "game": "0"}],
    changes=[("high", "1")],
    stored={"turn_ups": ["K"], "beg": None, "reneges": [], "high": 0, "low": 1, "jack": None, "game": 0},
    totals=[2, 1],
    reveal={"game": "points"},  # the boxes for each side's card points
)
P4 = ["Anne", "Bruno", "Claire", "David"]
STANDINGS: list[Example] = [
    (P4, [sweep(0), hand(reneges=MAJOR)], {},  # Anne & Claire lead 4-0, then Anne reneges holding a top trump
     [(1, "Bruno & David", 0), (2, "Anne & Claire", 4)], "after a major renege the winner first whatever the points"),
    (P4[:3], [sweep(0), hand(high=1, low=1, jack=2, game=2), hand(reneges=MAJOR)], {},
     [(1, "Bruno", 2), (1, "Claire", 2), (3, "Anne", 4)], "the side that reneged last, the others' tie shared"),
    (P4[:3], [sweep(0), hand(high=1, low=1, jack=1, game=2), hand(reneges=MAJOR)], {},
     [(1, "Bruno", 3), (2, "Claire", 1), (3, "Anne", 4)], "the side that reneged last, the others by points"),
    (P4[:3], [sweep(0), hand(high=1, low=1, jack=2, game=2)], {},
     [(1, "Anne", 4), (2, "Bruno", 2), (2, "Claire", 2)], "in progress, by points"),
]  # fmt: skip
