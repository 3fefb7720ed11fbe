"""A game's page: the scoreboard, the round being entered, corrections, undo, delete, export and import."""

from __future__ import annotations

import json
import time

from flask import Blueprint, abort, current_app, g, redirect, request, url_for
from werkzeug.datastructures import MultiDict

from .. import changes, forms, gamefile, guard, i18n, registry, rules, safejson, security, space, store
from ..db import close_db, get_db
from ..i18n import gettext
from ..kept import MB, Kept
from ..rules import N_, Invalid, problem
from . import access, page, screen, share
from .page import htmx

bp = Blueprint("games", __name__, url_prefix="/games")
MAX_ROUND_JSON = 8192  # a round's JSON posted back by a correction or an undo is a few hundred bytes
BOARD_ROUNDS = (
    12  # the rounds a game page draws (an evening's latest; the rest on demand): page cost and weight stay flat
)
MAX_ECHO = 200  # form fields shown again after a refusal: the largest form has about 60
POLL_ANSWERS = 512  # new boards kept per process for watching phones: a venue's games, each at its version
NEWS_BYTES = 8 * MB  # and at most this much of them (a board of every round of a 1,000-round game: 0.6 MB)
COMPRESSED_BYTES = 4 * MB  # the same news compressed, Brotli and gzip (a tenth of the size, about)


def _number(value) -> int:
    """A round number posted by a form; a malformed one is a bad request that says what is wrong."""
    raw = (value or "").strip()
    if not raw:
        abort(400, description=gettext("The round number is missing."))
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 4 and int(raw) >= 1):
        abort(
            400,
            description=gettext(
                "The round number must be a whole number from 1 to %(max)d, not %(value)s.",
                max=rules.MAX_ROUNDS + 1,
                value=raw[:20],
            ),
        )
    return int(raw)


def _was(text: str | None, damaged: str) -> dict:
    """The round as the page showed it (posted back by a correction or an undo); 400 if it is damaged."""
    try:
        was = safejson.loads((text or "")[:MAX_ROUND_JSON])
    except Invalid:
        was = None
    if not isinstance(was, dict) or len(text or "") > MAX_ROUND_JSON:
        abort(400, description=gettext(damaged))
    return was


def echo(form, problems) -> MultiDict:
    """What a refused form shows again: the player's taps as typed, but nothing long, and in a box a
    problem is about at most 3 characters (a posted number never decides how much a page draws)."""
    wrong = {f"{p.field}.{p.seat}" for p in problems if p.field and p.seat is not None}
    kept: MultiDict[str, str] = MultiDict()
    for key, value in list(form.items(multi=True))[:MAX_ECHO]:
        if len(key) > 40:
            continue
        if len(value) > 3 and any(key == w or key.startswith(w + ".") for w in wrong):
            value = ""
        kept.add(key, value[:40])
    return kept


def _draft_step(stored: store.Stored, rules_: rules.Rules) -> str | None:
    """The step the stored draft of the next round has reached, if there is one."""
    draft = stored.draft
    if draft and draft.get("number") == len(stored.game.rounds) + 1 and draft.get("step") in rules_.steps:
        return draft["step"]
    return None


def _step(stored: store.Stored, rules_: rules.Rules, posted_step: str | None = None) -> str:
    """The step of the next round's form: the one asked for if its earlier steps are in, else the next one."""
    done = _draft_step(stored, rules_)
    reached = rules_.steps.index(done) + 1 if done else 0
    asked = posted_step or request.args.get("step")
    if asked in rules_.steps and rules_.steps.index(asked) <= reached:
        return asked
    return rules_.steps[min(reached, len(rules_.steps) - 1)]


def _folded(played: int) -> int:
    """How many early rounds the board leaves out: a long game's page draws its latest rounds only,
    unless every round is asked for (?rounds=all; the export and the sheet always hold them all)."""
    if request.args.get("rounds") == "all":
        return 0
    return max(0, played - BOARD_ROUNDS)


