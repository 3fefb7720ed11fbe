"""ALL or NOTHING's sample: four players over two hands, an ALL missed, a renege."""

from __future__ import annotations

from tests.samples import NAMES, Example, Posts, Sheet, Taps, document, first, seats

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
SCORES = [[-20, 20, 40, -20], [10, 20, 30, 40]]  # NOTHING made -20, else +10 a trick; ALL missed +10 a trick of the
# others; +20 a renege


def posts(rnd: dict, game: dict) -> Posts:
    """ALL or NOTHING for each player, then the tricks and reneges."""
    return [
        ("bids", seats("bids", rnd["bids"])),
        ("tricks", {**seats("tricks", rnd["tricks"]), **seats("reneges", rnd["reneges"])}),
    ]


def full_game(players=NAMES + ["Ana-Lucía", "Søren"], hands=10, played=None) -> dict:
    """ALL or NOTHING: everyone bids NOTHING but the one who takes most tries ALL now and then."""
    n = len(players)
    cards = 10 if n <= 4 else 8
    rounds = []
    for k in range(played if played is not None else hands):
        shares = [3, 2, 1, 1, 1, 0, 0, 0][:n]
        shares[-1] += cards - sum(shares)
        tricks = [shares[(seat + k) % n] for seat in range(n)]
        bids = ["all" if t == max(tricks) and k % 3 == 0 else "nothing" for t in tricks]
        reneges = [1 if seat == 1 and k == 2 else 0 for seat in range(n)]
        rounds.append({"bids": bids, "tricks": tricks, "reneges": reneges})
    return document("all-or-nothing", players, rounds, hands=hands)


def long_game(played=70) -> dict:
    """A long game of three players: `played` hands of the game above (the sheets' page tests)."""
    return full_game(NAMES[:3], hands=played)


BIGGEST = full_game
SHEET = Sheet(full_game(), "Total", ["270", "230", "170 ★", "230", "200", "200"], ["Őrs"])
LONG = {**first(full_game(NAMES[:3]), 2), "options": {"hands": 99}}
WARNED = None  # the rules never warn
TAPS = Taps(  # Sylvie bids ALL and takes 9 tricks of 10; Pierre reneged once
    players=["Anne", "Julien", "Sylvie", "Pierre"],
    options={},
    steps=[
        {"bids.0": "nothing", "bids.1": "nothing", "bids.2": "all", "bids.3": "nothing"},
        {"tricks.0": "0", "tricks.1": "1", "tricks.2": "9", "tricks.3": "0", "reneges.3": "1"},
    ],
    changes=[("bids.0", "all"), ("tricks.0", "4")],
    stored={"bids": ["nothing", "nothing", "all", "nothing"], "tricks": [0, 1, 9, 0], "reneges": [0, 0, 0, 1]},
    totals=[80, 110, 110, 100],
)
STANDINGS: list[Example] = [
    (["Anne", "Bruno", "Claire"], [{"bids": ["nothing"] * 3, "tricks": [0, 0, 10]}], {"hands": 1},
     [(1, "Anne", 80), (1, "Bruno", 80), (3, "Claire", 200)], "the lowest first"),
]  # fmt: skip
