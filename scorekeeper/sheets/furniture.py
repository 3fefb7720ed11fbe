"""Everything around the grid: the title, details and date, place and scorer lines above it; below it the chart,
the standings, the status and the QR code of a completed sheet, or a blank pad's line for the winner; and the
footer of every page (the scoring rules, page numbers, the running title)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib import colors
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from ..i18n import gettext
from .chart import chart
from .layout import Layout
from .paging import foot_line
from .table import MARGIN, Page, Text
from .text import BOLD, GREY, INK, REGULAR, RULE, para, paragraph_styles, printable, width_of


def header(layout: Layout, lang: str, width: float) -> list:
    """The title, the game's details, and the date, place and scorer lines."""
    styles = paragraph_styles()
    title = gettext("%(game)s — score sheet", lang, game=layout.title)
    lines = [(gettext("Date", lang), layout.date), (gettext("Place", lang), ""), (gettext("Scorer", lang), "")]
    cells: list = []
    widths: list[float] = []
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
    styles = paragraph_styles()
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

    def __init__(self, layout: Layout, lang: str, page: Page):
        self.layout, self.lang, self.page = layout, lang, page
        style = paragraph_styles()["small"]
        self.rules = [para("• " + line, style) for line in layout.rules]
        self.height = sum(p.wrap(page.frame_width, 200)[1] for p in self.rules) + 14

    def __call__(self, canvas, page: int, pages: int) -> None:
        """Draw the footer of page `page` of `pages` (and, after the first page, a running title)."""
        canvas.saveState()
        y = MARGIN * 0.75 + 10
        for p in reversed(self.rules):
            p.drawOn(canvas, MARGIN, y)
            y += p.height
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, y + 2, self.page.size[0] - MARGIN, y + 2)
        foot_line(canvas, self.page.size[0], self.layout.title, self.lang, page, pages)
        if page > 1:
            self._running_title(canvas)
        canvas.restoreState()

    def _running_title(self, canvas) -> None:
        """The sheet's title and "(continued)" at the head of a later page."""
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