def render_game(
    stored: store.Stored,
    *,
    status: int = 200,
    errors=None,
    posted=None,
    message=None,
    announce: str | None = None,
    step: str | None = None,
    blocks=("round_form", "scoreboard", "flash"),
    form_oob: bool = False,
):
    """The game page, or on an htmx request just the blocks that change."""
    rules_ = rules.get(stored.game.rules)
    result = store.derived(stored)
    draft = stored.draft["data"] if stored.draft and _draft_step(stored, rules_) else None
    warnings = rules.draft_warnings(stored.game, result, draft) if draft else []
    step_ = _step(stored, rules_, step)
    can_score = access.can_score(stored)
    refill = store.undone(stored) if can_score and result.upcoming else None
    if refill is not None:
        # the round undone is back on the form as it was entered, the steps saved since as they are now
        posted = posted or forms.fields(rules_.id, _over(refill, draft or {}))
        if not errors and not (stored.draft or {}).get("step"):  # said until a step of it is saved again: then stale
            message = message or problem(N_("Round %(round)d was undone."), round=len(stored.game.rounds) + 1)
    context = dict(
        stored=stored,
        game=stored.game,
        rules=rules_,
        result=result,
        errors=errors or [],
        form_oob=form_oob,
        posted=posted,
        message=message,
        announce=announce,
        can_score=can_score,
        can_manage=access.can_manage(stored),
        draft_token=store.draft_token(stored, result.upcoming.number) if result.upcoming else "",
        undo_was=json.dumps(stored.game.rounds[-1], separators=(",", ":")) if stored.game.rounds else "",
        form_template=forms.template_for(rules_.id),
        v=screen.view(
            stored,
            result,
            errors=errors or [],
            warnings=warnings,
            posted=posted,
            step=step_,
            can_score=can_score,
        ),
        bundle=registry.get(rules_.id),
        leaders=result.leaders(),
        poll_seconds=current_app.config["POLL_SECONDS"],
        long_poll=current_app.config["LONG_POLL_SECONDS"],
        folded=_folded(len(result.rounds)),
    )
    if htmx and not htmx.history_restore_request:
        return page.blocks("game.html", blocks, status, **context)
    return page.full("game.html", status, **context)


def _over(refill: dict, draft: dict) -> dict:
    """The undone round with the steps saved since laid over it; an entry the draft leaves empty (a Tout ou
    rien secret bid, entered after the hand) keeps the undone round's."""
    merged = dict(refill)
    for key, value in draft.items():
        was = refill.get(key)
        if isinstance(value, list) and isinstance(was, list) and len(value) == len(was):
            value = [old if new is None else new for new, old in zip(value, was, strict=True)]
        merged[key] = value
    return merged


@bp.get("/<game_id>")
def show(game_id: str):
    """The game page; opening it puts the game in this phone's list."""
    stored = access.game_or_404(game_id)
    access.remember(stored)
    return render_game(stored)


def _context(
    stored: store.Stored, number: int | None = None, original=None, of: int | None = None
) -> forms.FormContext:
    """What the form reader needs to know (`of`: the round a correction is for); a round sent again (double
    tap) reads against what was stored."""
    draft = stored.draft
    if number is not None and number <= len(stored.game.rounds):
        draft = {"number": number, "step": "stored", "data": stored.game.rounds[number - 1]}
    result = store.derived(stored)  # kept on `stored`: a refused form is drawn from it
    return forms.context(stored.game, result, draft, original, number, of)


