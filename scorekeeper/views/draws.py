"""A club night's seating draws (RULES.md section 7), the organiser's alone: mark who is present, pick the game or
games, draw; each drawn table gets a link that opens its new game filled in (one tap to start). Every draw is
stored as drawn (event_draws.py) and listed here, the latest first."""

from __future__ import annotations

import secrets
import unicodedata
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.datastructures import MultiDict

from .. import draws, event_draws, events, rules, store
from ..db import get_db
from ..forms import setup
from ..rules import N_, Invalid, Problem, problem
from ..rules.setup import MAX_NAME, unprintable, visible
from ..rules.unseen import player_key
from . import page
from .events import CLOSED, can_manage, event_or_404, tables
from .page import htmx

bp = Blueprint("draws", __name__, url_prefix="/events")
MAX_PRESENT = 400  # players one draw seats: a venue of 100 tables of four
PICK_GAME = N_("Pick the game (or games) the tables play.")
TOO_MANY = N_("At most %(max)d players in one draw: %(n)d are present.")
TOO_LONG = N_("The name %(name)s is longer than %(max)d characters.")
UNPRINTABLE = N_(
    "A name holds a control or text-direction character (a line break, a tab, NUL, U+202E...): "
    "type it again without it."
)
ALL_DRAWN = N_("This club night has all the draws it may have (%(max)d).")


def evening(event: events.Event) -> tuple[list[str], list[list[str]], list[tuple[str, str]], list[event_draws.Drawn]]:
    """The evening so far: every player's name as the leaderboard merges them (the tables' first spelling, then the
    draws'), the tables sat (played or drawn), the games each player played or was drawn for, and the draws."""
    found = [t for t in tables(event.id) if t.summary]
    drawn = event_draws.of_event(get_db(), event.id)
    spelled = events.first_spellings(found)
    for made in drawn:
        for name in made.present:
            spelled.setdefault(player_key(name), name)
    met = [list(t.summary["players"]) for t in found if t.summary]
    met += [list(t.seats) for made in drawn for t in made.tables]
    played = [(name, t.rules) for t in found if t.summary for name in t.summary["players"]]
    played += [(name, t.game) for made in drawn for t in made.tables for name in t.seats]
    names = sorted(spelled.values(), key=player_key)
    return names, met, played, drawn


def clean_names(raw: list[str]) -> tuple[list[str], list[Problem]]:
    """The names ticked and typed, spaced as at a game's setup, each player once (case and spacing aside), and
    what is wrong with them."""
    names, problems, seen = [], list[Problem](), set()
    for text in raw:
        name = unicodedata.normalize("NFC", " ".join(text.split()))
        if not visible(name) or player_key(name) in seen:
            continue
        if unprintable(name):
            problems.append(problem(UNPRINTABLE, field="present"))
        elif len(name) > MAX_NAME:
            problems.append(problem(TOO_LONG, name=name[:MAX_NAME] + "…", max=MAX_NAME, field="present"))
        seen.add(player_key(name))
        names.append(name)
    if len(names) > MAX_PRESENT:
        problems.append(problem(TOO_MANY, max=MAX_PRESENT, n=len(names), field="present"))
    return names, problems[:5]


def read_present(form: MultiDict) -> tuple[list[str], list[Problem]]:
    """The players marked present: the names ticked, then those typed one a line (bounded before anything is
    built from them)."""
    ticked = [v[: 4 * MAX_NAME] for v in form.getlist("present")[: MAX_PRESENT + 1]]
    typed = [v[: 4 * MAX_NAME] for v in (form.get("new") or "").splitlines()[: MAX_PRESENT + 1]]
    return clean_names(ticked + typed)


def read_games(form: MultiDict) -> tuple[list[rules.Rules], dict[str, dict[str, str]], dict, list[Problem]]:
    """The games picked, the organiser's options of each (as typed, for the tables' links, and as read), and what
    is wrong with them."""
    picked = set(form.getlist("game")[:20])
    chosen = [r for r in rules.all_rules() if r.id in picked]
    typed: dict[str, dict[str, str]] = {}
    values: dict[str, dict] = {}
    problems = [] if chosen else [problem(PICK_GAME, field="game")]
    for rules_ in chosen:
        typed[rules_.id], values[rules_.id] = {}, {}
        for option in rules_.options:
            raw = (form.get(f"option.{rules_.id}.{option.name}") or "").strip()[:100]
            try:
                value, given = setup.read_option(MultiDict({f"option.{option.name}": raw}), option)
            except Invalid as exc:
                problems += exc.problems
                continue
            if given:
                typed[rules_.id][option.name], values[rules_.id][option.name] = raw, value
    return chosen, typed, values, problems


