"""Everest & Abyss on paper: a token ledger, a row per round with the cote, each player's stake, hand and
tokens held, then the pot and who took it."""

from __future__ import annotations

from ..i18n import gettext
from ..rules import N_, Game, Result
from . import Cell, Col, Layout, Row, common_details, dealers_ahead, delta, num

RULES_TEXT = (
    N_(
        "Tour 1: everyone stakes 1 to 3; the dealer stakes last and names the cote: EVEREST (the highest "
        "number wins) or ABYSS (the lowest wins)."
    ),
    N_(
        "Tours 2 and 3: exchange, then fold or raise (at most 9), then fold or align. Short of tokens? Go "
        "all in (tapis) and play on."
    ),
    N_(
        "Two digits make the number: EVEREST puts the higher first (99 best), ABYSS the lower (11 best). Equal "
        "numbers: the first to bet wins (Big Boss)."
    ),
    N_(
        "The winner takes the whole pot, folded stakes included. No tokens left: out. The game ends when one "
        "player holds every token."
    ),
)
OPEN_ROWS = 3  # empty rows printed after the rounds played while the game goes on


def columns(lang: str) -> tuple[list[Col], list[Col], list[Col]]:
    """The round columns; each player's stake, hand and tokens; the pot and its winner."""
    lead = [
        Col(gettext("Round", lang), 24, 0),
        Col(gettext("Dealer", lang), 40, 1),
        Col(gettext("Cote", lang), 30, 0.5),
    ]
    side = [Col(gettext("Stake", lang), 20), Col(gettext("Hand", lang), 20), Col(gettext("Tokens", lang), 28, 2)]
    tail = [Col(gettext("Pot", lang), 24, 0), Col(gettext("Winner", lang), 42, 1)]
    return lead, side, tail


def details(options: dict, players: int, lang: str) -> str:
    """Tokens at the start, the round limit if any."""
    parts = [
        common_details(players, lang),
        gettext("%(tokens)d tokens each", lang, tokens=options["tokens"]),
        gettext("2 cards each", lang),
    ]
    if options.get("rounds"):
        parts.append(gettext("%(rounds)d rounds at most", lang, rounds=options["rounds"]))
    parts.append(gettext("tokens in play: %(bank)d", lang, bank=options["tokens"] * players))
    return " · ".join(parts)


def start_row(options: dict, players: int, lang: str) -> Row:
    """Everyone's starting tokens."""
    tokens = Cell(num(options["tokens"], lang), bold=True)
    return Row(
        [Cell(gettext("Start", lang)), Cell(), Cell()],
        [[Cell(), Cell(), tokens] for _ in range(players)],
        [Cell(), Cell()],
        kind="start",
    )


def empty_row(index: int, dealer: str, players: int, lang: str, out=()) -> Row:
    """A round still to play: E and A printed faintly to circle; players already out crossed."""
    lead = [Cell(str(index + 1), bold=True), Cell(dealer, mark="muted"), Cell(gettext("E · A", lang), mark="hint")]
    sides = [[Cell("—", mark="muted")] * 3 if seat in out else [Cell(), Cell(), Cell()] for seat in range(players)]
    return Row(lead, sides, [Cell(), Cell()], kind="empty")


def blank_layout(names: list[str], options: dict, lang: str) -> Layout:
    """An empty ledger: the starting tokens, then as many rounds as the page holds (or the round limit)."""
    lead, side, tail = columns(lang)
    n = len(names)
    rows = [start_row(options, n, lang)]
    limit = options.get("rounds")
    if limit:
        rows += [empty_row(k, "", n, lang) for k in range(limit)]
    return Layout(
        details=details(options, n, lang),
        lead=lead,
        side=side,
        tail=tail,
        sides=list(names),
        rows=rows,
        rules=[gettext(line, lang) for line in RULES_TEXT],
        total_label=gettext("Tokens held", lang),
        more=None if limit else (lambda k: empty_row(k, "", n, lang)),
    )


def completed_layout(game: Game, result: Result, lang: str) -> Layout:
    """The rounds played: stakes, hands, who took the pot, tokens held; then a few rounds to come."""
    lead, side, tail = columns(lang)
    n = len(game.players)
    rows = [start_row(game.options, n, lang)] + [_played_row(game, r, lang) for r in result.rounds]
    if not result.finished:
        limit = game.options.get("rounds")
        ahead = limit - len(result.rounds) if limit else OPEN_ROWS
        dealers, out = dealers_ahead(game, result, ahead), result.state.extra.get("out", [])
        rows += [empty_row(len(result.rounds) + k, dealers[k], n, lang, out) for k in range(ahead)]
    return Layout(
        details=details(game.options, n, lang),
        lead=lead,
        side=side,
        tail=tail,
        rows=rows,
        rules=[gettext(line, lang) for line in RULES_TEXT],
        total_label=gettext("Tokens held", lang),
    )


def _played_row(game: Game, r, lang: str) -> Row:
    """One round: the cote, then each player's stake, hand and tokens, then the pot and its winner."""
    marks, rnd = r.marks, r.round
    cote = gettext("EVEREST", lang) if rnd["cote"] == "everest" else gettext("ABYSS", lang)
    lead = [Cell(str(r.number), bold=True), Cell(game.players[r.dealer]), Cell(cote, bold=True)]
    sides = [_player_cells(seat, r, lang) for seat in range(len(game.players))]
    tail = [Cell(num(marks["pot"], lang), bold=True), Cell(game.players[marks["winner"]], mark="made")]
    return Row(lead, sides, tail)


def _player_cells(seat: int, r, lang: str) -> list[Cell]:
    """A player's stake (tapis noted), hand (or folded) and tokens after the round."""
    marks, rnd = r.marks, r.round
    if marks["held"][seat] == 0:
        return [Cell("—", mark="muted")] * 3
    stake = Cell(str(rnd["staked"][seat]), note=gettext("tapis", lang) if seat in marks["tapis"] else "")
    won = seat == marks["winner"]
    if rnd["folded"][seat]:
        hand = Cell(gettext("folded", lang), mark="muted")
    elif marks["numbers"][seat] is not None:
        boss = gettext("BB", lang) if won and marks["big_boss"] else ""
        hand = Cell(str(marks["numbers"][seat]), note=boss, mark="made" if won else "", bold=won)
    else:
        hand = Cell("", mark="made" if won else "")
    tokens = Cell(
        num(r.totals[seat], lang),
        note=delta(r.scores[seat], lang),
        bold=True,
        mark="made" if won else "miss" if seat in marks["out"] else "",
    )
    if seat in marks["out"]:
        tokens.note = gettext("out", lang)
    return [stake, hand, tokens]
