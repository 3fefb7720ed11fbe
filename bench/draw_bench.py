"""How long a seating draw takes at a venue's size (a benchmark, not a test): an evening of PLAYERS players drawn
DRAWS times in a row (each draw knowing the tables before it), for each game alone and for a mix of three, timed
per draw; it prints the slowest and the median, and the repeated pairs the evening ended with.
Run: `.venv/bin/python bench/draw_bench.py [PLAYERS] [DRAWS]`."""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import rules
from scorekeeper.draws import Game, draw

MIXES = [[r.id] for r in rules.all_rules()] + [["all-fours", "tout-ou-rien", "inferno"]]


def evening(players: int, games: list[Game], draws: int) -> tuple[list[float], int]:
    """Each draw's seconds, and the pairs seated together again over the evening."""
    names = [f"Player {i + 1}" for i in range(players)]
    met: list[list[str]] = []
    played: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    seconds, repeated = [], 0
    for number in range(draws):
        start = time.perf_counter()
        tables = draw(names, games, number, met, played)
        seconds.append(time.perf_counter() - start)
        here = {frozenset(pair) for t in tables for pair in itertools.combinations(t.seats, 2)}
        repeated += len(here & seen)
        seen |= here
        met += [list(t.seats) for t in tables]
        played += [(name, t.game) for t in tables for name in t.seats]
    return seconds, repeated


def main(argv: list[str]) -> None:
    """Time the evenings and print a table."""
    players = int(argv[0]) if argv else 300
    draws = int(argv[1]) if len(argv) > 1 else 8
    by_id = {r.id: Game(r.id, r.min_players, r.max_players) for r in rules.all_rules()}
    print(f"{players} players, {draws} draws an evening")
    print("| games | slowest draw | median draw | repeated pairs |")
    print("|---|---:|---:|---:|")
    for mix in MIXES:
        seconds, repeated = evening(players, [by_id[g] for g in mix], draws)
        slowest, median = max(seconds) * 1000, statistics.median(seconds) * 1000
        print(f"| {' + '.join(mix)} | {slowest:.0f} ms | {median:.0f} ms | {repeated} |")


if __name__ == "__main__":
    main(sys.argv[1:])
