"""Everest & Abyss's sample: three players with 10 tokens; Anne wins an EVEREST, then an ABYSS where the
other two go tapis and out."""

from __future__ import annotations

from tests.samples import NAMES, Example, Posts, Sheet, Taps, document, first

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "everest-abyss",
    "players": ["Anne", "Julien", "Sylvie"],
    "options": {"tokens": 10},
    "first_dealer": 0,
    "rounds": [
        {"cote": "everest", "staked": [1, 1, 1], "folded": [False] * 3, "hands": [[9, 9], [5, 5], [1, 1]]},
        {"cote": "abyss", "staked": [9, 9, 9], "folded": [False] * 3, "hands": [[1, 1], [4, 2], [7, 3]]},
    ],
}
OTHER_FIRST = {"cote": "abyss", "staked": [2, 2, 2], "folded": [False, True, False], "hands": [[5, 4], None, [3, 1]]}
BLANK = ["26 tokens each", "Call", "Pot"]
SCORES = [[2, -1, -1], [18, -9, -9]]  # the winner takes the pot: 99 beats 55 (EVEREST), 11 beats 24 (ABYSS)


def posts(rnd: dict, game: dict) -> Posts:
    """The whole round: the call, each player still in with a stake, fold and digits, and the winner."""
    fields = {"cote": rnd["cote"], "winner": str(rnd.get("winner", "cards"))}
    for seat, stake in enumerate(rnd["staked"]):
        if stake == 0:
            continue  # out of the game: not on the form
        fields[f"staked.{seat}"] = str(stake)
        if rnd["folded"][seat]:
            fields[f"folded.{seat}"] = "1"
        if rnd["hands"][seat] is not None:
            fields[f"hands.{seat}.0"], fields[f"hands.{seat}.1"] = (str(d) for d in rnd["hands"][seat])
    return [("round", fields)]


def showdown(players=NAMES[:3], rounds=None) -> dict:
    """Everest & Abyss to the end: folds, hands shown, a Big Boss tie, two players out at once."""
    docs: list[dict] = [
        {"cote": "everest", "staked": [3, 3, 3], "folded": [False, False, False], "hands": [[9, 7], [8, 8], [5, 2]]},
        {"cote": "abyss", "staked": [2, 1, 2], "folded": [False, True, False], "hands": [[1, 2], None, [2, 1]]},
        {"cote": "everest", "staked": [9, 9, 9], "folded": [False, False, False], "hands": [[9, 9], [9, 8], [1, 1]]},
        {"cote": "abyss", "staked": [8, 7, 8], "folded": [False, False, False], "winner": 0},
        {"cote": "everest", "staked": [9, 6, 9], "folded": [False, False, False], "winner": 0},
    ]
    return document("everest-abyss", players, rounds if rounds is not None else docs)


def long_game(played=70) -> dict:
    """A long game between two players: 1 token staked, the pot changing hands."""
    rounds = [
        {"cote": "everest" if k % 2 else "abyss", "staked": [1, 1], "folded": [False, False], "winner": k % 2}
        for k in range(played)
    ]
    return document("everest-abyss", ["Zoë", "Łukasz"], rounds)


def full_game(players=NAMES) -> dict:
    """Everyone stakes 12 and the first player takes every pot: they end with all 26 x n tokens, the others out."""
    n = len(players)
    held, rounds = [26] * n, []
    while any(held[1:]):
        staked = [min(12, h) for h in held]
        rounds.append({"cote": "everest", "staked": staked, "folded": [False] * n, "winner": 0})
        held = [sum(staked) + held[0] - staked[0]] + [h - s for h, s in zip(held[1:], staked[1:], strict=True)]
    return document("everest-abyss", players, rounds)


def bet(staked, winner, out=()) -> dict:
    """An EVEREST round won by `winner` (players in `out` are already eliminated)."""
    return {
        "cote": "everest",
        "staked": list(staked),
        "folded": [s in out for s in range(len(staked))],
        "winner": winner,
    }


BIGGEST = full_game
SHEET = Sheet(showdown(), "Tokens held", ["78 ★", "0", "0"], ["Zoë"])
LONG = {**first(showdown(), 0), "options": {"rounds": 999}}
WARNED = {  # Julien stays in with 1 where Anne staked 3, without going tapis
    **GAME,
    "rounds": [{"cote": "everest", "staked": [3, 1, 3], "folded": [False] * 3, "winner": 0}],
}
TAPS = Taps(  # EVEREST; stakes 2, 3, 1; Julien takes the pot
    players=["Anne", "Julien", "Sylvie"],
    options={},
    steps=[{"cote": "everest", "staked.0": "2", "staked.1": "3", "staked.2": "1", "winner": "1"}],
    changes=[("cote", "abyss")],
    stored={"cote": "everest", "staked": [2, 3, 1], "folded": [False] * 3, "hands": [None] * 3, "winner": 1},
    totals=[24, 29, 25],
    reveal={"winner": "cards"},  # the digits of every player still in
)
P4 = ["Anne", "Bruno", "Claire", "David"]
STANDINGS: list[Example] = [  # David out in round 1, Bruno and Claire together in round 2
    (P4, [bet([1, 1, 1, 10], 0), bet([1, 9, 9, 0], 0, out=[3])], {"tokens": 10},
     [(1, "Anne", 40), (2, "Bruno", 0), (2, "Claire", 0), (4, "David", 0)],
     "a later elimination ranks higher, the same round shares"),
    (P4, [bet([1, 2, 1, 10], 0)], {"tokens": 10, "rounds": 1},
     [(1, "Anne", 23), (2, "Claire", 9), (3, "Bruno", 8), (4, "David", 0)], "after the round limit by tokens held"),
    (P4, [bet([1, 1, 1, 10], 0)], {"tokens": 10},
     [(1, "Anne", 22), (2, "Bruno", 9), (2, "Claire", 9), (4, "David", 0)], "in progress by tokens held"),
]  # fmt: skip
LINEUP = {  # tests/lineup_walk.py: Eve joins before round 2, Ben sits out round 3, Cleo leaves before round 4
    **document("everest-abyss", ["Anne", "Ben", "Cleo", "Dan", "Eve"], [
        {"cote": "everest", "staked": [1, 1, 1, 1, None], "folded": [False] * 4 + [None],
         "hands": [[9, 9], [5, 5], [1, 1], [2, 2], None]},
        {"cote": "abyss", "staked": [1] * 5, "folded": [False] * 5, "hands": [[1, 1], [4, 2], [7, 3], [5, 5], [6, 6]]},
        {"cote": "everest", "staked": [2, None, 2, 2, 2], "folded": [False, None, False, False, True],
         "hands": [[9, 8], None, [3, 3], [4, 4], None]},
        {"cote": "abyss", "staked": [1, 1, None, 1, 1], "folded": [False, False, None, False, False],
         "hands": [[3, 3], [1, 2], None, [8, 8], [5, 4]]},
    ], tokens=10),
    "changes": [{"before": 2, "join": 4, "after": 3}, {"before": 3, "sit_out": [1]}, {"before": 4, "leave": 2}],
}  # fmt: skip
