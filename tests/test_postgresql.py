"""What only the PostgreSQL engine does: no file is made, watchers hear other servers' changes (NOTIFY) at
once, a change made without a note is still seen, and a listener whose connection dropped connects again."""

from __future__ import annotations

import threading
import time

import pytest

from scorekeeper import create_app, store
from scorekeeper import db as database
from scorekeeper.live import postgresql as listen
from scorekeeper.rules import Game
from tests import pick, postgresql
from tests.web.helpers import until

pytestmark = pytest.mark.usefixtures("postgresql_server")
GAME = pick.game(pick.players(3))  # any game three can play


@pytest.fixture
def postgresql_server():
    """The run's PostgreSQL server (the test fails, saying so, without one)."""
    return postgresql.server_url()


def new_games(location: str, count: int) -> list[str]:
    """`count` games of one game for three, stored."""
    db = database.connect(location)
    try:
        return [store.create(db, Game(GAME, ["A", "B", "C"], {}, 0, []), "phone") for _ in range(count)]
    finally:
        db.close()


def test_the_app_on_postgresql_stores_there_and_makes_no_file(tmp_path, monkeypatch):
    location = postgresql.fresh_store()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_DATABASE", location)
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    answer = app.test_client().post(
        f"/new/{GAME}", data={"player.0": "A", "player.1": "B", "player.2": "C", "dealer": "0"}
    )
    assert answer.status_code == 303
    assert [p.name for p in tmp_path.iterdir()] == []  # no database file, nothing else either
    db = database.connect(location)
    try:
        assert db.execute("select count(*) from games").fetchone()[0] == 1
    finally:
        db.close()


def waiting(watch, game_ids: list[str], timeout: float) -> tuple[dict, list[threading.Thread]]:
    """Watchers of each game, waiting (from version 1) in threads; what each saw and when, once done."""
    woke: dict[str, tuple[bool, float]] = {}

    def wait(game_id: str) -> None:
        started = time.monotonic()
        woke[game_id] = (watch.wait(game_id, 1, timeout), time.monotonic() - started)

    threads = [threading.Thread(target=wait, args=(g,)) for g in game_ids]
    for thread in threads:
        thread.start()
    until(lambda: len(watch.waiting) == len(game_ids))
    return woke, threads


def test_a_change_on_another_server_wakes_that_games_watchers_at_once(monkeypatch):
    monkeypatch.setattr(listen, "LOOK", 5.0)  # no look comes in time: only the note can wake them
    location = postgresql.fresh_store()
    first, second = new_games(location, 2)
    watch = listen.Listener(location)  # this server's; the change comes from another connection
    # the second sleeps through the note to the end of its wait: 1 s, as long as the first may take to wake, so a
    # note that woke it too would have come while it waited (it waited 2 s, the test's process idle)
    woke, threads = waiting(watch, [first, second], 1)
    until(lambda: watch.backend is not None)  # the listener is listening
    other = database.connect(location)
    try:
        store.rename(other, first, ["A", "B", "C"], ["Anne", "B", "C"])
    finally:
        other.close()
    for thread in threads:
        thread.join(10)
    assert woke[first][0] and woke[first][1] < 1.0
    assert woke[second][0] is False  # nothing happened to it


def test_a_change_that_said_nothing_is_seen_by_the_next_look(monkeypatch):
    monkeypatch.setattr(listen, "LOOK", 0.2)
    location = postgresql.fresh_store()
    (game_id,) = new_games(location, 1)
    watch = listen.Listener(location)
    woke, threads = waiting(watch, [game_id], 5)
    by_hand = database.connect(location)  # psql, say: no NOTIFY
    try:
        by_hand.execute("update games set version = 2 where id = ?", [game_id])
    finally:
        by_hand.close()
    threads[0].join(10)
    assert woke[game_id][0] and woke[game_id][1] < 2


def test_a_listener_whose_connection_dropped_connects_again(monkeypatch):
    monkeypatch.setattr(listen, "LOOK", 5.0)
    monkeypatch.setattr(listen, "RETRY", 0.05)
    location = postgresql.fresh_store()
    (game_id,) = new_games(location, 1)
    watch = listen.Listener(location)
    woke, threads = waiting(watch, [game_id], 10)
    until(lambda: watch.backend is not None)
    admin = database.connect(location)
    try:
        lost = watch.backend
        assert admin.execute("select pg_terminate_backend(?)", [lost]).fetchone()[0]
        until(lambda: watch.backend != lost)  # it has connected again and listens
        assert game_id not in woke  # nothing changed yet: the look after connecting woke nobody
        store.rename(admin, game_id, ["A", "B", "C"], ["A", "Bea", "C"])
    finally:
        admin.close()
    threads[0].join(10)
    assert woke[game_id][0] and woke[game_id][1] < 3


def test_sql_with_a_literal_percent_and_placeholders_reads_the_same():
    location = postgresql.fresh_store()
    (game_id,) = new_games(location, 1)
    db = database.connect(location)
    try:
        inside = GAME[1:-1]  # the game's id but its first and last letters: matched by '%...%' alone
        rows = list(db.query(f"select id from games where rules like '%{inside}%' and id = ?", [game_id]))
        assert rows == [{"id": game_id}]
    finally:
        db.close()


GEVENT_WORKER = """
import sys, time
import psycopg  # imported before the patch, as gunicorn's master does
from gevent import monkey, spawn, sleep
monkey.patch_all()
from scorekeeper import db

conn = db.connect(sys.argv[1])  # what a worker's first request does
ticks = []
def tick():
    while len(ticks) < 1000:
        ticks.append(time.monotonic())
        sleep(0.01)
ticker = spawn(tick)
sleep(0.05)
started = time.monotonic()
conn.execute("select pg_sleep(0.25)")
print(sum(1 for t in ticks if t > started))
"""


def test_a_query_in_a_gevent_worker_lets_the_workers_other_requests_go_on():
    """Under gunicorn's gevent workers a query waits through gevent: the worker's other greenlets (the other
    phones' requests) run meanwhile, though psycopg was imported before the worker patched select."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", GEVENT_WORKER, postgresql.fresh_store()], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 10  # ticks every 10 ms through the 250 ms query (none if it blocked)
