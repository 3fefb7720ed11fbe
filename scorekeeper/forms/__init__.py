"""Round entry forms: each game's module reads what the tapped form posted into a round of FORMAT.md.

A game's form module (named in scorekeeper/registry.py) has a `read(form, step, ctx)` function (ctx:
the FormContext below); its template holds the macros that draw the form and the scoreboard cells.
Adding a game needs no change here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import ModuleType

from werkzeug.datastructures import MultiDict

from .. import registry
from ..rules import N_, Game, Invalid, Problem, Result, Upcoming, problem

MAX_DIGITS = 6  # no count at the table has more; checked before int() so 5,000 digits cost nothing
NUMBER = re.compile(r"[+-]?[0-9]+")  # ASCII only: int() would also take "١٢", "1_000" or "  7 "


@dataclass
class FormContext:
    """What a form needs to make sense of the taps: the game, the round coming up and its draft."""

    game: Game
    upcoming: Upcoming | None
    draft: dict | None  # the earlier steps of this round, as stored
    original: dict | None = None  # the round being corrected, if any
    number: int | None = None  # the round the form was posted for
    entry: dict = field(default_factory=dict)  # what the rules let that round's form offer (Rules.entry)


def context(
    game: Game, result: Result, draft: dict | None, original: dict | None, number: int | None, of: int | None = None
) -> FormContext:
    """The context of a form posted for round `number` (or correcting round `of`) of a game the rules played
    (`result`): its entry is that round's own when it is stored (a correction, a round sent twice), else the
    next round's; after the end, the last round's (the rules then refuse the round)."""
    at = of or number
    if at is not None and 1 <= at <= len(result.rounds):
        entry = result.rounds[at - 1].entry
    elif result.upcoming:
        entry = result.upcoming.entry
    else:
        entry = result.rounds[-1].entry if result.rounds else {}
    return FormContext(game, result.upcoming, draft, original, number, entry)


def module_for(rules_id: str) -> ModuleType:
    """The form module of a game."""
    return registry.get(rules_id).form()


def template_for(rules_id: str) -> str:
    """The template holding a game's form and cell macros."""
    return registry.get(rules_id).template


def read(rules_id: str, form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The round (or draft) that a game's form posted; Invalid says what is wrong and where."""
    return module_for(rules_id).read(form, step, ctx)


def whole(
    form: MultiDict,
    name: str,
    what: str,
    seat: int | None = None,
    *,
    default: int | None = None,
    lo: int = 0,
    hi: int | None = None,
) -> tuple[int | None, list[Problem]]:
    """A whole number from the form, with a problem naming the field and player if it is not one."""
    raw = (form.get(name) or "").strip()
    if raw == "":
        if default is not None:
            return default, []
        return None, [problem(N_("%(what)s is missing."), what=what, seat=seat, field=name.split(".")[0])]
    value, found = parse_int(raw, what, seat, name.split(".")[0])
    if value is None:
        return None, found
    if value < lo or (hi is not None and value > hi):
        return None, [
            problem(
                N_("%(what)s must be between %(lo)d and %(hi)d (got %(value)d)."),
                what=what,
                lo=lo,
                hi=hi if hi is not None else 999,
                value=value,
                seat=seat,
                field=name.split(".")[0],
            )
        ]
    return value, []


def parse_int(raw: str, what: str, seat: int | None, field: str) -> tuple[int | None, list[Problem]]:
    """A whole number typed in a box, or the problem with it: not a number, or too long to be a count."""
    if not NUMBER.fullmatch(raw):
        return None, [
            problem(
                N_("%(what)s must be a whole number, not %(value)s."), what=what, value=raw[:20], seat=seat, field=field
            )
        ]
    if len(raw.lstrip("+-")) > MAX_DIGITS:
        return None, [
            problem(
                N_("%(what)s: %(digits)d digits is too long a number."),
                what=what,
                digits=len(raw.lstrip("+-")),
                seat=seat,
                field=field,
            )
        ]
    return int(raw), []


def by_seat(form: MultiDict, field: str, what: str, n: int, **limits) -> tuple[list, list[Problem]]:
    """Whole numbers `field.0` .. `field.n-1`, one per seat, with the problems found."""
    values, problems = [], []
    for seat in range(n):
        value, found = whole(form, f"{field}.{seat}", what, seat, **limits)
        values.append(value)
        problems += found
    return values, problems


def choice_by_seat(form: MultiDict, field: str, what: str, n: int, choices) -> tuple[list, list[Problem]]:
    """One of `choices` per seat from `field.<seat>`, with a problem for each missing or unknown one."""
    values, problems = [], []
    for seat in range(n):
        value = form.get(f"{field}.{seat}")
        if value not in choices:
            problems.append(problem(N_("%(what)s: choose one."), what=what, seat=seat, field=field))
        values.append(value)
    return values, problems


def needs(problems: list[Problem]) -> None:
    """Stop with the problems found while reading the form."""
    if problems:
        raise Invalid(problems)


def bids_then_tricks(form: MultiDict, step: str, ctx: FormContext, read_bids, read_tricks) -> dict:
    """Two-step rounds: the bids alone on step "bids"; the stored bids and the tricks on "tricks";
    both from the form on "all" (a correction). Each reader takes the form and the context."""
    if step == "bids":
        return read_bids(form, ctx)
    bids = read_bids(form, ctx) if step == "all" else drafted(ctx)
    return {**bids, **read_tricks(form, ctx)}


def seat_fields(rnd: dict, *names: str) -> dict[str, str]:
    """The form fields `name.<seat>` that show a stored round's values by seat (a value not given yet is left out)."""
    return {f"{name}.{s}": str(v) for name in names for s, v in enumerate(rnd.get(name) or []) if v is not None}


def fields(rules_id: str, rnd: dict) -> MultiDict:
    """The form fields that show a stored round (an undone one, say) on the form again, as if tapped."""
    return MultiDict(module_for(rules_id).fields(rnd))


def drafted(ctx: FormContext) -> dict:
    """The stored first step (the bids) of the round the form was posted for, or the round itself when
    it was already saved (sent twice); refused when the bids of that round are not in."""
    if ctx.draft and ctx.draft.get("step") in ("bids", "stored") and ctx.draft.get("number") == ctx.number:
        return ctx.draft["data"]
    raise Invalid([problem(N_("The bids of this round are not recorded yet: enter them first."), field="bids")])
