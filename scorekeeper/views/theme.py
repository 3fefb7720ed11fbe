"""Light or dark pages: the phone's own setting by default, or the player's choice, kept in a cookie so the
server draws the page in its colours from the first byte (no flash, no script needed)."""

from __future__ import annotations

from flask import Blueprint, abort, request

from .home import remember

bp = Blueprint("theme", __name__)

THEMES = ("auto", "light", "dark")  # "auto" follows the phone (prefers-color-scheme)
COOKIE = "theme"


@bp.app_template_global()  # every page's header asks it (base.html): one of the two globals no view passes
def theme() -> str:
    """The theme this phone chose, "auto" unless it chose one."""
    chosen = request.cookies.get(COOKIE)
    return chosen if chosen in THEMES else "auto"


@bp.get("/theme/<choice>")
def choose(choice: str):
    """Remember the theme on this phone and go back to the page the player was on."""
    if choice not in THEMES:
        abort(404)
    return remember(COOKIE, choice)
