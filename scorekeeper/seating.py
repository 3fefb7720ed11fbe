"""A table's changes written (RULES.md section 8): one added before the next round, or the last one taken
back, in the game's write transaction, as a round is; every phone following the game is told at commit."""

from __future__ import annotations

from dataclasses import replace

from . import rules
from .db import Database, write
from .rules import N_, Invalid, fail, problem
from .rules.lineup_changes import BOUND, named
from .rules.problems import Problem, msgid
from .store import Conflict, Stored, _done, _dump, _reload, _touch, derived


def add_change(db: Database, game_id: str, version: int, change: dict, name: str | None = None) -> Stored:
    """Record a change before the next round (a newcomer's `name` joins the players), provided the game is
    still at the `version` the page showed and the next round has no step saved; Invalid says what the rules
    refuse."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if stored.version != version:
            raise Conflict(problem(N_("The game changed on another phone meanwhile: here it is as it stands now.")))
        _between_rounds(stored)
        number = len(stored.game.rounds) + 1
        players, changes, rounds = stored.game.players, stored.game.changes, stored.game.rounds
        if name is not None:  # a newcomer: a null in every round, a 0 in every adjustment before them
            players = [*players, name]
            changes = _adjusted(changes, len(stored.game.players), 1)
            rounds = _padded(rounds, len(stored.game.players), 1)
        changes = [*changes, {"before": number, **change}]
        game = replace(stored.game, players=players, rounds=rounds, changes=changes)
        stored.result = rules.play(game, _joining(change, number))  # Invalid: refused, nothing stored
        kept = _regrown(stored, 1) if name is not None else {}
        stored.game = game
        if name is not None:
            _rewrite(db, game_id, rounds)
        _touch(db, stored, stored.result.finished, changes=_dump(changes), players=_dump(players), **kept)
    _done(stored)
    return stored


def undo_change(db: Database, game_id: str, was: dict) -> Stored:
    """Take back the last change, provided it is still what the page showed (`was`), no round came after it and the
    next round has no step saved."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        changes = stored.game.changes
        if not changes or changes[-1] != was or changes[-1]["before"] != len(stored.game.rounds) + 1:
            raise Conflict(problem(N_("That change is no longer the last thing done: nothing was undone.")))
        _between_rounds(stored)
        players = list(stored.game.players)
        joined = was.get("join")
        if joined == len(players) - 1 and not any(c.get("join") == joined for c in changes[:-1]):
            players.pop()  # a newcomer who had not played: their name goes with the change
        rounds, changes = stored.game.rounds, changes[:-1]
        if len(players) < len(stored.game.players):
            rounds = _padded(rounds, len(stored.game.players), -1)
            changes = _adjusted(changes, len(stored.game.players), -1)
            _rewrite(db, game_id, rounds)
        game = replace(stored.game, players=players, rounds=rounds, changes=changes)
        stored.result = rules.play(game)
        kept = _regrown(stored, -1) if len(players) < len(stored.game.players) else {}
        stored.game = game
        _touch(
            db,
            stored,
            stored.result.finished,
            changes=_dump(game.changes) if game.changes else None,
            players=_dump(players),
            **kept,
        )
    _done(stored)
    return stored


MEMBERS = (  # what the rules say when a round's recorded players no longer are the ones the changes seat
    "Not in round %(round)d: the entry must be null.",
    "Round %(round)d has nothing for a player at the table; a player who comes later joins by a change.",
)


