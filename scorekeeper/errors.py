"""Error pages: every refusal is a short page in the player's language, never a traceback."""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import HTTPException, InternalServerError

from .i18n import gettext
from .rules import N_
from .views import page

TITLES = {
    400: N_("That request could not be understood."),
    403: N_("This link lets you watch this game, not change it."),
    404: N_("There is nothing here: the game may have been deleted, or the link is incomplete."),
    405: N_("That action is not allowed here."),
    413: N_("That file is too large for a game file."),
    429: N_("Too many requests; wait a moment."),
}
CROSS_SITE = N_("This request came from another site and was refused.")


def _message(exc: HTTPException) -> str:
    """What to tell the player about an HTTP error."""
    if exc.code == 403 and exc.description == "cross-site":
        return gettext(CROSS_SITE)
    if exc.code == 400 and exc.description and exc.description != exc.__class__.description:
        return exc.description
    return gettext(TITLES.get(exc.code or 500, N_("Something went wrong; nothing was changed.")))


def handle(exc: HTTPException):
    """Render an HTTP error as a page (or, for htmx, the same page, which it shows in place)."""
    if isinstance(exc, InternalServerError) or exc.code is None:
        return handle_crash(exc)
    if request.headers.get("HX-Request") == "true":
        return _in_place(_message(exc), exc.code)
    response = page.full("error.html", exc.code, message=_message(exc), code=exc.code)
    if request.method == "GET" and exc.code == 404:
        response.headers["Cache-Control"] = "no-store"
    return response


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


def init_app(app) -> None:
    """Route HTTP errors and crashes to the error page."""
    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(InternalServerError, handle_crash)
