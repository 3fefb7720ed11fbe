"""A club night: start one, its page (every table, the leaderboard, the join link), joining it, renaming and
closing it, the big screen for the venue's projector, and the live answers its watching phones wait for."""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import replace
from datetime import date

from flask import Blueprint, abort, current_app, g, redirect, request, url_for
from markupsafe import Markup

from .. import client, clubs, events, i18n, leaderboard, rules, security, store, summaries
from ..db import get_db, without_connection, write
from ..i18n import gettext
from ..kept import MB, Kept, Once
from ..rules import N_, Invalid, problem
from . import page
from .page import htmx
from .polls import news_after, nothing_new
from .share import absolute, breakable, qr_img
from .sheets import default_paper

bp = Blueprint("events", __name__, url_prefix="/events")
bp.add_app_template_filter(i18n.tenths, "tenths")
bp.add_app_template_filter(i18n.day, "event_day")
LEADERS = 50  # leaderboard rows the page shows; the whole of it is a tap away (the big screen pages through it)
SCREEN_PAGE_SECONDS = 10  # a page of the big screen's leaderboard or tables stays this long at most,
SCREEN_CYCLE_SECONDS = 60  # and less when they have many pages: every row and table is shown within this
STANDINGS_KEPT = 16  # events' tables and leaderboards kept per process (each counted as 1 in a Kept of 16)
PUBLISHED_KEPT = 1024  # events whose version this second's news carries, kept per process
ONCE = Once()  # what the watchers woken together ask is made by the first of them (kept.py)
ITEMS_KEPT = 4096  # tables drawn, kept per process: a venue's 300 in three languages, and their changes
NEWS_KEPT = 64  # live answers kept per process: an evening's events, each at its version, per language and view
NEWS_BYTES = 8 * MB  # and at most this much of them (kept.py)
CLOSED = N_("This club night is closed: no new games can be started for it.")
TOO_MANY = N_("Too many club nights started from here: wait a while before starting another.")
FULL = N_("This club night has all the games it may have (%(max)d): start this one on its own.")
GONE = N_("There is no such club night: its link may be incomplete.")
NO_CLUB = N_("That club is not one of yours, or it is closed: pick another, or none.")


def event_or_404(event_id: str) -> events.Event:
    """The event with that id, or 404."""
    found = events.load(get_db(), event_id)
    if found is None:
        abort(404)
    return found


def can_manage(event: events.Event) -> bool:
    """Whether this phone may rename and close the event: the phone that made it, or the admin."""
    return client.is_admin() or events.role(get_db(), client.device(), event.id) == "owner"


# -- starting one ----------------------------------------------------------------------------------


def new_page(status: int, errors: list, posted: dict):
    """The form of a new club night, with the clubs this phone organises to put it in (`club`: the one chosen)."""
    offered = clubs.mine(get_db(), client.device(), open_only=True)
    today = date.today().isoformat()
    return page.full("event_new.html", status, errors=errors, posted=posted, today=today, clubs=offered, area="event")


@bp.get("/new")
def new():
    """The form of a new club night: its name and date (today by default), and its club (`?club=`)."""
    return new_page(200, [], {"club": (request.args.get("club") or "")[:40]})


def chosen_club() -> clubs.Club | None:
    """The club the new night is for, if one was chosen: one this phone organises (or the admin), open."""
    club_id = (request.form.get("club") or "")[:40]
    club = clubs.load(get_db(), club_id) if club_id else None
    if club_id and (club is None or club.closed or not (client.is_admin() or club.owner == client.device())):
        raise Invalid([problem(NO_CLUB, field="club")])
    return club


@bp.post("")
@security.limited("EVENT_CREATE_LIMIT", message=TOO_MANY)
def create():
    """Start the club night (in its club's season, if one was chosen) and open its page."""
    try:
        name = events.clean_name(request.form.get("name"))
        day = events.clean_day(request.form.get("day"), date.today())
        club = chosen_club()
    except Invalid as exc:
        posted = {key: (request.form.get(key) or "")[:100] for key in ("name", "day", "club")}
        return new_page(422, exc.problems, posted)
    event_id = events.create(get_db(), name, day, client.ensure_device(), store.now())
    if club is not None:
        clubs.add_night(get_db(), club.id, event_id, store.now())
    return redirect(url_for("events.show", event_id=event_id), 303)


# -- its page --------------------------------------------------------------------------------------


def _table(table: events.Table, by_id: dict) -> dict:
    """What the page says of one table: the game, its players, the round reached and who leads, or its winners."""
    summary = table.summary or {}
    name = by_id.get(table.rules, table.rules)
    listed = {"id": table.id, "number": table.number, "version": table.version, "rules": table.rules, "name": name}
    listed["summary"] = None
    if summary:
        finished = bool(summary["finished"])
        if finished:
            first = summary["winners"]
        else:
            first = [side for side, rank in enumerate(summary["ranks"]) if rank == 1] if summary["rounds"] else []
        listed.update(
            summary=summary,
            players=summary["players"],
            finished=finished,
            first=[(summary["sides"][side], summary["totals"][side]) for side in first],
            standings=sorted(
                zip(summary["ranks"], summary["sides"], summary["totals"], strict=True), key=lambda s: s[0]
            ),
        )
    return listed


