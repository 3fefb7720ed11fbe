"""Page numbers out of all the pages ("Page k of N") in one layout pass, for every sheet that prints them: a game's
score sheet and a club night's results."""

from __future__ import annotations

import functools
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from ..i18n import gettext
from .table import MARGIN
from .text import GREY, REGULAR, printable

Numbering = Callable[[Canvas, int, int], None]


class NumberedCanvas(Canvas):
    """A canvas that holds its pages back until the last, then calls `number(canvas, page, pages)` on each: N is
    known without laying the sheet out twice (a long game or a long evening would cost double)."""

    def __init__(self, *args, number: Numbering, **kwargs):
        super().__init__(*args, **kwargs)
        self.held: list[dict] = []
        self.number = number

    def showPage(self) -> None:
        """Keep the finished page (its drawing and state) and start the next."""
        self.held.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        """Number every page held, out of all of them, then write the file."""
        for state in self.held:
            self.__dict__.update(state)
            self.number(self, self.getPageNumber(), len(self.held))
            super().showPage()
        super().save()


def numbered(number: Numbering) -> Callable[..., NumberedCanvas]:
    """The canvas maker a document's `build` takes, numbering each page with `number` once all are laid out."""
    return functools.partial(NumberedCanvas, number=number)


def foot_line(canvas: Canvas, width: float, title: str, lang: str, page: int, pages: int) -> None:
    """The line at the foot of every sheet's page: "Scorekeeper · title" on the left, "Page k of N" on the right
    (a game's score sheet and a club night's results alike)."""
    canvas.saveState()
    canvas.setFont(REGULAR, 7)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, MARGIN * 0.75, printable(f"Scorekeeper · {title}"))
    number = gettext("Page %(page)d of %(pages)d", lang, page=page, pages=pages)
    canvas.drawRightString(width - MARGIN, MARGIN * 0.75, printable(number))
    canvas.restoreState()
