"""A game's page: the scoreboard and the round being entered, and deleting the game. Its other routes, on the
same blueprint (their endpoints stay `games.*`), are by area: rounds.py (a round saved, corrected, undone),
gamefiles.py (export and import), polls.py (watching phones' long polls)."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, redirect, request, url_for

from .. import forms, i18n, registry, rules, store
from ..chart import score_chart
from ..db import get_db
from ..rematches import rematch_notes
from ..rules import N_, problem
from . import access, page, screen, seen
from .history import player_url, result_share
from .page import htmx
from .share import share_links
from .sheets import default_paper

bp = Blueprint("games", __name__, url_prefix="/games")
BOARD_ROUNDS = (
    12  # the rounds a game page draws (an evening's latest; the rest on demand): page cost and weight stay flat
)


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
    board_parts: bool = False,
):
    """The game page, or on an htmx request just the blocks that change (`board_parts`: the board's blocks are
    its parts, each put in place by static/swap.js: rounds.BOARD_PARTS)."""
    rules_ = rules.get(stored.game.rules)
    result = store.derived(stored)
    draft = stored.draft["data"] if stored.draft and _draft_step(stored, rules_) else None
    warnings = rules.draft_warnings(stored.game, result, draft) if draft else []
    step_ = _step(stored, rules_, step)
    can_score = access.can_score(stored)
    refill = store.undone(stored) if can_score and result.upcoming else None
    if refill is not None:
        # the round undone is back on the form as it was entered, the steps saved since as they are now
        posted = posted or forms.fields(rules_.id, seen.refill(stored, result, _over(refill, draft or {})))
        if not errors and not (stored.draft or {}).get("step"):  # said until a step of it is saved again: then stale
            message = message or problem(N_("Round %(round)d was undone."), round=len(stored.game.rounds) + 1)
    context = dict(
        stored=stored,
        game=stored.game,
        rules=rules_,
        result=result,
        errors=errors or [],
        form_oob=form_oob,
        board_parts=board_parts,
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
        scoring=registry.get(rules_.id).how_it_scores(i18n.current()),
        leaders=result.leaders(),
        poll_seconds=current_app.config["POLL_SECONDS"],
        long_poll=current_app.config["LONG_POLL_SECONDS"],
        folded=_folded(len(result.rounds)),
        changes_said=screen.changes_said,
        score_chart=score_chart,
        result_share=result_share,
        rematch_notes=rematch_notes,
        player_url=player_url,
        share_links=share_links,
        sheet_paper=default_paper,
    )
    # only those who play the next round have a place on its form (RULES.md section 8)
    context["fv"], context["fup"] = seen.form_view(stored, result, context["v"])
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


@bp.route("/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str):
    """Ask, then delete the game for good: only the phone that started or imported it, or the admin."""
    stored = access.game_or_404(game_id)
    access.require_owner(stored)
    if request.method == "GET":
        return page.full("delete.html", 200, stored=stored, rules=rules.get(stored.game.rules))
    store.delete(get_db(), game_id)
    return redirect(url_for("home.index"), 303)
