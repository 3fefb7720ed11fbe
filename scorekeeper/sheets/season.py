"""A club's season sheet: the club's name, the season's minimum of games, the ranked players, those not yet ranked,
and the nights it counts, on A4 or Letter, in the language given. Pure: the view hands it what to print."""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Spacer

from ..i18n import gettext, ngettext, tenths
from ..leaderboard import Row
from ..rules import N_
from .event import document, grid, leaderboard_rows
from .paging import foot_line, numbered
from .table import PAPERS
from .text import para, paragraph_styles

RANKED = (0.1, 0.5, 0.13, 0.12, 0.15)  # rank, player, games, won, average: shares of the page's width
BELOW = (0.6, 0.13, 0.12, 0.15)  # player, games, won, average
NIGHTS = (0.3, 0.5, 0.2)  # date, night, games finished


@dataclass
class Held:
    """One night of the season as the sheet lists it: its date (as the language writes it), name and finished
    games."""

    day: str
    name: str
    games: int


def results(
    name: str, minimum: int, ranked: list[Row], below: list[Row], nights: list[Held], lang: str, paper: str
) -> bytes:
    """The season sheet as PDF bytes."""
    out = io.BytesIO()
    size = PAPERS[paper]
    title = gettext("%(name)s — season", lang, name=name)
    doc = document(out, size, lang, title)

    def footer(canvas: Canvas, page: int, pages: int) -> None:
        """The club's name and the page out of all at the foot of each page."""
        foot_line(canvas, size[0], name, lang, page, pages)

    story = [para(title, paragraph_styles()["title"]), *_tables(minimum, ranked, below, lang, doc.width)]
    story += _nights(nights, lang, doc.width)
    doc.build(story, canvasmaker=numbered(footer))
    return out.getvalue()


def minimum_said(minimum: int, lang: str) -> str:
    """The season's minimum as the page and the sheet say it."""
    return ngettext(
        "Ranked from %(num)d finished game.", "Ranked from %(num)d finished games.", minimum, lang, num=minimum
    )


def _tables(minimum: int, ranked: list[Row], below: list[Row], lang: str, width: float) -> list:
    """The ranked players with the minimum stated beside them, then those not yet ranked."""
    styles = paragraph_styles()
    story: list = [Spacer(1, 8), para(gettext("Season", lang), styles["strong"])]
    story += [para(minimum_said(minimum, lang), styles["small"]), Spacer(1, 3)]
    if ranked:
        story.append(grid(leaderboard_rows(ranked, lang), [w * width for w in RANKED], 2))
    else:
        story.append(para(gettext("Nobody has played the minimum of games yet.", lang), styles["body"]))
    if below:
        heading = [gettext(w, lang) for w in (N_("Player"), N_("Games"), N_("Won"), N_("Average"))]
        rows = [heading] + [[row.name, row.games, row.won, tenths(row.shown, lang)] for row in below]
        story += [Spacer(1, 10), para(gettext("Not yet ranked", lang), styles["strong"]), Spacer(1, 3)]
        story.append(grid(rows, [w * width for w in BELOW], 1, wrap=0))
    story.append(Spacer(1, 4))
    story.append(
        para(
            gettext(
                "Each finished game gives each player the share of the opponents at that table they beat "
                "(100: all of them); the season ranks players by their average over every night.",
                lang,
            ),
            styles["small"],
        )
    )
    return story


def _nights(nights: list[Held], lang: str, width: float) -> list:
    """The nights the season counts, first first."""
    styles = paragraph_styles()
    story: list = [Spacer(1, 10), para(gettext("Nights", lang), styles["strong"]), Spacer(1, 3)]
    if not nights:
        return [*story, para(gettext("No night in this season yet.", lang), styles["body"])]
    heading = [gettext(w, lang) for w in (N_("Date"), N_("Club night"), N_("Games finished"))]
    rows = [heading] + [[n.day, n.name, n.games] for n in nights]
    return [*story, grid(rows, [w * width for w in NIGHTS], 2)]
