"""Oh Hell's sample: three players over hands of 1 and 2 cards, the dealer bidding last, Anne wins."""

from __future__ import annotations

from scorekeeper.games.oh_hell.rules import PACK
from scorekeeper.games.oh_hell.rules import hands as usual
from tests.samples import NAMES, Example, Sheet, Taps, document, exact_bids_posts, exact_bids_round, first

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "oh-hell",
    "players": ["Anne", "Ben", "Cleo"],
    "options": {"hands": [1, 2]},
    "first_dealer": 0,
    "rounds": [
        {"bids": [0, 1, 1], "tricks": [0, 1, 0]},  # Anne deals 1 card and may not bid 0 + 1 + 1 = 1: she bids 0
        {"bids": [2, 0, 1], "tricks": [2, 0, 0]},
    ],
}
OTHER_FIRST = {"bids": [1, 0, 1], "tricks": [1, 0, 0]}
BLANK = ["Cards dealt, hand by hand: 1-2-3", "Exactly the bid: 10 points plus the bid"]
SCORES = [[10, 11, 0], [12, 10, 0]]  # exactly the bid: 10 + the bid; otherwise 0
posts = exact_bids_posts


def full_game(players=NAMES, hands=None, **options) -> dict:
    """A whole game of Oh Hell (the usual hands up and down unless `hands` says), one bid missed each hand."""
    sizes = hands or usual(len(players))
    rounds = [exact_bids_round(k, cards, len(players)) for k, cards in enumerate(sizes)]
    return document("oh-hell", players, rounds, **({"hands": hands} if hands else {}), **options)


def BIGGEST(players) -> dict:
    """The biggest table: the largest hand the pack deals, 30 times, a missed bid losing points."""
    return full_game(players, hands=[PACK // len(players)] * 30, miss="minus")


SHEET = Sheet(full_game(), "Total", ["146", "162", "146", "173 ★"], ["François"])
LONG = first(full_game(NAMES[:3], hands=[*range(1, 11), *range(10, 0, -1), *range(1, 11)]), 2)  # 30 hands
WARNED = None  # the rules never warn: a hooked bid is refused
TAPS = Taps(  # one card each; Ben bids 1 and takes the trick, Anne (the dealer, last) bids 0 and makes it
    players=["Anne", "Ben", "Cleo"],
    options={},
    steps=[{"bids.1": "1", "bids.2": "1", "bids.0": "0"}, {"tricks.0": "0", "tricks.1": "1", "tricks.2": "0"}],
    changes=[("bids.0", "1"), ("tricks.0", "1")],
    stored={"bids": [0, 1, 1], "tricks": [0, 1, 0]},
    totals=[10, 11, 0],
)
STANDINGS: list[Example] = [  # 12, 10, 10 and a missed bid's 0
    (["Anne", "Bruno", "Claire", "David"], [{"bids": [2, 0, 0, 1], "tricks": [2, 0, 0, 0]}], {"hands": [2]},
     [(1, "Anne", 12), (2, "Bruno", 10), (2, "Claire", 10), (4, "David", 0)], "equal totals share a rank, 1 2 2 4"),
]  # fmt: skip
