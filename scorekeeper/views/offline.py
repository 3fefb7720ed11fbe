"""Installing the app on a phone: the web app manifest, and the service worker that keeps pages for offline."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, url_for

from ..assets import static_url

bp = Blueprint("offline", __name__)

THEME = "#14181f"  # static/app.css --bg: the status bar and splash screen match the page


@bp.get("/manifest.webmanifest")
def manifest():
    """What "Add to home screen" needs: names, start page, standalone display, colours, our own icons."""
    icons = [
        {"src": static_url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": static_url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": static_url("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ]
    body = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "start_url": url_for("home.index"),
        "scope": url_for("home.index"),
        "display": "standalone",
        "theme_color": THEME,
        "background_color": THEME,
        "icons": icons,
    }
    return current_app.response_class(
        json.dumps(body, separators=(",", ":")),
        mimetype="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@bp.get("/sw.js")
def worker():
    """The service worker, from the root so its scope covers every page; always checked for a new version."""
    response = current_app.send_static_file("sw.js")
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = url_for("home.index")
    return response
