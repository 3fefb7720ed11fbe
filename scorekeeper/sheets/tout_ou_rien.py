"""Tout ou rien on paper: a row per hand (6-5-4-3-4-5-6), and for each player bid | O/S | tricks | score."""

from __future__ import annotations

from ..i18n import gettext
from ..rules import N_, Game, Result
from . import Cell, Col, Layout, Row, common_details, dealers_ahead, delta, made_cells, num

RULES_TEXT = (
    N_("Secret bid: 1 point per trick taken, plus 3 if the tricks equal the bid."),
    N_("Open bid: if the tricks equal the bid, 2 points per trick plus 3; otherwise 0."),
    N_("The tricks of a hand add up to the cards dealt. The highest total after the last hand wins; a tie is shared."),
)
TARGET_TEXT = N_("With a target: play on, the hands repeating, until a total reaches %(target)d at the end of a hand.")
OPEN_ROWS = 3  # empty rows printed for the hands still to come when the game has no set length


def columns(lang: str) -> tuple[list[Col], list[Col]]:
    """The round columns, and each player's four: bid, open or secret, tricks, score."""
    lead = [Col(gettext("Round", lang), 24, 0), Col(gettext("Cards", lang), 24, 0), Col(gettext("Dealer", lang), 40, 1)]
    side = [
        Col(gettext("Bid", lang), 18),
        Col(gettext("O/S", lang), 17),
        Col(gettext("Tricks", lang), 21),
        Col(gettext("Score", lang), 30, 2),
    ]
    return lead, side


def rules_lines(options: dict, lang: str) -> list[str]:
    """The scoring rules in a few lines."""
    lines = [gettext(line, lang) for line in RULES_TEXT]
    if options.get("target") is not None:
        lines.append(gettext(TARGET_TEXT, lang, target=options["target"]))
    return lines


def details(options: dict, players: int, lang: str) -> str:
    """What to deal, and how to read the O/S column."""
    hands = "-".join(str(h) for h in options["hands"])
    return (
        common_details(players, lang)
        + " · "
        + gettext("Cards dealt, hand by hand: %(hands)s", lang, hands=hands)
        + " · "
        + gettext("O = open bid, S = secret bid", lang)
    )


def blank_layout(names: list[str], options: dict, lang: str) -> Layout:
    """An empty pad: one row per hand, the cards to deal printed, O and S ready to circle."""
    lead, side = columns(lang)
    rows = [_empty_row(k, cards, "", len(names), lang) for k, cards in enumerate(options["hands"])]
    if options.get("target") is not None:
        rows += [_empty_row(len(rows) + k, None, "", len(names), lang) for k in range(OPEN_ROWS)]
    return Layout(
        details=details(options, len(names), lang),
        lead=lead,
        side=side,
        sides=list(names),
        rows=rows,
        rules=rules_lines(options, lang),
        total_label=gettext("Total", lang),
    )


def _empty_row(index: int, cards: int | None, dealer: str, players: int, lang: str) -> Row:
    """A hand still to play: its number, its cards, and empty boxes (O and S printed faintly)."""
    lead = [Cell(str(index + 1), bold=True), Cell("" if cards is None else str(cards)), Cell(dealer, mark="muted")]
    box = [Cell(), Cell(gettext("O", lang) + " · " + gettext("S", lang), mark="hint"), Cell(), Cell()]
    return Row(lead, [list(box) for _ in range(players)], kind="empty")


def completed_layout(game: Game, result: Result, lang: str) -> Layout:
    """The hands played, filled in, then the hands still to play as empty rows."""
    lead, side = columns(lang)
    rows = [_played_row(game, r, lang) for r in result.rounds]
    rows += _rows_ahead(game, result, lang)
    return Layout(
        details=details(game.options, len(game.players), lang),
        lead=lead,
        side=side,
        rows=rows,
        rules=rules_lines(game.options, lang),
        total_label=gettext("Total", lang),
        target=game.options.get("target"),
    )


def _played_row(game: Game, r, lang: str) -> Row:
    """One hand as played: bids and tricks marked made or missed, points and running totals."""
    lead = [Cell(str(r.number), bold=True), Cell(str(r.cards)), Cell(game.players[r.dealer])]
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


def _rows_ahead(game: Game, result: Result, lang: str) -> list[Row]:
    """Empty rows for the hands still to play (a few when a target sets no length)."""
    if result.finished:
        return []
    hands, played = game.options["hands"], len(result.rounds)
    count = OPEN_ROWS if game.options.get("target") is not None else len(hands) - played
    dealers = dealers_ahead(game, result, count)
    return [
        _empty_row(played + k, hands[(played + k) % len(hands)], dealers[k], len(game.players), lang)
        for k in range(count)
    ]
