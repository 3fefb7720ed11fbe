"""Who may do what with a game: the phone that made it and phones given the score link may score;
anyone with the game's link may watch."""

from __future__ import annotations

import hmac

from flask import abort, current_app, session

from .. import security, store
from ..db import get_db, write


def same(given: str | None, expected: str | None) -> bool:
    """Whether a secret matches, in constant time (bytes, so any password text compares)."""
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def admin_enabled() -> bool:
    """Whether this server has an admin password, and so an admin page."""
    return bool(current_app.config.get("ADMIN_PASSWORD"))


def is_admin() -> bool:
    """Whether this browser signed in with the admin password."""
    return admin_enabled() and session.get("admin") is True


def can_score(stored: store.Stored) -> bool:
    """Whether this phone may enter and correct rounds."""
    given = store.access(get_db(), security.device(), stored.id)
    if given is None:
        return False
    return given["role"] == "owner" or (given["role"] == "scorer" and same(given["token"], stored.score_token))


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


def join(stored: store.Stored, token: str) -> bool:
    """Let this phone score with the game's current score link; False if the link was replaced."""
    if not same(token, stored.score_token):
        return False
    db = get_db()
    device = security.ensure_device()
    given = store.access(db, device, stored.id)
    if given is None or given["role"] != "owner":  # the phone that made the game stays its owner
        with write(db):
            store.grant(db, device, stored.id, "scorer", token)
    return True


def replace_score_link(stored: store.Stored) -> str:
    """Make a new score link; the phone asking keeps scoring, others that joined with the old one watch."""
    db = get_db()
    token = store.new_score_token(db, stored.id)
    device = security.device()
    given = store.access(db, device, stored.id)
    if device and given is not None and given["role"] == "scorer":
        with write(db):
            store.grant(db, device, stored.id, "scorer", token)
    return token
