"""The table's memory: this phone's history of games, players' records, and a game's CSV, chart and
shareable result."""

from __future__ import annotations

import csv
import io
import unicodedata
from datetime import date
from functools import lru_cache
from urllib.parse import quote

from babel.dates import format_date
from babel.numbers import format_percent
from flask import Blueprint, current_app, request, url_for

from .. import client, events, history, rules, security, store
from ..db import get_db
from ..i18n import current, gettext, ngettext, number
from ..rules.unseen import invisible
from . import access, page
from .page import htmx
from .share import absolute

bp = Blueprint("history", __name__)

PAGE = 50  # games a history page lists; the rest are a tap on "Older games" away
FORMULA = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")  # a spreadsheet runs a cell starting so (full-width too)
CELL_STARTS = frozenset(",;")  # a spreadsheet in French or German splits on ";" whatever the file says
UNSEEN = frozenset(("Cc", "Cf", "Zs", "Zl", "Zp"))  # spaces, no-break and zero-width spaces, BOM, controls


def _scope() -> tuple[str | None, bool]:
    """Who asks: this phone's id, and whether it signed in as admin (then it knows every game)."""
    return client.device(), client.is_admin()


@lru_cache(maxsize=1024)
def played_on(created: str, lang: str) -> str:
    """The day a game was started, as the language writes dates."""
    try:
        return format_date(date.fromisoformat(created[:10]), "medium", locale=lang)
    except ValueError:
        return created[:10]


def _filters() -> dict:
    """The history filters asked for: a known game, a player's name, a page."""
    rules_id = request.args.get("game") or None
    if rules_id not in {r.id for r in rules.all_rules()}:
        rules_id = None
    player = (request.args.get("player") or "").strip()[:80] or None
    raw = request.args.get("page") or "1"
    page_no = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 6 and int(raw) > 0 else 1
    return {"game": rules_id, "player": player, "page": page_no}


def _by_id() -> dict:
    """The rules of every game, by id."""
    return {r.id: r for r in rules.all_rules()}


