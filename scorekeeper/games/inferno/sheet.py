"""Inferno on paper: a row per round (as many as players, then tie-breaks), and for each player the red
cards' points | other cards | score."""

from __future__ import annotations

from ...i18n import gettext, ngettext
from ...rules import N_, Game, RoundResult, State
from ...sheets.layout import Cell, Col, GameSheet, Row, common_details, delta, num, round_cell

RULES_TEXT = (
    N_(
        "12 cards each. Cards collected score: a red card its face value (1 to 5), any other card 1; cards "
        "left in hand score nothing."
    ),
    N_("As many rounds as players; the first player moves one seat left each round. The lowest total wins."),
    N_("A tie for the lowest total: everyone plays one more round, and again, until the lowest is unique."),
)
TIE_BREAK_ROWS = 2  # spare rows on a blank pad for tie-break rounds


class InfernoSheet(GameSheet):
    """The round and who starts it; each player's red points, other cards and score."""

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The round columns, and each player's three: red points, other cards, score."""
        lead = [Col(gettext("Round", lang), 24, 0), Col(gettext("Starts", lang), 44, 1)]
        side = [Col(gettext("Red", lang), 22), Col(gettext("Other", lang), 22), Col(gettext("Score", lang), 30, 2)]
        return lead, side, []

    def details(self, options: dict, players: int, lang: str) -> str:
        """Cards, rounds and who wins."""
        return " · ".join(
            [
                common_details(players, lang),
                gettext("12 cards each", lang),
                ngettext("%(num)d round", "%(num)d rounds", options["rounds"], lang),
                gettext("the lowest total wins", lang),
            ]
        )

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines."""
        return [gettext(line, lang) for line in RULES_TEXT]

    def length(self, options: dict, players: int) -> int | None:
        """The rounds, before any tie-break."""
        return options["rounds"]

    def pad_rounds(self, options: dict, players: int) -> int | None:
        """The rounds, and two spare rows for tie-breaks."""
        return options["rounds"] + TIE_BREAK_ROWS

    def rounds_ahead(self, options: dict, players: int, played: int) -> int:
        """The rounds still to play, or one more while a tie for the lowest stands."""
        return max(1, options["rounds"] - played)

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """One round: who started, each player's red points, other cards and running total."""
        r, n = played, len(game.players)
        starter = Cell(
            game.players[(r.dealer + 1) % n], note=gettext("tie-break", lang) if r.marks["tie_break"] else ""
        )
        sides = [
            [
                Cell(str(r.marks["red_points"][seat]), mark="miss" if r.marks["red_points"][seat] else ""),
                Cell(str(r.round["other"][seat])),
                Cell(num(r.totals[seat], lang), note=delta(r.scores[seat], lang), bold=True),
            ]
            for seat in range(n)
        ]
        return Row([round_cell(r.number), starter], sides)

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A round still to play: who starts it (the dealer's left), a spare one for a tie-break marked so."""
        n = len(game.players)
        starter = "" if dealer is None else game.players[(dealer + 1) % n]
        tie_break = index >= game.options["rounds"]
        lead = [
            round_cell(index + 1),
            Cell(starter or (gettext("tie-break", lang) if tie_break else ""), mark="muted" if starter else "hint"),
        ]
        return Row(lead, [[Cell(), Cell(), Cell()] for _ in range(n)], kind="empty")


SHEET = InfernoSheet()
