"""Printable score sheets: a blank pad for any game and player count, or a game filled in, as PDF.

A game's sheet module (named in scorekeeper/registry.py) has two functions that describe
its grid, `blank_layout(names, options, lang)` and `completed_layout(game, result, lang)`,
both returning a `Layout`; this package draws it with ReportLab: fonts, A4 or Letter (landscape
when the columns need it), the header with date, place and scorer lines, the table with repeated
headers and a totals row, a chart of the running totals, the QR code of the game, and a footer
with the scoring rules and page numbers. Adding a game needs no change here.

Pure: no Flask, no database; text in the language given.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from xml.sax.saxutils import escape

from reportlab.graphics.charts.utils import nextRoundNumber
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Spacer, Table, TableStyle

from .. import registry, rules
from ..i18n import describe, gettext, ngettext, number, signed
from ..rules import N_, Game, Invalid, Result, problem
from ..rules.setup import MAX_NAME

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm
MAX_ROW = 30  # the tallest a handwriting row grows
MAX_OPEN_ROWS = 40  # the most empty rounds a blank pad of an open-ended game prints
HEADING_SIZE, SUB_SIZE = 7.5, 6.5  # the labels over the columns
DEJAVU_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),  # Debian, Fedora
    Path("/usr/share/fonts/TTF"),
)  # Arch
FONTS = {  # our name: (DejaVu file, ReportLab's own Vera file)
    "Sheet": ("DejaVuSans.ttf", "Vera.ttf"),
    "Sheet-Bold": ("DejaVuSans-Bold.ttf", "VeraBd.ttf"),
    "Sheet-Narrow": ("DejaVuSansCondensed.ttf", "Vera.ttf"),
    "Sheet-NarrowBold": ("DejaVuSansCondensed-Bold.ttf", "VeraBd.ttf"),
}
REGULAR, BOLD, NARROW, NARROW_BOLD = FONTS
INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#6b6b6b")
HINT = colors.HexColor("#a8a8a8")
RULE = colors.HexColor("#9a9a9a")
ZEBRA = colors.HexColor("#f3f4f6")
HEAD = colors.HexColor("#e4e7ec")
MARKS = {  # a cell's mark: (background, text colour)
    "made": (colors.HexColor("#d7f0dc"), colors.HexColor("#0f5a24")),
    "miss": (colors.HexColor("#f8dada"), colors.HexColor("#8a1616")),
    "win": (colors.HexColor("#ffd966"), INK),
    "muted": (None, GREY),
    "hint": (None, HINT),
}
LINE_COLOURS = [
    colors.HexColor(c) for c in ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
]
LINE_MARKERS = ("circle", "square", "diamond", "triangle") * 2  # filled, in the line's colour
MARKER_SIZE = 3.2  # across
CORNERS = {  # of a marker around its point
    "diamond": ((-1.6, 0), (0, 1.6), (1.6, 0), (0, -1.6)),
    "triangle": ((0, 1.6), (-1.6 * math.cos(math.pi / 6), -0.8), (1.6 * math.cos(math.pi / 6), -0.8)),
}


# -- what a game's module describes ----------------------------------------------------------------


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
    kind: str = "round"  # "round", "start" (starting holdings) or "empty" (still to play)


@dataclass
class Layout:
    """Everything a sheet shows; the game's module fills it, this package draws it."""

    details: str
    lead: list[Col]
    side: list[Col]
    rows: list[Row]
    rules: list[str]
    title: str = ""  # the game's name: filled in by blank() and completed(), like every field below them
    sides: list[str] = field(default_factory=list)  # a blank pad's own; a completed sheet's from its result
    side_hints: list[str] | None = None  # what a blank pad prints where a side has no name
    tail: list[Col] = field(default_factory=list)
    totals: list[Cell] | None = None
    total_label: str = ""
    blank: bool = True
    winners: list[int] = field(default_factory=list)
    standings: list[str] = field(default_factory=list)  # "1. Anne 45", best first, as the rules rank the sides
    status: list[str] = field(default_factory=list)
    chart: list[list[int]] | None = None  # running totals by side, from the start
    target: int | None = None  # a score the chart marks with a line
    url: str | None = None
    date: str = ""
    row_height: float = 21  # of rows left for handwriting; a blank pad grows them to fill its page
    more: Callable[[int], Row] | None = None  # an open-ended game's next empty round, to fill the page


# -- the entry points ------------------------------------------------------------------------------


def module_for(rules_id: str) -> ModuleType:
    """The sheet module of a game."""
    return registry.get(rules_id).sheet()


def completed(game: Game, result: Result, lang: str, paper: str, url: str | None, *, date: str = "") -> bytes:
    """The sheet of a game as played so far, filled in, with its chart and the QR code of `url`."""
    check_paper(paper)
    layout = module_for(game.rules).completed_layout(game, result, lang)
    fill_common(layout, rules.get(game.rules), lang)
    layout.sides, layout.status = list(result.sides), status_lines(result, lang)
    layout.totals = [Cell(num(v, lang), bold=True) for v in result.totals]
    layout.blank, layout.url, layout.date = False, url, date
    layout.winners = list(result.winners)
    layout.standings = [f"{s.rank}. {result.sides[s.side]} {num(s.total, lang)}" for s in result.standings]
    layout.chart = running_totals(result)
    return draw(layout, lang, paper)


