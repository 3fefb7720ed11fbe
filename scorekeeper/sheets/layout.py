"""What a score sheet shows, before any drawing: the columns, the rows and their cells, as a game describes them.

A game's sheet module describes its sheet once, as a `GameSheet`: its columns, its details line and rules,
the row of a round played, the row of a round still to play, and how many rounds it lasts. `blank_pad` and
`filled_in` turn that description into a `Layout` for a blank pad or for a game as played so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .. import rules, table_changes
from ..chart import running_totals
from ..i18n import describe, gettext, ngettext, number, signed
from ..rules import N_, Game, Result, RoundResult, State, seats
from ..rules.lineup_changes import at_start
from .text import symbol

OPEN_ROWS = 3  # rounds printed ahead while a game with no set length goes on
MAX_AHEAD = 10  # the most rounds still to play a completed sheet prints (every default length fits)
MAX_PAD = 30  # the most rounds a blank pad prints as the game's own length (a 30-hand Tout ou rien);
# a longer length, or none, gives as many empty rounds as the pad's page holds


@dataclass
class Col:
    """A column: its heading, the width it needs (points) and its share of any spare width."""

    label: str
    width: float
    grow: float = 1.0


@dataclass
class Cell:
    """One box of the grid: its text, a small note before it, and a mark (made, miss, win, hint...)."""

    text: str = ""
    note: str = ""
    mark: str = ""
    bold: bool = False


@dataclass
class Row:
    """One line of the grid: the cells before the sides, each side's cells, the cells after."""

    lead: list[Cell]
    sides: list[list[Cell]]
    tail: list[Cell] = field(default_factory=list)
    kind: str = "round"  # "round", "start" (starting holdings), "empty" (still to play), "change" (section 8)


@dataclass
class Layout:
    """Everything a sheet shows; `blank_pad` and `filled_in` fill it from a game's description."""

    details: str
    lead: list[Col]
    side: list[Col]
    rows: list[Row]
    rules: list[str]
    title: str = ""  # the game's name
    sides: list[str] = field(default_factory=list)  # a blank pad's own; a completed sheet's from its result
    side_hints: list[str] | None = None  # what a blank pad prints where a side has no name
    tail: list[Col] = field(default_factory=list)
    totals: list[Cell] | None = None
    total_label: str = ""
    blank: bool = True
    winners: list[int] = field(default_factory=list)
    standings: list[str] = field(default_factory=list)  # "1. Anne 45", best first, as the rules rank the sides
    status: list[str] = field(default_factory=list)
    chart: list[list[int | None]] | None = None  # running totals by side, from the start (None: not yet seated)
    target: int | None = None  # a score the chart marks with a line
    url: str | None = None
    date: str = ""
    row_height: float = 21  # of rows left for handwriting; a blank pad grows them to fill its page
    more: Callable[[int], Row] | None = None  # a blank pad's next empty round, to fill the page
    more_limit: int | None = None  # the most rounds `more` may bring the pad to


class GameSheet:
    """A game's score sheet, described once; subclasses give the columns and the rows."""

    total_label = N_("Total")  # the label of the totals row

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The columns before the sides, each side's columns, and the columns after them."""
        raise NotImplementedError

    def details(self, options: dict, players: int, lang: str) -> str:
        """The line under the title: what to deal, how to read the boxes."""
        raise NotImplementedError

    def played_details(self, game: Game, result: Result, lang: str) -> str:
        """The line under the title of a game filled in: a blank pad's for its players, unless the game says more
        of a table that changed (RULES.md section 8)."""
        return self.details(game.options, len(game.players), lang)

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines, for the footer."""
        raise NotImplementedError

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """A round as played."""
        raise NotImplementedError

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """Round `index` (from 0) still to play; `dealer` and `state` are unknown (None) on a blank pad."""
        raise NotImplementedError

    def length(self, options: dict, players: int) -> int | None:
        """How many rounds a game of `players` lasts at most, or None when nothing sets it."""
        return None

    def pad_rounds(self, options: dict, players: int) -> int | None:
        """The empty rounds a blank pad prints, or None to fill its page."""
        return self.length(options, players)

    def rounds_ahead(self, options: dict, players: int, played: int) -> int:
        """The empty rounds a game in progress prints after the rounds played."""
        length = self.length(options, players)
        return length - played if length is not None and played < length else OPEN_ROWS

    def start_row(self, options: dict, players: int, lang: str) -> Row | None:
        """The row before the first round (starting scores or tokens), if the game has one."""
        return None

    def side_names(self, names: list[str], options: dict) -> tuple[list[str], list[str] | None]:
        """A blank pad's sides from the names given, and what stands in for a missing one (None: the seat)."""
        return list(names), None

    def target(self, options: dict) -> int | None:
        """A score the chart marks with a line."""
        return None


