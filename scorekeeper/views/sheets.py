"""Score sheets to print: a game filled in, or a blank pad for any game and player count, as PDF."""

from __future__ import annotations

import contextlib
import re
import threading
import unicodedata
from datetime import date
from urllib.parse import quote

from babel.dates import format_date
from flask import Blueprint, abort, current_app, request, url_for
from werkzeug.exceptions import ServiceUnavailable

from .. import rules, sheets, store
from ..i18n import current, gettext
from ..rules import N_, Invalid, problem
from . import access, page, share

bp = Blueprint("sheets", __name__)

LETTER_REGIONS = {"US", "CA", "MX", "PH"}  # where Letter paper is the norm
_slots_lock = threading.Lock()


@contextlib.contextmanager
def printing():
    """A slot to build a PDF in: at most SHEETS_AT_ONCE per worker (2 by default), so a burst of heavy
    sheets leaves the other tables' rounds a thread; a request that waits longer than SHEETS_WAIT seconds (1)
    gets 503."""
    with _slots_lock:
        slots = current_app.extensions.get("scorekeeper.sheet_slots")
        if slots is None:
            slots = threading.BoundedSemaphore(current_app.config["SHEETS_AT_ONCE"])
            current_app.extensions["scorekeeper.sheet_slots"] = slots
    if not slots.acquire(timeout=current_app.config["SHEETS_WAIT"]):
        raise ServiceUnavailable(retry_after=5)
    try:
        yield
    finally:
        slots.release()


def default_paper() -> str:
    """Letter for browsers set to a Letter country (en-US...), else A4."""
    best = request.accept_languages.best or ""
    region = best.replace("_", "-").split("-")[1:2]
    return "letter" if region and region[0].upper() in LETTER_REGIONS else "a4"


def asked_paper() -> str:
    """The paper asked for (?paper=a4|letter), else the one of the phone's country; any other answers a page
    saying what is wrong (422) before anything is built."""
    paper = request.args.get("paper") or default_paper()
    try:
        sheets.check_paper(paper)
    except Invalid as exc:
        abort(page.problems(exc.problems, 422))
    return paper


def _pdf(data: bytes, filename: str):
    """A PDF as a download: on a phone a PDF opened in the app's own tab replaced the app, and the way back
    from the phone's PDF viewer is awkward; a download leaves the game on screen and the phone offers to
    open, share or print the file. The name says what it is, in the page's language."""
    response = current_app.response_class(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = attachment(filename)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response


NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')  # not allowed in a file name on some phone or computer


def file_name(*parts: str) -> str:
    """A PDF's file name from its parts ("Score sheet - Tout ou rien - Anne, Julien - 2026-11-23.pdf"): no
    character a file system refuses, no direction marks, not too long."""
    cleaned = [" ".join(NOT_IN_FILE_NAMES.sub(" ", unicodedata.normalize("NFC", p)).split())[:80] for p in parts]
    cleaned = ["".join(c for c in p if unicodedata.category(c) != "Cf") for p in cleaned]
    return " - ".join(p for p in cleaned if p) + ".pdf"


def attachment(filename: str) -> str:
    """The Content-Disposition of a download named `filename`: an ASCII name every browser reads, and the
    real one (accents, any script) for the browsers that read RFC 6266's filename*."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode().replace("\\", "")
    plain = plain.replace('"', "") or "sheet.pdf"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def _played_on(created: str, lang: str) -> str:
    """The day the game was started, as the language writes dates."""
    try:
        return format_date(date.fromisoformat(created[:10]), "long", locale=lang)
    except ValueError:
        return ""


@bp.get("/games/<game_id>/sheet.pdf")
def completed(game_id: str):
    """The game's score sheet, filled in as far as it has gone, in the page's language."""
    stored = access.game_or_404(game_id)
    lang, paper = current(), asked_paper()
    url = share.absolute(url_for("games.show", game_id=game_id))  # the printed code opens on any phone
    try:
        with printing():
            data = sheets.completed(
                stored.game,
                store.derived(stored),
                lang,
                paper,
                url,
                date=_played_on(stored.created, lang),
            )
    except Invalid as exc:
        return page.problems(exc.problems, 422, names=stored.game.players)
    name = gettext(rules.get(stored.game.rules).name, lang)
    return _pdf(
        data, file_name(gettext("Score sheet", lang), name, ", ".join(stored.game.players), stored.created[:10])
    )


@bp.get("/sheets/blank.pdf")
def blank():
    """An empty score pad: ?rules=ID&players=N&names=A,B&paper=a4|letter."""
    args, paper = request.args, asked_paper()
    raw = (args.get("players") or "").strip()
    if not raw:
        return page.problems([problem(N_("Choose how many players."), field="players")], 422)
    names = list(args.get("names", "").split(",")) if args.get("names", "").strip() else None
    count = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else raw  # not "³": isdigit() takes it
    try:
        with printing():
            data = sheets.blank(args.get("rules", ""), count, names, current(), paper)
    except Invalid as exc:
        return page.problems(exc.problems, 422)
    name = gettext(rules.get(args["rules"]).name)  # known: the sheet was made
    return _pdf(data, file_name(gettext("Blank score sheet"), name, gettext("%(n)d players", n=count)))