def pdf(game: Game, lang: str = "fr", paper: str = "a4", url: str | None = None) -> bytes:
    """The completed sheet of a game as recorded, played through here."""
    return completed(game, rules.play(game), lang, paper, url)


def blank(rules_id: str, players: int, names: list[str] | None, lang: str, paper: str) -> bytes:
    """An empty score pad for `players` players of a game; `names` (optional) print in the header."""
    rules_ = rules.get(rules_id)
    check_paper(paper)
    names = check_names(rules_, players, names)
    placeholders = [name or f"\0{seat}" for seat, name in enumerate(names)]
    options = rules_.check_setup(placeholders, {})
    layout = module_for(rules_id).blank_layout(names, options, lang)
    fill_common(layout, rules_, lang)
    layout.totals = [Cell() for _ in layout.sides]
    return draw(layout, lang, paper)


def fill_common(layout: Layout, rules_: rules.Rules, lang: str) -> None:
    """What every game's sheet takes from its rules alike: the title."""
    layout.title = gettext(rules_.name, lang)


def check_paper(paper: str) -> None:
    """The paper is A4 or Letter."""
    if paper not in PAPERS:
        raise Invalid(
            [problem(N_("The paper must be a4 or letter (got %(value)s)."), value=str(paper)[:20], field="paper")]
        )


def check_names(rules_: rules.Rules, players, names) -> list[str]:
    """The names by seat ('' where none was given), after checking the player count and the names."""
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not rules_.min_players <= players <= rules_.max_players
    ):
        raise Invalid(
            [
                problem(
                    N_("%(game)s is played by %(lo)d to %(hi)d players, not %(n)s."),
                    game=rules_.name,
                    lo=rules_.min_players,
                    hi=rules_.max_players,
                    n=str(players)[:20],
                    field="players",
                )
            ]
        )
    names = [unicodedata.normalize("NFC", n).strip() for n in (names or [])]
    while names and not names[-1]:
        names.pop()
    if len(names) > players:
        raise Invalid(
            [problem(N_("%(given)d names were given for %(n)d players."), given=len(names), n=players, field="names")]
        )
    problems, seen = [], set()
    for seat, name in enumerate(names):
        if len(name) > MAX_NAME:
            problems.append(
                problem(
                    N_("The name of player %(number)d is longer than %(max)d characters."),
                    number=seat + 1,
                    max=MAX_NAME,
                    field="names",
                )
            )
        elif name and name.casefold() in seen:
            problems.append(problem(N_("Two players are named %(name)s: names must differ."), name=name, field="names"))
        seen.add(name.casefold())
    if problems:
        raise Invalid(problems)
    return names + [""] * (players - len(names))


def running_totals(result: Result) -> list[list[int]] | None:
    """Each side's total before the first round and after every round, for the chart."""
    if not result.rounds:
        return None
    first = result.rounds[0]
    start = [t - s for t, s in zip(first.totals, first.scores, strict=True)]
    return [[start[k]] + [r.totals[k] for r in result.rounds] for k in range(len(result.sides))]


# -- helpers for the game modules ------------------------------------------------------------------


def num(value, lang: str) -> str:
    """A number as the language writes it."""
    return number(value, lang)


def delta(value, lang: str) -> str:
    """A score change with its sign."""
    return signed(value, lang)


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
    for _ in range(count):
        seats.append(seat)
        seat = rules_.next_dealer(game, result.state, seat)
    return seats


def dealers_ahead(game: Game, result: Result, count: int) -> list[str]:
    """The names of who deals the next `count` rounds ('' once the game is over)."""
    seats = dealer_seats_ahead(game, result, count)
    return [game.players[s] for s in seats] + [""] * (count - len(seats))


def made_cells(bid, tricks: int, made: bool, bid_text: str | None = None) -> tuple[Cell, Cell]:
    """The bid and tricks boxes of a player, marked made (✓) or missed (✗)."""
    mark = "made" if made else "miss"
    sign = symbol("✓", "+") if made else symbol("✗", "x")
    return Cell(str(bid) if bid_text is None else bid_text, mark=mark), Cell(f"{tricks} {sign}", mark=mark)


def rows_with_zebra(layout: Layout) -> list[int]:
    """Indexes (within the body) of the rows to shade lightly, every other round."""
    return [k for k, row in enumerate(layout.rows) if row.kind != "start" and k % 2 == 1]


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


# -- fonts -----------------------------------------------------------------------------------------


@cache
def fonts() -> str:
    """Register the sheet fonts (DejaVu, else ReportLab's Vera); return which family was used."""
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    dejavu = next((d for d in DEJAVU_DIRS if (d / FONTS[REGULAR][0]).exists()), None)
    for name, (wide, fallback) in FONTS.items():
        path = dejavu / wide if dejavu and (dejavu / wide).exists() else vera / fallback
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return "DejaVu" if dejavu else "Vera"


@cache
def _glyphs(font: str) -> frozenset:
    """The characters a font can draw."""
    fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def replacement(font: str) -> str:
    """The visible mark printed for a character the font lacks."""
    have = _glyphs(font)
    return next(c for c in ("\ufffd", "\u25a1", "?") if ord(c) in have)