def replace_change(db: Database, game_id: str, index: int, was: dict, change: dict) -> Stored:
    """Correct the change at `index` (of the same kind, before the same round), provided it is still what the page
    showed (`was`); every total, end and standing follows. Invalid says what the rules refuse: who played a
    recorded round stays as recorded."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        changes = stored.game.changes
        if not 0 <= index < len(changes) or changes[index] != was:
            message = N_("That change was corrected or taken back on another phone meanwhile: nothing was changed.")
            raise Conflict(problem(message))
        before = derived(stored)
        game = replace(stored.game, changes=[*changes[:index], change, *changes[index + 1 :]])
        stored.result = _played(game, change)
        number = len(game.rounds) + 1
        draft = stored.draft or {}
        moved = before.upcoming and stored.result.upcoming and before.upcoming.players != stored.result.upcoming.players
        if draft.get("number") == number and draft.get("step") and moved:
            raise Conflict(
                problem(N_("Round %(round)d has a step saved: the table changes between rounds."), round=number)
            )
        stored.game = game
        _touch(db, stored, stored.result.finished, changes=_dump(game.changes))
    _done(stored)
    return stored


def _played(game, change: dict) -> rules.Result:
    """The game played through with `change` corrected; a round whose players it would change is refused saying
    so, and a player count the correction breaks names the player of the change corrected (not of the last change
    before that round)."""
    try:
        return rules.play(game, _joining(change, change["before"]))
    except Invalid as exc:
        found = next((p for p in exc.problems if msgid(p.message) in MEMBERS), None)
        if found is None:
            raise Invalid([_about(p, change) for p in exc.problems]) from None
        message = N_(
            "Round %(round)d was played by the players recorded in it: who plays it cannot change. "
            "Undo the rounds back to round %(round)d to change it."
        )
        raise fail(message, round=found.round, field="changes") from None


def _joining(change: dict, number: int) -> tuple[int, ...]:
    """The round a join being made (or corrected) comes before: the pack must deal it (rules.play's `joins`)."""
    return (number,) if "join" in change else ()


def _about(found: Problem, change: dict) -> Problem:
    """A player-count refusal of the round `change` comes before, naming its player."""
    if msgid(found.message) != BOUND or found.round != change["before"]:
        return found
    return replace(found, seat=named(change))


def _between_rounds(stored: Stored) -> None:
    """Conflict when the next round has a step saved (its bids): the table changes between rounds only."""
    number = len(stored.game.rounds) + 1
    draft = stored.draft or {}
    if draft.get("number") == number and draft.get("step"):
        raise Conflict(problem(N_("Round %(round)d has a step saved: the table changes between rounds."), round=number))


def _padded(rounds: list[dict], n: int, grow: int) -> list[dict]:
    """The rounds with a null added for a newcomer (`grow` 1) to every list by player, or the last taken (-1)."""
    return [
        {
            key: (value + [None] if grow > 0 else value[:-1]) if isinstance(value, list) and len(value) == n else value
            for key, value in rnd.items()
        }
        for rnd in rounds
    ]


def _adjusted(changes: list[dict], n: int, grow: int) -> list[dict]:
    """The changes with a 0 added for a newcomer (`grow` 1) to every adjustment by player (FORMAT.md: one number
    per player), or the last taken (-1)."""
    return [
        {**c, "adjust": c["adjust"] + [0] if grow > 0 else c["adjust"][:-1]}
        if isinstance(c.get("adjust"), list) and len(c["adjust"]) == n
        else c
        for c in changes
    ]


def _regrown(stored: Stored, grow: int) -> dict:
    """The draft column when the draft keeps a round undone to enter again: a newcomer's null added to it
    (`grow` 1) or taken away (-1), as to the rounds, so its entries stay by player."""
    undone = (stored.draft or {}).get("undone")
    if not isinstance(undone, dict):
        return {}
    stored.draft = {**(stored.draft or {}), "undone": _padded([undone], len(stored.game.players), grow)[0]}
    return {"draft": _dump(stored.draft)}


def _rewrite(db: Database, game_id: str, rounds: list[dict]) -> None:
    """Store the rounds again as they now read (a newcomer's nulls added or taken away)."""
    for number, rnd in enumerate(rounds, 1):
        db.update("rounds", {"game_id": game_id, "number": number}, {"data": _dump(rnd)})
