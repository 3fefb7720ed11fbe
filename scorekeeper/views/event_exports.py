"""A club night's exports: the leaderboard as CSV, the results sheet as PDF (A4 or Letter, in the page's
language)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, current_app

from ..i18n import current, day, gettext
from ..sheets import event as sheet
from .events import event_or_404, standing
from .history import cell
from .sheets import _pdf, asked_paper, attachment, file_name, printing

bp = Blueprint("event_exports", __name__, url_prefix="/events")


@bp.get("/<event_id>/leaderboard.csv")
def leaderboard_csv(event_id: str):
    """The leaderboard for a spreadsheet: rank, player, games, won, average (one decimal); every field quoted,
    and a name a spreadsheet would take for a formula starts with an apostrophe."""
    event = event_or_404(event_id)
    board = standing(event)[2]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(["rank", "player", "games", "won", "average"])
    writer.writerows([row.rank, cell(row.name), row.games, row.won, str(row.shown)] for row in board)
    response = current_app.response_class(out.getvalue(), content_type="text/csv; charset=utf-8")
    filename = file_name(gettext("Leaderboard"), event.name, event.day).removesuffix(".pdf") + ".csv"
    response.headers["Content-Disposition"] = attachment(filename)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<event_id>/sheet.pdf")
def sheet_pdf(event_id: str):
    """The results sheet: the event's name and date, the leaderboard, each finished table's standings."""
    event = event_or_404(event_id)
    lang, paper = current(), asked_paper()
    _found, listed, board = standing(event)
    # the page's own list (views/events._table) already holds each table's game name and sides by rank
    standings = []
    for t in listed:
        game = t["name"]  # not gettext(t["name"]): pybabel would take the key "name" for a message
        if t.get("finished"):
            standings.append(sheet.Standing(t["number"], gettext(game, lang), t["standings"]))
    unfinished = sum(1 for t in listed if not t.get("finished"))
    with printing():
        data = sheet.results(event.name, day(event.day, lang), board, standings, lang, paper, unfinished=unfinished)
    return _pdf(data, file_name(gettext("Results"), event.name, event.day))