@lru_cache(maxsize=8192)
def printable(text: str, font: str = REGULAR) -> str:
    """The text as the font can print it: composed, with a visible mark for every character it lacks."""
    have, out = _glyphs(font), []
    for char in unicodedata.normalize("NFC", str(text)):
        if char in "\t\n\r":
            out.append(" ")
        elif unicodedata.category(char) == "Cf":
            continue  # invisible formatting marks (direction, joiners) carry no letter
        else:
            out.append(char if ord(char) in have else replacement(font))
    return "".join(out)


def symbol(char: str, fallback: str) -> str:
    """A sign such as ✓ when the font has it, else a plain one."""
    return char if ord(char) in _glyphs(REGULAR) else fallback


def width_of(text: str, font: str, size: float) -> float:
    """How wide a text prints."""
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=8192)
def fit(text: str, font: str, size: float, width: float, lines: int = 1, smallest: float = 5.5):
    """The largest size (down to `smallest`) at which `text` fits `width` in at most `lines` lines
    without cutting a word, and those lines; at the smallest size long words are cut, then the end."""
    text = printable(text, font)
    current = size
    while current > smallest and not _fits(text, font, current, width, lines):
        current = max(smallest, current - 0.5)
    split = _split(text, font, current, width)
    if len(split) > lines:
        split = split[: lines - 1] + [_ellipsis(" ".join(split[lines - 1 :]), font, current, width)]
    return current, tuple(split)


def _fits(text: str, font: str, size: float, width: float, lines: int) -> bool:
    """Whether every word fits a line and the words fit in `lines` lines."""
    if any(width_of(word, font, size) > width for word in text.split(" ")):
        return False
    return len(_split(text, font, size, width)) <= lines


