"""Tout ou rien's sample: three players, hands of 3 then 2 cards, open and secret bids, Anne wins."""

from __future__ import annotations

from . import Posts, seats

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "players": ["Anne", "Julien", "Sylvie"],
    "options": {"hands": [3, 2]},
    "first_dealer": 0,
    "rounds": [
        {"bids": [1, 2, 0], "open": [False, True, False], "tricks": [1, 2, 0]},
        {"bids": [2, 0, 1], "open": [False, False, True], "tricks": [2, 0, 0]},
    ],
}
OTHER_FIRST = {"bids": [0, 1, 1], "open": [True, False, False], "tricks": [0, 1, 2]}
BLANK = ["Cards dealt, hand by hand: 6-5-4-3-4-5-6", "O = open bid, S = secret bid"]


def posts(rnd: dict, game: dict) -> Posts:
    """Before the hand, open or secret with the open bids; after it, the secret bids and the tricks."""
    shown = ["open" if o else "secret" for o in rnd["open"]]
    told = {f"bids.{seat}": str(bid) for seat, (bid, o) in enumerate(zip(rnd["bids"], rnd["open"], strict=True)) if o}
    hidden = {
        f"bids.{seat}": str(bid) for seat, (bid, o) in enumerate(zip(rnd["bids"], rnd["open"], strict=True)) if not o
    }
    return [
        ("bids", {**told, **seats("open", shown)}),
        ("tricks", {**hidden, **seats("tricks", rnd["tricks"])}),
    ]
