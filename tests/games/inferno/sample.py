"""Inferno's sample: three players over three rounds, red cards by value and the other cards counted."""

from __future__ import annotations

from tests.samples import NAMES, Example, Posts, Sheet, Taps, document, first

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "inferno",
    "players": ["Anne", "Julien", "Sylvie"],
    "options": {},
    "first_dealer": 0,
    "rounds": [
        {"red": [[1, 0, 1, 0, 0], [0, 2, 0, 1, 0], [1, 0, 1, 1, 2]], "other": [5, 3, 4]},
        {"red": [[0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 0, 0, 0, 0]], "other": [9, 0, 6]},
        {"red": [[0, 1, 0, 0, 1], [1, 0, 1, 0, 0], [1, 1, 1, 2, 1]], "other": [4, 6, 2]},
    ],
}
OTHER_FIRST = {"red": [[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1]], "other": [8, 2, 3]}
BLANK = ["12 cards each", "tie-break"]
SCORES = [[9, 11, 22], [9, 30, 6], [11, 10, 21]]  # red at face value + 1 per other card


def posts(rnd: dict, game: dict) -> Posts:
    """The whole round: each player's red cards by value and the other cards, or nothing in one tap."""
    fields = {}
    for seat, (red, other) in enumerate(zip(rnd["red"], rnd["other"], strict=True)):
        if not any(red) and not other:
            fields[f"nothing.{seat}"] = "1"
            continue
        fields[f"other.{seat}"] = str(other)
        fields.update({f"red.{seat}.{face}": str(n) for face, n in enumerate(red, start=1) if n})
    return [("round", fields)]


def full_game(players=NAMES) -> dict:
    """Inferno over as many rounds as players: red cards at face value, other cards 1."""
    n, rounds = len(players), []
    for k in range(n):
        red = [[0] * 5 for _ in range(n)]
        for value in range(5):
            red[(k + value) % n][value] = 1 + (value + k) % 2
        other = [(3 * seat + 2 * k) % 9 for seat in range(n)]
        rounds.append({"red": red, "other": other})
    return document("inferno", players, rounds)


BIGGEST = full_game
SHEET = Sheet(full_game(), "Total", ["27 ★", "45", "33", "42"], ["Zoë"])
LONG = {**first(full_game(), 1), "options": {"rounds": 99}}
WARNED = {  # Julien collects 2 cards, Sylvie 1: a pickup is at least 3
    **GAME,
    "rounds": [{"red": [[1, 0, 1, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 0]], "other": [5, 1, 1]}],
}
TAPS = Taps(  # Anne two red 3s and 4 other cards, Julien 3 others, Sylvie collected nothing
    players=["Anne", "Julien", "Sylvie"],
    options={},
    steps=[{"red.0.3": "2", "other.0": "4", "other.1": "3", "nothing.2": "1"}],
    changes=[("red.1.5", "1")],
    stored={"red": [[0, 0, 2, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], "other": [4, 3, 0]},
    totals=[10, 3, 0],
)
STANDINGS: list[Example] = [
    (["Anne", "Bruno", "Claire"], [{"red": [[0] * 5] * 3, "other": [5, 3, 4]}], {"rounds": 1},
     [(1, "Bruno", 3), (2, "Claire", 4), (3, "Anne", 5)], "the lowest first"),
]  # fmt: skip
LINEUP = {  # tests/lineup_walk.py: Eve joins before round 2, Ben sits out round 3, Cleo leaves before round 4
    **document("inferno", ["Anne", "Ben", "Cleo", "Dan", "Eve"], [
        {"red": [[1, 0, 0, 0, 0], [0] * 5, [0, 0, 1, 0, 0], [0] * 5, None], "other": [4, 3, 5, 0, None]},
        {"red": [[0] * 5, [0, 2, 0, 0, 0], [0] * 5, [0, 0, 0, 0, 1], [0] * 5], "other": [3, 4, 0, 5, 3]},
        {"red": [[0] * 5, None, [1, 0, 0, 0, 0], [0] * 5, [0, 0, 0, 1, 0]], "other": [5, None, 3, 0, 4]},
        {"red": [[0] * 5, [1, 0, 0, 0, 0], None, [0] * 5, [0] * 5], "other": [3, 3, None, 4, 0]},
    ]),
    "changes": [{"before": 2, "join": 4, "after": 3}, {"before": 3, "sit_out": [1]}, {"before": 4, "leave": 2}],
}  # fmt: skip
