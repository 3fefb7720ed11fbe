"""The ALL or NOTHING round form: ALL or NOTHING for each player, then tricks and reneges, within what the
rules let the round's form offer (FormContext.entry)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ...forms import FormContext, bids_then_tricks, by_seat, choice_by_seat, needs, seat_fields
from ...rules import N_


def read_bids(form: MultiDict, ctx: FormContext) -> dict:
    """ALL or NOTHING for every player."""
    bids, problems = choice_by_seat(form, "bids", N_("The bid"), len(ctx.game.players), ctx.entry["bids"])
    needs(problems)
    return {"bids": bids}


def read_tricks(form: MultiDict, ctx: FormContext) -> dict:
    """The tricks each player took and the reneges found against them."""
    n, took, reneged = len(ctx.game.players), ctx.entry["tricks"], ctx.entry["reneges"]
    tricks, problems = by_seat(form, "tricks", N_("Tricks taken"), n, lo=took.lo, hi=took.hi)
    reneges, more = by_seat(form, "reneges", N_("Reneges"), n, default=0, lo=reneged.lo, hi=reneged.hi)
    needs(problems + more)
    return {"tricks": tricks, "reneges": reneges}


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The bids, then the tricks and reneges (both at once when correcting a round)."""
    return bids_then_tricks(form, step, ctx, read_bids, read_tricks)


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round (or its bids) on the form again: what read() reads back."""
    return seat_fields(rnd, "bids", "tricks", "reneges")
