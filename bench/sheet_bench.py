"""How long a score sheet takes to build (a benchmark, not a test): completed 10-round 6-player sheets (also
with a game link new each time, as a game's first sheet is, its QR code made afresh), long games over two and
three pages, and blank ones (a 30-hand pad over two pages), in-process, A4. Run:
`.venv/bin/python bench/sheet_bench.py [RUNS]`."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sheets import timed
from scorekeeper import gamefile, rules, sheets
from tests.samples import sample
from tests.sheets import samples

URL = "http://192.168.1.20:8000/games/AbCdEfGhIjKlMnOp"


def completed_games() -> dict:
    """Two 10-round 6-player games played to the end, and games long enough for two and three pages."""
    return {
        "Tout ou rien, 10 hands, 6 players": sample("tout-ou-rien").full_game(
            samples.SIX, [6, 5, 4, 3, 2, 2, 3, 4, 5, 6]
        ),
        "ALL or NOTHING, 10 hands, 6 players": sample("all-or-nothing").full_game(samples.SIX, 10),
        "Everest & Abyss, 40 rounds, 2 pages": sample("everest-abyss").long_game(40),
        "Everest & Abyss, 70 rounds, 3 pages": sample("everest-abyss").long_game(70),
    }


def long_pad() -> bytes:
    """A blank Tout ou rien pad of 30 hands: every hand printed, over two pages."""
    full = rules.get("tout-ou-rien").check_setup(["a", "b", "c"], {"hands": [6, 5, 4, 3, 2, 1] * 5})
    return sheets.draw(sheets.blank_layout("tout-ou-rien", ["", "", ""], full, "fr"), "fr", "a4")


def completed_sheet(game) -> Callable[[], bytes]:
    """Build `game`'s completed sheet, as the game page's button does."""
    return lambda: sheets.completed(game, rules.play(game), "fr", "a4", URL)


def main(runs: int = 20) -> None:
    """Print one line per sheet."""
    cases: dict[str, Callable[[], bytes]] = {}
    for label, document in completed_games().items():
        game = gamefile.from_document(document)
        cases[f"completed: {label}"] = completed_sheet(game)
    links = itertools.count()  # a game's first sheet, before its QR code is remembered
    first = gamefile.from_document(completed_games()["Tout ou rien, 10 hands, 6 players"])
    cases["completed, a new link each time: Tout ou rien"] = lambda: sheets.completed(
        first, rules.play(first), "fr", "a4", f"{URL}{next(links)}"
    )
    cases["blank: ALL or NOTHING, 6 players"] = lambda: sheets.blank("all-or-nothing", 6, samples.SIX, "fr", "a4")
    cases["blank: Everest & Abyss, 8 players"] = lambda: sheets.blank("everest-abyss", 8, None, "fr", "a4")
    cases["blank: Tout ou rien, 30 hands, 2 pages"] = long_pad
    print(f"{'sheet':50} {'first ms':>9} {'median ms':>10} {'max ms':>8} {'CPU ms':>7} {'KB':>6}")
    for label, build in cases.items():
        r = timed(build, runs)
        print(f"{label:50} {r['first']:9.1f} {r['p50']:10.1f} {r['max']:8.1f} {r['cpu']:7.1f} {r['bytes'] / 1024:6.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
