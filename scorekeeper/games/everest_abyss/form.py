"""The Everest & Abyss round form: the cote, each active player's stake and fold, then the winner
tapped or computed from the two digits of each player still in.

Field names: `cote`; `staked.<seat>` (a number), `folded.<seat>` (a checkbox), `hands.<seat>.0` and
`hands.<seat>.1` (a digit, or empty when not shown); `winner` (a seat, or "cards" to compute it).
Eliminated players are not on the form: they get 0, true and null. Ranges (a stake up to what the
player holds, digits 1..9, a winner who did not fold) are the rules' to check, so the messages match
the ones an import gets.
"""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ...forms import FormContext, needs, whole
from ...rules import N_, Invalid, Problem, problem
from .rules import COTES

COMPUTE = "cards"  # the winner chip that leaves the winner to the digits
ANY = -(10**9)  # parse only: the rules check the range and say it in the players' words


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The whole round (step "round", or "all" when correcting a past round)."""
    n = len(ctx.game.players)
    active = _active(ctx, n)
    cote, problems = _cote(form)
    staked: list[int | None] = [0] * n
    folded = [True] * n
    hands: list[list[int] | None] = [None] * n
    for seat in active:
        staked[seat], found = whole(form, f"staked.{seat}", N_("The stake"), seat, lo=ANY)
        folded[seat] = bool(form.get(f"folded.{seat}"))
        hands[seat], more = _hand(form, seat)
        problems += found + more
    winner, found = _winner(form)
    needs(problems + found)
    rnd: dict = {"cote": cote, "staked": staked, "folded": folded, "hands": hands}
    if winner is not None:
        rnd["winner"] = winner
    reference = _reference(ctx)
    if reference and reference.get("dealer") is not None:
        rnd["dealer"] = reference["dealer"]  # a round that named its dealer keeps it: Big Boss depends on it
    return rnd


def _reference(ctx: FormContext) -> dict | None:
    """The stored round this post stands for: the one corrected, or the one a double tap sends again."""
    if ctx.original is not None:
        return ctx.original
    if ctx.draft and ctx.draft.get("step") == "stored":
        return ctx.draft["data"]
    return None


def _active(ctx: FormContext, n: int) -> list[int]:
    """The seats still in the game for this round: everyone but those already out."""
    reference = _reference(ctx)
    if isinstance(reference, dict) and isinstance(reference.get("staked"), list) and len(reference["staked"]) == n:
        # a stored round was checked: the players who were out staked 0, everyone else at least 1
        return [s for s in range(n) if reference["staked"][s] != 0]
    if ctx.upcoming is None:
        raise Invalid(
            [
                problem(
                    N_("The game is over: no round %(round)d can be entered."),
                    round=len(ctx.game.rounds) + 1,
                    field="rounds",
                )
            ]
        )
    out = ctx.upcoming.extra.get("out", [])
    return [s for s in range(n) if s not in out]


def _cote(form: MultiDict) -> tuple[str | None, list[Problem]]:
    """EVEREST or ABYSS."""
    cote = form.get("cote")
    if cote in COTES:
        return cote, []
    return None, [problem(N_("Choose the call: EVEREST (highest wins) or ABYSS (lowest wins)."), field="cote")]


def _hand(form: MultiDict, seat: int) -> tuple[list[int] | None, list[Problem]]:
    """The two digits a player showed, or None when they were not entered."""
    raw = [(form.get(f"hands.{seat}.{k}") or "").strip() for k in (0, 1)]
    if raw == ["", ""]:
        return None, []
    if "" in raw:
        return None, [problem(N_("Enter both digits of the hand, or neither."), seat=seat, field="hands")]
    digits: list[int] = []
    problems: list[Problem] = []
    for k in (0, 1):
        value, found = whole(form, f"hands.{seat}.{k}", N_("A digit"), seat, lo=ANY)
        problems += found
        if value is not None:
            digits.append(value)
    return (None if problems else digits), problems


def _winner(form: MultiDict) -> tuple[int | None, list[Problem]]:
    """The seat tapped as winner, or None to compute it from the digits."""
    raw = (form.get("winner") or "").strip()
    if raw in ("", COMPUTE):
        return None, []
    return whole(form, "winner", N_("The winner"), lo=ANY)


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored round on the form again: what read() reads back. The winner chip is
    "compute from the cards" when every player still in showed their digits, as the correction form has it."""
    shown = {"cote": str(rnd.get("cote") or "")}
    staked, folded, hands = rnd.get("staked", []), rnd.get("folded", []), rnd.get("hands", [])
    for seat, stake in enumerate(staked):
        if stake == 0:
            continue  # out of the game: not on the form
        shown[f"staked.{seat}"] = str(stake)
        if seat < len(folded) and folded[seat]:
            shown[f"folded.{seat}"] = "1"
        for k, digit in enumerate((hands[seat] if seat < len(hands) else None) or []):
            shown[f"hands.{seat}.{k}"] = str(digit)
    still_in = [s for s, stake in enumerate(staked) if stake and not (s < len(folded) and folded[s])]
    if still_in and all(s < len(hands) and hands[s] for s in still_in):
        shown["winner"] = COMPUTE
    elif rnd.get("winner") is not None:
        shown["winner"] = str(rnd["winner"])
    return shown
