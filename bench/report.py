"""The printed results: Markdown tables (readable in a terminal, pasted as they are into BENCHMARKS.md)."""

from __future__ import annotations

import math

KB = 1000  # the targets' KB: 1000 bytes


def table(headers: list[str], rows: list[list], right: set[int] | None = None) -> str:
    """A Markdown table with padded columns; columns in `right` (default: all but the first) align right."""
    right = set(range(1, len(headers))) if right is None else right
    cells = [[str(c) for c in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row):
        return (
            "| "
            + " | ".join(
                c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
            + " |"
        )

    rule = "|" + "|".join(("-" * (w + 1) + ":") if i in right else ("-" * (w + 2)) for i, w in enumerate(widths)) + "|"
    return "\n".join([line(cells[0]), rule] + [line(row) for row in cells[1:]])


def ms(value: float) -> str:
    """Milliseconds, with the precision that matters."""
    if value is None or math.isnan(value):
        return "–"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def rate(value: float) -> str:
    """Requests per second."""
    return "–" if value is None or math.isnan(value) else f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def ratio(value: float | None) -> str:
    """A ratio to the trivial route."""
    return "–" if value is None or math.isnan(value) else f"{value:.2f}"


def kb(size: int) -> str:
    """A size in KB (1000 bytes) with one decimal."""
    return f"{size / KB:.1f}"


def verdict(met: bool | None) -> str:
    """Met, missed, or not measured."""
    return "not measured" if met is None else "met" if met else "MISSED"
