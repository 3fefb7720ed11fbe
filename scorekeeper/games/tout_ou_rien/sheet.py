"""Tout ou rien on paper: a row per hand (6-5-4-3-4-5-6), and for each player bid | O/S | tricks | score."""

from __future__ import annotations

from ...i18n import gettext
from ...rules import N_, Game, RoundResult, State
from ...sheets.layout import (
    OPEN_ROWS,
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

RULES_TEXT = (
    N_("Secret bid: 1 point per trick taken, plus 3 if the tricks equal the bid."),
    N_("Open bid: if the tricks equal the bid, 2 points per trick plus 3; otherwise 0."),
    N_("The tricks of a hand add up to the cards dealt. The highest total after the last hand wins; a tie is shared."),
)
TARGET_TEXT = N_("With a target: play on, the hands repeating, until a total reaches %(target)d at the end of a hand.")


class ToutOuRienSheet(GameSheet):
    """The round, the cards and the dealer; each player's bid, open or secret, tricks and score."""

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The round columns, and each player's four: bid, open or secret, tricks, score."""
        lead = hand_columns(lang)
        side = [
            Col(gettext("Bid", lang), 18),
            Col(gettext("O/S", lang), 17),
            Col(gettext("Tricks", lang), 21),
            Col(gettext("Score", lang), 30, 2),
        ]
        return lead, side, []

    def details(self, options: dict, players: int, lang: str) -> str:
        """What to deal, and how to read the O/S column."""
        hands = "-".join(str(h) for h in options["hands"])
        return (
            common_details(players, lang)
            + " · "
            + gettext("Cards dealt, hand by hand: %(hands)s", lang, hands=hands)
            + " · "
            + gettext("O = open bid, S = secret bid", lang)
        )

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines, and the target when there is one."""
        lines = [gettext(line, lang) for line in RULES_TEXT]
        if options.get("target") is not None:
            lines.append(gettext(TARGET_TEXT, lang, target=options["target"]))
        return lines

    def length(self, options: dict, players: int) -> int | None:
        """The hands listed, unless a target sets no length."""
        return None if options.get("target") is not None else len(options["hands"])

    def pad_rounds(self, options: dict, players: int) -> int | None:
        """The hands listed, and with a target a few more to write the repeated hands in."""
        extra = OPEN_ROWS if options.get("target") is not None else 0
        return len(options["hands"]) + extra

    def target(self, options: dict) -> int | None:
        """The target, if any."""
        return options.get("target")

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """One hand as played: bids and tricks marked made or missed, points and running totals."""
        r = played
        lead = played_lead(game, r, cards=True)
        sides = []
        for seat in range(len(game.players)):
            bid, tricks = r.round["bids"][seat], r.round["tricks"][seat]
            open_ = gettext("O", lang) if r.round["open"][seat] else gettext("S", lang)
            bid_cell, tricks_cell = made_cells(bid, tricks, r.marks["made"][seat])
            sides.append(
                [
                    bid_cell,
                    Cell(open_, bold=r.round["open"][seat]),
                    tricks_cell,
                    Cell(num(r.totals[seat], lang), note=delta(r.scores[seat], lang), bold=True),
                ]
            )
        return Row(lead, sides)

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A hand still to play: its number, its cards (a blank pad leaves the repeated hands' to write), and
        empty boxes with O and S printed faintly."""
        hands = game.options["hands"]
        cards = hands[index % len(hands)] if state is not None or index < len(hands) else None
        lead = empty_lead(game, index, dealer, hand=True, cards=cards)
        box = [Cell(), Cell(gettext("O", lang) + " · " + gettext("S", lang), mark="hint"), Cell(), Cell()]
        return Row(lead, [list(box) for _ in range(len(game.players))], kind="empty")


SHEET = ToutOuRienSheet()
