"""Wizard's sample: three players over two rounds, hearts then no trump, a bid missed, Anne and Ben share the win."""

from __future__ import annotations

from scorekeeper.games.wizard.rules import SUITS
from tests.samples import NAMES, Example, Sheet, Taps, document, exact_bids_posts, exact_bids_round, first

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "wizard",
    "players": ["Anne", "Ben", "Cleo"],
    "options": {"rounds": 2},
    "first_dealer": 0,
    "rounds": [
        {"bids": [0, 1, 0], "tricks": [0, 1, 0], "trump": "hearts"},
        {"bids": [1, 0, 2], "tricks": [1, 0, 1], "trump": None},  # the last round: no trump
    ],
}
OTHER_FIRST = {"bids": [1, 0, 0], "tricks": [0, 0, 1], "trump": "spades"}
BLANK = ["round r deals r cards", "Exactly the bid: 20 points plus 10 per trick taken."]
SCORES = [[20, 30, 20], [30, 20, -10]]  # exactly the bid: 20 + 10 a trick; otherwise -10 a trick off
posts = exact_bids_posts


def full_game(players=NAMES, **options) -> dict:
    """A whole game of Wizard (the pack divided among the players unless `rounds` says), one bid missed each
    round, the trump changing and none every fifth round."""
    count = options.get("rounds", 60 // len(players))
    rounds = [
        {**exact_bids_round(k, k + 1, len(players)), "trump": None if k % 5 == 4 else SUITS[k % 4]}
        for k in range(count)
    ]
    return document("wizard", players, rounds, **options)


BIGGEST = full_game
SHEET = Sheet(full_game(), "Total", ["280", "420", "240", "530 ★"], ["François"])
LONG = first(full_game(NAMES[:3]), 2)  # 20 rounds set, 2 played
WARNED = None  # the rules never warn
TAPS = Taps(  # one card each, hearts turned up; Ben bids 1 and takes it, Dan bids 1 and misses
    players=["Anne", "Ben", "Cleo", "Dan"],
    options={},
    steps=[
        {"trump": "hearts", "bids.1": "1", "bids.2": "0", "bids.3": "1", "bids.0": "0"},
        {"tricks.0": "0", "tricks.1": "1", "tricks.2": "0", "tricks.3": "0"},
    ],
    changes=[("trump", "spades"), ("tricks.0", "1")],
    stored={"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0], "trump": "hearts"},
    totals=[20, 30, 20, -10],
)
STANDINGS: list[Example] = [  # 30, 20, 20 and a missed bid's -10
    (["Anne", "Bruno", "Claire", "David"], [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}], {"rounds": 1},
     [(1, "Anne", 30), (2, "Bruno", 20), (2, "Claire", 20), (4, "David", -10)], "equal totals share a rank, 1 2 2 4"),
]  # fmt: skip