@bp.post("/<game_id>/rounds")
@space.stores_a_round
def add_round(game_id: str):
    """Save a step of the next round: a draft of the bids, or the whole round."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    rules_ = rules.get(stored.game.rules)
    number, step = _number(request.form.get("number")), request.form.get("step") or rules_.steps[-1]
    if step not in rules_.steps:
        abort(400, description=gettext("Unknown step %(step)s.", step=step[:20]))
    if step != rules_.steps[-1] and request.form.get("fill"):
        # a fill button pressed without the game's script ("Everyone else: NOTHING"): the form again, the
        # players not tapped filled in for the scorer to check; nothing is stored until the bids are saved
        return render_game(stored, posted=echo(request.form, []), step=step, blocks=("round_form",))
    db = get_db()
    try:
        seen = _seen_draft(rules_)
        upcoming = number == len(stored.game.rounds) + 1  # a round sent twice is told apart by the store
        if seen is not None and upcoming and step == rules_.steps[-1] and seen != store.draft_token(stored, number):
            raise store.bids_replaced(number)  # checked before reading: the tricks go with the stored bids
        data = forms.read(rules_.id, request.form, step, _context(stored, number))
        if step != rules_.steps[-1]:
            stored = store.save_draft(db, game_id, number, step, data, seen)
        else:
            stored = store.add_round(db, game_id, number, data, seen)
    except Invalid as exc:
        return render_game(
            stored,
            status=422,
            errors=[p.at_round(number) for p in exc.problems],
            posted=echo(request.form, exc.problems),
            step=step,
            blocks=("round_form",),
        )
    except store.AlreadySaved as exc:
        message = problem(N_("Round %(round)d was already saved: it is recorded once."), round=exc.number)
        return render_game(store.load(db, game_id) or abort(404), message=message)
    except store.Conflict as exc:
        return render_game(store.load(db, game_id) or abort(404), status=409, message=exc.message)
    if not htmx:
        return redirect(url_for("games.show", game_id=game_id) + "#round-form", 303)
    # said to screen readers only (the board and the next form show it to everyone else); the only first
    # step any game has is the bids
    if step == rules_.steps[-1]:
        said = gettext("Round %(round)d saved.", round=number)
    else:
        said = gettext("Round %(round)d: bids saved, now the tricks.", round=number)
    return render_game(stored, announce=said)


def _seen_draft(rules_: rules.Rules) -> str | None:
    """The draft token the page carried (bids then tricks), or None when it sent none (a script)."""
    seen = request.form.get("draft")
    if seen is None or len(rules_.steps) < 2:
        return None
    return seen[:40]


@bp.get("/<game_id>/rounds/<int:number>/edit")
def edit_round(game_id: str, number: int):
    """The correction form of a past round, every field at once."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    if not 1 <= number <= len(stored.game.rounds):
        abort(404)
    return _render_edit(stored, number)


def _render_edit(stored: store.Stored, number: int, *, status: int = 200, errors=None, posted=None):
    """The correction page of round `number`."""
    rules_ = rules.get(stored.game.rules)
    result = store.derived(stored)
    return page.full(
        "edit_round.html",
        status,
        stored=stored,
        game=stored.game,
        rules=rules_,
        result=result,
        number=number,
        round=result.rounds[number - 1].round,  # as the rules record it: every field there, defaults filled in
        played=result.rounds[number - 1],
        was=json.dumps(stored.game.rounds[number - 1], separators=(",", ":")),
        errors=errors or [],
        form_template=forms.template_for(rules_.id),
        v=screen.view(stored, result, errors=errors or [], posted=posted, can_score=True),
        bundle=registry.get(rules_.id),
    )


