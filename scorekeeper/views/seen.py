"""The round form of a round only some players play (RULES.md section 8): their view of the game, the form
drawn and read for them alone, and what it posted put back by player (null for the others)."""

from __future__ import annotations

import dataclasses

from flask import request

from .. import rules, store
from ..db import Database
from ..rules import N_, Game, Invalid, Problem, Result, RoundResult, lineup, problem, seats
from . import screen


def form_view(stored: store.Stored, result: Result, v: dict) -> tuple[dict | None, object]:
    """The round form's view dict and round when only some players play the next round (RULES.md section 8):
    theirs alone, indexed as they sit (a form then posts their entries only); else (None, None)."""
    rules_ = rules.get(stored.game.rules)
    seen = lineup.seen_upcoming(rules_, stored.game, result)
    if seen is None:
        return None, None
    seen_game, up, members = seen
    draft = v["draft"]
    if draft:
        draft = lineup.narrowed(rules_, stored.game, draft, members, up.number)
    names = seen_game.players
    return {**v, "players": names, "sides": names, "draft": draft, "errors": screen.Errors(v["errors"], names)}, up


def form_context(stored: store.Stored, number: int, ctx):
    """The form reader's context for the next round's players alone, and who they are (None: everyone). A form
    drawn for other players than the round's now (its `seated` field) is refused: read by place, its entries
    would go to other players."""
    if number != len(stored.game.rounds) + 1:
        return ctx, None
    rules_ = rules.get(stored.game.rules)
    result = store.derived(stored)
    _same_table(stored, result, number, request.form.get("seated"))
    seen = lineup.seen_upcoming(rules_, stored.game, result)
    if seen is None:
        return ctx, None
    seen_game, up, members = seen
    draft = ctx.draft
    if draft and isinstance(draft.get("data"), dict):
        draft = {**draft, "data": lineup.narrowed(rules_, stored.game, draft["data"], members, number)}
    return dataclasses.replace(ctx, game=seen_game, upcoming=up, draft=draft, entry=up.entry), members


def _same_table(stored: store.Stored, result: Result, number: int, drawn: str | None) -> None:
    """Conflict when the next round's players, by player as they sit, are not those a form was drawn for (a form
    that does not say is read as before)."""
    up = result.upcoming
    if drawn is None or up is None:
        return
    now = up.players if up.players is not None else range(len(stored.game.players))
    if drawn != ",".join(str(p) for p in now):
        message = N_(
            "The players of round %(round)d changed on another phone meanwhile: nothing was saved. "
            "Here is its form as it stands now."
        )
        raise store.Conflict(problem(message, round=number))


def refill(stored: store.Stored, result: Result, rnd: dict) -> dict:
    """A round by player (one undone, to enter again) as the next round's form shows it: its players' entries
    alone, by their place (a player with none, a newcomer since, left empty)."""
    up, n = result.upcoming, len(stored.game.players)
    if up is None or up.players is None or up.players == list(range(n)):
        return rnd
    return seats.narrow(rnd, up.players, n, _named(stored))


def widened(stored: store.Stored, data: dict, members: list[int] | None) -> dict:
    """A round (or its first steps) read from the players of the round, by player: null for the others."""
    if members is None:
        return data
    return seats.widened(data, members, len(stored.game.players), _named(stored))


def _named(stored: store.Stored) -> tuple[str, ...]:
    """The fields of a round of this game that name a player (the dealer, a winner...)."""
    return ("dealer", *rules.get(stored.game.rules).seat_fields)


def past_round(stored: store.Stored, number: int) -> tuple[Game, RoundResult, list[int]] | None:
    """A recorded round some players had no part in (RULES.md section 8), as its players alone saw it: their
    game, the round indexed as they sat, and who they are; None when everyone played it."""
    result = store.derived(stored)
    played = result.rounds[number - 1]
    if played.players is None or played.players == list(range(len(stored.game.players))):
        return None
    seen_game, seen = seats.seen_round(rules.get(stored.game.rules), stored.game, played, result.lineup.names)
    return seen_game, seen, list(played.players)


def correction_context(stored: store.Stored, number: int, ctx):
    """The form reader's context for correcting round `number` by its players alone, and who they are (None:
    everyone). The round it stands for is the stored one: a page showing another is refused by the store."""
    past = past_round(stored, number)
    if past is None:
        return ctx, None
    seen_game, _seen, members = past
    recorded = stored.game.rounds[number - 1]
    original = lineup.narrowed(rules.get(stored.game.rules), stored.game, recorded, members, number)
    return dataclasses.replace(ctx, game=seen_game, original=original), members


def corrected(db: Database, stored: store.Stored, number: int, was: dict, data: dict, members: list[int] | None):
    """Store round `number` as its correction form read it (by its players alone when `members`); a refusal
    names each player by their place in that form."""
    try:
        store.replace_round(db, stored.id, number, was, widened(stored, data, members))
    except Invalid as exc:
        raise Invalid(at_their_places(exc.problems, members, len(stored.game.players))) from None


def correction_page(stored: store.Stored, number: int, v: dict) -> dict:
    """What the correction page of round `number` draws: the game, the round as recorded and the view, seen by
    the round's players alone when only some played it (the others' names kept for problems of later rounds)."""
    played = store.derived(stored).rounds[number - 1]
    past = past_round(stored, number)
    if past is None:
        return {"game": stored.game, "round": played.round, "played": played, "v": v}
    seen_game, seen, members = past
    names = store.derived(stored).lineup.names
    errors = screen.Errors(v["errors"], [names[p] for p in form_order(members, len(names))])
    seen_v = {**v, "players": seen_game.players, "sides": seen_game.players, "errors": errors}
    return {"game": seen_game, "round": seen.round, "played": seen, "v": seen_v}


def form_order(members: list[int], n: int) -> list[int]:
    """The players as a past round's correction form names them: its players as they sat, then the others (a
    problem about a later round may name one of them)."""
    return members + [p for p in range(n) if p not in members]


def at_their_places(problems: list[Problem], members: list[int] | None, n: int) -> list[Problem]:
    """Problems the rules said of the whole game, naming each player by their place in form_order()."""
    if members is None:
        return problems
    order = form_order(members, n)
    return [dataclasses.replace(p, seat=order.index(p.seat)) if p.seat in order else p for p in problems]
