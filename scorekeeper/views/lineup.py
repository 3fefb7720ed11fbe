"""The table's changes on a game's page (RULES.md section 8): who joins, sits out, leaves or comes back, a
seat handed over, adjustments and stopping early, made between rounds on their own page and said on the
board where they happened. Only a phone that may score the game changes it; every form works without
JavaScript (a plain post, then the game's page)."""

from __future__ import annotations

import json

from flask import abort, redirect, request, url_for

from .. import rules, safejson, seating, store, table_changes
from ..db import get_db
from ..i18n import current, gettext
from ..rules import N_, Invalid, Result, fail, lineup, problem
from ..rules.setup import MAX_NAME, visible
from ..rules.unseen import player_key
from . import access, page
from .games import bp

KINDS = ("join", "back", "sit_out", "leave", "seat", "adjust", "stop")
MAX_TEXT = 80  # a name is at most 40, a reason 80: a longer field is cut before anything reads it


@bp.get("/<game_id>/lineup")
def show_lineup(game_id: str):
    """The table's changes: what changed so far, the last to take back, and a form for each kind of change."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    return _render(stored)


def _render(stored: store.Stored, status: int = 200, errors=(), kind: str | None = None):
    """The changes page, with what a refused form was refused for beside it."""
    result = store.derived(stored)
    rules_ = rules.get(stored.game.rules)
    table = result.lineup
    still = _still(stored, result)
    names = result.holders(stored.game.players)
    in_game = [p for p in still if rules_.can_deal(stored.game, result.state, p)]  # Everest & Abyss: not out
    upcoming = result.upcoming.players if result.upcoming and result.upcoming.players else still
    playing = [p for p in upcoming if p in in_game]
    gone = sorted(table.gone) if table else []
    last = stored.game.changes[-1] if stored.game.changes else None
    undoable = last is not None and last["before"] == len(stored.game.rounds) + 1
    return page.full(
        "lineup.html",
        status,
        stored=stored,
        game=stored.game,
        rules=rules_,
        result=result,
        names=names,
        named=[*names, (request.form.get("name") or "").strip()[:MAX_TEXT]] if errors and kind == "join" else names,
        still=still,
        in_game=in_game,
        playing=playing,
        gone=gone,
        worst=_worst(rules_, result, still),
        transfer=rules_.start_range is None,  # Everest & Abyss: tokens move from one player to another
        allowed=rules_.lineup_changes,
        listed=_listed(stored, result),
        errors=list(errors),
        refused=kind,
        beside=kind if kind in _drawn(stored, result, gone) else None,
        kept=_kept(stored, kind) if errors and kind else {},
        was=json.dumps(last, separators=(",", ":")) if undoable else "",
    )


def _drawn(stored: store.Stored, result: Result, gone: list[int]) -> set[str]:
    """The kinds of change whose form the page draws (a refusal of one is said beside it, else at the top)."""
    if result.finished:
        return set()
    drawn = {"seat", "adjust"} | ({"stop"} if stored.game.rounds else set())
    if "join" in rules.get(stored.game.rules).lineup_changes:
        drawn |= {"join", "sit_out", "leave"} | ({"back"} if gone else set())
    return drawn


def _kept(stored: store.Stored, kind: str) -> dict:
    """What a refused form posted, to show it again as typed (nothing a player typed is lost to a refusal)."""
    form, n = request.form, len(stored.game.players)
    if kind == "adjust" and "tokens" in form:
        try:
            points = _points(stored)
        except Invalid:
            points = []
        return {"points": points, "reason": (form.get("reason") or "")[:MAX_TEXT]}
    return {
        "name": (form.get("name") or "")[:MAX_TEXT],
        "to": (form.get("to") or "")[:MAX_TEXT],
        "after": _whole_of(form.get("after")),
        "start": (form.get("start") or "")[:8] or None,
        "player": _whole_of(form.get("player")),
        "sit_out": [p for p in (_whole_of(v) for v in form.getlist("sit_out")[:n]) if p is not None],
        "points": [_whole_of(form.get(f"points.{side}")) or 0 for side in range(len(store.derived(stored).sides))],
        "reason": (form.get("reason") or "")[:MAX_TEXT],
    }


def _whole_of(value: str | None) -> int | None:
    """A posted value as a whole number, or None where it is not one."""
    try:
        return _int(value, "player")
    except Invalid:
        return None


def _listed(stored: store.Stored, result: Result) -> list[dict]:
    """Each change as a sentence, with the round it comes before, its number (from 1) and whether it is corrected."""
    events = result.lineup.events if result.lineup else []
    lang = current()
    return [
        {
            "before": e["before"],
            "said": table_changes.sentence(e, lang),
            "n": k,
            "correctable": bool(correctable(stored, k - 1)),
        }
        for k, e in enumerate(events, 1)
    ]


def _worst(rules_: rules.Rules, result: Result, still: list[int]) -> int | None:
    """The starting total a latecomer is offered: the worst total at the table (none where the game sets it)."""
    if rules_.start_range is None or not still:
        return None
    totals = [result.totals[p] for p in still if p < len(result.totals)]
    return max(totals) if rules_.lowest_wins else min(totals)


def _offered(stored: store.Stored) -> int | None:
    """The starting total the join form offers a latecomer now: the rules' default."""
    result = store.derived(stored)
    return _worst(rules.get(stored.game.rules), result, _still(stored, result))


