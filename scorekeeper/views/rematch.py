"""A rematch: the same game started again with the table as it ended, from a phone that scores the finished one."""

from __future__ import annotations

from flask import abort, redirect, url_for

from .. import client, events, security, store
from ..db import get_db
from ..rematches import rematch_of
from ..rules import N_, Invalid, problem
from . import access, page
from .games import bp
from .page import htmx


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
    db, device, (fresh, _said) = get_db(), client.ensure_device(), rematch_of(stored.game, result)
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
