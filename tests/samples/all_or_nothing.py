"""ALL or NOTHING's sample: four players over two hands, an ALL missed, a renege."""

from __future__ import annotations

from . import Posts, seats

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "all-or-nothing",
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "options": {"hands": 2},
    "first_dealer": 3,
    "rounds": [
        {"bids": ["nothing", "nothing", "all", "nothing"], "tricks": [0, 2, 8, 0], "reneges": [0, 0, 1, 0]},
        {"bids": ["nothing", "nothing", "nothing", "nothing"], "tricks": [1, 2, 3, 4], "reneges": [0, 0, 0, 0]},
    ],
}
OTHER_FIRST = {"bids": ["nothing"] * 4, "tricks": [3, 3, 2, 2], "reneges": [0, 1, 0, 0]}
BLANK = ["everyone starts at 100", "the lowest score wins"]


def posts(rnd: dict, game: dict) -> Posts:
    """ALL or NOTHING for each player, then the tricks and reneges."""
    return [
        ("bids", seats("bids", rnd["bids"])),
        ("tricks", {**seats("tricks", rnd["tricks"]), **seats("reneges", rnd["reneges"])}),
    ]
