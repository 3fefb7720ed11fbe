"""The round form of a round only some players play (RULES.md section 8): their view of the game, the form
drawn and read for them alone, and what it posted put back by player (null for the others)."""

from __future__ import annotations

import dataclasses

from .. import rules, store
from ..rules import Result, lineup, seats
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
    """The form reader's context for the next round's players alone, and who they are (None: everyone)."""
    rules_ = rules.get(stored.game.rules)
    result = store.derived(stored)
    seen = lineup.seen_upcoming(rules_, stored.game, result) if number == len(stored.game.rounds) + 1 else None
    if seen is None:
        return ctx, None
    seen_game, up, members = seen
    draft = ctx.draft
    if draft and isinstance(draft.get("data"), dict):
        draft = {**draft, "data": lineup.narrowed(rules_, stored.game, draft["data"], members, number)}
    return dataclasses.replace(ctx, game=seen_game, upcoming=up, draft=draft, entry=up.entry), members


def widened(stored: store.Stored, data: dict, members: list[int] | None) -> dict:
    """A round (or its first steps) read from the players of the round, by player: null for the others."""
    if members is None:
        return data
    rules_ = rules.get(stored.game.rules)
    return seats.widened(data, members, len(stored.game.players), ("dealer", *rules_.seat_fields))
