"""Renaming the players of a game in progress or finished: a typo need not stay for the whole game.

Rounds refer to players by seat (FORMAT.md), so a new name changes no round: the board, the sheet, the
history and the game file all show it. Only the phone that started the game (or the admin) may rename,
as for deleting it; the names are checked as at setup."""

from __future__ import annotations

import json

from flask import Blueprint, abort, redirect, request, url_for

from .. import rules, safejson, store
from ..db import get_db
from ..forms import setup
from ..i18n import gettext
from ..rules import N_, Invalid
from . import access, page

bp = Blueprint("players", __name__, url_prefix="/games")
MAX_WAS = 2048  # the names the page showed, as JSON: at most 8 names of 40 characters


@bp.get("/<game_id>/players")
def edit(game_id: str):
    """The players' names, each in a box to change."""
    stored = access.game_or_404(game_id)
    access.require_owner(stored)
    return _render(stored)


def _render(stored: store.Stored, status: int = 200, errors=None, names=None, message=None):
    """The rename page, with the names as typed and the problems of a refused attempt."""
    return page.full(
        "players.html",
        status,
        stored=stored,
        rules=rules.get(stored.game.rules),
        names=names or stored.game.players,
        was=json.dumps(stored.game.players, ensure_ascii=False),
        errors=errors or [],
        message=message,
    )


@bp.post("/<game_id>/players")
def rename(game_id: str):
    """Store the new names; every round stays as it was."""
    stored = access.game_or_404(game_id)
    access.require_owner(stored)
    was = _was(request.form.get("was"))
    names = setup.read_names(request.form, len(stored.game.players))
    try:
        store.rename(get_db(), game_id, was, names)
    except Invalid as exc:
        return _render(stored, 422, exc.problems, names)
    except store.Conflict as exc:
        return _render(access.game_or_404(game_id), 409, message=exc.message)
    return redirect(url_for("games.show", game_id=game_id), 303)


def _was(text: str | None) -> list[str]:
    """The names the page showed (so a rename made meanwhile on another phone is not undone); 400 if damaged."""
    try:
        was = safejson.loads((text or "")[:MAX_WAS])
    except Invalid:
        was = None
    if not isinstance(was, list) or not all(isinstance(n, str) for n in was) or len(text or "") > MAX_WAS:
        abort(400, description=gettext(N_("The rename form is damaged; reload the page.")))
    return was
