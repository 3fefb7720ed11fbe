"""A game's summary: what history, the history CSV and the players' pages need of it (sides, totals, ranks,
winners, each player's statistics), written by the store in the same transaction as each change of the game
(so no page ever has a pile of games to summarise), in the summaries table beside it.

No Flask: the rules in, JSON-ready data out, one upsert (plain SQL any engine takes).
"""

from __future__ import annotations

import json

from . import rules
from .rules import Game, Result, lineup
from .rules.unseen import player_key

SEP = "\x1f"  # between the player keys of a summary, so a search for one key never matches inside another


def ranks(result: Result) -> list[int]:
    """Each side's rank in the game's standings (RULES.md "Standings"), by side."""
    by_side = [0] * len(result.sides)
    for standing in result.standings:
        by_side[standing.side] = standing.rank
    return by_side


def summarize(game: Game, result: Result) -> dict:
    """What history and the players' pages need of one game, as JSON-ready data."""
    rules_ = rules.get(game.rules)
    return {
        "players": holders(game, result),
        "sides": list(result.sides),
        "seat_side": [rules_.seat_side(game, seat) for seat in range(len(game.players))],
        "totals": list(result.totals),
        "ranks": ranks(result),
        "winners": list(result.winners),
        "finished": result.finished,
        "rounds": len(result.rounds),
        "stats": lineup.statistics(rules_, game, result),  # by player, whoever played which round
    }


def holders(game: Game, result: Result) -> list[str]:
    """Who holds each seat at the end: a seat handed over is its last holder's (RULES.md section 8), so the
    seat's result, record and club-night score go to them."""
    return list(result.lineup.names) if result.lineup is not None else list(game.players)


def everyone(game: Game) -> list[str]:
    """Every name that held a seat in the game: its players and whoever a seat was handed over to (the history's
    player filter finds the game under each of them)."""
    changes = game.changes if isinstance(game.changes, list) else []
    handed = [c["to"] for c in changes if isinstance(c, dict) and "seat" in c and isinstance(c.get("to"), str)]
    return [*game.players, *handed]


def keys(players: list[str]) -> str:
    """The column a player filter searches: every player's key between separators."""
    return SEP + SEP.join(player_key(p) for p in players) + SEP


UPSERT = (
    "insert into summaries (game_id, version, keys, data) select ?, ?, ?, ? "
    "where exists (select 1 from games where id = ?) "  # a game deleted meanwhile gets none
    "on conflict (game_id) do update set version = excluded.version, keys = excluded.keys, data = excluded.data"
)


def store(db, game_id: str, version: int, game: Game, result: Result | None) -> None:
    """Write a game's summary at `version` (its result played here when not given; a game the rules no longer
    accept is listed without one)."""
    if result is None:
        try:
            result = rules.play(game)
        except rules.Invalid:
            result = None
    data = {"players": list(game.players), "invalid": True} if result is None else summarize(game, result)
    db.execute(UPSERT, [game_id, version, keys(everyone(game)), json.dumps(data, ensure_ascii=False), game_id])
