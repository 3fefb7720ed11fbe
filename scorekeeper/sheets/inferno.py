"""Inferno on paper: a row per round (as many as players, then tie-breaks), and for each player the red
cards' points | other cards | score."""

from __future__ import annotations

from ..i18n import gettext
from ..rules import N_, Game, Result
from . import Cell, Col, Layout, Row, common_details, dealer_seats_ahead, delta, num

RULES_TEXT = (
    N_(
        "12 cards each. Cards collected score: a red card its face value (1 to 5), any other card 1; cards "
        "left in hand score nothing."
    ),
    N_("As many rounds as players; the first player moves one seat left each round. The lowest total wins."),
    N_("A tie for the lowest total: everyone plays one more round, and again, until the lowest is unique."),
)
TIE_BREAK_ROWS = 2  # spare rows on a blank pad for tie-break rounds


def columns(lang: str) -> tuple[list[Col], list[Col]]:
    """The round columns, and each player's three: red points, other cards, score."""
    lead = [Col(gettext("Round", lang), 24, 0), Col(gettext("Starts", lang), 44, 1)]
    side = [Col(gettext("Red", lang), 22), Col(gettext("Other", lang), 22), Col(gettext("Score", lang), 30, 2)]
    return lead, side


def details(options: dict, players: int, lang: str) -> str:
    """Cards, rounds and who wins."""
    return " · ".join(
        [
            common_details(players, lang),
            gettext("12 cards each", lang),
            gettext("%(rounds)d rounds", lang, rounds=options["rounds"]),
            gettext("the lowest total wins", lang),
        ]
    )


def _empty_row(index: int, starter: str, players: int, tie_break: bool, lang: str) -> Row:
    """A round still to play (a spare one for a tie-break is marked so)."""
    lead = [
        Cell(str(index + 1), bold=True),
        Cell(starter or (gettext("tie-break", lang) if tie_break else ""), mark="muted" if starter else "hint"),
    ]
    return Row(lead, [[Cell(), Cell(), Cell()] for _ in range(players)], kind="empty")


def blank_layout(names: list[str], options: dict, lang: str) -> Layout:
    """An empty pad: a row per round, and two spare rows for tie-breaks."""
    lead, side = columns(lang)
    n, rounds = len(names), options["rounds"]
    rows = [_empty_row(k, "", n, k >= rounds, lang) for k in range(rounds + TIE_BREAK_ROWS)]
    return Layout(
        details=details(options, n, lang),
        lead=lead,
        side=side,
        sides=list(names),
        rows=rows,
        rules=[gettext(line, lang) for line in RULES_TEXT],
        total_label=gettext("Total", lang),
    )


def completed_layout(game: Game, result: Result, lang: str) -> Layout:
    """The rounds played, then those still to play (one more while a tie for the lowest stands)."""
    lead, side = columns(lang)
    n, played = len(game.players), len(result.rounds)
    rows = [_played_row(game, r, lang) for r in result.rounds]
    if not result.finished:
        ahead = max(1, game.options["rounds"] - played)
        dealers = dealer_seats_ahead(game, result, ahead)
        rows += [
            _empty_row(played + k, game.players[(dealers[k] + 1) % n], n, played + k >= game.options["rounds"], lang)
            for k in range(ahead)
        ]
    return Layout(
        details=details(game.options, n, lang),
        lead=lead,
        side=side,
        rows=rows,
        rules=[gettext(line, lang) for line in RULES_TEXT],
        total_label=gettext("Total", lang),
    )


def _played_row(game: Game, r, lang: str) -> Row:
    """One round: who started, each player's red points, other cards and running total."""
    n = len(game.players)
    starter = Cell(game.players[(r.dealer + 1) % n], note=gettext("tie-break", lang) if r.marks["tie_break"] else "")
    sides = [
        [
            Cell(str(r.marks["red_points"][seat]), mark="miss" if r.marks["red_points"][seat] else ""),
            Cell(str(r.round["other"][seat])),
            Cell(num(r.totals[seat], lang), note=delta(r.scores[seat], lang), bold=True),
        ]
        for seat in range(n)
    ]
    return Row([Cell(str(r.number), bold=True), starter], sides)
