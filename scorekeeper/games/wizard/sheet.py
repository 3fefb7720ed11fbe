"""Wizard on paper: round r deals r cards, and for each player bid | tricks | score."""

from __future__ import annotations

from ...i18n import ngettext
from ...rules import N_
from ...sheets.exact_bids import ExactBidsSheet


class WizardSheet(ExactBidsSheet):
    """As many rounds as set at the start (the pack divided among the players unless fewer were chosen)."""

    rules_text = (
        N_("Exactly the bid: 20 points plus 10 per trick taken."),
        N_("Otherwise minus 10 points per trick over or under the bid; a total may fall below 0."),
        N_("The tricks of a round add up to its cards. The highest total after the last round wins; a tie is shared."),
    )

    def hand(self, options: dict, index: int) -> int:
        """Round r deals r cards."""
        return index + 1

    def dealing(self, options: dict, players: int, lang: str) -> str:
        """How many rounds, one more card each."""
        return ngettext(
            "%(num)d round, round r deals r cards", "%(num)d rounds, round r deals r cards", options["rounds"], lang
        )

    def length(self, options: dict, players: int) -> int:
        """The rounds set at the start: the pack divided among the players then, unless the table chose fewer."""
        return options["rounds"]


SHEET = WizardSheet()
