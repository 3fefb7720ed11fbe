"""A game as a file: exported with its derived result, and imported as a new game (FORMAT.md)."""

from __future__ import annotations

from flask import current_app, redirect, request, url_for

from .. import client, gamefile, guard, security, store
from ..db import get_db
from ..rules import N_, Invalid, problem
from . import access, page
from .games import bp


@bp.get("/<game_id>/export.json")
def export(game_id: str):
    """The game file, with its derived result, as a download."""
    stored = access.game_or_404(game_id)
    response = current_app.response_class(
        gamefile.dumps(stored.game, store.derived(stored)), mimetype="application/json"
    )
    response.headers["Content-Disposition"] = f'attachment; filename="{stored.game.rules}-{game_id}.json"'
    return response


@bp.post("/import")
@security.creates_games
@guard.large_body
def import_game():
    """Take a game file (JSON body or upload field `file`); store it and open it."""
    if request.files.get("file"):
        text = request.files["file"].read()
    elif request.is_json or (request.mimetype or "").endswith("json"):
        text = request.get_data()
    else:
        return page.problems([problem(N_("Choose a game file to import."), field="file")], 400)
    try:
        game = gamefile.loads(text)
    except Invalid as exc:
        malformed = exc.problems[0].field == "json"  # not JSON at all: a bad request, not a bad game
        return page.problems(exc.problems, 400 if malformed else 422, names=gamefile.names(text))
    game_id = store.create(get_db(), game, client.ensure_device())
    return redirect(url_for("games.show", game_id=game_id), 303)
