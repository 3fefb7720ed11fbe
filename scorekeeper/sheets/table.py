"""The score grid: two heading rows repeated on every page, the rounds, the totals, with each cell's text fitted
to its box; and the page it is laid on (A4 or Letter, landscape when the columns need it).

`Grid` is a ReportLab Table that prints its `Text` cells itself: Table would draw each as a flowable in a
graphics state of its own, which cost a fifth of a completed sheet's time."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from .layout import Cell, Col, Layout, Row, seat_hint
from .text import (
    BOLD,
    GREY,
    HEAD,
    INK,
    MARKS,
    NARROW,
    NARROW_BOLD,
    REGULAR,
    RULE,
    ZEBRA,
    fit,
    printable,
    symbol,
    width_of,
)

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm
HEADING_SIZE, SUB_SIZE = 7.5, 6.5  # the labels over the columns

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
        self._fitted: tuple[float, tuple[str, ...]] = (size, ("",))
        self._above = note_above  # where the note goes: above the text, or before it

    def wrap(self, available_width, available_height):
        """Fit the text to the width, beside its note, or under it when the note would cut the text (a stake of
        14 with "tapis" in a narrow box); the height follows from the lines."""
        self.width = available_width
        note = printable(self.note, NARROW)
        self._above = self.note_above
        if note and not self.note_above:
            room = max(4, available_width - width_of(note, NARROW, self._note_size()) - 2)
            self._fitted = fit(self.text, self.font, self.size, room, self.lines)
            self._above = " ".join(self._fitted[1]) != printable(self.text, self.font)
        if not note or self._above:
            self._fitted = fit(self.text, self.font, self.size, available_width, self.lines)
        size, lines = self._fitted
        self.height = size * 1.15 * len(lines) + (self._note_size() * 1.2 if self._above and note else 0)
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
            if self._above:
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


def grid(layout: Layout, width: float) -> Grid:
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
    if row.kind == "change":
        return 12
    return layout.row_height if layout.blank or row.kind == "empty" else 16.5


def _heading(layout: Layout) -> list:
    """The first heading row: the lead and tail labels, each side's name over its columns."""
    row: list = [Text(c.label, BOLD, HEADING_SIZE, lines=2) for c in layout.lead]
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
    if row.kind == "change":  # a line across the grid: who joined, sat out, left... before the next round
        width = len(layout.lead) + len(layout.side) * len(layout.sides) + len(layout.tail)
        return [Text(row.lead[0].text, NARROW, 7.5, GREY, "LEFT")] + [""] * (width - 1)
    cells: list = [_cell(c, size) for c in row.lead]
    if row.kind == "start" and row.lead:
        cells = [Text(row.lead[0].text, NARROW_BOLD, 7.5, GREY, "LEFT")] + [""] * (len(row.lead) - 1)
    for side in row.sides:
        cells.extend(_cell(c, size) for c in side)
    cells.extend(_cell(c, size) for c in row.tail)
    return cells


def _totals_row(layout: Layout) -> list:
    """The totals: the label over the lead columns, each side's total over its columns."""
    cells: list = [Text(layout.total_label, BOLD, 9, align="LEFT")] + [""] * (len(layout.lead) - 1)
    for seat, total in enumerate(layout.totals or []):
        winner = seat in layout.winners
        text = total.text + (" " + symbol("★", "*") if winner and total.text else "")
        cells.append(Text(text, BOLD, 11.5, INK))
        cells.extend([""] * (len(layout.side) - 1))
    return cells + [""] * len(layout.tail)


def rows_with_zebra(layout: Layout) -> list[int]:
    """Indexes (within the body) of the rows to shade lightly, every other round."""
    return [k for k, row in enumerate(layout.rows) if row.kind not in ("start", "change") and k % 2 == 1]


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
    zebra = set(rows_with_zebra(layout))
    for k, row in enumerate(layout.rows):
        y = k + 2
        if row.kind == "change":
            style.append(("SPAN", (0, y), (-1, y)))
            continue
        if row.kind == "start":
            style += [("BACKGROUND", (0, y), (-1, y), HEAD)]
            if len(layout.lead) > 1:
                style.append(("SPAN", (0, y), (len(layout.lead) - 1, y)))
        elif k in zebra:
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