def _split(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of at most `width`, breaking at spaces, and inside words that are longer than a line."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if width_of(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for char in word:
            if width_of(line + char, font, size) > width and line:
                lines.append(line)
                line = ""
            line += char
    return lines + [line] if line or not lines else lines


def _ellipsis(text: str, font: str, size: float, width: float) -> str:
    """Cut a text to `width` with … at the end."""
    if width_of(text, font, size) <= width:
        return text
    while text and width_of(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


# -- cells -----------------------------------------------------------------------------------------


class Text(Flowable):
    """A cell's text, shrunk to fit its width (in up to `lines` lines), with an optional small note."""

    def __init__(
        self,
        text: str,
        font: str = REGULAR,
        size: float = 8.5,
        color=INK,
        align: str = "CENTER",
        note: str = "",
        note_color=GREY,
        lines: int = 1,
        note_above: bool = False,
        min_height: float = 0,
    ):
        super().__init__()
        self.text, self.font, self.size, self.color, self.align = text, font, size, color, align
        self.note, self.note_color, self.lines, self.note_above = note, note_color, lines, note_above
        self.min_height = min_height
        self._fitted = None

    def wrap(self, available_width, available_height):
        """Fit the text to the width; the height follows from the lines."""
        self.width = available_width
        note = printable(self.note, NARROW)
        note_width = width_of(note, NARROW, self._note_size()) + 2 if note and not self.note_above else 0
        self._fitted = fit(self.text, self.font, self.size, max(4, available_width - note_width), self.lines)
        size, lines = self._fitted
        self.height = size * 1.15 * len(lines) + (self._note_size() * 1.2 if self.note_above and note else 0)
        self.height = max(self.height, self.min_height)
        return self.width, self.height

    def _note_size(self) -> float:
        """Notes print small."""
        return max(5, self.size * 0.7)

    def draw(self):
        """Draw the note (left or above) and the text lines."""
        self.write(Writer(self.canv), 0, 0)

    def write(self, out: Writer, x: float, y: float) -> None:
        """Print the note and the text lines, the cell's lower left corner at (x, y)."""
        size, lines = self._fitted
        note, top = printable(self.note, NARROW), y + self.height - size * 0.95
        if not note and lines == ("",):
            return  # an empty box
        if note:
            small = self._note_size()
            if self.note_above:
                out.put(note, x, y + self.height - small * 0.9, NARROW, small, self.note_color)
                top -= small * 1.2
            else:
                out.put(note, x, y + (self.height - size) / 2 + size * 0.18, NARROW, small, self.note_color)
        for line in lines:
            shift = 0 if self.align == "LEFT" else self.width - width_of(line, self.font, size)
            out.put(line, x + (shift / 2 if self.align == "CENTER" else shift), top, self.font, size, self.color)
            top -= size * 1.15


class Writer:
    """Strings put straight on the page, each in a text object as canvas.drawString makes it but without its
    work on the canvas state, the colour set only when it changes."""

    def __init__(self, canvas):
        self.canvas, self.colour = canvas, None

    def put(self, text: str, x: float, y: float, font: str, size: float, colour) -> None:
        """Print `text` from (x, y)."""
        out = self.canvas.beginText(x, y)
        out.setFont(font, size)
        if colour is not self.colour:
            out.setFillColor(colour)
            self.colour = colour
        out.textLine(text)  # its line break keeps each cell a line of its own when the text is extracted
        self.canvas.drawText(out)


class Grid(Table):
    """A Table that prints its Text cells where it would draw them as flowables, without a graphics state of
    their own for each (a fifth of a completed sheet's time went into that)."""

    _writer = None

    def draw(self):
        """The table as Table draws it, with a writer of its own: the colour it remembers ends with the table."""
        self._writer = None
        super().draw()
        self._writer = None

    def _drawCell(self, cellval, cellstyle, pos, size):
        """A Text cell as Table places a lone flowable; any other cell as Table draws it."""
        if isinstance(cellval, (tuple, list)) and len(cellval) == 1:  # how Table keeps a cell it has measured
            cellval = cellval[0]
        if not isinstance(cellval, Text):
            self._curcellstyle = None  # a Text cell may have changed the colour Table thinks it set
            if self._writer is not None:
                self._writer.colour = None  # and Table may change it now
            return super()._drawCell(cellval, cellstyle, pos, size)
        (x, y), (width, height) = pos, size
        h = cellval.wrap(
            width - cellstyle.leftPadding - cellstyle.rightPadding,
            height - cellstyle.topPadding - cellstyle.bottomPadding,
        )[1]
        if cellstyle.valign == "TOP":
            y += height - cellstyle.topPadding - h
        elif cellstyle.valign == "BOTTOM":
            y += cellstyle.bottomPadding
        else:
            y += (height + cellstyle.bottomPadding - cellstyle.topPadding - h) / 2
        if self._writer is None:
            self._writer = Writer(self.canv)
        cellval.write(self._writer, x + cellstyle.leftPadding, y)  # a Text is as wide as its cell allows


def _cell(cell: Cell, size: float) -> Text:
    """The flowable that prints a Cell: centred, or right of its note; hints a little smaller."""
    colour = MARKS.get(cell.mark, (None, INK))[1]
    font = NARROW_BOLD if cell.bold or cell.mark == "win" else NARROW
    size = size * 0.85 if cell.mark == "hint" else size
    return Text(cell.text, font, size, colour, "RIGHT" if cell.note else "CENTER", note=cell.note)


# -- the page --------------------------------------------------------------------------------------


@dataclass
class Page:
    """The paper, its orientation and the frame the grid fills."""

    size: tuple[float, float]
    landscape: bool

    @property
    def frame_width(self) -> float:
        """The width between the side margins."""
        return self.size[0] - 2 * MARGIN


def choose_page(layout: Layout, paper: str) -> Page:
    """Portrait when the columns fit across it, else landscape."""
    portrait = Page(PAPERS[paper], False)
    if needed_width(layout) <= portrait.frame_width:
        return portrait
    return Page(landscape(PAPERS[paper]), True)


def _least(col: Col, heading: bool) -> float:
    """A column's least width: what the game asks, and room for the longest word of its label."""
    font, size = (BOLD, HEADING_SIZE) if heading else (NARROW, SUB_SIZE)
    words = printable(col.label, font).split(" ")
    return max(col.width, max(width_of(w, font, size) for w in words) + 5)


def _least_widths(layout: Layout) -> list[float]:
    """The least width of every column, left to right."""
    lead = [_least(c, True) for c in layout.lead]
    side = [_least(c, False) for c in layout.side]
    return lead + side * len(layout.sides) + [_least(c, True) for c in layout.tail]


def needed_width(layout: Layout) -> float:
    """The width the grid needs at the least."""
    return sum(_least_widths(layout))


def column_widths(layout: Layout, width: float) -> list[float]:
    """Every column's width: what it needs, plus its share of the spare width (or scaled down)."""
    cols = layout.lead + layout.side * len(layout.sides) + layout.tail
    least = _least_widths(layout)
    need = sum(least)
    if need >= width:
        return [w * width / need for w in least]
    spare, shares = width - need, sum(c.grow for c in cols)
    return [w + spare * c.grow / shares for w, c in zip(least, cols, strict=True)]


# -- the grid --------------------------------------------------------------------------------------


def grid(layout: Layout, lang: str, width: float) -> Table:
    """The score table: two heading rows (repeated on every page), the rounds, the totals."""
    widths = column_widths(layout, width)
    n_lead, n_side = len(layout.lead), len(layout.side)
    first_side = [n_lead + k * n_side for k in range(len(layout.sides))]
    tail_at = n_lead + n_side * len(layout.sides)
    data = [_heading(layout), _subheading(layout)]
    body_size = 8.5 if layout.blank else 8
    for row in layout.rows:
        data.append(_body_row(layout, row, body_size))
    if layout.totals is not None:
        data.append(_totals_row(layout))
    style = _grid_style(layout, first_side, tail_at, len(data))
    heights = [None, 11] + [_row_height(layout, r) for r in layout.rows]
    if layout.totals is not None:
        heights.append(22 if layout.blank else 20)
    return Grid(data, colWidths=widths, rowHeights=heights, repeatRows=2, style=style, hAlign="LEFT")


def _row_height(layout: Layout, row: Row) -> float:
    """Blank rows leave room for handwriting."""
    if row.kind == "start":
        return 14
    return layout.row_height if layout.blank or row.kind == "empty" else 16.5


def _heading(layout: Layout) -> list:
    """The first heading row: the lead and tail labels, each side's name over its columns."""
    row = [Text(c.label, BOLD, HEADING_SIZE, lines=2) for c in layout.lead]
    for seat, name in enumerate(layout.sides):
        if name:
            star = " " + symbol("★", "*") if seat in layout.winners else ""
            row.append(Text(name + star, BOLD, 10, lines=2))
        else:  # room to write a name, with the seat number
            hint = layout.side_hints[seat] if layout.side_hints else seat_hint(seat)
            row.append(Text("", BOLD, 10, note=hint, note_above=True, align="LEFT", min_height=22))
        row.extend([""] * (len(layout.side) - 1))
    row.extend(Text(c.label, BOLD, HEADING_SIZE, lines=2) for c in layout.tail)
    return row


def _subheading(layout: Layout) -> list:
    """The second heading row: what each side's columns hold."""
    subs = [Text(c.label, NARROW, SUB_SIZE, GREY) for c in layout.side]
    return [""] * len(layout.lead) + subs * len(layout.sides) + [""] * len(layout.tail)


def _body_row(layout: Layout, row: Row, size: float) -> list:
    """One round (or the start, or a round still to play) as table cells."""
    cells = [_cell(c, size) for c in row.lead]
    if row.kind == "start" and row.lead:
        cells = [Text(row.lead[0].text, NARROW_BOLD, 7.5, GREY, "LEFT")] + [""] * (len(row.lead) - 1)
    for side in row.sides:
        cells.extend(_cell(c, size) for c in side)
    cells.extend(_cell(c, size) for c in row.tail)
    return cells


def _totals_row(layout: Layout) -> list:
    """The totals: the label over the lead columns, each side's total over its columns."""
    cells = [Text(layout.total_label, BOLD, 9, align="LEFT")] + [""] * (len(layout.lead) - 1)
    for seat, total in enumerate(layout.totals):
        winner = seat in layout.winners
        text = total.text + (" " + symbol("★", "*") if winner and total.text else "")
        cells.append(Text(text, BOLD, 11.5, INK))
        cells.extend([""] * (len(layout.side) - 1))
    return cells + [""] * len(layout.tail)


def _grid_style(layout: Layout, first_side: list[int], tail_at: int, n_rows: int) -> TableStyle:
    """Lines, spans, shading and the marks of made and missed bids and of winners."""
    n_side, last = len(layout.side), n_rows - 1
    has_totals = layout.totals is not None
    style = [
        ("FONT", (0, 0), (-1, -1), NARROW, 8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("BACKGROUND", (0, 0), (-1, 1), HEAD),
        ("INNERGRID", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 1, INK),
        ("LINEBELOW", (0, 1), (-1, 1), 1, INK),
        ("TOPPADDING", (0, 0), (-1, 0), 3),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 3),
    ]
    for col in range(len(layout.lead)):
        style.append(("SPAN", (col, 0), (col, 1)))
    for k in range(len(layout.tail)):
        style.append(("SPAN", (tail_at + k, 0), (tail_at + k, 1)))
    for start in first_side:
        style += [("SPAN", (start, 0), (start + n_side - 1, 0)), ("LINEBEFORE", (start, 0), (start, -1), 1, INK)]
    if layout.tail:
        style.append(("LINEBEFORE", (tail_at, 0), (tail_at, -1), 1, INK))
    for k, row in enumerate(layout.rows):
        y = k + 2
        if row.kind == "start":
            style += [("BACKGROUND", (0, y), (-1, y), HEAD)]
            if len(layout.lead) > 1:
                style.append(("SPAN", (0, y), (len(layout.lead) - 1, y)))
        elif k in rows_with_zebra(layout):
            style.append(("BACKGROUND", (0, y), (-1, y), ZEBRA))
        style += _mark_styles(layout, row, y, first_side, tail_at)
    if has_totals:
        style += [("LINEABOVE", (0, last), (-1, last), 1.5, INK), ("BACKGROUND", (0, last), (-1, last), HEAD)]
        if len(layout.lead) > 1:
            style.append(("SPAN", (0, last), (len(layout.lead) - 1, last)))
        for start in first_side:
            style.append(("SPAN", (start, last), (start + n_side - 1, last)))
    for seat in layout.winners:
        start = first_side[seat]
        style.append(("BACKGROUND", (start, 0), (start + n_side - 1, 0), MARKS["win"][0]))
        if has_totals:
            style.append(("BACKGROUND", (start, last), (start + n_side - 1, last), MARKS["win"][0]))
    return TableStyle(style)


def _mark_styles(layout: Layout, row: Row, y: int, first_side: list[int], tail_at: int) -> list:
    """Background tints for the marked cells of a row."""
    style = []
    placed = [(k, c) for k, c in enumerate(row.lead)]
    for seat, cells in enumerate(row.sides):
        placed += [(first_side[seat] + k, c) for k, c in enumerate(cells)]
    placed += [(tail_at + k, c) for k, c in enumerate(row.tail)]
    for x, cell in placed:
        background = MARKS.get(cell.mark, (None, None))[0]
        if background is not None:
            style.append(("BACKGROUND", (x, y), (x, y), background))
    return style


# -- header, chart, QR code, footer ----------------------------------------------------------------


def _styles() -> dict:
    """Paragraph styles of the sheet."""
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=18, textColor=INK),
        "details": ParagraphStyle("details", fontName=REGULAR, fontSize=8.5, leading=11, textColor=GREY),
        "body": ParagraphStyle("body", fontName=REGULAR, fontSize=8.5, leading=11, textColor=INK),
        "strong": ParagraphStyle("strong", fontName=BOLD, fontSize=10, leading=13, textColor=INK),
        "small": ParagraphStyle("small", fontName=REGULAR, fontSize=7, leading=8.6, textColor=GREY),
    }


