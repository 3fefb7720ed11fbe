"""The Tout ou rien round form: bids (0..6, open or secret) first, then the tricks taken."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ..rules import N_
from ..rules.tout_ou_rien import MAX_BID, MAX_HAND
from . import FormContext, bids_then_tricks, by_seat, choice_by_seat, needs


def read_bids(form: MultiDict, n: int) -> dict:
    """A bid and open/secret for every player."""
    bids, problems = by_seat(form, "bids", N_("The bid"), n, lo=0, hi=MAX_BID)
    shown, more = choice_by_seat(form, "open", N_("Open or secret"), n, ("open", "secret"))
    needs(problems + more)
    return {"bids": bids, "open": [v == "open" for v in shown]}


def read_tricks(form: MultiDict, n: int) -> dict:
    """The tricks each player took."""
    tricks, problems = by_seat(form, "tricks", N_("Tricks taken"), n, lo=0, hi=MAX_HAND)
    needs(problems)
    return {"tricks": tricks}


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The bids, then the tricks (both at once when correcting a round)."""
    return bids_then_tricks(form, step, ctx, read_bids, read_tricks)


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round (or its bids) on the form again: what read() reads back."""
    shown = {f"bids.{s}": str(b) for s, b in enumerate(rnd.get("bids", []))}
    shown.update({f"open.{s}": "open" if o else "secret" for s, o in enumerate(rnd.get("open", []))})
    shown.update({f"tricks.{s}": str(t) for s, t in enumerate(rnd.get("tricks", []))})
    return shown
