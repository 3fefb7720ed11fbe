"""Whether a round save and the game page cost the same at round 500 as at round 6 (a benchmark, not a test).

Targets (issue 18): at round 500 a save and a page cost at most 2 times the same at round 6, and the page
weighs at most 3 times as much. In-process through Flask's test client, over a throw-away database file, as
the issue measured: an Everest & Abyss game of 4 players passing one token round the table (it never ends).
Each measured save records the next round of the same game (as a table does), each page is the scorer's.
Run: `.venv/bin/python bench/long_game.py [RUNS]`; ratios are taken within the one run.
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scenario
from scorekeeper import create_app, gamefile, store
from scorekeeper.db import get_db

PLAYERS = ["Anne", "Julien", "Sylvie", "Pierre"]
DEVICE = "bench-long-game-000000"
SHORT, LONG = 6, 500
TARGET_COST, TARGET_WEIGHT = 2, 3
HX = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate, br"}


def played(rounds: int) -> list[dict]:
    """`rounds` rounds in which each player stakes 1 and the winner goes round the table."""
    return [
        {"cote": "everest", "staked": [1] * 4, "folded": [False] * 4, "hands": [None] * 4, "winner": k % 4}
        for k in range(rounds)
    ]


def form(number: int) -> dict:
    """What the round form posts for round `number` (the winner goes round the table)."""
    return {
        "number": str(number),
        "step": "round",
        "cote": "everest",
        **{f"staked.{seat}": "1" for seat in range(4)},
        "winner": str((number - 1) % 4),
    }


def seed(app, rounds: int, copies: int) -> list[str]:
    """A game of `rounds` rounds started by the bench's phone, and `copies` copies of it (one per save)."""
    document = {"format": gamefile.FORMAT, "rules": "everest-abyss", "players": PLAYERS, "rounds": played(rounds)}
    with app.app_context():
        db = get_db()
        game_id = store.create(db, gamefile.from_document(document), DEVICE)
        return [game_id, *scenario.clone(db, game_id, copies)]


def timed(call) -> tuple[float, float, Any]:
    """Wall and processor milliseconds of `call()` (this process runs it all), and what it returned."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = call()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, out


def measure(client, games: list[str], rounds: int) -> dict:
    """The first game's first page (derived from its rounds), then its page again and again; and a save of
    the next round on each copy, once the scorer's phone has its page (as at the table)."""
    url = f"/games/{games[0]}"
    first, _, page = timed(lambda: client.get(url))
    pages, saves = [], []
    for copy in games[1:]:
        pages.append(timed(lambda: client.get(url)))
        client.get(f"/games/{copy}")
        saves.append(timed(lambda copy=copy: client.post(f"/games/{copy}/rounds", data=form(rounds + 1), headers=HX)))
        assert pages[-1][2].status_code == 200 and saves[-1][2].status_code == 200, "refused"
    html = page.get_data()
    return {
        "first": first,
        "page": statistics.median(t[0] for t in pages),
        "page_cpu": statistics.median(t[1] for t in pages),
        "save": statistics.median(t[0] for t in saves),
        "save_cpu": statistics.median(t[1] for t in saves),
        "kb": len(html) / 1024,
        "gz_kb": len(gzip.compress(html, 6)) / 1024,
    }


def main(runs: int = 40) -> dict:
    """Print the round-6 and round-500 lines, the ratios and whether they meet the targets."""
    folder = tempfile.mkdtemp(prefix="scorekeeper-long-bench-")
    app = create_app({"DATABASE": os.path.join(folder, "bench.sqlite"), "SECRET_KEY": "bench"})
    client = app.test_client()
    client.set_cookie("device", DEVICE)
    short, long = seed(app, SHORT, runs), seed(app, LONG, runs)
    measure(client, seed(app, SHORT, 5), SHORT)  # warm up: templates compiled, numbers formatted
    results = {SHORT: measure(client, short, SHORT), LONG: measure(client, long, LONG)}
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs; {runs} runs each")
    print(
        "| game at round | first page ms | page p50 ms | page CPU ms | save p50 ms | save CPU ms | page KB | gzip KB |"
    )
    print(
        "|--------------:|--------------:|------------:|------------:|------------:|------------:|--------:|--------:|"
    )
    for rounds, r in results.items():
        cells = [r[k] for k in ("first", "page", "page_cpu", "save", "save_cpu", "kb", "gz_kb")]
        print(f"| {rounds} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
    keys = ("page", "page_cpu", "save", "save_cpu", "kb", "gz_kb")
    ratios = {key: results[LONG][key] / results[SHORT][key] for key in keys}
    targets = {"page": TARGET_COST, "page_cpu": TARGET_COST, "save": TARGET_COST, "save_cpu": TARGET_COST}
    for key in keys:
        target = targets.get(key, TARGET_WEIGHT)
        verdict = "met" if ratios[key] <= target else "MISSED"
        print(f"round {LONG} / round {SHORT}, {key}: {ratios[key]:.2f} (target ≤ {target}) {verdict}")
    return {"results": results, "ratios": ratios}


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
