"""ALL or NOTHING on paper: ten hands down from 100, and for each player bid | tricks | reneges | score."""

from __future__ import annotations

from ...i18n import gettext, ngettext
from ...rules import N_, Game, RoundResult, State
from ...sheets.layout import (
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
from .rules import hand_size

RULES_TEXT = (
    N_("NOTHING and no trick taken: −20. NOTHING failed: +10 per trick taken."),
    N_("ALL and every trick taken: −100. ALL failed: +10 per trick the others took."),
    N_("Each renege found: +20. Scores are written as they fall, even below 0."),
    N_("The game ends after a hand in which a score reaches 0 or less, or after the last hand: the lowest score wins."),
)


class AllOrNothingSheet(GameSheet):
    """The round, the cards and the dealer; each player's bid, tricks, reneges and score, from the start."""

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The round columns, and each player's four: bid, tricks, reneges, score."""
        lead = hand_columns(lang)
        side = [
            Col(gettext("Bid", lang), 26, 1.5),
            Col(gettext("Tricks", lang), 21),
            Col(gettext("Ren.", lang), 16, 0.5),
            Col(gettext("Score", lang), 28, 2),
        ]
        return lead, side, []

    def details(self, options: dict, players: int, lang: str) -> str:
        """What to deal, where the scores start and who wins."""
        return " · ".join(
            [
                common_details(players, lang),
                ngettext("%(num)d card each", "%(num)d cards each", hand_size(players), lang)
                + ", "
                + ngettext("%(num)d hand at most", "%(num)d hands at most", options["hands"], lang),
                gettext("everyone starts at %(start)d", lang, start=options["start"]),
                gettext("the lowest score wins", lang),
            ]
        )

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines."""
        return [gettext(line, lang) for line in RULES_TEXT]

    def length(self, options: dict, players: int) -> int | None:
        """The hands at most."""
        return options["hands"]

    def start_row(self, options: dict, players: int, lang: str) -> Row | None:
        """The starting score printed in every player's score box."""
        start = Cell(num(options["start"], lang), bold=True)
        return Row(
            [Cell(gettext("Start", lang)), Cell(), Cell()],
            [[Cell(), Cell(), Cell(), start] for _ in range(players)],
            kind="start",
        )

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """One hand as played."""
        r = played
        lead = played_lead(game, r, cards=True)
        sides = []
        for seat in range(len(game.players)):
            bid = r.round["bids"][seat]
            bid_cell, tricks_cell = made_cells(
                bid,
                r.round["tricks"][seat],
                r.marks["made"][seat],
                gettext("ALL", lang) if bid == "all" else gettext("NOTHING", lang),
            )
            reneges = r.round["reneges"][seat]
            sides.append(
                [
                    bid_cell,
                    tricks_cell,
                    Cell(str(reneges) if reneges else "", mark="miss" if reneges else ""),
                    Cell(num(r.totals[seat], lang), note=delta(r.scores[seat], lang), bold=True),
                ]
            )
        return Row(lead, sides)

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A hand still to play, with ALL and NOTHING printed faintly to circle."""
        n = len(game.players)
        lead = empty_lead(game, index, dealer, hand=True, cards=hand_size(n))
        return Row(
            lead,
            [[Cell(gettext("A · N", lang), mark="hint"), Cell(), Cell(), Cell()] for _ in range(n)],
            kind="empty",
        )


SHEET = AllOrNothingSheet()
