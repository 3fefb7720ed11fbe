"""A table that changes as it plays (RULES.md section 8), the same walk in every game whose sample has one
(`LINEUP`: a game file of four players with `changes`: a latecomer joins before round 2, someone sits out
round 3, someone leaves before round 4). The web and browser tests enter its changes through the lineup page
and its rounds through the round form; this module says what those forms are sent.

A round's form offers a place to its players alone, as they sit (rules/seats.py): the round of the game file,
indexed by player with `null` for who did not play, is posted narrowed to them."""

from __future__ import annotations

from scorekeeper import gamefile, registry, rules
from tests.samples import Posts, sample, setup_fields


def walked() -> list[str]:
    """The ids of the games whose sample walks a changing table, by id (the order games are found in decides
    nothing)."""
    return sorted(b.id for b in registry.GAMES if getattr(sample(b.id), "LINEUP", None) is not None)


def walk(rules_id: str) -> dict:
    """The game file a game's sample walks."""
    return sample(rules_id).LINEUP


def latecomers(document: dict) -> set[int]:
    """The players who join after the start."""
    return {change["join"] for change in document["changes"] if "join" in change}


def setup(document: dict) -> dict[str, str]:
    """The new-game form of the table as it starts: the players seated before any change."""
    late = latecomers(document)
    seated = [name for p, name in enumerate(document["players"]) if p not in late]
    return setup_fields({**document, "players": seated})


def playing(document: dict, number: int) -> list[int]:
    """Who plays round `number`, as they sit."""
    played = rules.play(gamefile.from_document(document)).rounds[number - 1].players
    return list(range(len(document["players"]))) if played is None else list(played)


def round_posts(document: dict, number: int) -> Posts:
    """The posts that enter round `number` on its form: the round narrowed to its players."""
    members, n = playing(document, number), len(document["players"])
    narrowed = {
        key: [value[p] for p in members] if isinstance(value, list) and len(value) == n else value
        for key, value in document["rounds"][number - 1].items()
    }
    seen = {**document, "players": [document["players"][p] for p in members]}
    return sample(document["rules"]).posts(narrowed, seen)


def changes_before(document: dict, number: int) -> list[dict]:
    """The changes that come before round `number`, in order."""
    return [change for change in document["changes"] if change["before"] == number]
