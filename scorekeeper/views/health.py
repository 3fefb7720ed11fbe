"""A trivial route: says the server answers, and gives benchmarks a floor to compare routes with."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    """'ok' in plain text, touching neither the database nor a template."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
