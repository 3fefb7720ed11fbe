"""Who this client is: its phone (the device cookie, made on the first visit that needs one) and whether this
browser signed in as the admin. Each is worked out once per request and kept on `g`; what a phone may do with a
game is views/access.py's, what any request may do (cross-site writes, headers, rate limits) security.py's, and
what one client may hold of the server (its address, bodies, waiting polls) guard.py's."""

from __future__ import annotations

import hmac
import secrets
import time

from flask import current_app, g, request, session

from . import admin_sessions
from .db import get_db

DEVICE_COOKIE = "device"
YEAR = 365 * 24 * 3600


def device() -> str | None:
    """This phone's id, from its cookie (None on a first visit)."""
    return request.cookies.get(DEVICE_COOKIE)


def ensure_device() -> str:
    """This phone's id, making one (sent back as a cookie) if it has none."""
    if not device() and "new_device" not in g:
        g.new_device = secrets.token_urlsafe(16)
    return device() or g.new_device


def give_device(response):
    """Send the device cookie with the answer, when this request made one."""
    if "new_device" in g:
        response.set_cookie(
            DEVICE_COOKIE, g.new_device, max_age=10 * YEAR, httponly=True, samesite="Lax", secure=request.is_secure
        )
    return response


def secret_matches(given: str | None, expected: str | None) -> bool:
    """Whether a secret (a password, a score link's token) matches, in constant time (as bytes, so any text
    compares); an empty one never does."""
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
    g.is_admin = True


def sign_out() -> None:
    """End this browser's admin sign-in in the store, so a copy of its cookie is refused too, and forget it."""
    session_id = session.get("admin_session")
    if isinstance(session_id, str):
        admin_sessions.end(get_db(), session_id)
    session.clear()
    g.is_admin = False


def is_admin() -> bool:
    """Whether this browser signed in with the current admin password, less than a session's length ago, and
    has not signed out since: asked of the store once per request."""
    if "is_admin" not in g:
        g.is_admin = _signed_in()
    return g.is_admin


def _signed_in() -> bool:
    """See is_admin."""
    if not admin_enabled() or not secret_matches(session.get("admin"), password_mark()):
        return False
    since, session_id = session.get("admin_since"), session.get("admin_session")
    if not (isinstance(since, int) and 0 <= time.time() - since < session_seconds()):
        return False
    return isinstance(session_id, str) and admin_sessions.active(get_db(), session_id)


def init_app(app) -> None:
    """Send a phone its device cookie with the answer of the request that made it."""
    app.after_request(give_device)