def _layout(sheet: GameSheet, rules_: rules.Rules, options: dict, players: int, rows: list[Row], lang: str) -> Layout:
    """What a blank pad and a completed sheet share."""
    lead, side, tail = sheet.columns(lang)
    return Layout(
        details=sheet.details(options, players, lang),
        lead=lead,
        side=side,
        tail=tail,
        rows=rows,
        rules=sheet.rules_lines(options, lang),
        title=gettext(rules_.name, lang),
        total_label=gettext(sheet.total_label, lang),
        target=sheet.target(options),
    )


def blank_pad(sheet: GameSheet, rules_: rules.Rules, names: list[str], options: dict, lang: str) -> Layout:
    """An empty pad: the start, then the game's rounds, or as many as the page holds when that is open."""
    game, count = Game(rules_.id, names, options), sheet.pad_rounds(options, len(names))
    start = sheet.start_row(options, len(names), lang)
    printed = count if count is not None and count <= MAX_PAD else 0
    rows = [start] if start else []
    rows += [sheet.empty_row(game, k, None, None, lang) for k in range(printed)]
    layout = _layout(sheet, rules_, options, len(names), rows, lang)
    layout.sides, layout.side_hints = sheet.side_names(names, options)
    layout.totals = [Cell() for _ in layout.sides]
    if not printed:
        layout.more, layout.more_limit = (lambda k: sheet.empty_row(game, k, None, None, lang)), count
    return layout


def filled_in(sheet: GameSheet, rules_: rules.Rules, game: Game, result: Result, lang: str) -> Layout:
    """The rounds played, filled in, then a few still to play while the game goes on."""
    start = sheet.start_row(game.options, len(game.players), lang)
    if start is not None and result.lineup is not None:  # a latecomer's start is said where they join
        start = _dashed(start, set(range(len(game.players))) - set(at_start(game)))
    details = sheet.played_details(game, result, lang)
    changes = table_changes.said(result, lang)
    rows = [start] if start else []
    for r in result.rounds:
        rows += [*_change_rows(changes.get(r.number, [])), _played(sheet, rules_, game, result, r, lang)]
    rows += _change_rows(changes.get(len(result.rounds) + 1, []))
    if result.lineup is not None and len(result.sides) == len(game.players):
        game = Game(game.rules, list(result.sides), game.options, game.first_dealer)  # the seats' holders now
    if not result.finished:
        played = len(result.rounds)
        ahead = sheet.rounds_ahead(game.options, len(game.players), played)
        dealers = dealer_seats_ahead(game, result, min(MAX_AHEAD, ahead))
        ahead_rows = [sheet.empty_row(game, played + k, seat, result.state, lang) for k, seat in enumerate(dealers)]
        rows += [_without_leavers(row, result) for row in ahead_rows]
    layout = _layout(sheet, rules_, game.options, len(game.players), rows, lang)
    layout.details = details
    layout.sides, layout.status = list(result.sides), status_lines(result, lang)
    layout.totals = [Cell(num(v, lang), bold=True) for v in result.totals]
    layout.blank, layout.winners, layout.chart = False, list(result.winners), running_totals(result)
    layout.standings = [f"{s.rank}. {result.sides[s.side]} {num(s.total, lang)}" for s in result.standings]
    return layout


def _without_leavers(row: Row, result: Result) -> Row:
    """A round still to play with "—" for the players who left (RULES.md section 8)."""
    if result.lineup is None or len(row.sides) != len(result.lineup.names):
        return row
    return _dashed(row, set(result.lineup.gone))


def _dashed(row: Row, players: set[int]) -> Row:
    """The row with "—" in every cell of `players` (a row by side: one per player)."""
    if not players:
        return row
    sides = [[Cell("—", mark="muted")] * len(cells) if p in players else cells for p, cells in enumerate(row.sides)]
    return Row(row.lead, sides, row.tail, row.kind)


def _change_rows(lines: list[str]) -> list[Row]:
    """The changes made before a round, as one line across the grid ("Eve joins, starting at 9.")."""
    return [Row([Cell(" ".join(lines))], [], kind="change")] if lines else []


