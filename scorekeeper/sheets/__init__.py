"""Printable score sheets: a blank pad for any game and player count, or a game filled in, as PDF.

A game's sheet module (named in scorekeeper/registry.py) describes its sheet once as `SHEET`, a `GameSheet`
(layout.py); `blank_layout` and `completed_layout` here turn it into a blank pad or a game filled in. This
package lays it out and draws it with ReportLab, one module per concern:
- layout.py: what a sheet shows (columns, rows, cells), and the rows ahead a sheet prints;
- text.py: fonts, colours, text fitted to a box;
- table.py: the grid with its repeated headings and totals, and the page (A4 or Letter, landscape if needed);
- chart.py: the running totals under a completed grid;
- furniture.py: the header, what goes under the grid (standings, status, QR code), the footer;
- paging.py: the canvas that numbers each page out of all of them once the layout is done (the results
  sheet of a club night, event.py, uses it too).
Adding a game needs no change here.

Pure: no Flask, no database; text in the language given.
"""

from __future__ import annotations

import io
import unicodedata
from types import ModuleType

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from .. import registry, rules
from ..i18n import gettext
from ..rules import N_, Game, Invalid, Result, problem
from ..rules.setup import MAX_NAME, name_too_long
from ..rules.unseen import player_key
from . import layout
from .furniture import Footer, QRCode, blank_foot, header, outcome
from .layout import Cell, Col, GameSheet, Layout, Row
from .paging import numbered
from .table import MARGIN, PAPERS, Page, choose_page, grid
from .text import fonts, printable

MAX_ROW = 30  # the tallest a handwriting row grows
MAX_OPEN_ROWS = 40  # the most empty rounds a blank pad fills its page with


def module_for(rules_id: str) -> ModuleType:
    """The sheet module of a game."""
    return registry.get(rules_id).sheet()


def blank_layout(rules_id: str, names: list[str], options: dict, lang: str) -> Layout:
    """An empty pad of a game, as its sheet module describes it."""
    return layout.blank_pad(module_for(rules_id).SHEET, rules.get(rules_id), names, options, lang)


def completed_layout(game: Game, result: Result, lang: str) -> Layout:
    """A game as played so far, filled in as its sheet module describes it (its options complete)."""
    game = rules.checked(game)
    return layout.filled_in(module_for(game.rules).SHEET, rules.get(game.rules), game, result, lang)


def completed(game: Game, result: Result, lang: str, paper: str, url: str | None, *, date: str = "") -> bytes:
    """The sheet of a game as played so far, filled in, with its chart and the QR code of `url`."""
    check_paper(paper)
    layout = completed_layout(game, result, lang)
    layout.url, layout.date = url, date
    return draw(layout, lang, paper)


def blank(rules_id: str, players: int, names: list[str] | None, lang: str, paper: str) -> bytes:
    """An empty score pad for `players` players of a game; `names` (optional) print in the header."""
    rules_ = rules.get(rules_id)
    check_paper(paper)
    names = check_names(rules_, players, names)
    placeholders = [name or f"\0{seat}" for seat, name in enumerate(names)]
    options = rules_.check_setup(placeholders, {})
    return draw(blank_layout(rules_id, names, options, lang), lang, paper)


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
            problems.append(name_too_long(seat, "names"))
        elif name and player_key(name) in seen:  # the same player as at a game's set-up: "An\u200bne" is Anne
            problems.append(problem(N_("Two players are named %(name)s: names must differ."), name=name, field="names"))
        seen.add(player_key(name))
    if problems:
        raise Invalid(problems)
    return names + [""] * (players - len(names))


# -- putting it together ---------------------------------------------------------------------------


def draw(layout: Layout, lang: str, paper: str) -> bytes:
    """The sheet as PDF bytes (byte-stable: the same game gives the same file)."""
    fonts()
    page = choose_page(layout, paper)
    if layout.blank:
        _fill_page(layout, lang, page)
    return _build(layout, lang, page)


def _fill_page(layout: Layout, lang: str, page: Page) -> None:
    """Fill a blank pad's first page: empty rounds for a game of open length, then taller rows."""
    height = page.size[1] - 2 * MARGIN - Footer(layout, lang, page).height - 12
    free = height - _story_height(layout, lang, page, height)
    played = sum(1 for r in layout.rows if r.kind != "start")
    if layout.more is not None and free > layout.row_height:
        extra = min(MAX_OPEN_ROWS, int(free // layout.row_height))
        if layout.more_limit is not None:
            extra = min(extra, layout.more_limit - played)
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
    story = [*header(layout, lang, width), grid(layout, width)]
    return story + (blank_foot(lang, width) if layout.blank else outcome(layout, lang, width))


def _build(layout: Layout, lang: str, page: Page) -> bytes:
    """Lay the sheet out on pages once; the footers go on last, when "Page k of N" knows N."""
    out = io.BytesIO()
    footer = Footer(layout, lang, page)
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
    doc.addPageTemplates([PageTemplate("sheet", frames=[frame])])
    doc.build(_story(layout, lang, page.frame_width), canvasmaker=numbered(footer))
    return out.getvalue()


__all__ = [
    "PAPERS",
    "Cell",
    "Col",
    "GameSheet",
    "Layout",
    "QRCode",
    "Row",
    "blank",
    "blank_layout",
    "check_paper",
    "completed",
    "completed_layout",
    "module_for",
    "printable",
]
