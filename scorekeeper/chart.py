"""The running totals as a line chart in inline SVG, drawn on the server: one line per side, each named at
its end with its total, in colours the stylesheet gives (custom properties, so a light theme only sets
them again). No style attributes: the page's CSP allows none. `running_totals` gives the lines (the game
page's chart and the PDF sheet's), `score_chart` draws the game page's in the phone's language."""

from __future__ import annotations

import math
from collections.abc import Callable

from markupsafe import Markup, escape

from .i18n import current, gettext, ngettext, number
from .rules import Game, Result

WIDTH, HEIGHT = 360, 216
LEFT, RIGHT, TOP, BOTTOM = 38, 258, 12, 190  # the plot area; the labels take the right-hand margin
LABEL_GAP = 14  # least vertical room between two line-end labels
NAME_CHARS = 10  # a longer name is cut with an ellipsis at the line's end (the board has it whole)
SERIES = 8  # colours in the stylesheet; more sides reuse them, dashed
DOTS_UP_TO = 24  # rounds; beyond, the points would blur into the line
POINTS = 110  # at most this many points a line (the plot is 220 units wide): a 500-round game draws as fast


def nice_step(span: float, ticks: int = 4) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` intervals over `span`."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


def y_ticks(values: list[int]) -> list[int]:
    """The values the vertical axis marks, spanning every value."""
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    step = nice_step(hi - lo)
    first, last = math.floor(lo / step) * step, math.ceil(hi / step) * step
    return list(range(first, last + 1, step))


def x_ticks(rounds: int) -> list[int]:
    """The round numbers the horizontal axis marks: at most about eight."""
    step = nice_step(rounds, 8) if rounds > 8 else 1
    return list(range(0, rounds + 1, step))


def spread(wanted: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Label positions as near as can be to `wanted` (sorted), at least `gap` apart, within lo..hi."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + gap) if placed else max(y, lo))
    overflow = placed[-1] - hi if placed else 0
    if overflow > 0:  # pushed past the bottom: move the lot up, keeping the gaps
        placed = [y - overflow for y in placed]
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    return placed


def short(name: str) -> str:
    """A side's name cut to fit the margin."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1].rstrip() + "…"


def num(value: float) -> str:
    """A coordinate to a tenth, without a trailing ".0" (the page carries hundreds of them)."""
    return f"{value:.1f}".removesuffix(".0")


def svg(
    sides: list[str], series: list[list[int | None]], fmt: Callable[[int], str], *, title: str, summary: str
) -> Markup:
    """The chart: `series[side]` holds the side's total before the first round, then after each round (None
    before a latecomer sat down: their line starts where they joined, RULES.md section 8)."""
    rounds = len(series[0]) - 1 if series else 0
    if rounds < 1:
        return Markup("")
    ticks = y_ticks([v for line in series for v in line if v is not None])
    lo, hi = ticks[0], ticks[-1]

    def x(k: int) -> float:
        return LEFT + (RIGHT - LEFT) * k / rounds

    def y(v: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (v - lo) / (hi - lo)

    out = [
        f'<svg class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" focusable="false" '
        'aria-labelledby="score-chart-title score-chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="score-chart-title">{escape(title)}</title><desc id="score-chart-desc">{escape(summary)}</desc>',
        '<g class="axis">',
    ]
    for v in ticks:
        cls = "grid zero" if v == 0 and lo < 0 < hi else "grid"
        out.append(f'<line class="{cls}" x1="{LEFT}" x2="{RIGHT}" y1="{num(y(v))}" y2="{num(y(v))}"/>')
        out.append(f'<text class="tick" x="{LEFT - 5}" y="{num(y(v) + 4)}" text-anchor="end">{escape(fmt(v))}</text>')
    for k in x_ticks(rounds):
        out.append(f'<text class="tick" x="{num(x(k))}" y="{BOTTOM + 16}" text-anchor="middle">{k}</text>')
    out.append("</g>")
    step = math.ceil(rounds / POINTS)
    shown = sorted({*range(0, rounds + 1, step), rounds})  # every round up to 110, else every step-th and the last
    for side, line in enumerate(series):
        cls = f"s{side % SERIES}" + (" dashed" if side >= SERIES else "")
        points = " ".join(f"{num(x(k))},{num(y(v))}" for k in shown if (v := line[k]) is not None)
        out.append(f'<g class="series {cls}"><polyline class="line" points="{points}"/>')
        if rounds <= DOTS_UP_TO:  # a dot a round: one path of zero-length strokes with round caps (memory.css)
            dots = "".join(f"M{num(x(k))} {num(y(v))}h0" for k, v in enumerate(line) if v is not None)
            out.append(f'<path class="dots" d="{dots}"/>')
        out.append("</g>")
    ends = [line[-1] if line[-1] is not None else lo for line in series]  # every side has a total at the end
    order = sorted(range(len(series)), key=lambda s: y(ends[s]))
    places = spread([y(ends[s]) for s in order], LABEL_GAP, TOP + 4, BOTTOM + 4)
    for side, at in zip(order, places, strict=True):
        cls = f"s{side % SERIES}"
        out.append(
            f'<text class="end {cls}" x="{RIGHT + 7}" y="{num(at + 4)}">{escape(short(sides[side]))} '
            f'<tspan class="total">{escape(fmt(ends[side]))}</tspan></text>'
        )
    out.append("</svg>")
    return Markup("".join(out))


def running_totals(result: Result) -> list[list[int | None]] | None:
    """Each side's total before the first round and after every round, for the chart (None before a
    latecomer sat down)."""
    if not result.rounds:
        return None
    series: list[list[int | None]] = [[None] + [r.totals[k] for r in result.rounds] for k in range(len(result.sides))]
    for k, line in enumerate(series):  # each line starts where its side sat down: at the start, or on joining
        first = next((i for i, v in enumerate(line) if v is not None), None)
        total = line[first] if first is not None else None
        if first is not None and total is not None:
            line[first - 1] = total - (result.rounds[first - 1].scores[k] or 0)
    return series


def score_chart(game: Game, result: Result) -> Markup:
    """The running totals as an inline SVG chart, one line per side."""
    series = running_totals(result) or []  # a latecomer's line starts where they sat down (RULES.md 8)
    lang = current()
    title = gettext("Running totals, round by round")
    summary = ngettext(
        "After %(num)d round: %(totals)s.",
        "After %(num)d rounds: %(totals)s.",
        len(result.rounds),
        totals=", ".join(f"{side} {number(t, lang)}" for side, t in zip(result.sides, result.totals, strict=True)),
    )
    return svg(result.sides, series, lambda v: number(v, lang), title=title, summary=summary)