def checked(tables_: list[draws.Table], values: dict[str, dict]) -> list[Problem]:
    """What each drawn table's game says of its players and the organiser's options (All Fours' teams need four),
    said before any table is stored."""
    problems: list[Problem] = []
    for table in tables_:
        try:
            rules.get(table.game).check_setup(list(table.seats), dict(values[table.game]))
        except Invalid as exc:
            problems += [p for p in exc.problems if p not in problems]
    return problems


def link(event: events.Event, table: draws.Table, options: dict[str, str]) -> str:
    """The new-game form of a drawn table, filled in: its players in seat order, the first dealer, the club night
    and the organiser's options (a choice left alone: its default, so the form shows it chosen)."""
    given: dict[str, Any] = {f"player.{seat}": name for seat, name in enumerate(table.seats)}
    for option in rules.get(table.game).options:
        if option.kind == "choice" and option.default is not None:
            given[f"option.{option.name}"] = str(option.default)
    given.update({f"option.{name}": value for name, value in options.items()})
    return url_for("home.new", rules_id=table.game, event=event.id, dealer=str(table.dealer), **given)


def render(event: events.Event, status: int = 200, errors=None, posted=None):
    """The draw page (or, to htmx, its block), with the problems of a refused draw and the form as it was sent."""
    names, _met, _played, drawn = evening(event)
    last = drawn[-1] if drawn else None
    if posted is None:
        posted = {"present": {player_key(n) for n in last.present} if last else set(), "games": set(), "new": ""}
        posted["games"] = set(last.games) if last else set()
        posted["options"] = last.options if last else {}
    rounds = [
        {"number": d.number, "tables": [(t, link(event, t, d.options.get(t.game, {}))) for t in d.tables]}
        for d in reversed(drawn)
    ]
    context = dict(
        event=event,
        offered=[(n, player_key(n) in posted["present"]) for n in names],
        posted=posted,
        errors=errors or [],
        rounds=rounds,
        all_rules=rules.all_rules(),
        by_id={r.id: r for r in rules.all_rules()},
        max_present=MAX_PRESENT,
    )
    if htmx and not htmx.history_restore_request:
        response = page.blocks("event_draw.html", ["draw_page"], status, **context)
        if errors:  # the problems are said on the form, below the latest draw: show them, not the page's top
            response.headers["HX-Reswap"] = "outerHTML show:#draw-form:top"
        return response
    return page.full("event_draw.html", status, **context)


def organisers(event_id: str) -> events.Event:
    """The event, for its organiser (the phone that made it) or the admin; anyone else is refused (403)."""
    event = event_or_404(event_id)
    if not can_manage(event):
        abort(403, description="event-owner-only")
    return event


@bp.get("/<event_id>/draw")
def show(event_id: str):
    """The draw page: who is present, the games, and the draws made this evening."""
    event = organisers(event_id)
    return render(event)


@bp.post("/<event_id>/draw")
def make(event_id: str):
    """Draw the tables of the players present, store the draw and show it."""
    event = organisers(event_id)
    present, problems = read_present(request.form)
    chosen, typed, values, more = read_games(request.form)
    problems += more
    if event.closed:  # its tables could not start their games: said before anything is drawn
        problems.insert(0, problem(CLOSED, field="present"))
    drawn: list[draws.Table] = []
    seed = secrets.randbelow(2**31)
    if not problems:
        _names, met, played, _drawn = evening(event)
        games = [draws.Game(r.id, r.min_players, r.max_players) for r in chosen]
        try:
            drawn = draws.draw(present, games, seed, met, played)
        except Invalid as exc:
            problems += exc.problems
        problems += checked(drawn, values)
    number = None
    if not problems:
        made = event_draws.Drawn(0, seed, store.now(), present, [r.id for r in chosen], typed, drawn)
        number = event_draws.save(get_db(), event.id, made)
        if number is None:
            problems.append(problem(ALL_DRAWN, max=event_draws.MAX_DRAWS, field="present"))
    if problems:
        posted = {"present": {player_key(n) for n in present}, "games": {r.id for r in chosen}, "options": typed}
        posted["new"] = (request.form.get("new") or "")[: MAX_PRESENT * (MAX_NAME + 1)]
        return render(event, 422, problems, posted)
    if htmx:
        return render(event)
    return redirect(url_for("draws.show", event_id=event.id) + f"#draw-{number}", 303)