def para(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of plain text (never markup: a name like <b> prints as typed)."""
    return Paragraph(escape(printable(text, style.fontName)), style)


def header(layout: Layout, lang: str, width: float) -> list:
    """The title, the game's details, and the date, place and scorer lines."""
    styles = _styles()
    title = gettext("%(game)s — score sheet", lang, game=layout.title)
    lines = [(gettext("Date", lang), layout.date), (gettext("Place", lang), ""), (gettext("Scorer", lang), "")]
    cells, widths = [], []
    for label, value in lines:
        cells += [
            Text(label + " :" if lang == "fr" else label + ":", REGULAR, 8.5, GREY, "LEFT"),
            Text(value, REGULAR, 9, INK, "LEFT"),
        ]
        label_width = width_of(cells[-2].text, REGULAR, 8.5) + 4
        widths += [label_width, width / 3 - label_width - 12, 12]
        cells.append("")
    info = Table(
        [cells],
        colWidths=widths,
        rowHeights=[16],
        hAlign="LEFT",
        style=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
            + [("LINEBELOW", (k, 0), (k, 0), 0.6, INK) for k in range(1, 9, 3)]
        ),
    )
    return [para(title, styles["title"]), para(layout.details, styles["details"]), Spacer(1, 2), info, Spacer(1, 7)]


