"""Oh Hell on paper: a row per hand, up and down, and for each player bid | tricks | score."""

from __future__ import annotations

from ...i18n import gettext
from ...rules import N_
from ...sheets.exact_bids import ExactBidsSheet

MISS = {
    "zero": N_("Exactly the bid: 10 points plus the bid; a missed bid scores 0."),
    "minus": N_("Exactly the bid: 10 points plus the bid; a missed bid loses 1 point per trick over or under."),
}


class OhHellSheet(ExactBidsSheet):
    """The hands as set at the start, each with its cards and dealer."""

    rules_text = (
        N_(
            "The tricks of a hand add up to the cards dealt. "
            "The highest total after the last hand wins; a tie is shared."
        ),
    )

    def hand(self, options: dict, index: int) -> int:
        """The hand size listed for round `index`."""
        return options["hands"][index]

    def dealing(self, options: dict, players: int, lang: str) -> str:
        """The cards dealt, hand by hand."""
        return gettext("Cards dealt, hand by hand: %(hands)s", lang, hands="-".join(map(str, options["hands"])))

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """How a bid scores (the option `miss`), then the shared lines."""
        scoring = MISS[options["miss"]]
        return [gettext(scoring, lang), *super().rules_lines(options, lang)]

    def length(self, options: dict, players: int) -> int:
        """One round per hand listed."""
        return len(options["hands"])


SHEET = OhHellSheet()
