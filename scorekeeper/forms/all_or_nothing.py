"""The ALL or NOTHING round form: ALL or NOTHING for each player, then tricks and reneges."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ..rules import N_
from ..rules.all_or_nothing import BIDS, hand_size
from . import FormContext, bids_then_tricks, by_seat, choice_by_seat, needs


def read_bids(form: MultiDict, n: int) -> dict:
    """ALL or NOTHING for every player."""
    bids, problems = choice_by_seat(form, "bids", N_("The bid"), n, BIDS)
    needs(problems)
    return {"bids": bids}


def read_tricks(form: MultiDict, n: int) -> dict:
    """The tricks each player took and the reneges found against them."""
    tricks, problems = by_seat(form, "tricks", N_("Tricks taken"), n, lo=0, hi=hand_size(n))
    reneges, more = by_seat(form, "reneges", N_("Reneges"), n, default=0, lo=0, hi=hand_size(n))
    needs(problems + more)
    return {"tricks": tricks, "reneges": reneges}


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The bids, then the tricks and reneges (both at once when correcting a round)."""
    return bids_then_tricks(form, step, ctx, read_bids, read_tricks)


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round (or its bids) on the form again: what read() reads back."""
    shown = {}
    for name in ("bids", "tricks", "reneges"):
        shown.update({f"{name}.{s}": str(v) for s, v in enumerate(rnd.get(name, []))})
    return shown