def _still(stored: store.Stored, result: Result) -> list[int]:
    """The players still in the game (every seat of a table that never changed)."""
    return result.lineup.still() if result.lineup else list(range(len(stored.game.players)))


@bp.post("/<game_id>/lineup")
def lineup_change(game_id: str):
    """Record one change before the next round; refused with the reason on the changes page."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    form = request.form
    kind = form.get("kind", "")
    if kind not in KINDS:
        abort(400, description=gettext("Unknown change %(kind)s.", kind=kind[:20]))
    try:
        made, name = _read(stored, kind)
        stored = seating.add_change(get_db(), game_id, _int(form.get("version"), "version"), made, name)
    except Invalid as exc:
        return _render(stored, 422, exc.problems, kind)
    except store.Conflict as exc:
        return _render(store.load(get_db(), game_id) or abort(404), 409, [exc.message], kind)
    return redirect(url_for("games.show", game_id=game_id) + "#scoreboard", 303)


@bp.post("/<game_id>/lineup/undo")
def lineup_undo(game_id: str):
    """Take back the last change (a stop taken back lets the game go on)."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    was = _was(N_("The undo form is damaged; reload the page."))
    try:
        seating.undo_change(get_db(), game_id, was)
    except (Invalid, store.Conflict) as exc:
        problems = exc.problems if isinstance(exc, Invalid) else [exc.message]
        return _render(store.load(get_db(), game_id) or abort(404), 409, problems)
    return redirect(url_for("games.show", game_id=game_id) + "#scoreboard", 303)


def _was(damaged: str) -> dict:
    """The change as the page showed it (posted back by an undo or a correction); 400 if it is damaged."""
    try:  # a stranger's JSON: nesting and digits bounded before Python's parser sees them (a 500 otherwise)
        was = safejson.loads((request.form.get("was") or "")[:2000])
    except Invalid:
        was = None
    if not isinstance(was, dict):
        abort(400, description=gettext(damaged))
    return was


# what a field is called on the forms, for a refusal in the page's language (never the field's own name)
LABELS = {
    "after": N_("Sits after"),
    "player": N_("Who"),
    "start": N_("Starting total"),
    "tokens": N_("Tokens"),
    "from": N_("From"),
    "to_player": N_("To"),
    "adjust": N_("An adjustment"),
    "sit_out": N_("Sitting out the next round"),
    "version": N_("The page's version"),
}


def _int(value, field: str) -> int:
    """A whole number a form posted (at most 5 digits, a sign allowed), or Invalid naming the field as labelled."""
    raw = (value or "").strip()[:8]
    digits = raw[1:] if raw[:1] in "-−" else raw
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 5):
        raise fail(N_("%(what)s must be a whole number."), what=LABELS[field], field=field)
    return -int(digits) if raw[:1] in "-−" else int(digits)


