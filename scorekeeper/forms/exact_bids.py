"""The round form of the games of exact bids (rules/exact_bids.py): each player's bid, then the tricks taken,
within what the rules let the round's form offer (FormContext.entry), and the trump turned up where the
entry offers suits. A game of this shape takes its `read` and `fields` from here (read_round, round_fields)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ..rules import N_, Problem, problem
from . import FormContext, bids_then_tricks, by_seat, needs, seat_fields

NO_TRUMP = "none"  # the chip of a round with no trump (a Jester turned up, the last round)


def read_trump(form: MultiDict, ctx: FormContext) -> tuple[dict, list[Problem]]:
    """The trump suit tapped (or none), where the round's entry offers suits; nothing tapped is no trump."""
    suits = ctx.entry.get("trump")
    if not suits:
        return {}, []
    tapped = form.get("trump") or NO_TRUMP
    if tapped != NO_TRUMP and tapped not in suits:
        return {}, [problem(N_("%(what)s: choose one."), what=N_("Trump"), field="trump")]
    return {"trump": None if tapped == NO_TRUMP else tapped}, []


def read_bids(form: MultiDict, ctx: FormContext) -> dict:
    """Every player's bid, and the trump where there is one to tap."""
    bid = ctx.entry["bids"]
    bids, problems = by_seat(form, "bids", N_("The bid"), len(ctx.game.players), lo=bid.lo, hi=bid.hi)
    trump, found = read_trump(form, ctx)
    needs(problems + found)
    return {"bids": bids, **trump}


def read_tricks(form: MultiDict, ctx: FormContext) -> dict:
    """The tricks each player took."""
    took = ctx.entry["tricks"]
    tricks, problems = by_seat(form, "tricks", N_("Tricks taken"), len(ctx.game.players), lo=took.lo, hi=took.hi)
    needs(problems)
    return {"tricks": tricks}


def read_round(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The bids (and trump), then the tricks; both at once when a round is corrected."""
    return bids_then_tricks(form, step, ctx, read_bids, read_tricks)


def round_fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round (or its bids) on the form again: what read_round() reads back."""
    shown = seat_fields(rnd, "bids", "tricks")
    if "trump" in rnd:
        shown["trump"] = rnd["trump"] or NO_TRUMP
    return shown