def tables(event_id: str) -> list[events.Table]:
    """The event's tables with their summaries. Every change writes its game's summary (summaries.py); one
    stored before that (or older than its game) is made here first, so a request never derives more than those."""
    db = get_db()
    found = events.tables(db, event_id)
    stale = [table.id for table in found if table.stale]
    if stale:
        with write(db):
            for game_id in stale:
                stored = store.load(db, game_id)
                if stored is not None:
                    summaries.store(db, game_id, stored.version, stored.game, stored.result)
        found = events.tables(db, event_id)
    return found


def standing(event: events.Event) -> tuple[list[events.Table], list[dict], list[leaderboard.Row]]:
    """The event's tables, as the page lists them, and its leaderboard: worked out once per version of the
    event (which moves on with any of its games) in each process, whatever the language and view asked (the
    watchers woken together wait for the first one's), so the page and every watcher's answer between two changes
    read the event's row alone."""
    kept = current_app.extensions.setdefault("scorekeeper.event_standing", Kept(STANDINGS_KEPT, STANDINGS_KEPT))
    key = (current_app.config["DATABASE"], event.id, event.version)

    def make() -> tuple[list[events.Table], list[dict], list[leaderboard.Row]]:
        """The tables read and the leaderboard worked out, kept for the version."""
        found = tables(event.id)
        by_id = {r.id: r.name for r in rules.all_rules()}
        made = (found, [_table(t, by_id) for t in found], leaderboard.leaderboard(events.finishes(found)))
        kept.put(key, made, 1)
        return made

    return ONCE.get(("standing", *key), lambda: kept.get(key), make)


def table_items(listed: list[dict]) -> list[Markup]:
    """Each table of the list as drawn: once per version of its game, number and language, in each process (a
    change at one table of 300 draws one)."""
    kept = current_app.extensions.setdefault("scorekeeper.event_items", OrderedDict())
    macro = current_app.jinja_env.get_template("_event.html").module.table_item  # type: ignore[attr-defined]
    lang, items = i18n.current(), []
    for t in listed:
        key = (t["id"], t["version"], t["number"], lang)
        if key not in kept:
            kept[key] = Markup(macro(t))
            if len(kept) > ITEMS_KEPT:
                kept.popitem(last=False)
        items.append(kept[key])
    return items


def context(event: events.Event) -> dict:
    """Everything the event's page, its live answers and the big screen show: read from the games' stored
    summaries, so no game is played through again unless it changed."""
    _found, listed, board = standing(event)
    items = table_items(listed)
    return dict(
        event=event,
        sheet_paper=default_paper,
        tables=listed,
        items=items,
        playing=[item for t, item in zip(listed, items, strict=True) if not t.get("finished")],  # the page lists
        over=[item for t, item in zip(listed, items, strict=True) if t.get("finished")],  # these first, these folded
        board=board,
        leaders=LEADERS,
        finished=sum(1 for t in listed if t.get("finished")),
        long_poll=current_app.config["LONG_POLL_SECONDS"],
        poll_seconds=current_app.config["POLL_SECONDS"],
        can_score=False,  # the page follows the event as a watching phone follows a game (follow.js)
        area="event",
    )


def join_links(event: events.Event) -> dict:
    """The join link of the event as text and as a QR code."""
    url = absolute(url_for("events.join", event_id=event.id))
    return {"url": url, "text": breakable(url), "qr": qr_img(url, gettext("QR code of the join link"))}


@bp.get("/<event_id>")
def show(event_id: str):
    """The event's page: readable by anyone with its link."""
    event = event_or_404(event_id)
    role = events.role(get_db(), client.device(), event.id)
    extra: dict = dict(role=role, can_manage=can_manage(event), join=join_links(event), all_rules=rules.all_rules())
    extra["club"] = clubs.of_event(get_db(), event.id)  # its season, if it is in one
    if htmx and not htmx.history_restore_request:
        return page.blocks("event.html", ["event_head", "event_tables", "leaderboard"], 200, **context(event), **extra)
    return page.full("event.html", 200, **context(event), **extra)


@bp.get("/<event_id>/screen")
def screen(event_id: str):
    """The big screen for the venue's projector: large type, the tables and the leaderboard, no controls."""
    event = event_or_404(event_id)
    pace = dict(page_seconds=SCREEN_PAGE_SECONDS, cycle_seconds=SCREEN_CYCLE_SECONDS)
    return page.full("event_screen.html", 200, **context(event), join=join_links(event), **pace)


@bp.get("/<event_id>/leaderboard")
def board(event_id: str):
    """The whole leaderboard (the event's page shows its first rows)."""
    event = event_or_404(event_id)
    return page.full("event_board.html", 200, event=event, board=standing(event)[2])


@bp.get("/<event_id>/join")
def join_page(event_id: str):
    """The join link (printed as a QR code): a page with one button, for opening a link changes nothing (another
    site could make a phone open it); a phone already in the club night goes straight to its page."""
    event = event_or_404(event_id)
    if events.role(get_db(), client.device(), event.id):
        return redirect(url_for("events.show", event_id=event.id) + "#event-start", 303)
    return page.full("event_join.html", 200, event=event, area="event")


