"""Who may do what with a game: the phone that made it and phones given the score link may score;
anyone with the game's link may watch."""
from __future__ import annotations

from flask import abort, current_app, session

from .. import security, store
from ..db import get_db, write


def is_admin() -> bool:
    """Whether this browser signed in with the admin password."""
    return bool(current_app.config.get("ADMIN_PASSWORD")) and session.get("admin") is True


def can_score(stored: store.Stored) -> bool:
    """Whether this phone may enter and correct rounds."""
    given = store.access(get_db(), security.device(), stored.id)
    if given is None:
        return False
    return given["role"] == "owner" or (given["role"] == "scorer" and given["token"] == stored.score_token)


def require_score(stored: store.Stored) -> None:
    """Refuse (403) a write from a phone that may only watch."""
    if not can_score(stored):
        abort(403, description="watch-only")


def remember(stored: store.Stored) -> None:
    """Put the game in this phone's list of games, as watched unless it already has more."""
    db = get_db()
    device = security.ensure_device()
    if store.access(db, device, stored.id) is None:
        with write(db):
            store.grant(db, device, stored.id, "watcher")
