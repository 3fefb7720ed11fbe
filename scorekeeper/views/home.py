"""The home page: start a game, this phone's games, import; and the language switch."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlsplit

from babel.dates import format_time
from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.datastructures import MultiDict

from .. import client, events, history, phones, registry, rules, security, store
from ..db import get_db
from ..forms import setup
from ..i18n import COOKIE, LANGUAGES, current, day
from ..rules import Invalid, problem
from ..rules.setup import player_counts, unprintable
from . import page
from .events import CLOSED, FULL, GONE
from .sheets import default_paper

bp = Blueprint("home", __name__)


LISTED = 30  # games in progress, and finished games, the home page lists: the rest are in the history, by pages


@bp.get("/")
@security.private
def index():
    """Pick a game to start, or go back to one of this phone's games."""
    db = get_db()
    device, admin = client.device(), client.is_admin()
    history.refresh(db, device, admin)  # games stored before summaries came with every change: a few at a time
    going = phones.listing(db, device, admin, finished=False, limit=LISTED)
    done = phones.listing(db, device, admin, finished=True, limit=LISTED)
    _describe(db, going + done)
    return page.full(
        "home.html",
        200,
        going=going,
        done=done,
        games=going or done,
        more=len(going) == LISTED or len(done) == LISTED,
        listed=LISTED,
        all_rules=rules.all_rules(),
        player_counts=player_counts(rules.all_rules()),
        by_id=_by_id(),
        admin=admin,
        admin_enabled=client.admin_enabled(),
        sheet_paper=default_paper,
        events=events.mine(db, device),
    )


def _describe(db, games: list[dict]) -> None:
    """Say where each listed game stands (the round reached, the leaders or the winners, from the history's
    summaries) and when it last changed."""
    summaries = history.of_games(db, [listed["id"] for listed in games])
    for listed in games:
        summary = summaries.get(listed["id"], {})
        listed["when"] = when(listed["updated"])
        listed["summary"] = summary if summary and not summary.get("invalid") else None
        if listed["summary"]:
            if summary["finished"]:
                first = summary["winners"]
            else:
                first = [side for side, rank in enumerate(summary["ranks"]) if rank == 1] if summary["rounds"] else []
            listed["first"] = [(summary["sides"][side], summary["totals"][side]) for side in first]


def when(stamp: str) -> str:
    """A stored UTC time as the phone's language writes a day and a time, in this server's time zone (the
    venue's): "23 nov. 2026, 18:04", "Nov 23, 2026, 6:04 PM", "23.11.2026, 18:04"."""
    moment = datetime.fromisoformat(stamp).astimezone()
    return f"{day(moment)}, {format_time(moment, 'short', locale=current())}"


def _by_id() -> dict:
    """The rules of every game, by id."""
    return {r.id: r for r in rules.all_rules()}


@bp.get("/new/<rules_id>")
def new(rules_id: str):
    """The setup form of a game: players in seat order, first dealer, options; filled in from the address when it
    names them (a drawn table's link, draws.py)."""
    try:
        rules_ = rules.get(rules_id)
    except Invalid:
        abort(404)
    prefill = any(key.startswith(("player.", "option.")) or key == "dealer" for key in request.args)
    return _render_new(
        rules_, event=(request.args.get("event") or "")[:40], posted=shown_again(request.args) if prefill else None
    )


def _render_new(rules_: rules.Rules, status: int = 200, errors=None, posted=None, event: str = ""):
    """The setup page, with the problems of a refused attempt; the club nights this phone may start a game
    for are offered, `event` chosen: a closed one too, said to be closed beside it, so that a table turned away
    finds the form as it left it (and may pick "None" to play on its own)."""
    db = get_db()
    names = phones.known_names(db, client.device())
    offered = events.mine(db, client.device(), open_only=True)
    asked = events.load(db, event) if event and event not in {e.id for e in offered} else None
    if asked is not None:
        offered.insert(0, asked)  # opened from the event's page without joining it first, or closed
    errors = list(errors or [])
    chosen = (posted.get("event") if posted else event) or ""
    if asked is not None and asked.closed and asked.id == chosen and not any(p.field == "event" for p in errors):
        errors.append(problem(CLOSED, field="event"))  # said before the table taps "Start"
    context = dict(rules=rules_, errors=errors, posted=posted, known=names, events=offered, chosen=chosen)
    context["scoring"] = registry.get(rules_.id).how_it_scores(current())  # "How it scores", in its words
    return page.full("new.html", status, **context)


@bp.post("/new/<rules_id>")
@security.creates_games
def create(rules_id: str):
    """Start the game and open it."""
    try:
        rules_ = rules.get(rules_id)
    except Invalid as exc:
        return page.problems(exc.problems, 422)
    event = (request.form.get("event") or "").strip()[:40]
    try:
        game = setup.read(request.form, rules_)
    except Invalid as exc:
        return _render_new(rules_, 422, exc.problems, shown_again(request.form), event)
    db, device = get_db(), client.ensure_device()
    try:
        game_id = store.create(db, game, device, event or None)
    except events.Closed as exc:
        said = GONE if exc.gone else FULL if isinstance(exc, events.Full) else CLOSED
        problems = [problem(said, field="event", max=events.MAX_GAMES)]
        return _render_new(rules_, 422, problems, shown_again(request.form), event)
    if event:
        events.join(db, device, event, store.now())  # the table's phone finds the event on its home page
    return redirect(url_for("games.show", game_id=game_id), 303)


def shown_again(form) -> MultiDict:
    """The setup form as typed, to fill in again after a refusal: without the control and direction
    characters the message is about (a NUL never reaches the page), and nothing long."""
    kept: MultiDict[str, str] = MultiDict()
    for key, value in list(form.items(multi=True))[:100]:
        if len(key) <= 40:
            kept.add(key, "".join(c for c in value[:100] if not unprintable(c)))
    return kept


def _local(target: str | None) -> str:
    """A path on this site to go back to (never another site)."""
    if not target or len(target) > 2000 or any(c < " " or c in "\x7f\\" for c in target):
        return url_for("home.index")  # a line break would split the header; a backslash reads as a slash
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return url_for("home.index")
    return target


@bp.app_template_global()  # every page's header asks it (base.html): one of the two globals no view passes
def here() -> str:
    """Where the language switch comes back to: this page, or after a refused form, the page it was on."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path:
        return referrer.path + (f"?{referrer.query}" if referrer.query else "")
    return url_for("home.index")


@bp.get("/lang/<lang>")
def language(lang: str):
    """Switch the language and go back to the page the player was on."""
    if lang not in LANGUAGES:
        abort(404)
    return remember(COOKIE, lang)


def remember(cookie: str, value: str):
    """Keep a choice of this phone's (language, theme) for years and go back to the page it was made on."""
    response = redirect(_local(request.args.get("next")), 303)
    response.set_cookie(cookie, value, max_age=10 * 365 * 24 * 3600, httponly=True, samesite="Lax")
    return response
