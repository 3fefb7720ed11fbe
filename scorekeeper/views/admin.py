"""The admin's sign-in: with the server's admin password a browser lists every game on the server (and every
club night: event_admin.py), until it signs out."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, request, url_for

from .. import client, security
from ..i18n import gettext
from ..security import limiter
from . import page

bp = Blueprint("admin", __name__)


def _too_many() -> str:
    """What a browser that keeps guessing the admin password is told."""
    return gettext("Too many wrong passwords: wait a minute before trying again.")


@bp.route("/admin", methods=["GET", "POST"])
@security.private
@limiter.limit(
    lambda: current_app.config["ADMIN_SIGN_IN_LIMIT"],
    methods=["POST"],
    deduct_when=lambda response: response.status_code == 422,  # only wrong passwords count
    error_message=_too_many,
)
def sign_in():
    """Sign in with the server's admin password to list every game; 404 when there is none."""
    if not client.admin_enabled():
        abort(404)
    if request.method == "GET":
        return page.full("admin.html", 200, signed_in=client.is_admin(), error=None)
    if not client.secret_matches(request.form.get("password", ""), str(current_app.config["ADMIN_PASSWORD"])):
        return page.full("admin.html", 422, signed_in=False, error=gettext("That is not the admin password."))
    client.sign_in()
    return redirect(url_for("home.index"), 303)


@bp.post("/admin/logout")
def sign_out():
    """Sign out of the admin listing; the browser forgets every page and copy it kept (on a shared browser the
    list of every game stays readable offline otherwise), the phone's game pages kept for offline too. The
    sign-in ends in the store: a copy of the cookie taken before is refused on every worker and server."""
    client.sign_out()
    response = redirect(url_for("home.index"), 303)
    response.headers["Clear-Site-Data"] = '"cache", "storage"'
    return response
