"""All Fours's sample: two teams to 4 points, a beg given, card points counted, a minor renege."""

from __future__ import annotations

from . import Posts

GAME = {
    "format": "scorekeeper-game/1",
    "rules": "all-fours",
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "options": {"teams": True, "target": 4},
    "first_dealer": 0,
    "rounds": [
        {"turn_ups": ["7"], "beg": None, "high": 0, "low": 1, "jack": None, "game": None, "reneges": []},
        {
            "turn_ups": ["K"],
            "beg": "stand",
            "high": 1,
            "low": 1,
            "jack": None,
            "game_points": [12, 30],
            "reneges": [{"side": 0, "major": False}],
        },
    ],
}
OTHER_FIRST = {"turn_ups": ["9"], "beg": None, "high": 1, "low": 0, "jack": 1, "game": 0, "reneges": []}
BLANK = ["first to 7 points", "High", "Low", "Jack", "Game"]


def _side(value) -> str:
    """A side chip: its index, or none."""
    return "none" if value is None else str(value)


def posts(rnd: dict, game: dict) -> Posts:
    """The whole hand: the turn-ups, the beg, High, Low, Jack and Game tapped to a side, the reneges."""
    fields = {f"turn_up.{k}": rank for k, rank in enumerate(rnd["turn_ups"])}
    fields["beg"] = rnd.get("beg") or "none"
    fields.update({name: _side(rnd[name]) for name in ("high", "low", "jack")})
    if "game_points" in rnd:
        fields["game"] = "points"
        fields.update({f"game_points.{s}": str(p) for s, p in enumerate(rnd["game_points"])})
    else:
        fields["game"] = "tie" if rnd["game"] is None else str(rnd["game"])
    for renege in rnd.get("reneges", []):
        fields[f"renege.{renege['side']}"] = "major" if renege["major"] else "minor"
    return [("round", fields)]