def chart(layout: Layout, lang: str, width: float, height: float) -> Chart:
    """A line chart of every side's running total, round by round, with a legend of the names."""
    return Chart(layout, lang, width, height)


class Chart(Flowable):
    """The running totals drawn straight on the canvas, laid out as ReportLab's LinePlot and Legend lay them
    out (axes, ticks, grid, lines with markers, the target, the legend); their shape objects cost a sheet
    more time than all its text."""

    def __init__(self, layout: Layout, lang: str, width: float, height: float):
        super().__init__()
        self.layout, self.lang, self.width, self.height = layout, lang, width, height
        self.legend_width = min(110, width * 0.3)
        self.x0, self.y0 = 26, 22  # the plot's lower left corner
        self.w, self.h = width - self.legend_width - self.x0 - 8, height - self.y0 - 14
        series = layout.chart
        low, high = min(min(v) for v in series), max(max(v) for v in series)
        if layout.target is not None:
            high = max(high, layout.target)
        if low == high:
            high += 1
        self.low, self.high, self.rounds = min(0, low), high, max(1, len(series[0]) - 1)

    def wrap(self, available_width, available_height):
        """The size asked."""
        return self.width, self.height

    def x(self, value: float) -> float:
        """Where a round goes across."""
        return self.x0 + self.w / self.rounds * value

    def y(self, value: float) -> float:
        """Where a total goes up."""
        return self.y0 + self.h / (self.high - self.low) * (value - self.low)

    def draw(self):
        """Axes and grid, each side's line with its markers, the target, 'Round' and the legend."""
        canvas = self.canv
        self._axes()
        canvas.setLineJoin(1)
        for k, values in enumerate(self.layout.chart):
            self._line(k, [(self.x(x), self.y(v)) for x, v in enumerate(values)])
        canvas.setLineJoin(0)
        if self.layout.target is not None:
            y = self.y0 + self.h * (self.layout.target - self.low) / (self.high - self.low)
            canvas.setStrokeColor(GREY)
            canvas.setLineWidth(0.7)
            canvas.setDash([3, 2], 0)
            canvas.line(self.x0, y, self.x0 + self.w, y)
            canvas.setDash()
        canvas.setFont(NARROW, 6.5)
        canvas.setFillColor(GREY)
        canvas.drawString(self.x0, 4, gettext("Round", self.lang))
        self._legend(self.x0 + self.w + 14, self.height - 6, self.legend_width - 8)

    def _axes(self) -> None:
        """Both axes with their ticks and labels, then the grid across at each total labelled."""
        canvas, x0, y0 = self.canv, self.x0, self.y0
        across = range(0, self.rounds + 1, max(1, (len(self.layout.chart[0]) - 1) // 12 + 1))
        up = _ticks(self.low, self.high, self.h)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.lines(
            [(x0, y0, x0 + self.w, y0)]
            + [(self.x(t), y0, self.x(t), y0 - 5) for t in across]
            + [(x0, y0, x0, y0 + self.h)]
            + [(x0, self.y(t), x0 - 5, self.y(t)) for t in up]
        )
        canvas.setFont(NARROW, 6.5)
        canvas.setFillColor(colors.black)
        for t in across:
            canvas.drawCentredString(self.x(t), y0 - 11.5, "%d" % t)
        for t in up:
            canvas.drawRightString(x0 - 5, self.y(t) - 2.6, num(int(t), self.lang) if float(t).is_integer() else "")
        canvas.setStrokeColor(ZEBRA)
        canvas.lines([(x0, self.y(t), x0 + self.w, self.y(t)) for t in up if self.y(t) != y0])

    def _line(self, k: int, points: list[tuple[float, float]]) -> None:
        """One side's line, then its markers."""
        canvas, colour = self.canv, LINE_COLOURS[k % len(LINE_COLOURS)]
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(2.2 if k in self.layout.winners else 1.2)
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setLineJoin(0)
        canvas.setFillColor(colour)
        canvas.setLineWidth(0.1)
        shape, r = LINE_MARKERS[k % len(LINE_MARKERS)], MARKER_SIZE / 2
        if shape == "square":  # one rectangle each: viewers snap a lone rectangle to the pixels
            for x, y in points:
                canvas.rect(x - r, y - r, 2 * r, 2 * r, stroke=1, fill=1)
        else:
            path = canvas.beginPath()
            for x, y in points:
                _marker(path, shape, x, y)
            canvas.drawPath(path, stroke=1, fill=1, fillMode=FILL_NON_ZERO)  # overlapping markers stay filled
        canvas.setLineJoin(1)

    def _legend(self, x: float, top: float, width: float) -> None:
        """A coloured box and the name of each side, one under the other (ReportLab's Legend spacing)."""
        canvas = self.canv
        ascent = (pdfmetrics.getFont(NARROW).face.ascent / 1000 or 0.718) * 7
        y = top - 6
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(1)
        canvas.setFont(NARROW, 7)
        for k, name in enumerate(self.layout.sides):
            baseline = y + (6 - ascent) * 0.5
            canvas.setFillColor(LINE_COLOURS[k % len(LINE_COLOURS)])
            canvas.rect(x, y, 6, 6, stroke=1, fill=1)
            canvas.setFillColor(colors.black)
            canvas.drawString(x + 16, baseline, fit(name, NARROW, 7, width - 12)[1][0])
            y -= max(9, baseline + 7 * 1.2 - y)


def _ticks(low: float, high: float, length: float) -> list[float]:
    """Where a value axis of `length` points from `low` to `high` puts its ticks (ReportLab's ValueAxis rule:
    at most 7 ticks, at least 10 points apart, on round numbers)."""
    step = nextRoundNumber((high - low) / min(6.0, length / 10))
    fuzz = 1e-8 * step
    first, last = int(low / step), int(high / step)
    if first * step < low - fuzz:
        first += 1
    if last * step > high + fuzz:
        last -= 1
    return [i * step for i in range(first, last + 1)]


def _marker(path, shape: str, x: float, y: float) -> None:
    """Add a marker 3.2 points across to a path: circle, diamond or triangle, as ReportLab draws them."""
    if shape == "circle":
        path.circle(x, y, MARKER_SIZE / 2)
    else:
        corners = CORNERS[shape]
        path.moveTo(x + corners[0][0], y + corners[0][1])
        for dx, dy in corners[1:]:
            path.lineTo(x + dx, y + dy)
        path.close()


class QRCode(Flowable):
    """The QR code of a web address, its dark modules drawn as one filled path (runs merged row by row)."""

    def __init__(self, url: str, size: float):
        super().__init__()
        self.modules, self._runs = qr_runs(url)
        self.width = self.height = size

    def wrap(self, available_width, available_height):
        """A square of the size asked."""
        return self.width, self.height

    def runs(self):
        """The dark runs as (row, first column, length), in modules."""
        return iter(self._runs)

    def draw(self):
        """White square with the quiet zone (four modules each side), then the dark modules."""
        unit = self.width / (self.modules + 8)
        canvas = self.canv
        canvas.setFillColor(colors.white)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        path = canvas.beginPath()
        for r, c, length in self._runs:
            path.rect((c + 4) * unit, self.height - (r + 5) * unit, length * unit, unit)
        canvas.setFillColor(colors.black)
        canvas.drawPath(path, stroke=0, fill=1)


@lru_cache(maxsize=64)
def qr_runs(url: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """How many modules across the QR code of `url` is, and its dark runs as (row, first column, length);
    remembered, as a game's sheet is fetched again while it is played and making the code takes 5 ms."""
    import segno

    matrix, runs = segno.make(url, error="m").matrix, []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return len(matrix), tuple(runs)


def outcome(layout: Layout, lang: str, width: float) -> list:
    """Below a filled-in grid: the chart, and where the game stands with the standings and the QR code."""
    styles = _styles()
    side_width = min(170, width * 0.32)
    summary = [para(line, styles["strong"] if k == 0 else styles["body"]) for k, line in enumerate(layout.status)]
    summary += [Spacer(1, 3), para(" · ".join(layout.standings), styles["body"])]
    if layout.url:
        code = QRCode(layout.url, 72)
        caption = para(gettext("Scan to open the game:", lang), styles["small"])
        link = para(layout.url, styles["small"])
        summary += [
            Spacer(1, 4),
            Table(
                [[code, [caption, link]]],
                colWidths=[76, side_width - 80],
                style=TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]),
            ),
        ]
    left = (
        chart(layout, lang, width - side_width - 8, 150)
        if layout.chart
        else para(gettext("No rounds played yet.", lang), styles["body"])
    )
    block = Table(
        [[left, summary]],
        colWidths=[width - side_width, side_width],
        hAlign="LEFT",
        style=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )
    return [Spacer(1, 8), block]


def blank_foot(lang: str, width: float) -> list:
    """Below a blank grid: a line to write the winners on."""
    label = gettext("Winner", lang) + (" :" if lang == "fr" else ":")
    cell = Text(label, BOLD, 9, INK, "LEFT")
    return [
        Spacer(1, 10),
        Table(
            [[cell, ""]],
            colWidths=[width_of(label, BOLD, 9) + 6, width * 0.5],
            rowHeights=[18],
            hAlign="LEFT",
            style=TableStyle(
                [
                    ("LINEBELOW", (1, 0), (1, 0), 0.6, INK),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ]
            ),
        ),
    ]


class Footer:
    """The fixed furniture of every page: the scoring rules, the page number, the title on later pages."""

    def __init__(self, layout: Layout, lang: str, page: Page, pages: int):
        self.layout, self.lang, self.page, self.pages = layout, lang, page, pages
        style = _styles()["small"]
        self.rules = [para("• " + line, style) for line in layout.rules]
        self.height = sum(p.wrap(page.frame_width, 200)[1] for p in self.rules) + 14

    def __call__(self, canvas, doc):
        """Draw the footer (and, after the first page, a running title)."""
        canvas.saveState()
        y = MARGIN * 0.75 + 10
        for p in reversed(self.rules):
            p.drawOn(canvas, MARGIN, y)
            y += p.height
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, y + 2, self.page.size[0] - MARGIN, y + 2)
        canvas.setFont(REGULAR, 7)
        canvas.setFillColor(GREY)
        number = gettext("Page %(page)d of %(pages)d", self.lang, page=doc.page, pages=max(self.pages, doc.page))
        canvas.drawRightString(self.page.size[0] - MARGIN, MARGIN * 0.75, printable(number))
        canvas.drawString(MARGIN, MARGIN * 0.75, printable(f"Scorekeeper · {self.layout.title}"))
        if doc.page > 1:
            canvas.setFont(BOLD, 9)
            canvas.setFillColor(INK)
            running = gettext("%(game)s — score sheet", self.lang, game=self.layout.title)
            canvas.drawString(MARGIN, self.page.size[1] - MARGIN * 0.8, printable(running, BOLD))
            canvas.setFont(REGULAR, 7)
            canvas.setFillColor(GREY)
            canvas.drawRightString(
                self.page.size[0] - MARGIN,
                self.page.size[1] - MARGIN * 0.8,
                printable(gettext("(continued)", self.lang)),
            )
        canvas.restoreState()