def _read(stored: store.Stored, kind: str) -> tuple[dict, str | None]:
    """The change a form posted, as FORMAT.md writes it, and a newcomer's name; the rules check the rest."""
    form, n = request.form, len(stored.game.players)
    text = (form.get("name") or form.get("to") or "").strip()[:MAX_TEXT]
    if kind == "join":
        _newcomer(stored, text)
        made: dict = {"join": n}
        if (form.get("after") or "").strip():
            made["after"] = _int(form.get("after"), "after")
        if (form.get("start") or "").strip():
            start = _int(form.get("start"), "start")
            if start != _offered(stored):  # left as offered, the default: it follows a round corrected later
                made["start"] = start
        return made, text
    if kind == "back":
        return {"join": _returning(stored, _int(form.get("player"), "player"))}, None
    if kind == "sit_out":
        chosen = form.getlist("sit_out")[:n]
        if not chosen:
            raise fail(N_("Tick who sits out the next round."), field="sit_out")
        return {"sit_out": [_int(v, "sit_out") for v in chosen]}, None
    if kind == "leave":
        return {"leave": _int(form.get("player"), "player")}, None
    if kind == "seat":
        return {"seat": _int(form.get("player"), "player"), "to": text}, None
    if kind == "stop":
        return {"stop": True}, None
    return {"adjust": _points(stored), "reason": (form.get("reason") or "").strip()[:MAX_TEXT]}, None


def _newcomer(stored: store.Stored, name: str) -> None:
    """A newcomer's name: 1 to 40 characters (the rules would name them by their number, "Player 6", at a table of
    four), and not a leaver's: Invalid saying they come back (the rules would only say two players share it); nor
    one a seat was handed to (the rules would refuse that hand-over, a change the table did not touch)."""
    if not visible(name) or len(name) > MAX_NAME:
        raise fail(N_("The new player's name must be 1 to %(max)d characters."), max=MAX_NAME, field="name")
    table = store.derived(stored).lineup
    for p in table.gone if table else ():
        if player_key(table.names[p]) == player_key(name):
            message = N_("%(name)s left the game: bring them back under “Someone comes back”.")
            raise fail(message, name=table.names[p], field="name")
    handed = {player_key(e["to"]) for e in table.events if e["kind"] == "seat"} if table else set()
    if player_key(name) in handed:
        raise fail(N_("Two players are named %(name)s: names must differ."), name=name, field="name")


def _returning(stored: store.Stored, p: int) -> int:
    """A player who left, to bring back; Invalid, saying so, for anyone else (the rules would take a comeback of
    someone who never left for a latecomer, and refuse the rounds they played)."""
    result = store.derived(stored)
    if result.lineup is None or p not in result.lineup.gone:
        names = result.holders(stored.game.players)
        name = names[p] if 0 <= p < len(names) else str(p)
        raise fail(N_("%(name)s has not left the game: only a player who left comes back."), name=name, field="player")
    return p


def _points(stored: store.Stored) -> list[int]:
    """An adjustment's points by side: typed per side, or (Everest & Abyss) tokens moved from one player to another."""
    form, sides = request.form, len(store.derived(stored).sides)
    if "tokens" in form:
        giver, taker, tokens = (_int(form.get(k), k) for k in ("from", "to_player", "tokens"))
        points = [0] * sides
        if not (0 <= giver < sides and 0 <= taker < sides) or giver == taker:
            raise fail(N_("Tokens move from one player to another."), field="adjust")
        points[giver], points[taker] = -tokens, tokens
        return points
    return [_int(form.get(f"points.{side}") or "0", "adjust") for side in range(sides)]


# -- correcting a change -----------------------------------------------------------------------------------
CORRECTED = {"join": "join", "sit_out": "sit_out", "leave": "leave", "seat": "seat", "adjust": "adjust"}


def correctable(stored: store.Stored, index: int) -> str | None:
    """The kind of form change `index` is corrected with (None: a comeback or a stop, only taken back)."""
    change = stored.game.changes[index]
    event = store.derived(stored).lineup.events[index]
    kind = next((k for k in CORRECTED if k in change), None)
    return None if kind == "join" and event["back"] else kind


