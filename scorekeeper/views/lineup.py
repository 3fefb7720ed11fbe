"""The table's changes on a game's page (RULES.md section 8): who joins, sits out, leaves, hands a seat over,
adjustments and stopping early; said on the board where they happened."""

from __future__ import annotations

from .. import table_changes
from ..i18n import current
from ..rules import Result
from .games import bp


@bp.app_template_global()
def changes_said(result: Result) -> dict[int, list[str]]:
    """The table's changes as sentences in the page's language, by the round they come before."""
    return table_changes.said(result, current())


@bp.app_template_global()
def sat_out(result: Result, played, side: int) -> bool:
    """Whether a side had no part in a round: not yet come, sitting it out, or gone (its cell shows "—")."""
    return played.players is not None and side not in played.players and len(result.sides) == len(played.totals)
