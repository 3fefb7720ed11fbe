"""A club and its season (RULES.md section 7): making a club, its nights chosen or added as they are created, the
season page ranking the players of every night with the club's minimum of games, its CSV and results sheet; only
the club's organiser (the phone that made it) or the admin renames it, adds or removes nights, or closes it.

The season is worked out from the nights' stored summaries, each night once per version (a round saved at one
table works out that night again, not the season's every night), and the ranking once per version of the club and
of its nights: a season page costs what an event page costs."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from flask import Blueprint, abort, current_app, redirect, request, url_for

from .. import client, clubs, events, leaderboard, security, store
from ..db import get_db
from ..i18n import current, day, gettext
from ..kept import Kept
from ..rules import N_, Invalid, Problem, problem
from ..sheets import season as sheet
from . import page
from .events import tables
from .history import cell
from .page import htmx
from .sheets import _pdf, asked_paper, attachment, default_paper, file_name, printing

bp = Blueprint("clubs", __name__, url_prefix="/clubs")
NIGHTS_KEPT = 1024  # nights' finished games kept per process: 25 clubs' seasons of 40 nights
SEASONS_KEPT = 16  # seasons' tables kept per process
TOO_MANY = N_("Too many clubs made from here: wait a while before making another.")
NOT_YOURS = N_("Only the organiser of that club night (or the admin) can put it in a season.")
NO_NIGHT = N_("There is no such club night: its link may be incomplete.")
CLOSED = N_("This club is closed: no nights can be added to its season.")
FULL = N_("This club's season has all the nights it may have (%(max)d).")


@dataclass
class Night:
    """One night of a season: the night, its finished games' standings and how many of its games are not finished."""

    event: events.Event
    finishes: list[leaderboard.Finish]
    unfinished: int


@dataclass
class Season:
    """A club's season: its nights, the ranked players, those not yet ranked, and the games counted."""

    nights: list[Night]
    ranked: list[leaderboard.Row]
    below: list[leaderboard.Row]
    games: int
    unfinished: int


def club_or_404(club_id: str) -> clubs.Club:
    """The club with that id, or 404."""
    found = clubs.load(get_db(), club_id)
    if found is None:
        abort(404)
    return found


def can_manage(club: clubs.Club) -> bool:
    """Whether this phone may rename the club, add or remove its nights and close it: its organiser, or the admin."""
    return client.is_admin() or (client.device() or None) == club.owner


def organisers(club_id: str) -> clubs.Club:
    """The club, for its organiser or the admin; anyone else is refused (403)."""
    club = club_or_404(club_id)
    if not can_manage(club):
        abort(403, description="club-owner-only")
    return club


def manages_night(event: events.Event) -> bool:
    """Whether this phone organises the night (made it), or is the admin."""
    return client.is_admin() or events.role(get_db(), client.device(), event.id) == "owner"


# -- the season, worked out ------------------------------------------------------------------------


def night(event: events.Event) -> Night:
    """A night's finished games, read from its stored summaries once per version of the night in each process."""
    kept = current_app.extensions.setdefault("scorekeeper.season_nights", Kept(NIGHTS_KEPT, NIGHTS_KEPT))
    key = (current_app.config["DATABASE"], event.id, event.version)
    found = kept.get(key)
    if found is None:
        played = tables(event.id)
        finishes = events.finishes(played)
        found = Night(event, finishes, len(played) - len(finishes))
        kept.put(key, found, 1)
    return found


def season(club: clubs.Club) -> Season:
    """The club's season: kept per version of the club and of each of its nights (two queries when nothing
    changed)."""
    held = clubs.nights(get_db(), club.id)
    kept = current_app.extensions.setdefault("scorekeeper.seasons", Kept(SEASONS_KEPT, SEASONS_KEPT))
    key = (current_app.config["DATABASE"], club.id, club.version, tuple((e.id, e.version) for e in held))
    found = kept.get(key)
    if found is None:
        nights = [night(event) for event in held]
        finishes = [finish for n in nights for finish in n.finishes]
        ranked, below = leaderboard.season(finishes, club.minimum)
        found = Season(nights, ranked, below, len(finishes), sum(n.unfinished for n in nights))
        kept.put(key, found, 1)
    return found


# -- making one ------------------------------------------------------------------------------------


def offered_night(event_id: str | None) -> events.Event | None:
    """The night a new club is made for (`?event=`), when this phone organises it."""
    event = events.load(get_db(), event_id) if event_id else None
    return event if event is not None and manages_night(event) else None


def new_page(status: int = 200, errors: list[Problem] | None = None, posted: dict | None = None):
    """The form of a new club, and the organiser's clubs to put the night it came from in."""
    event = offered_night(request.values.get("event"))
    mine = clubs.mine(get_db(), client.device(), open_only=True) if event else []
    return page.full(
        "club_new.html", status, errors=errors or [], posted=posted or {}, event=event, clubs=mine, area="event"
    )


@bp.get("/new")
def new():
    """The form of a new club: its name and the season's minimum of games."""
    return new_page()


