"""The Inferno round form: for each player the red cards collected, counted by value 1..5, and the
number of other cards; or "collected nothing" in one tap.

A blank red count is 0, but a blank number of other cards is missing: every player must be accounted
for, since a forgotten player would score 0, the best score there is. Ranges and the deck's limits
are the rules' business (RULES.md section 5); here only the taps are read.
"""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ...forms import MAX_DIGITS, NUMBER, FormContext, needs, parse_int
from ...rules import N_, Problem, problem
from .rules import FACES

NOT_A_COUNT = N_("The count of red %(face)d cards must be a whole number, not %(value)s.")
NOT_A_NUMBER = N_("The number of other cards must be a whole number, not %(value)s.")


def _count(form: MultiDict, name: str, message: str, seat: int, field: str, **params):
    """A whole number from one box (None when blank) and a list holding a problem if it is not one."""
    raw = (form.get(name) or "").strip()
    if raw == "":
        return None, []
    if NUMBER.fullmatch(raw) and len(raw.lstrip("+-")) > MAX_DIGITS:
        what = N_("The count of red cards") if field == "red" else N_("The number of other cards")
        return parse_int(raw, what, seat, field)  # says the number is too long, before int() reads it
    if not NUMBER.fullmatch(raw):
        return None, [problem(message, value=raw[:20], seat=seat, field=field, **params)]
    return int(raw), []


def read_red(form: MultiDict, seat: int) -> tuple[list[int], list[Problem]]:
    """The red cards of one player, as counts for the values 1 to 5 (blank is 0)."""
    counts, problems = [], []
    for face in FACES:
        value, found = _count(form, f"red.{seat}.{face}", NOT_A_COUNT, seat, "red", face=face)
        counts.append(value or 0)
        problems += found
    return counts, problems


def read_seat(form: MultiDict, seat: int) -> tuple[list[int], int | None, list[Problem]]:
    """One player's red counts and other cards; "collected nothing" means zeros."""
    red, problems = read_red(form, seat)
    other, found = _count(form, f"other.{seat}", NOT_A_NUMBER, seat, "other")
    problems += found
    if form.get(f"nothing.{seat}"):
        if any(red) or other:
            problems.append(
                problem(
                    N_("“Collected nothing” is ticked, but cards were entered: untick it or clear the cards."),
                    seat=seat,
                    field="nothing",
                )
            )
        return [0] * len(FACES), 0, problems
    if other is None and not found:
        problems.append(
            problem(
                N_("The number of other cards is missing: enter it (0 if none), or tap “Collected nothing”."),
                seat=seat,
                field="other",
            )
        )
    return red, other, problems


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The whole round at once (step "round", or "all" when correcting it)."""
    n = len(ctx.game.players)
    red: list[list[int] | None] = [None] * n
    other: list[int | None] = [None] * n
    problems: list[Problem] = []
    # problems come in the order the form lists the players: from the round's starter
    order = ctx.upcoming.order if step == "round" and ctx.upcoming else range(n)
    for seat in order:
        red[seat], other[seat], found = read_seat(form, seat)
        problems += found
    needs(problems)
    return {"red": red, "other": other}


def fields(rnd: dict) -> dict[str, str]:
    """The boxes that show a stored round on the form again: what read() reads back."""
    shown = {}
    for seat, (red, other) in enumerate(zip(rnd.get("red", []), rnd.get("other", []), strict=False)):
        if red is None or other is None:
            continue  # not in that round (RULES.md section 8): nothing to show
        shown.update({f"red.{seat}.{face}": str(n) for face, n in zip(FACES, red, strict=False)})
        shown[f"other.{seat}"] = str(other)
        if not any(red) and not other:
            shown[f"nothing.{seat}"] = "1"
    return shown
