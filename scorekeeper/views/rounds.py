"""A round written: the next one saved (a step or whole), a past one corrected, the last one undone."""

from __future__ import annotations

import json

from flask import abort, redirect, request, url_for
from werkzeug.datastructures import MultiDict

from .. import forms, registry, rules, safejson, space, store
from ..chart import score_chart
from ..db import get_db
from ..i18n import gettext
from ..rules import N_, Invalid, problem
from . import access, games, page, screen
from .games import bp, render_game
from .page import htmx
from .seen import corrected, correction_context, correction_page, form_context, widened

MAX_ROUND_JSON = 8192  # a round's JSON posted back by a correction or an undo is a few hundred bytes
MAX_ECHO = 200  # form fields shown again after a refusal: the largest form has about 60
# a round saved on top of the board its phone shows: the next form, the news for screen readers and the board's
# parts (game.html): its head (the leaders), the new row, its totals and what is under it (legend, chart, undo, poll),
# each marked with where it goes (data-swap) and put there by static/swap.js as it swaps the form
BOARD_PARTS = ("round_form", "flash", "board_head", "board_row", "board_foot", "board_tail")


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
    stored = before = access.game_or_404(game_id)
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
        ctx, members = form_context(stored, number, _context(stored, number))
        data = widened(stored, forms.read(rules_.id, request.form, step, ctx), members)
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
    if step != rules_.steps[-1]:
        said = gettext("Round %(round)d: bids saved, now the tricks.", round=number)
        return render_game(stored, announce=said)
    said = gettext("Round %(round)d saved.", round=number)
    if _grown(before, stored, number):
        return render_game(stored, announce=said, blocks=BOARD_PARTS, board_parts=True)
    return render_game(stored, announce=said)


@bp.get("/<game_id>/chart")
def chart(game_id: str):
    """The score chart alone, as the game page draws it: fetched by the page just after a save's answer, which
    leaves it out (game.html); without htmx, the game page at its chart."""
    stored = access.game_or_404(game_id)
    if not htmx:
        return redirect(url_for("games.show", game_id=game_id) + "#score-chart", 303)
    return page.blocks(
        "game.html", ("score_chart",), game=stored.game, result=store.derived(stored), score_chart=score_chart
    )


def _grown(before: store.Stored, after: store.Stored, number: int) -> bool:
    """Whether the saving phone's board needs only the new row at its end (and the head, totals and what is under
    it drawn again): it shows the game just as it was before this save (the version its form carried), it had a
    row already, no row folds away and the columns are the same. Anything else draws the whole board."""
    shown = request.form.get("shown", "")
    return (
        shown == str(after.version - 1)
        and 2 <= number <= games.BOARD_ROUNDS
        and store.derived(before).sides == store.derived(after).sides
    )


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
    v = screen.view(stored, result, errors=errors or [], posted=posted, can_score=True)
    return page.full(
        "edit_round.html",
        status,
        stored=stored,
        rules=rules_,
        result=result,
        number=number,
        was=json.dumps(stored.game.rounds[number - 1], separators=(",", ":")),
        errors=errors or [],
        form_template=forms.template_for(rules_.id),
        bundle=registry.get(rules_.id),
        **correction_page(stored, number, v),  # the round as the rules record it: every field, defaults filled in
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
        ctx, members = correction_context(stored, number, _context(stored, None, was, of=number))
        data = forms.read(stored.game.rules, request.form, "all", ctx)
        corrected(get_db(), stored, number, was, data, members)
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
