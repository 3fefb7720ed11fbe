"""Everest & Abyss on paper: a token ledger, a row per round with the cote, each player's stake, hand and
tokens held, then the pot and who took it."""

from __future__ import annotations

from ...i18n import gettext, ngettext
from ...rules import N_, Game, Result, RoundResult, State
from ...rules.lineup_changes import at_start
from ...sheets.layout import (
    Cell,
    Col,
    GameSheet,
    Row,
    common_details,
    delta,
    empty_lead,
    num,
    played_lead,
)
from .rules import FIRST_STAKE, MAX_STAKE, RAISE

RULES_TEXT = (
    N_(
        "Betting turn 1: everyone stakes 1 to %(first)d; the dealer stakes last and names the call: EVEREST (the "
        "highest number wins) or ABYSS (the lowest wins)."
    ),
    N_(
        "Betting turns 2 and 3: exchange, then fold or raise (%(raise)d at most, %(max)d a round in all), then fold or "
        "align. Short of tokens? Go all in (tapis) and play on."
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


class EverestAbyssSheet(GameSheet):
    """The round, the dealer and the cote; each player's stake, hand and tokens; the pot and who took it."""

    total_label = N_("Tokens held")

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The round columns; each player's stake, hand and tokens; the pot and its winner."""
        lead = [
            Col(gettext("Round", lang), 24, 0),
            Col(gettext("Dealer", lang), 40, 1),
            Col(gettext("Call", lang), 30, 0.5),
        ]
        side = [
            Col(gettext("Stake", lang), 20),
            Col(gettext("Hand", lang), 20),
            Col(gettext("Tokens", lang), 28, 2),
        ]
        tail = [Col(gettext("Pot", lang), 24, 0), Col(gettext("Winner", lang), 42, 1)]
        return lead, side, tail

    def details(self, options: dict, players: int, lang: str) -> str:
        """Tokens at the start, the round limit if any."""
        bank = gettext("tokens in play: %(bank)d", lang, bank=options["tokens"] * players)
        return self._details(options, players, bank, lang)

    def played_details(self, game: Game, result: Result, lang: str) -> str:
        """As a blank pad's, the tokens in play following the table: a newcomer brought a full set, a leaver's went
        with them (those sitting out keep theirs in play)."""
        players = len(game.players)
        if result.lineup is None:
            return self.details(game.options, players, lang)
        start = game.options["tokens"] * len(at_start(game))
        now = sum(result.totals[p] for p in result.lineup.still())
        if now == start:
            return self._details(game.options, players, gettext("tokens in play: %(bank)d", lang, bank=now), lang)
        said = (
            N_("tokens in play: %(start)d at the start, %(bank)d at the end")
            if result.finished
            else N_("tokens in play: %(start)d at the start, %(bank)d now")
        )
        return self._details(game.options, players, gettext(said, lang, start=start, bank=now), lang)

    def _details(self, options: dict, players: int, bank: str, lang: str) -> str:
        """The players, the tokens each, the cards, the round limit if any, then what `bank` says."""
        parts = [
            common_details(players, lang),
            ngettext("%(num)d token each", "%(num)d tokens each", options["tokens"], lang),
            gettext("2 cards each", lang),
        ]
        if options.get("rounds"):
            parts.append(ngettext("%(num)d round at most", "%(num)d rounds at most", options["rounds"], lang))
        parts.append(bank)
        return " · ".join(parts)

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The rules in a few lines."""
        stakes = {"first": FIRST_STAKE, "raise": RAISE, "max": MAX_STAKE}
        return [gettext(line, lang, **stakes) for line in RULES_TEXT]

    def length(self, options: dict, players: int) -> int | None:
        """The round limit, if any."""
        return options.get("rounds")

    def start_row(self, options: dict, players: int, lang: str) -> Row | None:
        """Everyone's starting tokens."""
        tokens = Cell(num(options["tokens"], lang), bold=True)
        return Row(
            [Cell(gettext("Start", lang)), Cell(), Cell()],
            [[Cell(), Cell(), tokens] for _ in range(players)],
            [Cell(), Cell()],
            kind="start",
        )

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """One round: the cote, then each player's stake, hand and tokens, then the pot and its winner."""
        marks, rnd = played.marks, played.round
        cote = gettext("EVEREST", lang) if rnd["cote"] == "everest" else gettext("ABYSS", lang)
        lead = [*played_lead(game, played), Cell(cote, bold=True)]
        sides = [_player_cells(seat, played, lang) for seat in range(len(game.players))]
        tail = [Cell(num(marks["pot"], lang), bold=True), Cell(game.players[marks["winner"]], mark="made")]
        return Row(lead, sides, tail)

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A round still to play: E and A printed faintly to circle; players already out crossed."""
        out = state.extra["out"] if state is not None else []
        lead = [*empty_lead(game, index, dealer), Cell(gettext("E · A", lang), mark="hint")]
        sides = [
            [Cell("—", mark="muted")] * 3 if seat in out else [Cell(), Cell(), Cell()]
            for seat in range(len(game.players))
        ]
        return Row(lead, sides, [Cell(), Cell()], kind="empty")


def _player_cells(seat: int, r: RoundResult, lang: str) -> list[Cell]:
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


SHEET = EverestAbyssSheet()
