"""The admin's club nights: the list of every night on the server, and deleting one (its games are kept)."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for

from .. import client, events, security
from ..db import get_db
from . import page
from .events import event_or_404

bp = Blueprint("event_admin", __name__)
LISTED = 500  # club nights the admin's list shows, latest first


def _require_admin() -> None:
    """Refuse (403) anyone but the admin signed in (404 on a server with no admin password)."""
    if not client.admin_enabled():
        abort(404)
    if not client.is_admin():
        abort(403, description="admin-only")


@bp.get("/admin/events")
@security.private
def index():
    """Every club night on the server, latest first, each with its games and a way to delete it."""
    _require_admin()
    found = events.every(get_db(), LISTED + 1)
    return page.full("event_admin.html", 200, found=found[:LISTED], more=len(found) > LISTED, listed=LISTED)


@bp.route("/events/<event_id>/delete", methods=["GET", "POST"])
@security.private
def delete(event_id: str):
    """Ask, then delete a club night: the admin only. Its games stay, as games of no night."""
    _require_admin()
    event = event_or_404(event_id)
    if request.method == "GET":
        started = next((n for e, n in events.every(get_db(), LISTED) if e.id == event.id), 0)
        return page.full("event_delete.html", 200, event=event, started=started)
    events.delete(get_db(), event.id)  # its watchers are answered at once: it is gone
    return redirect(url_for("event_admin.index"), 303)