def _played(sheet: GameSheet, rules_: rules.Rules, game: Game, result: Result, played: RoundResult, lang: str) -> Row:
    """A round's row; when some sat it out, came later or had left (RULES.md section 8), the game's row of
    those who played it, with "—" (and the total they kept) for the others."""
    n = len(game.players)
    if played.players is None or played.players == list(range(n)) or len(result.sides) != n:
        return sheet.played_row(game, played, lang)
    seen_game, seen = seats.seen_round(rules_, game, played, result.sides)
    row = sheet.played_row(seen_game, seen, lang)
    width = len(row.sides[0]) if row.sides else 1
    sides = []
    for p in range(n):
        if p in played.players:
            sides.append(row.sides[played.players.index(p)])
        else:
            total = played.totals[p]
            kept = [] if total is None else [Cell(num(total, lang), mark="muted")]
            sides.append([Cell("—", mark="muted"), *([Cell()] * (width - 1 - len(kept))), *kept][:width])
    return Row(row.lead, sides, row.tail, row.kind)


def status_lines(result: Result, lang: str) -> list[str]:
    """Where the game stands: the winners and why it ended, or how far it has gone."""
    if result.finished:
        winners = ", ".join(result.sides[i] for i in result.winners)
        lines = [
            gettext("Winner: %(names)s", lang, names=winners)
            if len(result.winners) == 1
            else gettext("Winners: %(names)s", lang, names=winners)
        ]
        if result.ending:  # without naming a seat first: the message names the side itself
            lines.append(describe(result.ending, None, lang))
        return lines
    played = len(result.rounds)
    if not played:
        return [gettext("No rounds played yet.", lang)]
    return [ngettext("In progress: %(num)d round played.", "In progress: %(num)d rounds played.", played, lang)]


# -- helpers for the game modules ------------------------------------------------------------------


def num(value, lang: str) -> str:
    """A number as the language writes it."""
    return number(value, lang)


def delta(value, lang: str) -> str:
    """A score change with its sign."""
    return signed(value, lang)


def hand_columns(lang: str) -> list[Col]:
    """The round, the cards dealt and the dealer: the lead columns of the games dealt a hand size."""
    return [
        Col(gettext("Round", lang), 24, 0),
        Col(gettext("Cards", lang), 24, 0),
        Col(gettext("Dealer", lang), 40, 1),
    ]


def round_cell(number: int) -> Cell:
    """A row's first cell: the round's number."""
    return Cell(str(number), bold=True)


def played_lead(game: Game, played: RoundResult, cards: bool = False) -> list[Cell]:
    """The first cells of a round played: its number, the cards dealt (in games dealt a hand size), the dealer."""
    return [round_cell(played.number), *([Cell(str(played.cards))] if cards else []), Cell(game.players[played.dealer])]


def empty_lead(
    game: Game, index: int, dealer: int | None, *, hand: bool = False, cards: int | None = None
) -> list[Cell]:
    """The first cells of round `index` (from 0) still to play: its number, in games dealt a hand size the cards
    to deal (when known), the dealer (when known)."""
    dealt = [Cell("" if cards is None else str(cards))] if hand else []
    return [round_cell(index + 1), *dealt, Cell(name_of(game, dealer), mark="muted")]


def seat_hint(seat: int) -> str:
    """What stands in a header where no name was given: the seat number."""
    return f"#{seat + 1}"


def common_details(players: int, lang: str) -> str:
    """The start of a sheet's details line: how many players."""
    return gettext("%(n)d players", lang, n=players)


def dealer_seats_ahead(game: Game, result: Result, count: int) -> list[int]:
    """Who deals the next `count` rounds, following the game's rotation (empty once it is over)."""
    if result.upcoming is None:
        return []
    rules_, seat, seats = rules.get(game.rules), result.upcoming.dealer, []
    ring = result.lineup.still() if result.lineup is not None else None
    for _ in range(count):
        seats.append(seat)
        if ring and seat in ring and ring != list(range(len(game.players))):  # the deal goes round those still in
            seat = ring[(ring.index(seat) + 1) % len(ring)]
        else:
            seat = rules_.next_dealer(game, result.state, seat)
    return seats


def name_of(game: Game, seat: int | None) -> str:
    """A player's name, or nothing where the seat is not known (a blank pad)."""
    return "" if seat is None else game.players[seat]


def made_cells(bid, tricks: int, made: bool, bid_text: str | None = None) -> tuple[Cell, Cell]:
    """The bid and tricks boxes of a player, marked made (✓) or missed (✗)."""
    mark = "made" if made else "miss"
    sign = symbol("✓", "+") if made else symbol("✗", "x")
    return Cell(str(bid) if bid_text is None else bid_text, mark=mark), Cell(f"{tricks} {sign}", mark=mark)
