"""Tout ou rien's table that changes as it plays, worked out by hand from RULES.md section 8's example: the rounds
of four players, then with a fifth (Eve) who joins before round 4, and the game files that write them with
`changes` (FORMAT.md "Players who come and go"); its rules, web and game-file tests play them."""

from typing import Any

N = None


def tor(bids, tricks, opened=None):
    """A Tout ou rien round; open bids where `opened` says, null where the bid is null."""
    opened = opened or [False] * len(bids)
    return {"bids": bids, "open": [N if b is None else o for b, o in zip(bids, opened, strict=True)], "tricks": tricks}


# Tout ou rien, 4 players: after round 3 Anne 21, Ben 14, Cleo 9, Dan 17 (RULES.md section 8's example)
FOUR_3 = [
    tor([0, 1, 0, 5], [0, 1, 0, 5], [True, False, True, True]),
    tor([2, 2, 0, 1], [2, 2, 0, 1], [True, True, True, False]),
    tor([4, 0, 0, 1], [4, 0, 0, 0], [True, True, True, True]),
]
FOUR = ["Anne", "Ben", "Cleo", "Dan"]
FIVE = [*FOUR, "Eve"]


def widened(rnd: dict) -> dict:
    """A round with a null added for a fifth player, who did not play it."""
    return {key: [*value, N] for key, value in rnd.items()}


TOR_3 = [widened(r) for r in FOUR_3]


DOCUMENT: dict[str, Any] = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "options": {},
    "players": FIVE,
    "first_dealer": 0,
    "rounds": TOR_3,
    "changes": [{"before": 4, "join": 4, "after": 1}, {"before": 4, "seat": 1, "to": "Marc"}],
}
# Eve joins after Marc (Ben's seat handed over) before round 4, which Cleo sits out; Anne leaves before round 5
ROUND_4 = {"bids": [1, 1, None, 0, 1], "open": [False, True, None, False, False], "tricks": [1, 1, None, 0, 1]}
PLAYED = {
    **DOCUMENT,
    "rounds": [*TOR_3, ROUND_4],
    "changes": [
        *DOCUMENT["changes"],
        {"before": 4, "sit_out": [2]},
        {"before": 5, "leave": 0},
        {"before": 5, "adjust": [0, 0, 0, -2, 0], "reason": "misdeal"},
    ],
}
