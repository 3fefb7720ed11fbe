"""How fast the table's memory answers (a benchmark, not a test): `/history`, `/history.csv` and a player's page
for a phone with 1,000 finished games, against the home page of a phone with 10 games. The target: within 10
times the home page. In-process through Flask's test client, over a throw-away database file.
Run: `.venv/bin/python bench/history_bench.py [GAMES] [RUNS]`."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app, gamefile, store
from scorekeeper.db import get_db
from tests.samples import sample

TARGET = 10  # times the home page of a phone with 10 games
NAMES = ["Zoë", "Łukasz", "Őrs", "François", "Ana-Lucía", "Søren"]


def documents(count: int) -> list[dict]:
    """`count` finished games of the five games in turn, the players shifting seats from game to game."""
    makers = [
        lambda k: sample("tout-ou-rien").full_game(NAMES[k % 3 : k % 3 + 4]),
        lambda k: sample("all-or-nothing").full_game(NAMES),
        lambda k: sample("everest-abyss").showdown(NAMES[k % 4 : k % 4 + 3]),
        lambda k: sample("all-fours").full_game(NAMES[k % 3 : k % 3 + 4]),
        lambda k: sample("inferno").full_game(NAMES[k % 3 : k % 3 + 4]),
    ]
    return [makers[k % len(makers)](k) for k in range(count)]


def seed(app, device: str, count: int) -> None:
    """Store `count` finished games as `device`'s own."""
    with app.app_context():
        db = get_db()
        for document in documents(count):
            store.create(db, gamefile.from_document(document), device)


def timed(client, path: str, runs: int) -> dict:
    """The first answer (summaries are made then), then the median and worst of `runs` more, in ms."""
    t0 = time.perf_counter()
    response = client.get(path)
    first = (time.perf_counter() - t0) * 1000
    assert response.status_code == 200, (path, response.status_code)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        client.get(path)
        times.append((time.perf_counter() - t0) * 1000)
    return {"first": first, "p50": statistics.median(times), "max": max(times), "bytes": len(response.data)}


def main(games: int = 1000, runs: int = 30) -> dict:
    """Print one line per page, and whether each meets the target."""
    folder = tempfile.mkdtemp(prefix="scorekeeper-history-bench-")
    app = create_app({"DATABASE": f"{folder}/bench.sqlite", "SECRET_KEY": "bench"})
    t0 = time.perf_counter()
    seed(app, "big", games)
    seed(app, "small", 10)
    print(f"seeded {games} + 10 finished games in {time.perf_counter() - t0:.1f} s")
    big, small = app.test_client(), app.test_client()
    big.set_cookie("device", "big")
    small.set_cookie("device", "small")
    home = timed(small, "/", runs)
    rows = {
        "home page, 10 games": home,
        f"/history, {games} games": timed(big, "/history", runs),
        f"/history?player=zoë, {games} games": timed(big, "/history?player=zo%C3%AB", runs),
        f"/history.csv, {games} games": timed(big, "/history.csv", runs),
        f"/players/Zoë, {games} games": timed(big, "/players/Zo%C3%AB", runs),
    }
    print(f"{'page':40} {'first ms':>9} {'median ms':>10} {'max ms':>8} {'KB':>6} {'× home':>7}")
    for label, r in rows.items():
        ratio = r["p50"] / home["p50"]
        verdict = "" if label.startswith("home") else ("  ok" if ratio <= TARGET else f"  over {TARGET}×")
        times = f"{r['first']:9.1f} {r['p50']:10.1f} {r['max']:8.1f}"
        print(f"{label:40} {times} {r['bytes'] / 1024:6.1f} {ratio:7.1f}{verdict}")
    return rows


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
