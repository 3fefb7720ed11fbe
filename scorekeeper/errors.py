"""Error pages: every refusal is a short page in the player's language, never a traceback."""

from __future__ import annotations

from flask import current_app, make_response, request
from werkzeug.exceptions import HTTPException, InternalServerError, SecurityError, ServiceUnavailable

from . import db, guard
from .i18n import gettext
from .rules import N_
from .views import page

TITLES = {
    400: N_("That request could not be understood."),
    403: N_("This link lets you watch this game, not change it."),
    404: N_("There is nothing here: the game may have been deleted, or the link is incomplete."),
    405: N_("That action is not allowed here."),
    408: guard.TOO_SLOW,
    413: N_("That file is too large for a game file."),
    429: N_("Too many requests; wait a moment."),
    503: N_("The server is busy printing other score sheets: try again in a few seconds."),
}
FORM_TOO_LARGE = N_("That form is far larger than any the app sends; nothing was changed. Reload the page.")
STORE_BUSY = N_("The scores could not be reached just now; nothing was changed. Try again in a few seconds.")
UNKNOWN_HOST = N_("This server answers at %(address)s only: open that address.")
CROSS_SITE = N_("This request came from another site and was refused.")
REMATCH_WATCH_ONLY = N_("Only the phones that score this game can start its rematch: this link lets you watch it.")
ADMIN_ONLY = N_("Only the admin, signed in on this server's admin page, can do this.")
CLUB_OWNER_ONLY = N_("Only the phone that made this club (or the admin) can change it or its season.")
OWNER_ONLY = N_(
    "Only the phone that started this game (or the admin) can rename its players, delete it or replace its "
    "score link; "
    "the score link lets you enter and correct rounds."
)


def _message(exc: HTTPException) -> str:
    """What to tell the player about an HTTP error."""
    if exc.code == 403 and exc.description == "cross-site":
        return gettext(CROSS_SITE)
    if exc.code == 403 and exc.description == "owner-only":
        return gettext(OWNER_ONLY)
    if exc.code == 403 and exc.description == "club-owner-only":
        return gettext(CLUB_OWNER_ONLY)
    if exc.code == 403 and exc.description == "admin-only":
        return gettext(ADMIN_ONLY)
    if exc.code == 403 and exc.description == "rematch-watch-only":
        return gettext(REMATCH_WATCH_ONLY)
    if exc.code == 503 and exc.description == "store-busy":
        return gettext(STORE_BUSY)
    if exc.code == 413 and guard.held_to_form_size():
        return gettext(FORM_TOO_LARGE)
    if exc.code in (400, 429, 503, 507) and exc.description and exc.description != exc.__class__.description:
        return exc.description
    return gettext(TITLES.get(exc.code or 500, N_("Something went wrong; nothing was changed.")))


def handle(exc: HTTPException):
    """Render an HTTP error as a page (or, for htmx, the same page, which it shows in place)."""
    if isinstance(exc, InternalServerError) or exc.code is None:
        return handle_crash(exc)
    if isinstance(exc, SecurityError):
        return unknown_host()
    if request.headers.get("HX-Request") == "true":
        response = _in_place(_message(exc), exc.code)
    else:
        response = page.full("error.html", exc.code, message=_message(exc), code=exc.code)
    retry_after = getattr(exc, "retry_after", None)
    if retry_after is not None:  # 503: when to come back
        response.headers["Retry-After"] = str(retry_after)
    if request.method == "GET" and exc.code == 404:
        response.headers["Cache-Control"] = "no-store"
    return response


def unknown_host():
    """A Host the server was not told it is (Flask's TRUSTED_HOSTS): a line of text, since no page can be drawn
    (Flask made no URLs for that host), naming the public address rather than the one asked."""
    message = gettext(UNKNOWN_HOST, address=current_app.config.get("PUBLIC_URL") or "")
    return make_response(message, 400, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"})


def _in_place(message: str, code: int):
    """For htmx: the message goes in the page's notice area; the form the player was using stays."""
    response = page.full("error_notice.html", code, message=message)
    response.headers["HX-Retarget"] = "#flash"
    response.headers["HX-Reswap"] = "innerHTML"
    return response


def handle_crash(exc):
    """An unexpected error: say so plainly; the details stay in the server log."""
    message = gettext("Something went wrong; nothing was changed.")
    if request.headers.get("HX-Request") == "true":
        return _in_place(message, 500)
    return page.full("error.html", 500, message=message, code=500)


def store_busy(exc: Exception):
    """The store did not answer in time (another change held the game, no connection came, its server was
    gone): a 503 that says nothing was changed, which a phone takes as not reached and keeps its taps to send
    again (offline.js). Any other error goes on as a crash (logged, then handle_crash)."""
    if db.busy(exc):
        return handle(ServiceUnavailable("store-busy", retry_after=5))
    raise exc


def init_app(app) -> None:
    """Route HTTP errors, a busy store and crashes to the error page. The store's errors are told apart by its
    engine (db.busy), which imports its driver only when it is the one used: hence Exception, not its class."""
    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(InternalServerError, handle_crash)
    app.register_error_handler(Exception, store_busy)