@bp.get("/history")
@security.private
def index():
    """This phone's games, newest first, filtered by game and player."""
    device, everything = _scope()
    wanted = _filters()
    db = get_db()
    found, count = history.entries(
        db,
        device,
        everything,
        rules_id=wanted["game"],
        player=wanted["player"],
        limit=PAGE,
        offset=(wanted["page"] - 1) * PAGE,
    )
    context = dict(
        entries=found,
        count=count,
        wanted=wanted,
        pages=max(1, -(-count // PAGE)),
        known=history.names(db, device, everything),
        by_id=_by_id(),
        all_rules=rules.all_rules(),
        played_on=played_on,
        player_url=player_url,
        admin=everything,
    )
    if htmx and not htmx.history_restore_request:
        return page.blocks("history.html", ["history_list"], 200, **context)
    return page.full("history.html", 200, **context)


def _unseen(char: str) -> bool:
    """Whether a spreadsheet may skip this character before it looks for a formula (a space, a quote, a
    character that shows nothing or a blank: U+034F, U+FE0F, U+2800, U+3164... as well as format characters)."""
    return char == '"' or unicodedata.category(char) in UNSEEN or invisible(char)


def cell(value):
    """A value for a CSV cell: a number as it is; text with an apostrophe before any formula a spreadsheet
    could find in it, at its start or after a "," or ";" it could split on, past spaces and invisible
    characters ("a;=1+1" becomes "a;'=1+1")."""
    if not isinstance(value, str):
        return value
    kept, starts = [], True
    for char in value:
        if starts and not _unseen(char):
            if char in FORMULA:
                kept.append("'")
            starts = False
        kept.append(char)
        starts = starts or char in CELL_STARTS
    return "".join(kept)


def _csv(rows: list[list], filename: str):
    """A CSV download, in UTF-8."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)  # a separator in a name stays in its cell
    writer.writerows([[cell(value) for value in row] for row in rows])
    response = current_app.response_class(out.getvalue(), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "Cookie"
    return response


@bp.get("/history.csv")
@security.private
def history_csv():
    """One row per game and side: game,rules,date,finished,side,total,rank,won."""
    device, everything = _scope()
    wanted = _filters()
    found, _count = history.entries(get_db(), device, everything, rules_id=wanted["game"], player=wanted["player"])
    rows: list[list] = [["game", "rules", "date", "finished", "side", "total", "rank", "won"]]
    for entry in found:
        if not entry.valid:
            continue
        data = entry.data
        for side, name in enumerate(data["sides"]):
            won = int(data["finished"] and side in data["winners"])
            rows.append(
                [
                    entry.id,
                    entry.rules,
                    entry.created,
                    int(data["finished"]),
                    name,
                    data["totals"][side],
                    data["ranks"][side],
                    won,
                ]
            )
    return _csv(rows, "scorekeeper-history.csv")


@bp.get("/players/<path:name>")
@security.private
def player(name: str):
    """A player's record across this phone's games."""
    device, everything = _scope()
    found = history.player(get_db(), device, name, everything)
    if found is None:
        message = gettext("No game on this phone has a player named %(name)s.", name=name[:80])
        return page.full("error.html", 404, message=message, code=404)
    played_in = events.of_games(get_db(), [entry.id for entry in found.games])
    context = dict(player=found, by_id=_by_id(), played_on=played_on, recent=found.games[:10], player_events=played_in)
    context.update(percent=percent, decimal=decimal, stat_text=stat_text)  # how the record writes its numbers
    if htmx and not htmx.history_restore_request:
        return page.blocks("player.html", ["player_record"], 200, **context)
    return page.full("player.html", 200, **context)


# -- one game: CSV, chart, the result to share ------------------------------------------------------


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str):
    """The game's rounds for a spreadsheet: round, dealer, what each side scored; then the totals."""
    stored = access.game_or_404(game_id)
    result = store.derived(stored)
    rows: list[list] = [["round", "dealer", *result.sides]]
    names = result.holders(stored.game.players)  # as the sides name them
    rows += [[r.number, names[r.dealer], *r.scores] for r in result.rounds]
    rows.append(["total", "", *result.totals])
    return _csv(rows, f"{stored.game.rules}-{game_id}.csv")


def result_share(stored: store.Stored, result: rules.Result) -> dict:
    """What "Share the result" sends: the game, the winner, the totals, the rounds and the watch link."""
    rules_ = rules.get(stored.game.rules)
    lang = current()
    order = [standing.side for standing in result.standings]
    winners = ", ".join(result.winner_names())
    lines = [
        ngettext(
            "%(game)s: %(names)s won.",
            "%(game)s: %(names)s won.",
            len(result.winners),
            game=gettext(rules_.name),
            names=winners,
        ),
        " · ".join(f"{result.sides[s]} {number(result.totals[s], lang)}" for s in order),
        ngettext("%(num)d round", "%(num)d rounds", len(result.rounds)) + ".",
    ]
    url = absolute(url_for("games.show", game_id=stored.id))
    text = "\n".join(lines)
    title = gettext(rules_.name)
    mailto = f"mailto:?subject={quote(title)}&body={quote(text + chr(10) + url)}"
    return {"title": title, "text": text, "url": url, "mailto": mailto}


def player_url(name: str) -> str:
    """The page of a player's record."""
    return url_for("history.player", name=name.strip())


def percent(share: float) -> str:
    """A share of 0 to 1 as the language writes a percentage."""
    return format_percent(share, locale=current())


def decimal(value: float) -> str:
    """A mean, to one decimal."""
    return number(round(value, 1))


def stat_text(stat: rules.Statistic, pair: list[int]) -> str:
    """A statistic as a player reads it: "7 of 12 (58 %)", a count, a mean or the largest."""
    value, count = pair
    if stat.kind == "rate":
        if not count:
            return "—"
        return gettext(
            "%(made)s of %(tried)s (%(share)s)", made=number(value), tried=number(count), share=percent(value / count)
        )
    if stat.kind == "mean":
        return decimal(value / count) if count else "—"
    return number(value)
