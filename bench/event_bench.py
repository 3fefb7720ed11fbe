"""How a club night of a venue's size answers (a benchmark, not a test): an event of 300 tables (two in three
finished, 1,200 seats, 600 players who sit at two tables each), its page, its big screen and its live answers,
against a game page of one of its tables. In-process through Flask's test client, over a throw-away SQLite
file, or with `postgresql` a throwaway PostgreSQL cluster (bench/pgcluster.py).
Run: `.venv/bin/python bench/event_bench.py [TABLES] [RUNS] [sqlite|postgresql]`.

`live [TABLES] [SECONDS] [SAVES_PER_SECOND]` counts instead of timing: one table saves that many changes a second
while six watchers (fr, en, de; page and big screen) follow the event and one more asks with an old version each
time; it prints each kind of watcher's answers a second, the leaderboards worked out and the news drawn."""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pgcluster
from scorekeeper import create_app, events, gamefile, leaderboard, store
from scorekeeper.db import get_db
from scorekeeper.kept import Kept
from scorekeeper.views import events as event_views
from scorekeeper.views import page as pages
from tests.samples import sample

HX = {"HX-Request": "true"}


def documents(tables: int) -> list[dict]:
    """`tables` games of the five games in turn, four players each from a pool of half as many players as
    seats; every third game stopped halfway (in progress)."""
    makers = [
        sample("tout-ou-rien").full_game,
        sample("all-or-nothing").full_game,
        lambda players: sample("everest-abyss").showdown(players[:3]),
        sample("all-fours").full_game,
        sample("inferno").full_game,
    ]
    pool = max(4, tables * 2)
    found = []
    for k in range(tables):
        players = [f"Player {(k * 4 + seat * 7) % pool:04d}" for seat in range(4)]
        document = makers[k % len(makers)](players)
        if k % 3 == 2:
            document = {**document, "rounds": document["rounds"][: len(document["rounds"]) // 2]}
        found.append(document)
    return found


def seed(app, tables: int) -> tuple[str, str, str]:
    """An event of `tables` tables made by the device "organiser"; its id, an in-progress table and a finished one."""
    with app.app_context():
        db = get_db()
        event_id = events.create(db, "Venue night", "2026-11-26", "organiser", store.now())
        ids = [store.create(db, gamefile.from_document(d), "organiser", event_id) for d in documents(tables)]
    return event_id, ids[2], ids[0]


def rename_in_place(app, game_id: str) -> None:
    """A change at one table: its players renamed as they were, so its game's version (and its night's) moves on."""
    with app.app_context():
        db = get_db()
        stored = store.load(db, game_id)
        assert stored is not None
        store.rename(db, game_id, stored.game.players, stored.game.players)


def timed(client, path: str, runs: int, headers=None, before=None) -> dict:
    """The median and worst of `runs` answers, in ms (`before` runs untimed before each)."""
    times, response = [], None
    for _ in range(runs):
        if before:
            before()
        t0 = time.perf_counter()
        response = client.get(path, headers=headers or {})
        times.append((time.perf_counter() - t0) * 1000)
    assert response is not None and response.status_code in (200, 204), (path, response and response.status_code)
    return {"p50": statistics.median(times), "max": max(times), "bytes": len(response.data)}


def main(tables: int = 300, runs: int = 30, engine: str = "sqlite") -> dict:
    """Print one line per answer, with its ratio to the game page (on a PostgreSQL cluster of its own with
    `engine` "postgresql", stopped at the end)."""
    if engine == "postgresql":
        url, cluster = pgcluster.start()
        try:
            return measure(url, tables, runs)
        finally:
            pgcluster.stop(cluster)
    return measure(f"{tempfile.mkdtemp(prefix='scorekeeper-event-bench-')}/bench.sqlite", tables, runs)


def measure(database: str, tables: int, runs: int) -> dict:
    """Seed the event in `database` and time its answers."""
    # the cost of an answer, not the turn of the second a watcher's answer waits for (EVENT_SETTLE_SECONDS)
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench", "LONG_POLL_SECONDS": 0, "EVENT_SETTLE_SECONDS": 0})
    t0 = time.perf_counter()
    event_id, going, _finished = seed(app, tables)
    print(f"seeded an event of {tables} tables in {time.perf_counter() - t0:.1f} s")
    client = app.test_client()
    client.set_cookie("device", "watcher")
    page = f"/events/{event_id}"
    first = timed(client, page, 1)  # every summary is made (once, then kept in the store)

    def current() -> int:
        """The event's version now."""
        with app.app_context():
            return events.version(get_db(), event_id) or 1

    version = current()
    # the answers kept, as the first poll would make them (views/events.py): cleared to time a first watcher
    kept = app.extensions.setdefault("scorekeeper.event_news", Kept(event_views.NEWS_BYTES, event_views.NEWS_KEPT))
    poll = f"{page}/poll?version={version - 1}"

    def change() -> None:
        """A change at one table (its players renamed as they were): its game's and the event's versions move on."""
        rename_in_place(app, going)

    def news_after_change() -> dict:
        """A watcher's news right after a change at one table: the first watcher's answer works the event out."""
        times = []
        for _ in range(runs):
            change()
            seen = current()
            t0 = time.perf_counter()
            response = client.get(f"{page}/poll?version={seen - 1}", headers=HX)
            times.append((time.perf_counter() - t0) * 1000)
        return {"p50": statistics.median(times), "max": max(times), "bytes": len(response.data)}

    rows = {
        "game page of one table (watching)": timed(client, f"/games/{going}", runs),
        "game page, news for a watcher (htmx)": timed(client, f"/games/{going}/poll?version=0", runs, HX),
        f"event page, {tables} tables, first visit": first,
        f"event page, {tables} tables": timed(client, page, runs),
        "event page, nothing new (204)": timed(client, f"{page}/poll?version={version}", runs, HX),
        "event news after a change at one table": news_after_change(),
        "event news, first watcher, nothing changed": timed(client, poll, runs, HX, before=kept.clear),
        "event news, other watchers (kept)": timed(client, poll, runs, HX),
        "big screen": timed(client, f"{page}/screen", runs),
        "leaderboard CSV": timed(client, f"/events/{event_id}/leaderboard.csv", runs),
        "results sheet PDF (A4)": timed(client, f"/events/{event_id}/sheet.pdf?paper=a4", max(3, runs // 10)),
    }
    rows["event news, other watchers, Brotli"] = timed(client, poll, runs, {**HX, "Accept-Encoding": "br"})
    base = rows["game page of one table (watching)"]["p50"]
    print(f"{'answer':44} {'median ms':>10} {'max ms':>8} {'KB':>7} {'× game':>7}")
    for label, r in rows.items():
        print(f"{label:44} {r['p50']:10.1f} {r['max']:8.1f} {r['bytes'] / 1024:7.1f} {r['p50'] / base:7.1f}")
    return rows


VARIANTS = [(lang, view) for lang in ("fr", "en", "de") for view in ("page", "screen")]


class Counted:
    """Wrap `owner.name` so that each call is counted (the leaderboards worked out, the news drawn)."""

    def __init__(self, owner, name: str):
        self.owner, self.name, self.calls = owner, name, 0
        self.wrapped = getattr(owner, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return self.wrapped(*args, **kwargs)

        setattr(owner, name, counted)

    def undo(self) -> None:
        """Put the function back."""
        setattr(self.owner, self.name, self.wrapped)


def live(tables: int = 300, seconds: float = 5.0, per_second: float = 25.0) -> dict:
    """One table saving `per_second` changes a second for `seconds`, six watchers following the event (each
    asks again with the version its answer carries, as follow.js does) and one asking with version 0 each time;
    the answers each got a second, the leaderboards worked out and the news drawn a second."""
    app = create_app(
        {"DATABASE": f"{tempfile.mkdtemp(prefix='scorekeeper-event-live-')}/bench.sqlite", "SECRET_KEY": "bench"}
    )
    event_id, going, _finished = seed(app, tables)
    page = f"/events/{event_id}"
    app.test_client().get(page)  # every summary made, the templates compiled
    boards, drawn = Counted(leaderboard, "leaderboard"), Counted(pages, "blocks")
    counting, done, answers = threading.Event(), threading.Event(), {}

    def follow(lang: str, view: str, old: bool) -> None:
        """A watcher of the event: an answer's version is the next ask's (`old`: version 0 every time)."""
        client, version = app.test_client(), "1"
        answers[(lang, view, old)] = 0
        while not done.is_set():
            url = f"{page}/poll?version={0 if old else version}&wait=5" + ("&view=screen" if view == "screen" else "")
            response = client.get(url, headers={**HX, "Accept-Language": lang})
            if response.status_code == 200:
                answers[(lang, view, old)] += counting.is_set()
                found = re.search(r"version=(\d+)", response.get_data(as_text=True))
                version = found.group(1) if found else version

    watchers = [threading.Thread(target=follow, args=(lang, view, False)) for lang, view in VARIANTS]
    watchers.append(threading.Thread(target=follow, args=("fr", "page", True)))
    for watcher in watchers:
        watcher.start()
    time.sleep(1.5)  # every watcher waiting
    boards.calls = drawn.calls = 0
    counting.set()
    cpu, t0 = time.process_time(), time.perf_counter()
    with app.app_context():
        db = get_db()
        stored = store.load(db, going)
        assert stored is not None
        for k in range(int(seconds * per_second)):
            time.sleep(max(0.0, t0 + k / per_second - time.perf_counter()))
            store.rename(db, going, stored.game.players, stored.game.players)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - cpu
    counting.clear()
    worked_out, drawn_news, got = boards.calls, drawn.calls, dict(answers)
    done.set()
    for watcher in watchers:
        watcher.join()
    boards.undo()
    drawn.undo()
    following = [n for (_l, _v, old), n in got.items() if not old]
    rows = {
        "changes saved a second": int(seconds * per_second) / elapsed,
        "answers a second, each watcher following (mean)": statistics.mean(following) / elapsed,
        "answers a second, the most any follower got": max(following) / elapsed,
        "answers a second, the watcher asking with version 0": got[("fr", "page", True)] / elapsed,
        "leaderboards worked out a second": worked_out / elapsed,
        "news drawn a second (7 watchers, 6 variants)": drawn_news / elapsed,
        "CPU seconds a second (the whole process)": cpu / elapsed,
    }
    print(f"{tables} tables, {seconds:g} s, one table saving {per_second:g} changes a second")
    for label, value in rows.items():
        print(f"{label:52} {value:7.2f}")
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["live"]:
        given = sys.argv[2:] + [""] * 3
        live(int(given[0] or 300), float(given[1] or 5), float(given[2] or 25))
    else:
        given = sys.argv[1:] + [""] * 3
        main(int(given[0] or 300), int(given[1] or 30), given[2] or "sqlite")
