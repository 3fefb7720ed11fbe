"""Tout ou rien's sample: three players, hands of 3 then 2 cards, open and secret bids, Julien wins."""

from __future__ import annotations

from tests.samples import NAMES, Example, Posts, Sheet, Taps, document, first, seats

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
SCORES = [[4, 7, 3], [5, 3, 0]]  # secret: 1 a trick, +3 if made; open: 2 a trick +3 if made, else 0


def posts(rnd: dict, game: dict) -> Posts:
    """Before the hand, open or secret with the open bids; after it, the secret bids and the tricks."""
    shown = ["open" if o else "secret" for o in rnd["open"]]
    told = {f"bids.{seat}": str(bid) for seat, (bid, o) in enumerate(zip(rnd["bids"], rnd["open"], strict=True)) if o}
    hidden = {
        f"bids.{seat}": str(bid) for seat, (bid, o) in enumerate(zip(rnd["bids"], rnd["open"], strict=True)) if not o
    }
    return [
        ("bids", {**seats("open", shown), **told}),  # as tapped: open or secret, then an open bid
        ("tricks", {**hidden, **seats("tricks", rnd["tricks"])}),
    ]


def full_game(players=NAMES, hands=None) -> dict:
    """A whole game of Tout ou rien: exact bids, missed bids, open and secret."""
    hands = hands or [6, 5, 4, 3, 4, 5, 6]
    n, rounds = len(players), []
    for k, cards in enumerate(hands):
        tricks = [0] * n
        for trick in range(cards):
            tricks[(k + trick * (1 + k % 2)) % n] += 1
        bids = [t if (seat + k) % 3 else min(6, t + 1) for seat, t in enumerate(tricks)]
        opens = [(seat + k) % 4 == 1 for seat in range(n)]
        rounds.append({"bids": bids, "open": opens, "tricks": tricks})
    return document("tout-ou-rien", players, rounds, hands=hands)


BIGGEST = full_game
SHEET = Sheet(full_game(), "Total", ["17", "30 ★", "20", "22"], ["Łukasz"])
LONG = first(full_game(NAMES[:3], [6, 5, 4, 3, 2, 1] * 5), 2)  # 30 hands listed
WARNED = {  # Julien bids 4 on a 3-card hand
    **GAME,
    "rounds": [{"bids": [1, 4, 0], "open": [False, True, False], "tricks": [1, 2, 0]}],
}
TAPS = Taps(  # Julien bids 3 openly, Anne and Sylvie in secret; after the hand their bids 2 and 1; all made
    players=["Anne", "Julien", "Sylvie"],
    options={},
    steps=[
        {"open.0": "secret", "open.1": "open", "bids.1": "3", "open.2": "secret"},
        {"bids.0": "2", "bids.2": "1", "tricks.0": "2", "tricks.1": "3", "tricks.2": "1"},
    ],
    changes=[("bids.1", "4"), ("tricks.0", "5")],
    stored={"bids": [2, 3, 1], "open": [False, True, False], "tricks": [2, 3, 1]},
    totals=[5, 9, 4],
)
STANDINGS: list[Example] = [  # secret bids: 2+3, 2, 2, 0
    (["Anne", "Bruno", "Claire", "David"], [{"bids": [2, 0, 0, 1], "open": [False] * 4, "tricks": [2, 2, 2, 0]}],
     {"hands": [6]},
     [(1, "Anne", 5), (2, "Bruno", 2), (2, "Claire", 2), (4, "David", 0)], "equal totals share a rank, 1 2 2 4"),
]  # fmt: skip
LINEUP = {  # tests/lineup_walk.py: Eve joins before round 2, Ben sits out round 3, Cleo leaves before round 4
    **document("tout-ou-rien", ["Anne", "Ben", "Cleo", "Dan", "Eve"], [
        {"bids": [1, 0, 1, 0, None], "open": [True, False, False, False, None], "tricks": [1, 0, 1, 0, None]},
        {"bids": [0, 1, 0, 1, 0], "open": [False, True, False, False, False], "tricks": [0, 1, 0, 1, 0]},
        {"bids": [1, None, 1, 0, 0], "open": [False, None, True, False, False], "tricks": [1, None, 0, 1, 0]},
        {"bids": [0, 1, None, 1, 0], "open": [False, False, None, False, True], "tricks": [0, 1, None, 1, 0]},
    ], hands=[2, 2, 2, 2]),
    "changes": [{"before": 2, "join": 4, "after": 3}, {"before": 3, "sit_out": [1]}, {"before": 4, "leave": 2}],
}  # fmt: skip
