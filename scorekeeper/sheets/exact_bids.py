"""The score sheet of the games of exact bids (rules/exact_bids.py: Oh Hell, Wizard): a row per round with its
cards and dealer, and for each player bid | tricks | score. A game of this shape says what it deals, its rules
in a few lines and its length."""

from __future__ import annotations

from ..i18n import gettext
from ..rules import N_, Game, RoundResult, State
from .layout import (
    Cell,
    Col,
    GameSheet,
    Row,
    common_details,
    delta,
    empty_lead,
    hand_columns,
    made_cells,
    num,
    played_lead,
)


class ExactBidsSheet(GameSheet):
    """The round, the cards and the dealer; each player's bid, tricks (marked made or missed) and score."""

    rules_text: tuple[str, ...] = ()  # msgids: how a round scores and how the game ends
    hook_text = N_("With the hook: the dealer, bidding last, may not make the bids add up to the cards dealt.")

    def hand(self, options: dict, index: int) -> int:
        """The cards dealt in round `index` (from 0)."""
        raise NotImplementedError

    def dealing(self, options: dict, players: int, lang: str) -> str:
        """What the details line says of the deal."""
        raise NotImplementedError

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The round columns, and each player's three: bid, tricks, score."""
        side = [Col(gettext("Bid", lang), 18), Col(gettext("Tricks", lang), 21), Col(gettext("Score", lang), 30, 2)]
        return hand_columns(lang), side, []

    def details(self, options: dict, players: int, lang: str) -> str:
        """How many players, and what to deal."""
        return common_details(players, lang) + " · " + self.dealing(options, players, lang)

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines, and the dealer's hook where it holds."""
        lines = self.rules_text + ((self.hook_text,) if options.get("hook") else ())
        return [gettext(line, lang) for line in lines]

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """A round as played: bids and tricks marked made or missed, points and running totals."""
        sides = []
        for seat, made in enumerate(played.marks["made"]):
            bid, tricks = made_cells(played.round["bids"][seat], played.round["tricks"][seat], made)
            score = Cell(num(played.totals[seat], lang), note=delta(played.scores[seat], lang), bold=True)
            sides.append([bid, tricks, score])
        return Row(played_lead(game, played, cards=True), sides)

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A round still to play: its number, its cards, its dealer when known, and empty boxes."""
        lead = empty_lead(game, index, dealer, hand=True, cards=self.hand(game.options, index))
        return Row(lead, [[Cell(), Cell(), Cell()] for _ in game.players], kind="empty")