@bp.post("")
@security.limited("CLUB_CREATE_LIMIT", message=TOO_MANY)
def create():
    """Make the club (with the night it was made from, if any) and open its season page."""
    posted = {key: (request.form.get(key) or "")[:100] for key in ("name", "minimum")}
    try:
        name, minimum = clubs.clean(request.form.get("name"), request.form.get("minimum"))
    except Invalid as exc:
        return new_page(422, exc.problems, posted)
    event = offered_night(request.form.get("event"))
    club_id = clubs.create(get_db(), name, minimum, client.ensure_device(), store.now())
    if event is not None:
        clubs.add_night(get_db(), club_id, event.id, store.now())
    return redirect(url_for("clubs.show", club_id=club_id), 303)


# -- its page --------------------------------------------------------------------------------------


def render(club: clubs.Club, status: int = 200, errors: list[Problem] | None = None):
    """The season page (to htmx, its block), with the problems of a refused change."""
    managed = can_manage(club)
    found = season(club)
    held = {n.event.id for n in found.nights}
    addable = [e for e in events.mine(get_db(), client.device()) if e.id not in held] if managed else []
    context = dict(
        club=club,
        season=found,
        can_manage=managed,
        addable=[e for e in addable if manages_night(e)],
        errors=errors or [],
        area="event",
        sheet_paper=default_paper,  # the paper its season sheet is offered on
    )
    if htmx and not htmx.history_restore_request:
        return page.blocks("club.html", ["club_page"], status, **context)
    return page.full("club.html", status, **context)


def changed(club: clubs.Club):
    """The answer to a change: the page again to htmx, else back to it (303)."""
    if htmx:
        return render(club_or_404(club.id))
    return redirect(url_for("clubs.show", club_id=club.id), 303)


@bp.get("/<club_id>")
def show(club_id: str):
    """The season page: readable by anyone with its link."""
    return render(club_or_404(club_id))


@bp.post("/<club_id>/change")
def change(club_id: str):
    """Rename the club and set its season's minimum of games."""
    club = organisers(club_id)
    try:
        name, minimum = clubs.clean(request.form.get("name"), request.form.get("minimum"))
    except Invalid as exc:
        return render(club, 422, exc.problems)
    clubs.change(get_db(), club.id, store.now(), name=name, minimum=minimum)
    return changed(club)


@bp.post("/<club_id>/nights")
def nights(club_id: str):
    """Add a night to the season (`add`: one this phone organises) or take one out (`remove`)."""
    club = organisers(club_id)
    removed = (request.form.get("remove") or "")[:40]
    if removed:
        clubs.remove_night(get_db(), club.id, removed, store.now())
        return changed(club)
    event = events.load(get_db(), (request.form.get("add") or "")[:40])
    problems = add_problems(club, event)
    if problems:
        return render(club, 422, problems)
    assert event is not None
    if not clubs.add_night(get_db(), club.id, event.id, store.now()):
        return render(club, 422, [problem(FULL, max=clubs.MAX_NIGHTS, field="add")])
    return changed(club)


def add_problems(club: clubs.Club, event: events.Event | None) -> list[Problem]:
    """Why a night cannot be added to the club: none, not the phone's, or the club is closed."""
    if event is None:
        return [problem(NO_NIGHT, field="add")]
    if not manages_night(event):
        return [problem(NOT_YOURS, field="add")]
    if club.closed:
        return [problem(CLOSED, field="add")]
    return []


@bp.post("/<club_id>/close")
def close(club_id: str):
    """Close the club (no nights added), or open it again (closed=0)."""
    club = organisers(club_id)
    clubs.change(get_db(), club.id, store.now(), closed=request.form.get("closed", "1") != "0")
    return changed(club)


# -- its exports -----------------------------------------------------------------------------------


@bp.get("/<club_id>/season.csv")
def season_csv(club_id: str):
    """The season's table for a spreadsheet: rank (empty for a player not yet ranked), player, games, won, average;
    every field quoted, a name a spreadsheet would take for a formula starting with an apostrophe."""
    club = club_or_404(club_id)
    found = season(club)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(["rank", "player", "games", "won", "average"])
    for row in found.ranked + found.below:
        writer.writerow([row.rank or "", cell(row.name), row.games, row.won, str(row.shown)])
    response = current_app.response_class(out.getvalue(), content_type="text/csv; charset=utf-8")
    filename = file_name(gettext("Season"), club.name, "").removesuffix(".pdf") + ".csv"
    response.headers["Content-Disposition"] = attachment(filename)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<club_id>/season.pdf")
def season_pdf(club_id: str):
    """The season's results sheet: the club's name, its minimum, the ranked players, those not yet ranked, its
    nights."""
    club = club_or_404(club_id)
    lang, paper = current(), asked_paper()
    found = season(club)
    held = [sheet.Held(day(n.event.day, lang), n.event.name, len(n.finishes)) for n in found.nights]
    with printing():
        data = sheet.results(club.name, club.minimum, found.ranked, found.below, held, lang, paper)
    return _pdf(data, file_name(gettext("Season"), club.name, ""))
