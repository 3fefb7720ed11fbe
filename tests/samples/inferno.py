"""Inferno's sample: three players over three rounds, red cards by value and the other cards counted."""

from __future__ import annotations

from . import Posts

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