@bp.get("/<game_id>/lineup/<int:index>")
def show_change(game_id: str, index: int):
    """The correction form of one change (its number in the list, from 1), as the table stood before it."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    if not 1 <= index <= len(stored.game.changes) or correctable(stored, index - 1) is None:
        abort(404)
    return _render_change(stored, index)


def _render_change(stored: store.Stored, index: int, status: int = 200, errors=()):
    """A change's correction page, with what a refused correction was refused for (its form as it was typed)."""
    rules_, was = rules.get(stored.game.rules), stored.game.changes[index - 1]
    kind = correctable(stored, index - 1)
    change = _typed(stored, kind, was) if errors and kind else was
    state = lineup.stood(rules_, rules.checked(stored.game), index - 1)
    table, whole = state.lineup, lineup.named_now(stored.game, state)
    event = store.derived(stored).lineup.events[index - 1]
    start = event.get("start") if change.get("start") is None else change["start"]  # the start typed, if refused
    return page.full(
        "lineup_change.html",
        status,
        stored=stored,
        index=index,
        change=change,
        kind=kind,
        said=table_changes.sentence(event, current()),
        names=table.names,
        seated=[p for p in table.seating if p != change.get("join")],
        still=table.still(),
        playing=[p for p in table.members() if rules_.can_deal(whole, state, p)],
        chosen=change.get("sit_out", []),
        start=start if rules_.start_range is not None else None,
        sides=rules_.sides(table.names, stored.game.options),
        transfer=rules_.start_range is None,
        errors=list(errors),
        was=json.dumps(was, separators=(",", ":")),
    )


def _typed(stored: store.Stored, kind: str, was: dict) -> dict:
    """The change as a refused correction posted it, to draw its form again as typed (nothing typed is lost)."""
    typed = _kept(stored, kind)
    if kind == "join":
        return {**was, "after": typed["after"], "start": typed["start"]}
    if kind == "sit_out":
        return {**was, "sit_out": typed["sit_out"]}
    if kind in ("leave", "seat"):
        return {**was, kind: typed["player"], **({"to": typed["to"]} if kind == "seat" else {})}
    return {**was, "adjust": typed["points"], "reason": typed["reason"]}


@bp.post("/<game_id>/lineup/<int:index>")
def correct_change(game_id: str, index: int):
    """Replace one change by its correction; every total, end and standing follows (refused: the reason, 422)."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    was = _was(N_("The correction form is damaged; reload the page."))
    if not 1 <= index <= len(stored.game.changes) or stored.game.changes[index - 1] != was:
        message = N_("That change was corrected or taken back on another phone meanwhile: nothing was changed.")
        return _render(stored, 409, [problem(message)])
    kind = correctable(stored, index - 1)
    if kind is None:
        abort(404)
    try:
        fixed = _corrected(stored, index - 1, kind)
        seating.replace_change(get_db(), game_id, index - 1, was, fixed)
    except Invalid as exc:
        return _render_change(stored, index, 422, exc.problems)
    except store.Conflict as exc:
        return _render(store.load(get_db(), game_id) or abort(404), 409, [exc.message])
    return redirect(url_for("games.show", game_id=game_id) + "#scoreboard", 303)


def _corrected(stored: store.Stored, index: int, kind: str) -> dict:
    """The change as its correction form posted it: the same kind, before the same round; a newcomer's start or
    seat left as it was keeps following the rules' default."""
    change, form = stored.game.changes[index], request.form
    if kind != "join":
        made, _name = _read(stored, kind)
        return {"before": change["before"], **made}
    made = {"before": change["before"], "join": change["join"]}
    rules_ = rules.get(stored.game.rules)
    seated = [p for p in lineup.stood(rules_, rules.checked(stored.game), index).lineup.seating if p != change["join"]]
    event = store.derived(stored).lineup.events[index]
    for key, default in (("after", seated[-1] if seated else None), ("start", event["start"])):
        if (form.get(key) or "").strip():
            value = _int(form.get(key), key)
            if key in change or value != default:
                made[key] = value
    return made
