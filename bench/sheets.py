"""Score sheets built in-process (no server, no HTTP): a completed 10-round 6-player Tout ou rien game and a
blank Tout ou rien pad for 6 players, A4, French."""

from __future__ import annotations

import statistics
import time

from . import scenario

URL = "http://192.168.1.20:8000/games/AbCdEfGhIjKlMnOp"  # a typical game link, for the QR code


def timed(build, runs: int) -> dict:
    """The first build (fonts are loaded then), then the median and the worst of `runs` more, in ms; the median
    CPU time too, steadier than the clock on a busy machine."""
    t0 = time.perf_counter()
    size = len(build())
    first = (time.perf_counter() - t0) * 1000
    times, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        build()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {
        "first": first,
        "p50": statistics.median(times),
        "max": max(times),
        "cpu": statistics.median(cpu),
        "runs": runs,
        "bytes": size,
    }


def measure(runs: int = 20) -> dict:
    """Time both sheets, or say why they could not be."""
    try:
        from scorekeeper import rules, sheets
    except ImportError as exc:
        return {"skipped": f"no score sheets to build ({exc})"}
    done = scenario.completed(10)
    return {
        "sheets": [
            {
                "label": "completed sheet, 10 rounds × 6 players",
                **timed(
                    lambda: sheets.completed(done, rules.play(done), "fr", "a4", URL, date="22 novembre 2025"), runs
                ),
            },
            {
                "label": "blank sheet, 6 players",
                **timed(
                    lambda: sheets.blank(scenario.RULES, len(scenario.PLAYERS), scenario.PLAYERS, "fr", "a4"), runs
                ),
            },
        ]
    }