@bp.post("/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int):
    """Replace a past round; later totals, the end and the winners follow."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    if not 1 <= number <= len(stored.game.rounds):
        return render_game(
            stored,
            status=409,
            message=problem(N_("Round %(round)d no longer exists: it was undone meanwhile."), round=number),
        )
    # what the page showed: without it a stale correction could go unnoticed
    was = _was(request.form.get("was"), N_("The correction form is damaged; reload the page."))
    try:
        data = forms.read(stored.game.rules, request.form, "all", _context(stored, None, was, of=number))
        store.replace_round(get_db(), game_id, number, was, data)
    except Invalid as exc:
        return _render_edit(
            stored,
            number,
            status=422,
            errors=[p.at_round(number) for p in exc.problems],
            posted=echo(request.form, exc.problems),
        )
    except store.Conflict as exc:
        return render_game(access.game_or_404(game_id), status=409, message=exc.message)
    return redirect(url_for("games.show", game_id=game_id) + f"#round-{number}", 303)


@bp.post("/<game_id>/rounds/<int:number>/undo")
def undo_round(game_id: str, number: int):
    """Take back the last round."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    db = get_db()
    was = _was(request.form.get("was"), N_("The undo form is damaged; reload the page."))
    try:
        stored = store.undo_round(db, game_id, number, was)
    except store.Conflict as exc:
        return render_game(store.load(db, game_id) or abort(404), status=409, message=exc.message)
    if not htmx:  # the round undone is back on the form, which says so (render_game)
        return redirect(url_for("games.show", game_id=game_id) + "#round-form", 303)
    return render_game(stored)


@bp.route("/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str):
    """Ask, then delete the game for good: only the phone that started or imported it, or the admin."""
    stored = access.game_or_404(game_id)
    access.require_owner(stored)
    if request.method == "GET":
        return page.full("delete.html", 200, stored=stored, rules=rules.get(stored.game.rules))
    store.delete(get_db(), game_id)
    return redirect(url_for("home.index"), 303)


@bp.get("/<game_id>/export.json")
def export(game_id: str):
    """The game file, with its derived result, as a download."""
    stored = access.game_or_404(game_id)
    response = current_app.response_class(
        gamefile.dumps(stored.game, store.derived(stored)), mimetype="application/json"
    )
    response.headers["Content-Disposition"] = f'attachment; filename="{stored.game.rules}-{game_id}.json"'
    return response


@bp.post("/import")
@security.creates_games
@guard.large_body
def import_game():
    """Take a game file (JSON body or upload field `file`); store it and open it."""
    if request.files.get("file"):
        text = request.files["file"].read()
    elif request.is_json or (request.mimetype or "").endswith("json"):
        text = request.get_data()
    else:
        return page.problems([problem(N_("Choose a game file to import."), field="file")], 400)
    try:
        game = gamefile.loads(text)
    except Invalid as exc:
        malformed = exc.problems[0].field == "json"  # not JSON at all: a bad request, not a bad game
        return page.problems(exc.problems, 400 if malformed else 422, names=gamefile.names(text))
    game_id = store.create(get_db(), game, security.ensure_device())
    return redirect(url_for("games.show", game_id=game_id), 303)


@bp.get("/<game_id>/poll")
def poll(game_id: str):
    """For watching phones: 204 while nothing changed, else the new board. With `wait`, the answer waits
    up to that many seconds for a change (long polling), holding no database connection meanwhile."""
    seen, wait = request.args.get("version"), guard.asked_wait()
    version = store.version(get_db(), game_id)
    with guard.waiting(game_id) as seated:  # past its address's or the game's cap, a poll waits for no news
        deadline = time.monotonic() + (wait if seated else 0)
        while version is not None and seen == str(version) and (left := deadline - time.monotonic()) > 0:
            close_db()
            changes.watch(current_app.config["DATABASE"]).wait(game_id, version, left)
            version = store.version(get_db(), game_id)
    turned_away = bool(wait) and not seated  # asked to wait, and could not
    if turned_away and seen == str(version):
        close_db()
        guard.slowly()  # "nothing new", said after a while: a client deaf to Retry-After cannot make it a flood
    if version is None and htmx:
        # 286 is htmx's "stop polling": the game was deleted, the notice says so
        response = page.full("error_notice.html", 286, message=gettext("This game has been deleted."))
        response.headers.update({"HX-Retarget": "#flash", "HX-Reswap": "innerHTML"})
        return response
    if version is None:
        abort(404)
    if seen == str(version):  # nothing new; a poll that could not wait is told when to ask again (follow.js)
        again = {"Retry-After": str(current_app.config["POLL_AGAIN_SECONDS"])} if turned_away else {}
        return "", 204, {"Cache-Control": "no-store", **again}
    response = _news(access.game_or_404(game_id))
    response.headers["Cache-Control"] = "no-store"
    return response


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


class CompressedNews:
    """Flask-Compress's cache (COMPRESS_CACHE_BACKEND): a watching phone's news compressed once per version,
    language, kind of phone and coding, for every phone of the table; any other answer is compressed as it
    goes and not kept (its key is the coding alone: news_key gave nothing)."""

    def __init__(self) -> None:
        self.kept = Kept(COMPRESSED_BYTES, 2 * POLL_ANSWERS)  # Brotli and gzip

    def get(self, key: str) -> bytes | None:
        """The news compressed before, if any."""
        return self.kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        """Keep compressed news (the least asked goes first, as with the drawn news)."""
        if not key.endswith(";"):
            self.kept.put(key, value, len(value))


def news_key(request) -> str:
    """Flask-Compress's cache key (COMPRESS_CACHE_KEY): the news this answer carries, "" for anything else (a
    watching phone's poll sets it once, for its own answer)."""
    key = g.pop("news_key", "")
    return key if request.endpoint in ("games.poll", "events.poll") else ""  # a club night's news too
