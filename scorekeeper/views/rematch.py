"""A rematch: the same game started again with the same table, from a phone that scores the finished one."""

from __future__ import annotations

from flask import abort, redirect, url_for

from .. import client, events, rules, security, store
from ..db import get_db
from ..rules import N_, Game, problem
from . import access, page
from .games import bp
from .page import htmx


def rematch_of(game: Game) -> Game:
    """The same players, seats and options, the first deal passed on one seat the way the game passes it."""
    rules_ = rules.get(game.rules)
    fresh = Game(game.rules, list(game.players), dict(game.options), game.first_dealer)
    fresh.first_dealer = rules_.next_dealer(fresh, rules_.start(fresh), game.first_dealer)
    return fresh


@bp.post("/<game_id>/rematch")
@security.creates_games
def rematch(game_id: str):
    """Start the same game again with the same table, and open it: from a phone that scores the game only, and
    the phones that score it score the rematch (store.rematch)."""
    stored = access.game_or_404(game_id)
    if not access.can_score(stored):  # a watcher would own the rematch the table then lands on, and only watch it
        abort(403, description="rematch-watch-only")
    if not store.derived(stored).finished:
        message = N_("This game is not over yet: a rematch can start once it has a winner.")
        return page.problems([problem(message)], 409)
    db, device, fresh = get_db(), client.ensure_device(), rematch_of(stored.game)
    try:  # a table at a club night plays its rematch for the evening too, while the evening takes games
        new_id = store.rematch(db, game_id, fresh, device, stored.event)
    except events.Closed:
        new_id = store.rematch(db, game_id, fresh, device)
    target = url_for("games.show", game_id=new_id)
    if htmx:
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)
