"""Who may do what with a game: the phone that made it and phones given the score link may score;
anyone with the game's link may watch. What this phone was given of a game is read once per request."""

from __future__ import annotations

from flask import abort, g

from .. import client, phones, store
from ..db import get_db, write


def game_or_404(game_id: str) -> store.Stored:
    """The game with that id, or 404."""
    stored = store.load(get_db(), game_id)
    if stored is None:
        abort(404)
    return stored


def given(stored: store.Stored) -> dict | None:
    """What this phone was given of the game (its role, and the score link's token it joined with), if anything;
    read once per request (a grant made meanwhile forgets it)."""
    kept = g.setdefault("given", {})
    if stored.id not in kept:
        kept[stored.id] = phones.given(get_db(), client.device(), stored.id)
    return kept[stored.id]


def _grant(device: str, stored: store.Stored, role: str, token: str | None = None) -> None:
    """Give `device` a role in the game, in a change of its own."""
    db = get_db()
    with write(db):
        phones.grant(db, device, stored.id, role, store.now(), token)
    g.pop("given", None)


def can_score(stored: store.Stored) -> bool:
    """Whether this phone may enter and correct rounds."""
    found = given(stored)
    if found is None:
        return False
    return found["role"] == "owner" or (
        found["role"] == "scorer" and client.secret_matches(found["token"], stored.score_token)
    )


def require_score(stored: store.Stored) -> None:
    """Refuse (403) a write from a phone that may only watch."""
    if not can_score(stored):
        abort(403, description="watch-only")


def can_manage(stored: store.Stored) -> bool:
    """Whether this phone may delete the game or replace its score link: the phone that started or
    imported it, or the admin; a score link lets a phone enter rounds, not take the game away."""
    if client.is_admin():
        return True
    found = given(stored)
    return found is not None and found["role"] == "owner"


def require_owner(stored: store.Stored) -> None:
    """Refuse (403) deleting the game or replacing its link from any phone but its owner's or the admin's."""
    if not can_manage(stored):
        abort(403, description="owner-only" if can_score(stored) else "watch-only")


def remember(stored: store.Stored) -> None:
    """Put the game in this phone's list of games, as watched unless it already has more."""
    device = client.ensure_device()
    if phones.given(get_db(), device, stored.id) is None:
        _grant(device, stored, "watcher")


def join(stored: store.Stored, token: str) -> bool:
    """Let this phone score with the game's current score link; False if the link was replaced."""
    if not client.secret_matches(token, stored.score_token):
        return False
    device = client.ensure_device()
    found = phones.given(get_db(), device, stored.id)
    if found is None or found["role"] != "owner":  # the phone that made the game stays its owner
        _grant(device, stored, "scorer", token)
    return True


def replace_score_link(stored: store.Stored) -> str:
    """Make a new score link; the phone asking keeps scoring, others that joined with the old one watch."""
    token = store.new_score_token(get_db(), stored.id)
    device = client.device()
    if device and (found := given(stored)) is not None and found["role"] == "scorer":
        _grant(device, stored, "scorer", token)
    return token
