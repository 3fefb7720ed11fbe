"""What a club's season page costs (a benchmark, not a test): a club of NIGHTS nights of TABLES tables each (the
tables of bench/event_bench.py: two in three finished, four seats from a pool of the club's players, who come back
night after night), its season page, CSV and sheet, against the page of one of its nights and a game page. The
season is worked out from the nights' stored summaries (views/clubs.py); what deriving every game's scores again
(store.load, the rules played through) would cost a request is printed beside it. In-process through Flask's
test client, over a throw-away SQLite file, or with `postgresql` a throwaway PostgreSQL cluster (bench/pgcluster.py).
Run: `.venv/bin/python bench/season_bench.py [NIGHTS] [TABLES] [RUNS] [sqlite|postgresql]`."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pgcluster
from bench.event_bench import documents, rename_in_place, timed
from scorekeeper import clubs, create_app, events, gamefile, rules, store
from scorekeeper.db import get_db


def seed(app, nights: int, tables: int) -> tuple[str, list[str], list[str]]:
    """A club of `nights` nights of `tables` tables, made by the device "organiser"; its id, its nights' ids and the
    games' ids."""
    with app.app_context():
        db = get_db()
        club_id = clubs.create(db, "Thursday club", 3, "organiser", store.now())
        night_ids, game_ids = [], []
        for night in range(nights):
            day = f"2026-{1 + night // 28:02d}-{1 + night % 28:02d}"
            event_id = events.create(db, f"Night {night + 1}", day, "organiser", store.now())
            clubs.add_night(db, club_id, event_id, store.now())
            night_ids.append(event_id)
            game_ids += [store.create(db, gamefile.from_document(d), "organiser", event_id) for d in documents(tables)]
    return club_id, night_ids, game_ids


def derived(app, game_ids: list[str], runs: int) -> dict:
    """What deriving every game of the season again would cost one request: each game loaded and played through."""
    times = []
    with app.app_context():
        db = get_db()
        for _ in range(runs):
            t0 = time.perf_counter()
            for game_id in game_ids:
                stored = store.load(db, game_id)
                assert stored is not None
                rules.play(stored.game)
            times.append((time.perf_counter() - t0) * 1000)
    return {"p50": statistics.median(times), "max": max(times), "bytes": 0}


def main(nights: int = 40, tables: int = 30, runs: int = 30, engine: str = "sqlite") -> dict:
    """Print one line per answer, with its ratio to the page of one night (on a PostgreSQL cluster of its own with
    `engine` "postgresql", stopped at the end)."""
    if engine == "postgresql":
        url, cluster = pgcluster.start()
        try:
            return measure(url, nights, tables, runs)
        finally:
            pgcluster.stop(cluster)
    return measure(f"{tempfile.mkdtemp(prefix='scorekeeper-season-bench-')}/bench.sqlite", nights, tables, runs)


def measure(database: str, nights: int, tables: int, runs: int) -> dict:
    """Seed the club in `database` and time its answers."""
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench", "LONG_POLL_SECONDS": 0, "EVENT_SETTLE_SECONDS": 0})
    t0 = time.perf_counter()
    club_id, night_ids, game_ids = seed(app, nights, tables)
    took = time.perf_counter() - t0
    print(f"seeded a club of {nights} nights of {tables} tables ({len(game_ids)} games) in {took:.1f} s")
    client = app.test_client()
    client.set_cookie("device", "watcher")
    season, night = f"/clubs/{club_id}", f"/events/{night_ids[-1]}"
    going = game_ids[-tables + 2]  # a table of the last night still playing (every third is)

    def change() -> None:
        """A change at one table of the last night: that night's version moves on."""
        rename_in_place(app, going)

    rows = {"season page, first visit": timed(client, season, 1)}  # every night read once, then kept
    rows.update(
        {
            "game page of one table (watching)": timed(client, f"/games/{going}", runs),
            f"event page of one night, {tables} tables": timed(client, night, runs),
            "event page after a change at a table": timed(client, night, runs, before=change),
            f"season page, {nights} nights": timed(client, season, runs),
            "season page after a change at one table": timed(client, season, runs, before=change),
            "season CSV": timed(client, f"{season}/season.csv", runs),
            "season sheet PDF (A4)": timed(client, f"{season}/season.pdf?paper=a4", max(3, runs // 10)),
            f"deriving all {len(game_ids)} games again (avoided)": derived(app, game_ids, max(1, runs // 10)),
        }
    )
    base = rows[f"event page of one night, {tables} tables"]["p50"]
    print(f"{'answer':44} {'median ms':>10} {'max ms':>8} {'KB':>7} {'× night':>7}")
    for label, r in rows.items():
        print(f"{label:44} {r['p50']:10.1f} {r['max']:8.1f} {r['bytes'] / 1024:7.1f} {r['p50'] / base:7.1f}")
    return rows


if __name__ == "__main__":
    args = sys.argv[1:]
    numbers = [int(a) for a in args if a.isdigit()][:3]
    numbers += [40, 30, 30][len(numbers) :]
    main(numbers[0], numbers[1], numbers[2], next((a for a in args if not a.isdigit()), "sqlite"))
