"""Wizard on paper: round r deals r cards and turns up a trump, and for each player bid | tricks | score."""

from __future__ import annotations

from ...i18n import gettext, ngettext
from ...rules import N_, Game, RoundResult, State
from ...sheets.exact_bids import ExactBidsSheet
from ...sheets.layout import Cell, Col, Row
from ...sheets.text import symbol

TRUMP_AT = 2  # the trump's column: after the round and its cards, before the dealer
SIGNS = {  # suit: its sign, and its name where the sheet's font has no sign (ReportLab's Vera)
    "clubs": ("♣", N_("clubs")),
    "diamonds": ("♦", N_("diamonds")),
    "hearts": ("♥", N_("hearts")),
    "spades": ("♠", N_("spades")),
}
RED = ("diamonds", "hearts")


def trump_cell(trump: str | None, lang: str) -> Cell:
    """The trump turned up in a round: its suit's sign (red or black, as on the cards), or "none" greyed."""
    if trump is None:
        return Cell(gettext("none", lang), mark="muted")
    sign, name = SIGNS[trump]
    return Cell(symbol(sign, gettext(name, lang)), mark="red" if trump in RED else "")


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

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The shared columns, with the trump after the cards."""
        lead, side, tail = super().columns(lang)
        lead.insert(TRUMP_AT, Col(gettext("Trump", lang), 24, 0))
        return lead, side, tail

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """The shared row, with the trump turned up."""
        row = super().played_row(game, played, lang)
        row.lead.insert(TRUMP_AT, trump_cell(played.round.get("trump"), lang))
        return row

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """The shared row, with a box to write the trump in."""
        row = super().empty_row(game, index, dealer, state, lang)
        row.lead.insert(TRUMP_AT, Cell())
        return row

    def length(self, options: dict, players: int) -> int:
        """The rounds set at the start: the pack divided among the players then, unless the table chose fewer."""
        return options["rounds"]


SHEET = WizardSheet()
