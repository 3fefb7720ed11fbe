"""A club night's results sheet: its name and date, the leaderboard, and each table's final standings, on A4
or Letter, in the language given. Pure: the view hands it what to print."""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, SimpleDocTemplate, Spacer, Table, TableStyle

from ..i18n import gettext, ngettext, number, tenths
from ..leaderboard import Row
from ..rules import N_
from .paging import foot_line, numbered
from .table import MARGIN, PAPERS
from .text import BOLD, HEAD, INK, REGULAR, RULE, ZEBRA, fonts, para, paragraph_styles, printable


@dataclass
class Standing:
    """One finished table: its number, its game's name and its sides by rank: (rank, side, total)."""

    number: int
    game: str
    sides: list[tuple[int, str, int]]


def grid(rows: list[list], widths: list[float], align_right_from: int, wrap: int = 1) -> Table:
    """A table with a shaded heading repeated on each page, zebra rows and numbers to the right; column `wrap` (a
    name) wraps."""
    styles = paragraph_styles()
    # a name wraps in its column (a paragraph); the heading and the numbers are one line each
    body = [[printable(str(cell), BOLD) for cell in rows[0]]] + [
        [para(str(cell), styles["body"]) if k == wrap else printable(str(cell)) for k, cell in enumerate(row)]
        for row in rows[1:]
    ]
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("ALIGN", (align_right_from, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
    ]
    style += [("BACKGROUND", (0, y), (-1, y), ZEBRA) for y in range(2, len(rows), 2)]
    return Table(body, colWidths=widths, repeatRows=1, style=TableStyle(style), hAlign="LEFT")


def document(out: io.BytesIO, size: tuple[float, float], lang: str, title: str) -> SimpleDocTemplate:
    """A sheet of results (a night's, a season's) on paper of `size`, its margins leaving room for the foot line."""
    fonts()
    return SimpleDocTemplate(
        out,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 10,
        invariant=True,
        lang=lang,
        title=title,
        author="Scorekeeper",
        creator="Scorekeeper",
    )


def leaderboard_rows(board: list[Row], lang: str) -> list[list]:
    """The leaderboard as printed: a heading, then rank, player, games, won, average (one decimal)."""
    heading = [gettext(w, lang) for w in (N_("Rank"), N_("Player"), N_("Games"), N_("Won"), N_("Average"))]
    return [heading] + [[row.rank, row.name, row.games, row.won, tenths(row.shown, lang)] for row in board]


def results(
    name: str, day: str, board: list[Row], tables: list[Standing], lang: str, paper: str, *, unfinished: int = 0
) -> bytes:
    """The results sheet as PDF bytes."""
    out = io.BytesIO()
    size = PAPERS[paper]
    doc = document(out, size, lang, gettext("%(name)s — results", lang, name=name))

    def footer(canvas: Canvas, page: int, pages: int) -> None:
        """The event's name and the page out of all at the foot of each page."""
        foot_line(canvas, size[0], name, lang, page, pages)

    story = _story(name, day, board, tables, lang, doc.width, unfinished)
    doc.build(story, canvasmaker=numbered(footer))
    return out.getvalue()


def _story(
    name: str, day: str, board: list[Row], tables: list[Standing], lang: str, width: float, unfinished: int
) -> list:
    """What the sheet says, in order: the title, the leaderboard and how it is made, each table's standings."""
    styles = paragraph_styles()
    story: list = [
        para(gettext("%(name)s — results", lang, name=name), styles["title"]),
        para(day, styles["details"]),
        Spacer(1, 8),
        para(gettext("Leaderboard", lang), styles["strong"]),
        Spacer(1, 3),
    ]
    if board:
        story.append(grid(leaderboard_rows(board, lang), [w * width for w in (0.1, 0.5, 0.13, 0.12, 0.15)], 2))
    else:
        story.append(para(gettext("No game finished yet.", lang), styles["body"]))
    story.append(Spacer(1, 4))
    story.append(
        para(
            gettext(
                "Each finished game gives each player the share of the opponents at that table they beat "
                "(100: all of them); the leaderboard ranks players by their average.",
                lang,
            ),
            styles["small"],
        )
    )
    if unfinished:
        story.append(
            para(
                ngettext(
                    "%(num)d game not finished counts nothing.",
                    "%(num)d games not finished count nothing.",
                    unfinished,
                    lang,
                ),
                styles["small"],
            )
        )
    story += [Spacer(1, 10), para(gettext("Tables", lang), styles["strong"]), Spacer(1, 3)]
    for table in tables:
        heading = [gettext("Rank", lang), gettext("Player", lang), gettext("Total", lang)]
        rows = [heading] + [[rank, side, number(total, lang)] for rank, side, total in table.sides]
        title = gettext("Table %(number)d", lang, number=table.number) + " · " + table.game
        story.append(
            KeepTogether(
                [
                    para(title, styles["strong"]),
                    Spacer(1, 2),
                    grid(rows, [w * width for w in (0.1, 0.6, 0.3)], 2),
                    Spacer(1, 8),
                ]
            )
        )
    return story
