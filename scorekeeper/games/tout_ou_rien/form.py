"""The Tout ou rien round form, as the table plays it: before the hand, who bids openly (with the open
bids) and who in secret; after the hand, the secret bids turned face up and the tricks taken. The bids
and tricks a form takes are the rules' (FormContext.entry)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ...forms import FormContext, by_seat, choice_by_seat, drafted, needs, seat_fields, whole
from ...rules import N_


def read_opens(form: MultiDict, n: int) -> tuple[list[bool], list]:
    """Open or secret for every player, with the problems found."""
    shown, problems = choice_by_seat(form, "open", N_("Open or secret"), n, ("open", "secret"))
    return [v == "open" for v in shown], problems


def read_bids(form: MultiDict, ctx: FormContext) -> dict:
    """Step 1: who bids openly and their bids, who in secret. A bid tapped for a secret player is not
    taken (its card is face down: the bid comes with the tricks)."""
    n, bid = len(ctx.game.players), ctx.entry["bids"]
    opens, problems = read_opens(form, n)
    bids: list[int | None] = [None] * n
    for seat in range(n):
        if opens[seat]:
            bids[seat], found = whole(form, f"bids.{seat}", N_("The bid"), seat, lo=bid.lo, hi=bid.hi)
            problems += found
    needs(problems)
    return {"bids": bids, "open": opens}


def read_tricks(form: MultiDict, ctx: FormContext) -> tuple[list, list]:
    """The tricks each player took, with the problems found."""
    took = ctx.entry["tricks"]
    return by_seat(form, "tricks", N_("Tricks taken"), len(ctx.game.players), lo=took.lo, hi=took.hi)


def read_after_the_hand(form: MultiDict, ctx: FormContext) -> dict:
    """Step 2: the stored open bids, the secret bids turned up now and the tricks, every problem at once.
    A round already saved (sent again by a page that did not know) keeps its own bids where none is posted,
    so the store can tell a copy from another round."""
    before, bid = drafted(ctx), ctx.entry["bids"]
    saved = ctx.draft is not None and ctx.draft.get("step") == "stored"
    bids, problems = list(before["bids"]), []
    for seat, open_ in enumerate(before["open"]):
        if not open_:
            default = before["bids"][seat] if saved else None
            bids[seat], found = whole(
                form, f"bids.{seat}", N_("The secret bid"), seat, default=default, lo=bid.lo, hi=bid.hi
            )
            problems += found
    tricks, found = read_tricks(form, ctx)
    needs(problems + found)
    return {**before, "bids": bids, "tricks": tricks}


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """Step 1 (bids), step 2 (tricks), or every field at once when a round is corrected ("all")."""
    if step == "bids":
        return read_bids(form, ctx)
    if step == "all":
        bid = ctx.entry["bids"]
        bids, problems = by_seat(form, "bids", N_("The bid"), len(ctx.game.players), lo=bid.lo, hi=bid.hi)
        opens, more = read_opens(form, len(ctx.game.players))
        tricks, found = read_tricks(form, ctx)
        needs(problems + more + found)
        return {"bids": bids, "open": opens, "tricks": tricks, **kept_trump(ctx.original)}
    return read_after_the_hand(form, ctx)


def kept_trump(original: dict | None) -> dict:
    """The trump of the round being corrected, which a game file may name and the form never shows."""
    # the store refuses a correction whose `was` is not the stored round, so this is the stored trump
    if original and original.get("trump") is not None:
        return {"trump": original["trump"]}
    return {}


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round (or its bids) on the form again: what read() reads back (a secret bid
    not turned up yet is left out)."""
    shown = seat_fields(rnd, "bids", "tricks")
    shown.update({f"open.{s}": "open" if o else "secret" for s, o in enumerate(rnd.get("open", []))})
    return shown
