"""The game file (GAMEFILE.md): read one into a Game, write a Game with its derived result."""

from __future__ import annotations

import json

from . import rules, safejson
from .rules import N_, Game, Invalid, Result, fail
from .rules.setup import printable_names

FORMAT = "scorekeeper-game/1"
KNOWN = {"format", "rules", "options", "players", "first_dealer", "rounds", "changes", "result"}


def loads(text: str | bytes) -> Game:
    """Parse a game file's text; raise Invalid with a clear message if it is not one."""
    document = safejson.loads(text)  # bounded: deep nesting, huge numbers and broken text are refused
    return from_document(document)


def from_document(document) -> Game:
    """A checked Game from a parsed game file (its `result`, if any, is ignored)."""
    if not isinstance(document, dict):
        raise fail(N_("A game file is a JSON object."))
    if document.get("format") != FORMAT:
        given = document.get("format")
        if not isinstance(given, str):
            raise fail(
                N_("The game file does not say its format: it must be %(format)s."), format=FORMAT, field="format"
            )
        raise fail(N_("The format must be %(format)s, not %(value)s."), format=FORMAT, value=given[:40], field="format")
    unknown = sorted(set(document) - KNOWN)
    if unknown:
        raise fail(N_("Unknown field %(field)s in the game file."), field=unknown[0][:40])
    game = Game(
        rules=document.get("rules"),  # type: ignore[arg-type]  # play() checks both and names what is wrong
        players=document.get("players"),  # type: ignore[arg-type]
        options=document.get("options", {}),
        first_dealer=document.get("first_dealer", 0),
        rounds=document.get("rounds", []),
        changes=document.get("changes", []),  # players who came, sat out, left (RULES.md section 8)
    )
    if bad_names := printable_names(game.players):
        raise Invalid(bad_names)
    game = rules.checked(game)  # its options complete, as sheets and the store read them
    rules.play(game, rules.EVERY_ROUND)  # Invalid naming the round, the player and the reason; its joins made now
    return game


def names(text: str | bytes) -> list[str] | None:
    """Who messages about a game file name by seat: its sides (the players, or All Fours' teams), if readable."""
    try:
        document = safejson.loads(text)
        players, options = document.get("players"), document.get("options", {})
    except (Invalid, AttributeError):
        return None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    try:
        return rules.get(document.get("rules")).sides(players, options if isinstance(options, dict) else {})
    except (Invalid, IndexError):
        return players


def to_document(game: Game, result: Result | None = None) -> dict:
    """The game file of `game`, with its derived `result` when given."""
    document = {
        "format": FORMAT,
        "rules": game.rules,
        "options": game.options,
        "players": game.players,
        "first_dealer": game.first_dealer,
        "rounds": game.rounds,
    }
    if game.changes:  # a game without changes is written as before them
        document["changes"] = game.changes
    if result is not None:
        document["result"] = result_document(result)
    return document


def result_document(result: Result) -> dict:
    """The `result` section: sides, each round's scores and totals, the end, the winners and the standings."""
    return {
        "sides": result.sides,
        "rounds": [{"dealer": r.dealer, "scores": r.scores, "totals": r.totals} for r in result.rounds],
        "totals": result.totals,
        "finished": result.finished,
        "winners": result.winner_names(),
        "standings": [_standing(result, s) for s in result.standings],
    }


def _standing(result: Result, standing) -> dict:
    """One side's place in `result.standings`, marked `left` when the player left the game (RULES.md 8)."""
    written = {"rank": standing.rank, "side": result.sides[standing.side], "total": standing.total}
    if (
        result.lineup is not None
        and standing.side in result.lineup.gone
        and len(result.sides) == len(result.lineup.names)
    ):
        written["left"] = True
    return written


def dumps(game: Game, result: Result | None = None) -> str:
    """The exported text of a game: the game file with its result (played here unless given), indented."""
    return json.dumps(to_document(game, result or rules.play(game)), ensure_ascii=False, indent=2) + "\n"


__all__ = ["FORMAT", "Invalid", "dumps", "from_document", "loads", "names", "result_document", "to_document"]
