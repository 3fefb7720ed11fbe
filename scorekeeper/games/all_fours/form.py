"""The All Fours hand form: the turn-up, the beg, High, Low, Jack and Game each tapped to a side, reneges.

Field names:
- `turn_up.0` the card turned up for trump (a rank), `turn_up.1`, `turn_up.2`... the cards turned up
  each time the cards were run (blank when not run);
- `beg`: none, stand (the dealer gave a point) or run (the cards were run);
- `high`, `low`, `jack`: a side index, or none;
- `game`: a side index, `tie` (nobody scores it) or `points`; with `points`, `game_points.<side>` holds
  each side's card points (the side with strictly the most scores Game);
- `renege.<side>`: none, minor or major. One renege per side and hand is all the form offers (two by
  the same side in one hand are rare); a correction keeps a stored round's reneges while their chips
  are left as they were. Minor reneges are listed before a major one: the major renege ends the game.

Sides are the players, or with teams the two teams. Ranges (card points 0..80 and their sum, ranks the
deck holds, High with Low) are the rules' business, so a form and an import get the same messages.
"""

from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from ... import rules
from ...forms import FormContext, needs, whole
from ...rules import N_, Problem, problem
from .hand import SIDE_FIELDS

NONE = "none"
TIE = "tie"
POINTS = "points"  # the Game chip that leaves the winner to the card points
BEGS = {NONE: None, "stand": "stand", "run": "run"}
RENEGES = (NONE, "minor", "major")
ANY = -(10**9)  # parse only: the rules check the range and say it in the players' words


def read(form: MultiDict, step: str, ctx: FormContext) -> dict:
    """The whole hand (step "round", or "all" when correcting a past hand)."""
    n_sides = len(sides(ctx))
    problems: list[Problem] = []
    rnd: dict = {"turn_ups": turn_ups(form)}
    if not rnd["turn_ups"]:
        problems.append(problem(N_("Enter the card turned up for trump."), field="turn_ups"))
    rnd["beg"], found = beg(form)
    problems += found
    for name, what in SIDE_FIELDS.items():
        rnd[name], found = side_choice(form, name, what, n_sides, (NONE,))
        problems += found
    found = game(form, n_sides, rnd)
    rnd["reneges"], more = reneges(form, n_sides, ctx.original)
    needs(problems + found + more)
    if ctx.original and ctx.original.get("dealer") is not None:
        rnd["dealer"] = ctx.original["dealer"]  # a hand that named its dealer keeps it: the kick depends on it
    return rnd


def sides(ctx: FormContext) -> list[str]:
    """The sides of the game: the players, or the two teams."""
    game_ = ctx.game
    return rules.get(game_.rules).sides(game_.players, game_.options or {})


def turn_ups(form: MultiDict) -> list[str]:
    """The ranks tapped in the turn-up rows, in row order; blank rows (cards not run) are skipped."""
    rows = sorted(int(m.group(1)) for key in form if (m := re.fullmatch(r"turn_up\.(\d{1,2})", key)))
    ranks = [(form.get(f"turn_up.{k}") or "").strip() for k in rows]
    return [r for r in ranks if r]


def beg(form: MultiDict) -> tuple[str | None, list[Problem]]:
    """No beg, the dealer gave a point (stand), or the cards were run; untapped means no beg."""
    raw = form.get("beg") or NONE
    if raw in BEGS:
        return BEGS[raw], []
    return None, [problem(N_("The beg must be one of: no beg, one point given, cards run."), field="beg")]


def side_choice(form: MultiDict, name: str, what: str, n_sides: int, extra=()) -> tuple[int | str | None, list]:
    """The side tapped for `name` (an index), one of the `extra` chips, or a problem saying what to tap."""
    raw = (form.get(name) or "").strip()
    if raw == "":
        return None, [problem(N_("%(what)s: tap the side that won it, or none."), what=what, field=name)]
    if raw in extra:
        return (None if raw == NONE else raw), []
    if raw.isascii() and raw.isdigit() and len(raw) < 4 and int(raw) < n_sides:  # not "③": isdigit() takes it
        return int(raw), []
    return None, [
        problem(
            N_("%(what)s: there is no side %(value)s in this game; tap one of the sides shown."),
            what=what,
            value=raw[:20],
            field=name,
        )
    ]


def game(form: MultiDict, n_sides: int, rnd: dict) -> list[Problem]:
    """Game given to a side or tied, or the card points of every side; fill `rnd` and return the problems."""
    chosen = (form.get("game") or "").strip()
    typed = any((form.get(f"game_points.{s}") or "").strip() for s in range(n_sides))
    if chosen == POINTS or (chosen == "" and typed):
        points, problems = [], []
        for side in range(n_sides):
            value, found = whole(form, f"game_points.{side}", N_("Card points"), side, lo=ANY)
            points.append(value)
            problems += found
        rnd["game_points"] = points
        return problems
    if chosen == "":
        return [problem(N_("Game: tap the side that won it, Tie, or enter each side's card points."), field="game")]
    won, problems = side_choice(form, "game", N_("Game"), n_sides, (TIE,))
    rnd["game"] = None if won == TIE else won
    return problems


def reneges(form: MultiDict, n_sides: int, original: dict | None) -> tuple[list[dict], list[Problem]]:
    """The reneges tapped (none, minor or major for each side); minor ones first, then a major one."""
    chosen, problems = [], []
    for side in range(n_sides):
        raw = form.get(f"renege.{side}") or NONE
        if raw not in RENEGES:
            problems.append(
                problem(
                    N_("A renege is none, minor or major (got %(value)s)."), value=raw[:20], seat=side, field="reneges"
                )
            )
        chosen.append(raw)
    if problems:
        return [], problems
    kept = (original or {}).get("reneges")
    if isinstance(kept, list) and renege_chips(kept, n_sides) == chosen:
        return kept, []  # a correction that left the reneges alone keeps them all, in their order
    found = [{"side": s, "major": False} for s, r in enumerate(chosen) if r == "minor"]
    return found + [{"side": s, "major": True} for s, r in enumerate(chosen) if r == "major"], []


def renege_chips(stored: list, n_sides: int) -> list[str]:
    """The chip each side shows for a stored list of reneges: major wins over minor."""
    chips = [NONE] * n_sides
    for renege in stored:
        side = renege.get("side") if isinstance(renege, dict) else None
        if isinstance(side, int) and 0 <= side < n_sides:
            chips[side] = "major" if renege.get("major") or chips[side] == "major" else "minor"
    return chips


def fields(rnd: dict) -> dict[str, str]:
    """The taps that show a stored hand on the form again: what read() reads back."""
    shown = {f"turn_up.{k}": str(rank) for k, rank in enumerate(rnd.get("turn_ups", []))}
    shown["beg"] = rnd.get("beg") or NONE
    for name in SIDE_FIELDS:
        shown[name] = NONE if rnd.get(name) is None else str(rnd[name])
    if rnd.get("game_points") is not None:
        shown["game"] = POINTS
        shown.update({f"game_points.{s}": str(p) for s, p in enumerate(rnd["game_points"])})
    else:
        shown["game"] = TIE if rnd.get("game") is None else str(rnd["game"])
    for side, chip in enumerate(renege_chips(rnd.get("reneges", []), _sides_in(rnd))):
        shown[f"renege.{side}"] = chip
    return shown


def _sides_in(rnd: dict) -> int:
    """How many sides a stored hand speaks of (its reneges name sides up to this)."""
    named = [r.get("side", 0) for r in rnd.get("reneges", []) if isinstance(r, dict) and isinstance(r.get("side"), int)]
    return max(named, default=-1) + 1
