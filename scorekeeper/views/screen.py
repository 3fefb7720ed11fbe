"""What a game's template is given: one view dict built here, passed to each of the game's macros.

Game templates (games/<rules id>.html: each game folder's board.html) are imported without the page's
context: every macro takes this dict (`v`) and the round it draws, so what a macro reads is what it is
passed. The numbers a form offers come from the rules (`entry` of the round, see rules/fields.py), never
from what was posted.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import rules, store, table_changes
from ..i18n import current
from ..rules import Problem, Result


class Errors(list):
    """The problems of a refused form, each drawn once: beside its field where the game's template has a
    place for it (`place`), the rest together above the save button (`rest`). The first drawn is where the
    page goes and the focus lands. `names` are the sides the problems' seats stand for."""

    def __init__(self, problems: Iterable[Problem] = (), names: Iterable[str] = ()) -> None:
        super().__init__(problems)
        self.names = list(names)
        self.placed: list[Problem] = []

    def place(self, p: Problem) -> bool:
        """Note `p` as drawn; whether it is the first problem drawn on the page."""
        first = not self.placed
        self.placed.append(p)
        return first

    def drawn(self, p: Problem) -> bool:
        """Whether `p` is drawn already (by identity: two equal problems are two messages)."""
        return any(p is q for q in self.placed)

    def rest(self) -> list[Problem]:
        """The problems no field has drawn yet."""
        return [p for p in self if not self.drawn(p)]


def view(
    stored: store.Stored,
    result: rules.Result,
    *,
    errors=(),
    warnings=(),
    posted=None,
    step: str | None = None,
    can_score: bool = False,
) -> dict:
    """The view dict of a game page or a correction page."""
    game = stored.game
    draft = stored.draft
    upcoming = result.upcoming
    if upcoming is not None:
        board = upcoming.entry
    else:
        board = result.rounds[-1].entry if result.rounds else {}
    return {
        "game_id": stored.id,
        "players": result.holders(game.players),
        "sides": result.sides,
        "options": game.options,
        "result": result,
        "errors": Errors(errors, result.sides),
        "warnings": list(warnings),
        "posted": posted,
        "step": step,
        "can_score": can_score,
        # the stored first steps (the bids) of the round being entered
        "draft": (draft.get("data") or {}) if draft and upcoming and draft.get("number") == upcoming.number else {},
        "board": board,  # the rules' data for the whole board: the bank, the target...
        "sat_out": sat_out,  # for the board's rows (macros.html's board_row)
    }


def changes_said(result: Result) -> dict[int, list[str]]:
    """The table's changes as sentences in the page's language, by the round they come before (the board's)."""
    return table_changes.said(result, current())


def sat_out(result: Result, played, side: int) -> bool:
    """Whether a side had no part in a round: not yet come, sitting it out, or gone (its cell shows "—")."""
    return played.players is not None and side not in played.players and len(result.sides) == len(played.totals)