@bp.post("/<event_id>/join")
def join(event_id: str):
    """Join: this phone's table may start games for the event, and finds the event on its home page."""
    event = event_or_404(event_id)
    events.join(get_db(), client.ensure_device(), event.id, store.now())
    return redirect(url_for("events.show", event_id=event.id) + "#event-start", 303)


# -- renaming and closing it -----------------------------------------------------------------------


def _require_manager(event: events.Event) -> None:
    """Refuse (403) a change from any phone but the one that made the event, or the admin's."""
    if not can_manage(event):
        abort(403, description="event-owner-only")


@bp.post("/<event_id>/rename")
def rename(event_id: str):
    """Give the event another name."""
    event = event_or_404(event_id)
    _require_manager(event)
    try:
        name = events.clean_name(request.form.get("name"))
    except Invalid as exc:
        return page.problems(exc.problems, 422)
    events.change(get_db(), event.id, store.now(), name=name)
    return redirect(url_for("events.show", event_id=event.id), 303)


@bp.post("/<event_id>/close")
def close(event_id: str):
    """Close the event (no new games), or open it again (closed=0)."""
    event = event_or_404(event_id)
    _require_manager(event)
    closed = request.form.get("closed", "1") != "0"
    events.change(get_db(), event.id, store.now(), closed=closed)
    return redirect(url_for("events.show", event_id=event.id), 303)


def refuse_closed() -> list:
    """The problem a game started for a closed event gets."""
    return [problem(CLOSED, field="event")]


# -- following it live -----------------------------------------------------------------------------


def settle_seconds() -> float:
    """The period a club night's news leaves at the turn of (EVENT_SETTLE_SECONDS; 0: at once)."""
    return current_app.config["EVENT_SETTLE_SECONDS"]


def hold_to_the_turn() -> None:
    """Wait, holding no connection to the store, for the next turn of the period on the clock (every worker and
    server turns together): a watcher gets one answer a period at most, whatever version it asks with and
    however fast the tables save, and the rounds saved meanwhile go in that answer."""
    settle = settle_seconds()
    if settle:
        with without_connection():
            turn = (math.floor(time.time() / settle) + 1) * settle
            while (left := turn - time.time()) > 0:  # a sleep may end a hair early: the answer must be past the turn
                time.sleep(left)


def settled(event_id: str) -> int | None:
    """The version a watcher is answered with: the one published at the next turn of the period."""
    hold_to_the_turn()
    return published(event_id)


def published(event_id: str) -> int | None:
    """The version the event's news carries in this period: read by the first watcher answered in it, in each
    process, so that every watcher answered then gets the same news, drawn once per language and view."""
    settle = settle_seconds()
    if not settle:
        return events.version(get_db(), event_id)
    kept = current_app.extensions.setdefault("scorekeeper.event_published", Kept(MB, PUBLISHED_KEPT))
    key = (current_app.config["DATABASE"], event_id, math.floor(time.time() / settle))

    def read() -> int | None:
        """The event's version now, kept for the period."""
        version = events.version(get_db(), event_id)
        if version is not None:
            kept.put(key, version, 1)
        return version

    return ONCE.get(("published", *key), lambda: kept.get(key), read)


@bp.get("/<event_id>/poll")
def poll(event_id: str):
    """For the phones and the big screen watching the event: 204 while nothing changed, else the new tables and
    leaderboard. With `wait`, the answer waits up to that many seconds for a change to any of its games. Every
    answer leaves at the turn of a second (hold_to_the_turn), with the news of that second."""
    version, turned_away = news_after(
        events.watch_key(event_id), lambda: events.version(get_db(), event_id), lambda: settled(event_id)
    )
    if version is None:
        abort(404)
    if request.args.get("version") == str(version):
        return nothing_new(turned_away)
    response = _news(replace(event_or_404(event_id), version=version))
    response.headers["Cache-Control"] = "no-store"
    return response


def _news(event: events.Event):
    """The event's new head, tables and leaderboard, out of band, as they were at `event.version` or since. The
    phones watching an event are woken together: the first one's answer is drawn and kept (per version, language
    and view) while the others asking the same wait for it, and get it without reading the games again."""
    view = "screen" if request.args.get("view") == "screen" else "page"
    template = "event_screen.html" if view == "screen" else "event.html"
    key = (event.id, event.version, i18n.current(), view)
    kept = current_app.extensions.setdefault("scorekeeper.event_news", Kept(NEWS_BYTES, NEWS_KEPT))
    g.news_key = repr(key)  # compressed once for every watcher too (compressed.CompressedNews)

    def draw():
        """The answer drawn, and kept."""
        response = page.blocks(template, ["event_head", "event_tables", "leaderboard"], 200, **context(event))
        html = response.get_data()
        kept.put(key, html, len(html))
        return response

    found = ONCE.get(("news", *key), lambda: kept.get(key), draw)
    return page.again(found) if isinstance(found, bytes) else found
