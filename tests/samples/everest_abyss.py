"""Everest & Abyss's sample: three players with 10 tokens; Anne wins an EVEREST, then an ABYSS where the
other two go tapis and out."""

from __future__ import annotations

from . import Posts

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
BLANK = ["26 tokens each", "Cote", "Pot"]


def posts(rnd: dict, game: dict) -> Posts:
    """The whole round: the cote, each player still in with a stake, fold and digits, and the winner."""
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