# -- putting it together ---------------------------------------------------------------------------


def draw(layout: Layout, lang: str, paper: str) -> bytes:
    """The sheet as PDF bytes (byte-stable: the same game gives the same file)."""
    fonts()
    page = choose_page(layout, paper)
    if layout.blank:
        _fill_page(layout, lang, page)
    pdf, pages = _build(layout, lang, page, 1)
    if pages > 1:  # page numbers say "of N": build again now that N is known
        pdf, pages = _build(layout, lang, page, pages)
    return pdf


def _fill_page(layout: Layout, lang: str, page: Page) -> None:
    """Fill a blank pad's first page: more empty rounds for an open-ended game, then taller rows."""
    height = page.size[1] - 2 * MARGIN - Footer(layout, lang, page, 1).height - 12
    free = height - _story_height(layout, lang, page, height)
    if layout.more is not None and free > layout.row_height:
        played = sum(1 for r in layout.rows if r.kind != "start")
        extra = min(MAX_OPEN_ROWS, int(free // layout.row_height))
        layout.rows += [layout.more(played + k) for k in range(extra)]
        free -= extra * layout.row_height
    rows = sum(1 for r in layout.rows if r.kind != "start")
    if rows and free > 0:
        layout.row_height = min(MAX_ROW, layout.row_height + free / rows)


def _story_height(layout: Layout, lang: str, page: Page, height: float) -> float:
    """How tall the sheet's content is when laid out across the frame."""
    return sum(
        f.wrap(page.frame_width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        for f in _story(layout, lang, page.frame_width)
    )


def _story(layout: Layout, lang: str, width: float) -> list:
    """The flowables of the sheet, top to bottom."""
    story = header(layout, lang, width) + [grid(layout, lang, width)]
    return story + (blank_foot(lang, width) if layout.blank else outcome(layout, lang, width))


def _build(layout: Layout, lang: str, page: Page, pages: int) -> tuple[bytes, int]:
    """Lay the sheet out on pages; return the PDF and how many pages it took."""
    out = io.BytesIO()
    footer = Footer(layout, lang, page, pages)
    doc = BaseDocTemplate(
        out,
        pagesize=page.size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + footer.height,
        invariant=True,
        lang=lang,
        title=gettext("%(game)s — score sheet", lang, game=layout.title),
        author="Scorekeeper",
        creator="Scorekeeper",
        subject=", ".join(n for n in layout.sides if n),
    )
    frame = Frame(
        doc.leftMargin,
        doc.bottomMargin,
        doc.width,
        doc.height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="sheet",
    )
    doc.addPageTemplates([PageTemplate("sheet", frames=[frame], onPage=footer)])
    doc.build(_story(layout, lang, page.frame_width))
    return out.getvalue(), doc.page


__all__ = [
    "PAPERS",
    "Cell",
    "Col",
    "Layout",
    "Row",
    "blank",
    "check_paper",
    "completed",
    "delta",
    "module_for",
    "num",
    "pdf",
    "printable",
    "seat_hint",
    "status_lines",
    "symbol",
]
