"""Static files with fingerprinted URLs, so phones keep them for a year and fetch them again only when
they change."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import current_app, request, url_for

YEAR = 365 * 24 * 3600


@cache
def _fingerprint(path: str, mtime: float) -> str:
    """A short hash of a static file's content."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]


def static_url(filename: str) -> str:
    """The URL of a static file, carrying its fingerprint."""
    path = Path(str(current_app.static_folder)) / filename
    try:
        version = _fingerprint(str(path), path.stat().st_mtime)
    except FileNotFoundError:
        version = "missing"
    return url_for("static", filename=filename, v=version)


def cache_forever(response):
    """Fingerprinted static files never change under their URL."""
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    return response


def init_app(app) -> None:
    """Offer static_url to templates and set long cache lifetimes."""
    app.jinja_env.globals["static_url"] = static_url
    app.after_request(cache_forever)
