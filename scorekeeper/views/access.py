"""Who may do what with a game: the phone that made it and phones given the score link may score;
anyone with the game's link may watch."""

from __future__ import annotations

import hmac
import time

from flask import abort, current_app, session

from .. import admin_sessions, security, store
from ..db import get_db, write


def game_or_404(game_id: str) -> store.Stored:
    """The game with that id, or 404."""
    stored = store.load(get_db(), game_id)
    if stored is None:
        abort(404)
    return stored


def same(given: str | None, expected: str | None) -> bool:
    """Whether a secret matches, in constant time (bytes, so any password text compares)."""
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def admin_enabled() -> bool:
    """Whether this server has an admin password, and so an admin page."""
    return bool(current_app.config.get("ADMIN_PASSWORD"))


def password_mark() -> str:
    """A fingerprint of the current admin password (keyed by the secret key, so it gives nothing away):
    a session remembers it, and a new password ends every session signed in with the old one."""
    password = str(current_app.config.get("ADMIN_PASSWORD")).encode("utf-8", "surrogatepass")
    return hmac.new(str(current_app.secret_key).encode(), password, "sha256").hexdigest()[:32]


def session_seconds() -> int:
    """How long an admin sign-in lasts (ADMIN_SESSION_SECONDS, by default 8 hours: an evening)."""
    return current_app.config["ADMIN_SESSION_SECONDS"]


def sign_in() -> None:
    """Mark this browser's session as the admin's, with the time and the password it signed in with, and the
    sign-in the store keeps (so signing out ends it on every worker and server)."""
    session.clear()
    session["admin"] = password_mark()
    session["admin_since"] = int(time.time())
    session["admin_session"] = admin_sessions.start(get_db(), session_seconds())


def sign_out() -> None:
    """End this browser's admin sign-in in the store, so a copy of its cookie is refused too, and forget it."""
    session_id = session.get("admin_session")
    if isinstance(session_id, str):
        admin_sessions.end(get_db(), session_id)
    session.clear()


def is_admin() -> bool:
    """Whether this browser signed in with the current admin password, less than a session's length ago, and
    has not signed out since."""
    if not admin_enabled() or not same(session.get("admin"), password_mark()):
        return False
    since, session_id = session.get("admin_since"), session.get("admin_session")
    if not (isinstance(since, int) and 0 <= time.time() - since < session_seconds()):
        return False
    return isinstance(session_id, str) and admin_sessions.active(get_db(), session_id)


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


def can_manage(stored: store.Stored) -> bool:
    """Whether this phone may delete the game or replace its score link: the phone that started or
    imported it, or the admin; a score link lets a phone enter rounds, not take the game away."""
    if is_admin():
        return True
    given = store.access(get_db(), security.device(), stored.id)
    return given is not None and given["role"] == "owner"


def require_owner(stored: store.Stored) -> None:
    """Refuse (403) deleting the game or replacing its link from any phone but its owner's or the admin's."""
    if not can_manage(stored):
        abort(403, description="owner-only" if can_score(stored) else "watch-only")


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
