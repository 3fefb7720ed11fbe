"""The chart of running totals under a completed grid: one line per side with its markers, the target, and a
legend of the names, drawn straight on the canvas."""

from __future__ import annotations

import math

from reportlab.graphics.charts.utils import nextRoundNumber
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_NON_ZERO
from reportlab.platypus import Flowable

from ..i18n import gettext
from .layout import Layout, num
from .text import GREY, NARROW, RULE, ZEBRA, fit

LINE_COLOURS = [
    colors.HexColor(c) for c in ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
]
LINE_MARKERS = ("circle", "square", "diamond", "triangle") * 2  # filled, in the line's colour
MARKER_SIZE = 3.2  # across
CORNERS = {  # of a marker around its point
    "diamond": ((-1.6, 0), (0, 1.6), (1.6, 0), (0, -1.6)),
    "triangle": ((0, 1.6), (-1.6 * math.cos(math.pi / 6), -0.8), (1.6 * math.cos(math.pi / 6), -0.8)),
}


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
        self.series = series = layout.chart or [[0]]
        known = [v for line in series for v in line if v is not None] or [0]  # None: a latecomer not yet seated
        low, high = min(known), max(known)
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
        for k, values in enumerate(self.series):
            self._line(k, [(self.x(x), self.y(v)) for x, v in enumerate(values) if v is not None])
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
        across = range(0, self.rounds + 1, max(1, (len(self.series[0]) - 1) // 12 + 1))
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
        for v in up:
            canvas.drawRightString(x0 - 5, self.y(v) - 2.6, num(int(v), self.lang) if float(v).is_integer() else "")
        canvas.setStrokeColor(ZEBRA)
        canvas.lines([(x0, self.y(v), x0 + self.w, self.y(v)) for v in up if self.y(v) != y0])

    def _line(self, k: int, points: list[tuple[float, float]]) -> None:
        """One side's line, then its markers."""
        if not points:  # a latecomer who has played no round yet
            return
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
