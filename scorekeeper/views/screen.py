"""What a game's template is given: one view dict built here, passed to each of the game's macros.

Game templates (templates/games/<rules id>.html) are imported without the page's context: every macro
takes this dict (`v`) and the round it draws, so what a macro reads is what it is passed. The numbers a
form offers come from the rules (`entry` of the round, see rules/entry.py), never from what was posted.
"""

from __future__ import annotations

from .. import rules, store


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
        "players": game.players,
        "sides": result.sides,
        "options": game.options,
        "result": result,
        "errors": list(errors),
        "warnings": list(warnings),
        "posted": posted,
        "step": step,
        "can_score": can_score,
        # the stored first steps (the bids) of the round being entered
        "draft": draft["data"] if draft and upcoming and draft.get("number") == upcoming.number else {},
        "board": board,  # the rules' data for the whole board: the bank, the target...
    }
