"""Watching phones' long polls: one mechanism for a game's and a club night's (`news_after`); a game's answer
is 204 while nothing changed, else the new board, drawn once per version for the whole table."""

from __future__ import annotations

import time
from collections.abc import Callable

from flask import abort, current_app, g, request

from .. import guard, i18n, live, store
from ..db import get_db, without_connection
from ..i18n import gettext
from ..kept import MB, Kept
from . import access, page, share
from .games import bp, render_game
from .page import htmx

POLL_ANSWERS = 512  # new boards kept per process for watching phones: a venue's games, each at its version
NEWS_BYTES = 8 * MB  # and at most this much of them (a board of every round of a 1,000-round game: 0.6 MB)


@bp.get("/<game_id>/poll")
def poll(game_id: str):
    """For watching phones: 204 while nothing changed, else the new board. With `wait`, the answer waits
    up to that many seconds for a change (long polling), holding no database connection meanwhile."""
    version, turned_away = news_after(game_id, lambda: store.version(get_db(), game_id))
    if version is None and htmx:
        # 286 is htmx's "stop polling": the game was deleted, the notice says so
        response = page.full("error_notice.html", 286, message=gettext("This game has been deleted."))
        response.headers.update({"HX-Retarget": "#flash", "HX-Reswap": "innerHTML"})
        return response
    if version is None:
        abort(404)
    if request.args.get("version") == str(version):
        return nothing_new(turned_away)
    response = _news(access.game_or_404(game_id))
    response.headers["Cache-Control"] = "no-store"
    return response


def news_after(
    key: str, read: Callable[[], int | None], settle: Callable[[], int | None] | None = None
) -> tuple[int | None, bool]:
    """The long poll of every watching phone, a game's or a club night's (`key`, live/): the version `read()`
    gives once it is not the one the phone has (`version`), waiting for it up to `wait` seconds (guard.asked_wait)
    with no connection to the store; then `settle()`'s, the poll still seated, when given. Past its address's or
    the key's cap (guard.waiting) a poll waits for no news. With the version, whether the poll was turned away so
    (asked to wait, and could not)."""
    seen, wait = request.args.get("version"), guard.asked_wait()
    version = read()
    with guard.waiting(key) as seated:
        deadline = time.monotonic() + (wait if seated else 0)
        while version is not None and seen == str(version) and (left := deadline - time.monotonic()) > 0:
            with without_connection():
                live.wait(current_app.config["DATABASE"], key, version, left)
            version = read()
        if settle is not None and version is not None:
            version = settle()
    turned_away = bool(wait) and not seated
    if turned_away and seen == str(version):
        with without_connection():
            guard.slowly()  # "nothing new", said after a while: a client deaf to Retry-After cannot make it a flood
    return version, turned_away


def nothing_new(turned_away: bool):
    """204: nothing new; a poll that could not wait is told when to ask again (follow.js)."""
    again = {"Retry-After": str(current_app.config["POLL_AGAIN_SECONDS"])} if turned_away else {}
    return "", 204, {"Cache-Control": "no-store", **again}


def _news(stored: store.Stored):
    """What a watching phone gets once the game changed: the board, and the round form (the next deal) out of
    band too (the poll swaps nothing itself: hx-swap none). The phones watching a table are woken together
    by a save: the first one's answer is drawn and kept (per version, language and kind of phone), the others
    get the same without drawing it again, so a save waits behind one board rather than three."""
    blocks = ("scoreboard", "flash", "round_form")
    if not htmx or htmx.history_restore_request:
        return render_game(stored, blocks=blocks, form_oob=True)
    rounds = "all" if request.args.get("rounds") == "all" else ""  # nothing else a client sends makes a new key
    # the links it carries start with the server's address that the phones reached (share.base): a laptop on
    # localhost and the phones on the Wi-Fi each get their own
    key = (stored.id, stored.version, i18n.current(), access.can_score(stored), rounds, share.base())
    kept = current_app.extensions.setdefault("scorekeeper.news", Kept(NEWS_BYTES, POLL_ANSWERS))
    g.news_key = repr(key)  # compressed once too (CompressedNews; an answer that is not a 200 is not compressed)
    html = kept.get(key)
    if html is not None:
        return page.again(html)
    response = render_game(stored, blocks=blocks, form_oob=True)
    if response.status_code == 200:  # the least asked goes first: a game watched now is asked again at its next version
        html = response.get_data()
        kept.put(key, html, len(html))
    return response
