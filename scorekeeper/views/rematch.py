"""A rematch: the same game started again with the table as it ended, from a phone that scores the finished one."""

from __future__ import annotations

from flask import abort, redirect, url_for

from .. import client, events, rules, security, store
from ..db import get_db
from ..rules import N_, Game, Invalid, Result, problem
from ..rules.lineup_changes import at_start
from . import access, page
from .games import bp
from .page import htmx


def rematch_of(game: Game, result: Result) -> Game:
    """The table as it ended (RULES.md section 8: leavers out, latecomers in where they sat, a seat under its last
    holder, All Fours' sides as they were), the same options, the first deal passed on one seat the way the game
    passes it."""
    rules_ = rules.get(game.rules)
    table = result.lineup
    if table is None:
        fresh = Game(game.rules, list(game.players), dict(game.options), game.first_dealer)
        fresh.first_dealer = rules_.next_dealer(fresh, rules_.start(fresh), game.first_dealer)
        return fresh
    seated = table.still()  # clockwise, as they sat at the end
    fresh = Game(game.rules, [table.names[p] for p in seated], _options(rules_, game), 0)
    if game.first_dealer in seated:
        fresh.first_dealer = rules_.next_dealer(fresh, rules_.start(fresh), seated.index(game.first_dealer))
    else:  # the first dealer left: the deal passes to the next player still at the table
        ring = table.seating
        k = ring.index(game.first_dealer) if game.first_dealer in ring else -1
        fresh.first_dealer = next((seated.index(p) for p in ring[k + 1 :] + ring[: k + 1] if p in seated), 0)
    return fresh


def _options(rules_: rules.Rules, game: Game) -> dict:
    """The options the table chose; one left at its default for the players at the start follows the new table
    (Wizard's number of rounds, say, goes with the number of players)."""
    started = [game.players[p] for p in at_start(game)]
    return {
        option.name: game.options[option.name]
        for option in rules_.options
        if option.name in game.options and game.options[option.name] != rules_.option_default(option, started)
    }


@bp.post("/<game_id>/rematch")
@security.creates_games
def rematch(game_id: str):
    """Start the same game again with the table as it ended, and open it: from a phone that scores the game only,
    and the phones that score it score the rematch (store.rematch)."""
    stored = access.game_or_404(game_id)
    if not access.can_score(stored):  # a watcher would own the rematch the table then lands on, and only watch it
        abort(403, description="rematch-watch-only")
    result = store.derived(stored)
    if not result.finished:
        message = N_("This game is not over yet: a rematch can start once it has a winner.")
        return page.problems([problem(message)], 409)
    db, device, fresh = get_db(), client.ensure_device(), rematch_of(stored.game, result)
    try:  # a table at a club night plays its rematch for the evening too, while the evening takes games
        new_id = store.rematch(db, game_id, fresh, device, stored.event)
    except events.Closed:
        new_id = store.rematch(db, game_id, fresh, device)
    except Invalid as exc:  # the table as it ended is one the game cannot be started with (too many, too few)
        return page.problems(exc.problems, 409)
    target = url_for("games.show", game_id=new_id)
    if htmx:
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)
