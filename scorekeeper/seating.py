"""A table's changes written (RULES.md section 8): one added before the next round, or the last one taken
back, in the game's write transaction, as a round is; every phone following the game is told at commit."""

from __future__ import annotations

from dataclasses import replace

from . import rules
from .db import Database, write
from .rules import N_, problem
from .store import Conflict, Stored, _done, _dump, _reload, _touch


def add_change(db: Database, game_id: str, version: int, change: dict, name: str | None = None) -> Stored:
    """Record a change before the next round (a newcomer's `name` joins the players), provided the game is
    still at the `version` the page showed and the next round has no step saved; Invalid says what the rules
    refuse."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if stored.version != version:
            raise Conflict(problem(N_("The game changed on another phone meanwhile: here it is as it stands now.")))
        number = len(stored.game.rounds) + 1
        draft = stored.draft or {}
        if draft.get("number") == number and draft.get("step"):
            raise Conflict(
                problem(N_("Round %(round)d has a step saved: the table changes between rounds."), round=number)
            )
        players = [*stored.game.players, name] if name is not None else stored.game.players
        changes = [*stored.game.changes, {"before": number, **change}]
        rounds = _padded(stored.game.rounds, len(stored.game.players), 1) if name is not None else stored.game.rounds
        game = replace(stored.game, players=players, rounds=rounds, changes=changes)
        stored.result = rules.play(game)  # Invalid: refused, nothing stored
        stored.game = game
        if name is not None:
            _rewrite(db, game_id, rounds)
        _touch(db, stored, stored.result.finished, changes=_dump(changes), players=_dump(players))
    _done(stored)
    return stored


def undo_change(db: Database, game_id: str, was: dict) -> Stored:
    """Take back the last change, provided it is still what the page showed (`was`) and no round came after it."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        changes = stored.game.changes
        if not changes or changes[-1] != was or changes[-1]["before"] != len(stored.game.rounds) + 1:
            raise Conflict(problem(N_("That change is no longer the last thing done: nothing was undone.")))
        players = list(stored.game.players)
        joined = was.get("join")
        if joined == len(players) - 1 and not any(c.get("join") == joined for c in changes[:-1]):
            players.pop()  # a newcomer who had not played: their name goes with the change
        rounds = stored.game.rounds
        if len(players) < len(stored.game.players):
            rounds = _padded(rounds, len(stored.game.players), -1)
            _rewrite(db, game_id, rounds)
        game = replace(stored.game, players=players, rounds=rounds, changes=changes[:-1])
        stored.result = rules.play(game)
        stored.game = game
        _touch(
            db,
            stored,
            stored.result.finished,
            changes=_dump(game.changes) if game.changes else None,
            players=_dump(players),
        )
    _done(stored)
    return stored


def _padded(rounds: list[dict], n: int, grow: int) -> list[dict]:
    """The rounds with a null added for a newcomer (`grow` 1) to every list by player, or the last taken (-1)."""
    return [
        {
            key: (value + [None] if grow > 0 else value[:-1]) if isinstance(value, list) and len(value) == n else value
            for key, value in rnd.items()
        }
        for rnd in rounds
    ]


def _rewrite(db: Database, game_id: str, rounds: list[dict]) -> None:
    """Store the rounds again as they now read (a newcomer's nulls added or taken away)."""
    for number, rnd in enumerate(rounds, 1):
        db.update("rounds", {"game_id": game_id, "number": number}, {"data": _dump(rnd)})
